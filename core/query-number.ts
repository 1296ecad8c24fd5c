// Numbers in a query string: written in plain decimal only ('20', '4.5'), so '0x10', '1e1', ' 2 '
// inside the digits or 'Infinity' are refused with a message instead of being read as 16, 10 or ∞.
import { z } from 'zod';
import { text } from './text';

const DECIMAL = /^-?\d{1,15}(\.\d{1,15})?$/;
const WHOLE = /^-?\d{1,15}$/;

interface QueryNumberOptions {
  min: number;
  max: number;
  isInteger?: boolean;
}

/** Reads a query value as a number within [min, max], or why it can't be one. */
export function readQueryNumber(value: string, label: string, { min, max, isInteger = false }: QueryNumberOptions): number | string {
  if (!(isInteger ? WHOLE : DECIMAL).test(value)) {
    return isInteger && DECIMAL.test(value) ? `${label} must be a whole number` : `${label} must be a number`;
  }
  const n = Number(value);
  if (n < min || n > max) return `${label} must be between ${min} and ${max}`;
  return n;
}

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
