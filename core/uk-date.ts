// How the site writes a day: '3 March 2026', the day it was in the UK. Written here rather than by
// Intl.DateTimeFormat: a page's first DateTimeFormat with a time zone loads ICU's calendar and
// zone data, 15–65 ms of a profile's hydration on a 2-core machine under Lighthouse's 4× slowdown,
// where the newest reviews carry their dates (decision 0035). UK time is GMT, and BST (GMT+1) from
// 01:00 GMT on the last Sunday of March to 01:00 GMT on the last Sunday of October, the rule since
// 1996 (the Summer Time Order 2002 keeps it); uk-date.test.ts checks it against
// Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London' }). Earlier years, when the rule was
// different, go to Intl, made on first use.
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;
const HOUR_MS = 3_600_000;
const FIRST_YEAR_OF_THE_RULE = 1996;

let fallback: Intl.DateTimeFormat | undefined;

/** The day of the month of the last Sunday of `month` (0-based) in `year`. */
function lastSunday(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  return lastDay.getUTCDate() - lastDay.getUTCDay();
}

/** Whether the clocks in the UK were on British Summer Time at `ms` (a year from 1996). */
export function isBritishSummerTime(ms: number): boolean {
  const year = new Date(ms).getUTCFullYear();
  return ms >= Date.UTC(year, 2, lastSunday(year, 2), 1) && ms < Date.UTC(year, 9, lastSunday(year, 9), 1);
}

/** '2026-11-23T10:00:00Z' → '23 November 2026', the day in the UK; null for none or one that cannot be read. */
export function formatUkDate(value: string | Date | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  const ms = new Date(value).getTime();
  if (Number.isNaN(ms)) return null;
  const utc = new Date(ms);
  if (utc.getUTCFullYear() < FIRST_YEAR_OF_THE_RULE) {
    fallback ??= new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' });
    return fallback.format(utc);
  }
  const uk = new Date(ms + (isBritishSummerTime(ms) ? HOUR_MS : 0));
  return `${uk.getUTCDate()} ${MONTHS[uk.getUTCMonth()]} ${uk.getUTCFullYear()}`;
}

/** The UK date (YYYY-MM-DD) at `ms`: GMT, or BST from the last Sunday of March to the last of October. */
export function ukIsoDate(ms: number = Date.now()): string {
  return new Date(ms + (isBritishSummerTime(ms) ? HOUR_MS : 0)).toISOString().slice(0, 10);
}
