// How the site writes a number of things: '1,234', '1 review', '12 professionals'. One en-GB
// formatter, made once: `n.toLocaleString('en-GB')` builds a new ICU formatter at every call, and a
// page of cards and counts hydrating on a phone spent tens of milliseconds on that alone
// (decision 0031, the phone's blocking-time budget).
const WHOLE = new Intl.NumberFormat('en-GB');

/** '1,234'. */
export function formatCount(n: number): string {
  return WHOLE.format(n);
}

/** '1 review', '1,200 reviews'. */
export function countOf(n: number, one: string, many: string): string {
  return `${WHOLE.format(n)} ${n === 1 ? one : many}`;
}

/** '1 professional', '12 professionals'. */
export function professionalsText(n: number): string {
  return countOf(n, 'professional', 'professionals');
}
