// How the dashboard writes money, counts, dates and pages. The API sends money in pounds (core/admin.ts,
// AdminStats); it is shown with the pence, in British style. Dates are shown in UK time.

const POUNDS = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const COUNT = new Intl.NumberFormat('en-GB');
const DATE = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'Europe/London' });
const DATE_TIME = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/London' });
const MONTH = new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const MONTH_LONG = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** 1234.5 → '£1,234.50'; -3 (refunds over payments) → '-£3.00'. */
export function formatPounds(amount: number): string {
  return POUNDS.format(amount);
}

/** 12345 → '12,345'. */
export function formatCount(count: number): string {
  return COUNT.format(count);
}

function parsed(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '2026-11-23T10:00:00Z' → '23 Nov 2026'. */
export function formatDate(iso: string | null | undefined): string {
  const date = iso ? parsed(iso) : null;
  return date ? DATE.format(date) : '—';
}

/** '2026-11-23T10:00:00Z' → '23 Nov 2026, 10:00'. */
export function formatDateTime(iso: string | null | undefined): string {
  const date = iso ? parsed(iso) : null;
  return date ? DATE_TIME.format(date) : '—';
}

function monthDate(month: string): Date | null {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  return match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)) : null;
}

/** '2026-03' → 'Mar 2026' (the chart's axis). */
export function formatMonth(month: string): string {
  const date = monthDate(month);
  return date ? MONTH.format(date) : month;
}

/** '2026-03' → 'March 2026' (the table). */
export function formatMonthLong(month: string): string {
  const date = monthDate(month);
  return date ? MONTH_LONG.format(date) : month;
}

/** 'Showing 1–20 of 57'; 'Showing 0 of 0' when nothing matches. */
export function pageRangeText({ offset, count, total }: { offset: number; count: number; total: number }): string {
  if (count === 0) return `Showing 0 of ${formatCount(total)}`;
  return `Showing ${formatCount(offset + 1)}–${formatCount(offset + count)} of ${formatCount(total)}`;
}

/** The applications list's services: the first two, and how many more (spec: 'first 2 services plus a count of the rest'). */
export function servicesSummary(services: readonly string[], shown = 2): { shown: string[]; more: number } {
  return { shown: services.slice(0, shown), more: Math.max(0, services.length - shown) };
}
