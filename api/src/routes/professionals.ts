// The directory's endpoints (issue 3):
//   GET /api/professionals?<DirectoryQuery>      a page of ProfessionalListItem, total in X-Total-Count
//   GET /api/professionals/map?<DirectoryQuery>  MapPoints for every match (not a page)
//   GET /api/professionals/slug/:slug[?near=]    one live professional, or 404
//   GET /api/professionals/:id                   the same by all-digit id (the SPA redirects to the slug URL)
//   GET /api/professionals/:id/card              ProfessionalCard for a map popup
// Answers come from the directory's answer cache with an ETag (domain/directory/directory-answers.ts:
// searches and the map from the in-memory directory index when it is ready, decision 0019, else SQL).
// Bad parameters answer 400 with the first problem as the message (the issue asks for 400 here,
// not the generic 422 of a ZodError).
import type Router from '@koa/router';
import type { ParameterizedContext } from 'koa';
import { DirectoryQuery } from '../../../core/directory-query';
import { AppError } from '../domain/app-error';
import { sendAnswer } from './send-answer';
import type { AppDeps } from '../deps';
import { fromZodError } from '../middleware/errors';
import { createRouter } from './create-router';

const NOT_FOUND = 'Professional not found';
const MAX_INT = 2_147_483_647;

/** Query-string values as zod expects them: a repeated key keeps its first value. */
function firstValues(query: ParameterizedContext['query']): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(query)) out[key] = Array.isArray(value) ? value[0] : value;
  return out;
}

export function parseDirectoryQuery(query: ParameterizedContext['query']): DirectoryQuery {
  const parsed = DirectoryQuery.safeParse(firstValues(query));
  if (!parsed.success) {
    const invalid = fromZodError(parsed.error);
    throw new AppError('bad_request', invalid.message, { fields: invalid.fields ?? {} });
  }
  return parsed.data;
}

function parseId(raw: string): number {
  if (!/^\d{1,10}$/.test(raw)) throw new AppError('not_found', NOT_FOUND);
  const id = Number(raw);
  if (id < 1 || id > MAX_INT) throw new AppError('not_found', NOT_FOUND);
  return id;
}

/** `near` of a profile address: trimmed, at most 100 characters (a 400 beyond), or undefined. */
export function optionalNear(query: ParameterizedContext['query']): string | undefined {
  const raw = firstValues(query).near?.trim();
  if (!raw) return undefined;
  if (raw.length > 100) throw new AppError('bad_request', 'near must be at most 100 characters');
  return raw;
}

export function professionalsRouter({ answers, directoryAnswers: directoryAnswer, access }: Pick<AppDeps, 'answers' | 'directoryAnswers' | 'access'>): Router {
  const router = createRouter();

  // The directory as it first opens (no filters): its first page and the whole-UK map.
  answers.keepWarm(() => {
    const unfiltered = parseDirectoryQuery({});
    return Promise.all([directoryAnswer.list(unfiltered), directoryAnswer.map(unfiltered)]);
  });

  router.get('/professionals', access.public, async (ctx) => {
    sendAnswer(ctx, await directoryAnswer.list(parseDirectoryQuery(ctx.query)));
  });

  router.get('/professionals/map', access.public, async (ctx) => {
    sendAnswer(ctx, await directoryAnswer.map(parseDirectoryQuery(ctx.query)));
  });

  /** One live professional, or a 404. */
  const liveProfessional = async (ctx: ParameterizedContext, where: { slug: string } | { id: number }) => {
    const answer = await directoryAnswer.professional(where, optionalNear(ctx.query));
    if (!answer) throw new AppError('not_found', NOT_FOUND);
    sendAnswer(ctx, answer);
  };

  router.get('/professionals/slug/:slug', access.public, async (ctx) => {
    const slug = ctx.params.slug ?? '';
    if (slug.length > 200) throw new AppError('not_found', NOT_FOUND);
    await liveProfessional(ctx, { slug });
  });

  router.get('/professionals/:id/card', access.public, async (ctx) => {
    const answer = await directoryAnswer.card(parseId(ctx.params.id ?? ''));
    if (!answer) throw new AppError('not_found', NOT_FOUND);
    sendAnswer(ctx, answer);
  });

  router.get('/professionals/:id', access.public, async (ctx) => {
    await liveProfessional(ctx, { id: parseId(ctx.params.id ?? '') });
  });

  return router;
}
