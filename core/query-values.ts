// Query-string values as the API and the pages read them, without zod (the SPA's directory reads
// its address with this file too). A query string arrives as Koa's `ctx.query` or as URLSearchParams
// entries: a repeated key keeps its first value, and numbers are plain decimals only.

/** A parsed query string: Koa gives an array for a repeated key. */
export type QueryValues = Readonly<Record<string, string | readonly string[] | undefined>>;

/** Each key's first value, as the schemas expect them (`?a=1&a=2` reads as a=1). */
export function firstValues(query: QueryValues): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(query)) out[key] = typeof value === 'string' || value === undefined ? value : value[0];
  return out;
}

const DECIMAL = /^-?\d{1,15}(\.\d{1,15})?$/;
const WHOLE = /^-?\d{1,15}$/;

export interface QueryNumberOptions {
  min: number;
  max: number;
  isInteger?: boolean;
}

/**
 * Reads a query value as a number within [min, max], or why it can't be one. Written in plain
 * decimal only ('20', '4.5'), so '0x10', '1e1', ' 2 ' inside the digits or 'Infinity' are refused
 * with a message instead of being read as 16, 10 or ∞.
 */
export function readQueryNumber(value: string, label: string, { min, max, isInteger = false }: QueryNumberOptions): number | string {
  if (!(isInteger ? WHOLE : DECIMAL).test(value)) {
    return isInteger && DECIMAL.test(value) ? `${label} must be a whole number` : `${label} must be a number`;
  }
  const n = Number(value);
  if (n < min || n > max) return `${label} must be between ${min} and ${max}`;
  return n;
}
