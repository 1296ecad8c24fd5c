// Stripe's form encoding, read back: `line_items[0][price_data][currency]=gbp`, `expand[]=a` or
// `expand[0]=a`, `metadata[applicationId]=3`. Values are strings; an object whose keys are exactly
// 0..n-1 (or were written with `[]`) becomes an array. `Params` reads the tree with Stripe's
// answers for a missing or malformed parameter (400 invalid_request_error naming the parameter).
import { StripeError } from './http';

export type FormValue = string | FormValue[] | FormObject;
export interface FormObject {
  [key: string]: FormValue;
}

const MAX_PAIRS = 2000;
const MAX_DEPTH = 8;
const MAX_INDEX = 1000;
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

function decode(text: string): string {
  const spaced = text.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

/** `a[b][0][]` → ['a', 'b', '0', '']; null when the key is not in bracket notation. */
function splitKey(key: string): string[] | null {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match) return null;
  const root = match[1] ?? '';
  const rest = match[2] ?? '';
  const segments = [root];
  for (const part of rest.matchAll(/\[([^[\]]*)\]/g)) segments.push(part[1] ?? '');
  return segments;
}

type Tree = { [key: string]: Tree | string };

function toValue(node: Tree | string): FormValue {
  if (typeof node === 'string') return node;
  const keys = Object.keys(node);
  const isArray = keys.length > 0 && keys.every((key, index) => key === String(index));
  if (isArray) return keys.map((key) => toValue(node[key] as Tree | string));
  const out: FormObject = {};
  for (const key of keys) out[key] = toValue(node[key] as Tree | string);
  return out;
}

/** Parses `application/x-www-form-urlencoded` text (or a query string) into a tree. */
export function parseFormBody(text: string): FormObject {
  const root: Tree = {};
  const pairs = text.split('&').filter((pair) => pair.length > 0).slice(0, MAX_PAIRS);
  for (const pair of pairs) {
    const equals = pair.indexOf('=');
    const rawKey = decode(equals === -1 ? pair : pair.slice(0, equals));
    const value = equals === -1 ? '' : decode(pair.slice(equals + 1));
    const segments = splitKey(rawKey) ?? [rawKey];
    if (segments.length > MAX_DEPTH) continue;
    let node = root;
    for (let i = 0; i < segments.length; i += 1) {
      let segment = segments[i] ?? '';
      // `[]` appends: the next free index of this array-to-be.
      if (segment === '' && i > 0) segment = String(Object.keys(node).length);
      if (FORBIDDEN_KEYS.has(segment) || (/^\d+$/.test(segment) && Number(segment) > MAX_INDEX)) {
        break;
      }
      if (i === segments.length - 1) {
        node[segment] = value;
      } else {
        const next = node[segment];
        if (next === undefined || typeof next === 'string') node[segment] = {};
        node = node[segment] as Tree;
      }
    }
  }
  return toValue(root) as FormObject;
}

/** Typed reads of a parsed body with Stripe's error answers; `name` is the bracketed path so far. */
export class Params {
  constructor(
    readonly raw: FormObject,
    private readonly prefix = '',
  ) {}

  private path(key: string): string {
    return this.prefix ? `${this.prefix}[${key}]` : key;
  }

  has(key: string): boolean {
    return this.raw[key] !== undefined;
  }

  string(key: string): string | undefined {
    const value = this.raw[key];
    if (value === undefined) return undefined;
    if (typeof value !== 'string') throw StripeError.invalid(`Invalid string: ${this.path(key)} must be a string.`, this.path(key), 'parameter_invalid_string');
    return value;
  }

  /** A string that may be sent empty to mean "unset" (Stripe's `Emptyable`): '' → null. */
  nullableString(key: string): string | null | undefined {
    const value = this.string(key);
    return value === '' ? null : value;
  }

  requiredString(key: string): string {
    const value = this.string(key);
    if (value === undefined || value === '') throw StripeError.missing(this.path(key));
    return value;
  }

  oneOf<T extends string>(key: string, allowed: readonly T[]): T | undefined {
    const value = this.string(key);
    if (value === undefined) return undefined;
    if (!(allowed as readonly string[]).includes(value)) {
      throw StripeError.invalid(`Invalid ${this.path(key)}: must be one of ${allowed.join(', ')}`, this.path(key), 'parameter_invalid_string');
    }
    return value as T;
  }

  integer(key: string): number | undefined {
    const value = this.string(key);
    if (value === undefined) return undefined;
    if (!/^-?\d{1,15}$/.test(value)) throw StripeError.invalid(`Invalid integer: ${value}`, this.path(key), 'parameter_invalid_integer');
    return Number(value);
  }

  boolean(key: string): boolean | undefined {
    const value = this.string(key);
    if (value === undefined) return undefined;
    if (value !== 'true' && value !== 'false') throw StripeError.invalid(`Invalid boolean: ${value}`, this.path(key), 'parameter_invalid_string');
    return value === 'true';
  }

  child(key: string): Params | undefined {
    const value = this.raw[key];
    if (value === undefined) return undefined;
    if (typeof value === 'string' || Array.isArray(value)) {
      // `metadata=` (empty) is how Stripe's clients unset a hash: an empty object.
      if (value === '') return new Params({}, this.path(key));
      throw StripeError.invalid(`Invalid object: ${this.path(key)} must be a hash.`, this.path(key), 'parameter_invalid_string');
    }
    return new Params(value, this.path(key));
  }

  list(key: string): Params[] {
    const value = this.raw[key];
    if (value === undefined || value === '') return [];
    if (!Array.isArray(value)) throw StripeError.invalid(`Invalid array: ${this.path(key)} must be an array.`, this.path(key), 'parameter_invalid_string');
    return value.map((item, index) => {
      if (typeof item === 'string' || Array.isArray(item)) {
        throw StripeError.invalid(`Invalid object: ${this.path(key)}[${index}] must be a hash.`, `${this.path(key)}[${index}]`, 'parameter_invalid_string');
      }
      return new Params(item, `${this.path(key)}[${index}]`);
    });
  }

  stringList(key: string): string[] {
    const value = this.raw[key];
    if (value === undefined || value === '') return [];
    if (typeof value === 'string') return [value];
    if (!Array.isArray(value) || !value.every((item): item is string => typeof item === 'string')) {
      throw StripeError.invalid(`Invalid array: ${this.path(key)} must be an array of strings.`, this.path(key), 'parameter_invalid_string');
    }
    return value;
  }

  /** Stripe metadata: string values, at most 50 keys; `''` as a value deletes that key on update. */
  metadata(key = 'metadata'): Record<string, string> | undefined {
    const child = this.child(key);
    if (!child) return undefined;
    const out: Record<string, string> = {};
    const entries = Object.entries(child.raw);
    if (entries.length > 50) throw StripeError.invalid('Invalid metadata: at most 50 keys.', this.path(key));
    for (const [name, value] of entries) {
      if (typeof value !== 'string') throw StripeError.invalid(`Invalid metadata: ${this.path(key)}[${name}] must be a string.`, `${this.path(key)}[${name}]`);
      if (name.length > 40 || value.length > 500) throw StripeError.invalid('Invalid metadata: keys up to 40 characters, values up to 500.', `${this.path(key)}[${name}]`);
      out[name] = value;
    }
    return out;
  }
}

/** Applies a metadata update the way Stripe does: keys merge, an empty value removes its key. */
export function mergeMetadata(current: Record<string, string>, update: Record<string, string> | undefined, replaceAll = false): Record<string, string> {
  if (!update) return current;
  if (replaceAll && Object.keys(update).length === 0) return {};
  const next: Record<string, string> = { ...current };
  for (const [key, value] of Object.entries(update)) {
    if (value === '') delete next[key];
    else next[key] = value;
  }
  return next;
}
