// Inputs for the fuzz (tests/fuzz/api.fuzz.test.ts), generated from the zod schemas the API parses
// with (core/): `validArbitrary` walks a zod 4 schema (its `_zod.def`) into a fast-check arbitrary of
// values shaped like what it accepts, and `corruptedArbitrary` breaks such a value in one place (a
// wrong type, a hostile string, a field missing or added, a prototype key) or as a whole.
// No maintained zod → fast-check package supports zod 4 (zod-fast-check stops at zod 3), hence this.
import fc from 'fast-check';
import type { z } from 'zod';

/** Marks a captcha field: the fuzz swaps it for a solved captcha when it sends the request. */
export const SOLVED_CAPTCHA = '<<solved captcha>>';

interface Def {
  type: string;
  [key: string]: unknown;
}
interface CheckDef {
  check: string;
  [key: string]: unknown;
}

function defOf(schema: unknown): Def {
  return (schema as { _zod: { def: Def } })._zod.def;
}

function checksOf(def: Def): CheckDef[] {
  const checks = (def.checks as { _zod: { def: CheckDef } }[] | undefined) ?? [];
  return checks.map((check) => check._zod.def);
}

/** Hostile text: each should be refused or stored and shown as plain text, never a 500. */
export const HOSTILE_STRINGS: string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  '\uDBFF\uDBFF',
  '\u202Eevil\u202C',
  '\u200B\u200C\u200D\uFEFF',
  '😀👩‍💻🇬🇧',
  'Zalgo: Z̵̡̢͇̅͊a̸̡̛l̷g̶o̵',
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '1; SELECT pg_sleep(10)',
  '" OR ""="',
  '%',
  '_',
  '\\',
  '<script>alert(1)</script>',
  '</script><script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "javascript:alert('x')",
  '{{7*7}}${7*7}',
  '../../../etc/passwd',
  '__proto__',
  'constructor',
  'NaN',
  'Infinity',
  '-1',
  '1e309',
  '9999999999999999999999',
  'null',
  'true',
  '\r\nSet-Cookie: x=1',
  'a'.repeat(10_000),
  '€'.repeat(5_000),
];

const HOSTILE_NUMBERS = [0, -1, -0, 1.5, 2 ** 31, 2 ** 53 + 2, -(2 ** 63), 1e308, Number.MIN_VALUE];

/** A value of the wrong kind, or hostile one of the right kind. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 3 }).map((s) => s.repeat(20_000)) },
  { weight: 2, arbitrary: fc.constantFrom<unknown>(...HOSTILE_NUMBERS, null, true, false, [], {}, [null], { a: 1 }, ['x', 1]) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.constant(JSON.parse('{"__proto__":{"isAdmin":true}}') as unknown) },
  { weight: 1, arbitrary: fc.constant({ constructor: { prototype: { isAdmin: true } } }) },
  // Nesting a few thousand deep: parsers and validators that recurse must not fall over.
  { weight: 1, arbitrary: fc.integer({ min: 500, max: 2000 }).map((depth) => JSON.parse('['.repeat(depth) + ']'.repeat(depth)) as unknown) },
);

function stringArbitrary(def: Def): fc.Arbitrary<string> {
  let minLength = 0;
  let maxLength = 60;
  let format = def.format as string | undefined;
  let pattern = def.pattern as RegExp | undefined;
  for (const check of checksOf(def)) {
    if (check.check === 'min_length') minLength = Math.max(minLength, check.minimum as number);
    if (check.check === 'max_length') maxLength = Math.min(maxLength, check.maximum as number);
    if (check.check === 'length_equals') minLength = maxLength = check.length as number;
    if (check.check === 'string_format') {
      format = check.format as string;
      pattern = check.pattern as RegExp | undefined;
    }
  }
  if (format === 'email') return fc.emailAddress().filter((e) => e.length <= 200);
  if (format === 'url') return fc.webUrl({ withQueryParameters: true }).filter((u) => u.length <= 300);
  if (format === 'regex' && pattern) return fc.stringMatching(pattern).filter((s) => s.length >= minLength && s.length <= Math.max(maxLength, minLength));
  maxLength = Math.max(minLength, maxLength);
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ minLength, maxLength }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength, maxLength }) },
    // Hostile text that is still a valid length: stored as given, it must come back as text.
    { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_STRINGS).map((s) => s.padEnd(minLength, 'x').slice(0, maxLength)) },
  );
}

function numberArbitrary(def: Def): fc.Arbitrary<number> {
  let min = -1_000_000;
  let max = 1_000_000;
  let isInt = false;
  for (const check of checksOf(def)) {
    if (check.check === 'greater_than') min = Math.max(min, (check.value as number) + (check.inclusive ? 0 : isInt ? 1 : 0.001));
    if (check.check === 'less_than') max = Math.min(max, (check.value as number) - (check.inclusive ? 0 : isInt ? 1 : 0.001));
    if (check.check === 'number_format') isInt = true;
  }
  if (min > max) return fc.constant(min);
  return isInt ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) }) : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/** Values shaped like what `schema` accepts (refinements aside: those are the handlers' business too). */
export function validArbitrary(schema: z.ZodType, key?: string): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  if (key === 'captcha') return fc.oneof({ weight: 3, arbitrary: fc.constant(SOLVED_CAPTCHA) }, { weight: 1, arbitrary: fc.base64String({ maxLength: 80 }) });
  switch (def.type) {
    case 'string':
      return stringArbitrary(def);
    case 'number':
      return numberArbitrary(def);
    case 'bigint':
      return fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).map(String);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'undefined':
    case 'void':
      return fc.constant(undefined);
    case 'date':
      return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, string | number>));
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'unknown':
    case 'any':
    case 'custom':
      return fc.jsonValue({ maxDepth: 2 });
    case 'optional':
      return fc.option(validArbitrary(def.innerType as z.ZodType, key), { nil: undefined, freq: 4 });
    case 'nullable':
      return fc.option(validArbitrary(def.innerType as z.ZodType, key), { nil: null, freq: 4 });
    case 'default':
    case 'prefault':
      return fc.option(validArbitrary(def.innerType as z.ZodType, key), { nil: undefined, freq: 4 });
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return validArbitrary(def.innerType as z.ZodType, key);
    case 'pipe':
      return validArbitrary(def.in as z.ZodType, key);
    case 'transform':
      return fc.jsonValue({ maxDepth: 1 });
    case 'lazy':
      return validArbitrary((def.getter as () => z.ZodType)(), key);
    case 'union':
      return fc.oneof(...(def.options as z.ZodType[]).map((option) => validArbitrary(option, key)));
    case 'intersection':
      return validArbitrary(def.left as z.ZodType, key);
    case 'array': {
      let minLength = 0;
      let maxLength = 5;
      for (const check of checksOf(def)) {
        if (check.check === 'min_length') minLength = check.minimum as number;
        if (check.check === 'max_length') maxLength = Math.min(maxLength, check.maximum as number);
      }
      return fc.array(validArbitrary(def.element as z.ZodType), { minLength, maxLength: Math.max(minLength, maxLength) });
    }
    case 'record':
      return fc.dictionary(fc.string({ minLength: 1, maxLength: 10 }), validArbitrary(def.valueType as z.ZodType), { maxKeys: 3 });
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      const fields = Object.fromEntries(Object.entries(shape).map(([name, field]) => [name, validArbitrary(field, name)]));
      // Optional fields come out as undefined: drop those keys, as JSON would.
      return fc.record(fields).map((value) => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)));
    }
    default:
      throw new Error(`validArbitrary: zod type "${def.type}" is not handled; add it to tests/fuzz/zod-arbitrary.ts`);
  }
}

type Mutation = 'replace' | 'remove' | 'add' | 'whole' | 'proto';

/** Paths of the object keys inside a value (['a'], ['a', 'b'], ['list', 0]). */
function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((item, i) => [[...prefix, i], ...pathsOf(item, [...prefix, i])]);
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => [[...prefix, k], ...pathsOf(v, [...prefix, k])]);
  }
  return [];
}

function clone(value: unknown): unknown {
  return value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as unknown);
}

function setAt(root: unknown, path: (string | number)[], change: (parent: Record<string | number, unknown>, key: string | number) => void): void {
  let parent = root as Record<string | number, unknown>;
  for (const step of path.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>;
  change(parent, path[path.length - 1]!);
}

const EXTRA_KEYS = ['__proto__', 'constructor', 'prototype', 'isAdmin', 'role', 'id', 'userId', 'professionalId', 'isApproved', 'subscriptionStatus', '', ' ', '\u0000', 'a.b', '$where'];

/**
 * Values the schema accepts: generated from it, or (when the route's test gives one, e.g. a real
 * professional id and a known service) a valid example with some fields generated from the schema.
 */
export function baseArbitrary(schema: z.ZodType, example?: Record<string, unknown>): fc.Arbitrary<unknown> {
  if (!example) return validArbitrary(schema);
  const shape = objectShape(schema);
  const fields = Object.fromEntries(
    Object.entries(example).map(([key, value]) => [
      key,
      shape?.[key] ? fc.oneof({ weight: 4, arbitrary: fc.constant(value) }, { weight: 1, arbitrary: validArbitrary(shape[key], key) }) : fc.constant(value),
    ]),
  );
  return fc.oneof({ weight: 1, arbitrary: validArbitrary(schema) }, { weight: 2, arbitrary: fc.record(fields) });
}

/** The object shape under pipes, refinements and defaults, if the schema is an object. */
function objectShape(schema: z.ZodType): Record<string, z.ZodType> | undefined {
  const def = defOf(schema);
  if (def.type === 'object') return def.shape as Record<string, z.ZodType>;
  if (def.type === 'pipe') return objectShape(def.in as z.ZodType);
  if (def.innerType) return objectShape(def.innerType as z.ZodType);
  return undefined;
}

/** A valid-shaped value broken in one place, or as a whole. */
export function corruptedArbitrary(schema: z.ZodType, example?: Record<string, unknown>): fc.Arbitrary<unknown> {
  return fc
    .record({
      value: baseArbitrary(schema, example),
      mutation: fc.constantFrom<Mutation>('replace', 'replace', 'replace', 'remove', 'add', 'whole', 'proto'),
      pick: fc.nat(),
      hostile: hostileValue,
      extraKey: fc.oneof(fc.constantFrom(...EXTRA_KEYS), fc.string({ maxLength: 12 })),
    })
    .map(({ value, mutation, pick, hostile, extraKey }) => {
      const result = clone(value);
      const paths = pathsOf(result);
      if (mutation === 'whole' || result === null || typeof result !== 'object') return hostile;
      if (mutation === 'proto') {
        // JSON.parse makes "__proto__" an own key, as a request body would have it.
        const text = JSON.stringify(result);
        // A function as the replacement: a string's `$'` or `$&` (hostile text has them) would be read as patterns.
        return JSON.parse(text.replace(/^\{/, () => `{"__proto__":${JSON.stringify(hostile) ?? 'null'}${text === '{}' ? '' : ','}`)) as unknown;
      }
      if (mutation === 'add' || paths.length === 0) {
        const containers = [[], ...paths].filter((p) => {
          let node: unknown = result;
          for (const step of p) node = (node as Record<string | number, unknown>)[step];
          return node !== null && typeof node === 'object' && !Array.isArray(node);
        });
        const at = containers[pick % containers.length]!;
        let node = result as Record<string, unknown>;
        for (const step of at) node = node[step as string] as Record<string, unknown>;
        Object.defineProperty(node, extraKey, { value: hostile, enumerable: true, configurable: true, writable: true });
        return result;
      }
      const path = paths[pick % paths.length]!;
      setAt(result, path, (parent, key) => {
        if (mutation === 'remove') {
          if (Array.isArray(parent)) parent.splice(Number(key), 1);
          else delete parent[key];
        } else {
          parent[key] = hostile;
        }
      });
      return result;
    });
}

/** Valid-shaped values most of the time (to reach the handlers), corrupted ones the rest. */
export function inputArbitrary(schema: z.ZodType, example?: Record<string, unknown>): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 1, arbitrary: baseArbitrary(schema, example) }, { weight: 2, arbitrary: corruptedArbitrary(schema, example) });
}

/**
 * encodeURIComponent, except that a lone surrogate (which it refuses) is sent as the bytes
 * UTF-8 would give it (ED A0 80 for U+D800): invalid UTF-8, as a hostile client can send.
 */
export function percentEncode(text: string): string {
  let out = '';
  for (const ch of text) {
    const c = ch.charCodeAt(0);
    if (ch.length === 1 && c >= 0xd800 && c <= 0xdfff) {
      out += [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else out += encodeURIComponent(ch);
  }
  return out;
}

/** A query string for `schema`: its fields as text (repeated keys and odd spellings included). */
export function queryArbitrary(schema: z.ZodType | undefined): fc.Arbitrary<string> {
  const structured: fc.Arbitrary<string> = schema
    ? inputArbitrary(schema).map((value) => {
        if (value === null || typeof value !== 'object' || Array.isArray(value)) return `q=${percentEncode(String(value))}`;
        const params = new URLSearchParams();
        for (const [k, v] of Object.entries(value)) {
          for (const item of Array.isArray(v) ? v : [v]) params.append(k, typeof item === 'object' ? JSON.stringify(item) : String(item));
        }
        return params.toString();
      })
    : fc.constant('');
  const raw = fc.constantFrom(
    '%',
    '%E0%A4%A',
    '%C0%AF',
    '%FF%FE',
    '%00',
    '__proto__[x]=1',
    'constructor[prototype][x]=1',
    'a[b][c]=1',
    'limit=-1&offset=-1',
    'limit=1e309&offset=NaN',
    'page=99999999999999999999',
    'professionalId=0',
    'professionalId=1&professionalId=2',
    'professionalId=%00',
    `q=${'x'.repeat(8000)}`,
    '&&&==&=',
    'sort=__proto__',
  );
  return fc.oneof({ weight: 4, arbitrary: structured }, { weight: 1, arbitrary: raw });
}
