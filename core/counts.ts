// How the site writes a number of things: '1,234', '1 review', '12 professionals'.
// Whole numbers are grouped here rather than by Intl.NumberFormat: a page's first
// Intl.NumberFormat loads ICU's number data, 10–80 ms of one task in Chromium on a 2-core machine
// before any slowdown, and the cards and counts of every first screen go through here (decision
// 0035). The grouping is en-GB's, checked against Intl.NumberFormat('en-GB') by counts.test.ts;
// anything else (a fraction, a number past 2^53) still goes to Intl, made on first use.
let fallback: Intl.NumberFormat | undefined;

/** '1,234', '-1,234,567'. */
export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n)) return (fallback ??= new Intl.NumberFormat('en-GB')).format(n);
  const digits = String(Math.abs(n));
  let grouped = digits.slice(0, digits.length % 3 || 3);
  for (let i = grouped.length; i < digits.length; i += 3) grouped += `,${digits.slice(i, i + 3)}`;
  return n < 0 ? `-${grouped}` : grouped;
}

/** 4500 → '£45', 437500 → '£4,375', 4375 → '£43.75', -350 → '-£3.50': pence as grouped pounds, with the pence only when there are some. */
export function formatPoundsGrouped(pence: number): string {
  if (!Number.isSafeInteger(pence)) throw new RangeError(`not a whole number of pence: ${pence}`);
  const abs = Math.abs(pence);
  const rest = abs % 100;
  return `${pence < 0 ? '-' : ''}£${formatCount((abs - rest) / 100)}${rest === 0 ? '' : `.${String(rest).padStart(2, '0')}`}`;
}

/** '450', '49.50', '£1,250' → pence (45000, 4950, 125000): the inverse of formatPoundsGrouped; null for anything else. */
export function penceOfPounds(pounds: string): number | null {
  const plain = pounds.trim().replace(/^£/, '').replace(/,(?=\d{3}(\D|$))/g, '');
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(plain);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** '1 review', '1,200 reviews'. */
export function countOf(n: number, one: string, many: string): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

/** '1 professional', '12 professionals'. */
export function professionalsText(n: number): string {
  return countOf(n, 'professional', 'professionals');
}
