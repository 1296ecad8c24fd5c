// GET /api/professionals (and /api/professionals/map): the query string as the API parses it, a zod
// schema built from the parameter table (core/directory-params.ts: each entry's kind, range and
// check, so its 400 message), plus the rules that join two parameters. Defaults ('All Services',
// 'All UK', empty values) mean "no filter"; an unknown service, place or sort is refused.
// The schema keeps the shape zod gives it for each kind (tests/fuzz/zod-arbitrary.ts walks it).
import { z } from 'zod';
import { DIRECTORY_PARAMS, isRefusal, type CheckedQueryOf, type DirectoryParam, type ParamTable } from './directory-params';
import { optionalQueryNumber } from './query-number';
import { firstValues, type QueryValues } from './query-values';
import { text } from './text';

/** A rule over two parameters of a checked query; its message names the first as the field. */
interface QueryRule {
  holds(query: CheckedQueryOf<typeof DIRECTORY_PARAMS>): boolean;
  message: string;
  path: string;
}

const DIRECTORY_RULES: readonly QueryRule[] = [
  {
    holds: (q) => q.minHourlyRate === undefined || q.maxHourlyRate === undefined || q.minHourlyRate <= q.maxHourlyRate,
    message: 'minHourlyRate must not be above maxHourlyRate',
    path: 'minHourlyRate',
  },
  {
    // A place (location) is measured from its centre (issue 34); near from its postcode or place.
    holds: (q) => q.sort !== 'distance' || q.near !== undefined || q.location !== undefined,
    message: 'sort=distance needs near (a postcode or place) or location',
    path: 'sort',
  },
];

/** One parameter's schema, by its kind. */
function paramSchema(name: string, { api }: DirectoryParam): z.ZodType {
  switch (api.kind) {
    case 'number':
      return optionalQueryNumber(name, api);
    case 'enum':
      return z.enum(api.values, { error: `${name} must be one of ${api.values.join(', ')}` }).optional();
    case 'boolean':
      return text()
        .trim()
        .optional()
        .transform((v, ctx) => {
          if (!v || v === 'false') return undefined;
          if (v === 'true') return true;
          ctx.addIssue({ code: 'custom', message: `${name} must be true or false` });
          return z.NEVER;
        });
    case 'text': {
      const trimmed = text().trim();
      const bounded = api.maxLength === undefined ? trimmed : trimmed.max(api.maxLength, api.maxLengthMessage);
      return bounded.optional().transform((v, ctx) => {
        if (!v) return undefined;
        const checked = api.check(v);
        if (isRefusal(checked)) {
          ctx.addIssue({ code: 'custom', message: checked.refusal });
          return z.NEVER;
        }
        return checked;
      });
    }
  }
}

/** The schema of a table's query string (with DIRECTORY_PARAMS: the API's). */
export function directoryQuerySchema<T extends ParamTable>(table: T): z.ZodType<CheckedQueryOf<T>, Partial<Record<keyof T, string>>> {
  const shape = Object.fromEntries(Object.entries(table).map(([name, entry]) => [name, paramSchema(name, entry)]));
  let schema = z.object(shape);
  for (const rule of DIRECTORY_RULES) {
    schema = schema.refine((q) => rule.holds(q as CheckedQueryOf<typeof DIRECTORY_PARAMS>), { message: rule.message, path: [rule.path] });
  }
  return schema as unknown as z.ZodType<CheckedQueryOf<T>, Partial<Record<keyof T, string>>>;
}

export const DirectoryQuery = directoryQuerySchema(DIRECTORY_PARAMS);
export type DirectoryQuery = z.output<typeof DirectoryQuery>;

/** A query string (Koa's ctx.query, or an address's entries) as the API reads it; a failure's first issue is its 400. */
export function parseDirectoryQuery(query: QueryValues): z.ZodSafeParseResult<DirectoryQuery> {
  return DirectoryQuery.safeParse(firstValues(query));
}

/** What a profile address's `near` asks for: trimmed, at most as long as the directory's `near`. */
export type ProfileNear = { near: string | undefined } | { refusal: string };

/** `near` of a profile address (GET /api/professionals/slug/:slug?near=): absent or blank is none. */
export function profileNear(query: QueryValues): ProfileNear {
  const raw = firstValues(query).near?.trim();
  if (!raw) return { near: undefined };
  const max = DIRECTORY_PARAMS.near.api.maxLength;
  if (raw.length > max) return { refusal: `near must be at most ${max} characters` };
  return { near: raw };
}
