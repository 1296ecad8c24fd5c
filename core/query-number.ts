// Numbers in a query string as zod schemas: read by readQueryNumber (core/query-values.ts, plain
// decimals only), its message as the issue when the value is not one.
import { z } from 'zod';
import { readQueryNumber, type QueryNumberOptions } from './query-values';
import { text } from './text';

/** An optional number in a query string (absent or empty: undefined). */
export function optionalQueryNumber(label: string, options: QueryNumberOptions) {
  return text()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return undefined;
      const n = readQueryNumber(v, label, options);
      if (typeof n === 'string') {
        ctx.addIssue({ code: 'custom', message: n });
        return z.NEVER;
      }
      return n;
    });
}

/** A whole number in a query string, `fallback` when absent or empty. */
export function queryInteger(label: string, { min, max, fallback }: { min: number; max: number; fallback: number }) {
  return optionalQueryNumber(label, { min, max, isInteger: true }).transform((v) => v ?? fallback);
}
