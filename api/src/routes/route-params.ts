// Parsing of path and query values shared by the routers: an id in a path is a
// whole number in PostgreSQL's int range (anything else is a 404 with the resource's message), and a
// query is parsed with a core schema, its first problem answering 400.
import type { ParameterizedContext } from 'koa';
import type { z } from 'zod';
import { firstValues } from '../../../core/query-values';
import { AppError } from '../domain/app-error';
import { fromZodError } from '../middleware/errors';

const MAX_INT = 2_147_483_647;

/** '42' → 42; anything else → 404 with `notFound`. */
export function pathId(raw: string | undefined, notFound: string): number {
  const value = raw ?? '';
  if (!/^\d{1,10}$/.test(value)) throw new AppError('not_found', notFound);
  const id = Number(value);
  if (id < 1 || id > MAX_INT) throw new AppError('not_found', notFound);
  return id;
}

/** A query-string id (a repeated key keeps its first value): missing or malformed → 400 with `message`. */
export function queryId(ctx: ParameterizedContext, name: string, message: string): number {
  const raw = ctx.query[name];
  const value = (Array.isArray(raw) ? raw[0] : raw)?.trim() ?? '';
  const id = /^\d{1,10}$/.test(value) ? Number(value) : NaN;
  if (!(id >= 1 && id <= MAX_INT)) throw new AppError('bad_request', message, { fields: { [name]: message } });
  return id;
}

/** The query string parsed with `schema` (first values of repeated keys); a problem → 400. */
export function parseQuery<S extends z.ZodType>(ctx: ParameterizedContext, schema: S): z.output<S> {
  const parsed = schema.safeParse(firstValues(ctx.query));
  if (!parsed.success) {
    const invalid = fromZodError(parsed.error);
    throw new AppError('bad_request', invalid.message, { fields: invalid.fields ?? {} });
  }
  return parsed.data;
}
