// The directory's endpoints (issue 3):
//   GET /api/professionals?<DirectoryQuery>      a page of ProfessionalListItem, total in X-Total-Count
//   GET /api/professionals/map?<DirectoryQuery>  MapPoints for every match (not a page)
//   GET /api/professionals/slug/:slug[?near=]    one live professional, or 404
//   GET /api/professionals/:id                   the same by all-digit id (the SPA redirects to the slug URL)
//   GET /api/professionals/:id/card              ProfessionalCard for a map popup
// Answers come from the directory's answer cache with an ETag (domain/directory/directory-answers.ts:
// searches and the map from the in-memory directory index when it is ready, decision 0019, else SQL).
// Bad parameters answer 400 with the first problem as the message (the issue asks for 400 here,
// not the generic 422 of a ZodError). The schema and `near`'s check are core's
// (core/directory-query.ts), shared with the server's first screen (api/src/spa/first-screen.ts), as
// are these paths (core/api-paths.ts).
import type Router from '@koa/router';
import type { ParameterizedContext } from 'koa';
import { MAX_SLUG_LENGTH, PROFESSIONALS_PATHS } from '../../../core/api-paths';
import { DirectoryQuery, profileNear } from '../../../core/directory-query';
import type { QueryValues } from '../../../core/query-values';
import { AppError } from '../domain/app-error';
import { sendAnswer } from './send-answer';
import type { AppDeps } from '../deps';
import { createRouter } from './create-router';
import { parseQuery } from './route-params';

const NOT_FOUND = 'Professional not found';
const MAX_INT = 2_147_483_647;

/** A profile address's `near`, or a 400 when it is too long. */
function nearOf(query: QueryValues): string | undefined {
  const read = profileNear(query);
  if ('refusal' in read) throw new AppError('bad_request', read.refusal);
  return read.near;
}

function parseId(raw: string): number {
  if (!/^\d{1,10}$/.test(raw)) throw new AppError('not_found', NOT_FOUND);
  const id = Number(raw);
  if (id < 1 || id > MAX_INT) throw new AppError('not_found', NOT_FOUND);
  return id;
}

export function professionalsRouter({ answers, directoryAnswers: directoryAnswer, access }: Pick<AppDeps, 'answers' | 'directoryAnswers' | 'access'>): Router {
  const router = createRouter();

  // The directory as it first opens (no filters): its first page and the whole-UK map.
  answers.keepWarm(() => {
    const unfiltered = DirectoryQuery.parse({});
    return Promise.all([directoryAnswer.list(unfiltered), directoryAnswer.map(unfiltered)]);
  });

  router.get(PROFESSIONALS_PATHS.list, access.public, async (ctx) => {
    sendAnswer(ctx, await directoryAnswer.list(parseQuery(ctx, DirectoryQuery)));
  });

  router.get(PROFESSIONALS_PATHS.map, access.public, async (ctx) => {
    sendAnswer(ctx, await directoryAnswer.map(parseQuery(ctx, DirectoryQuery)));
  });

  /** One live professional, or a 404. */
  const liveProfessional = async (ctx: ParameterizedContext, where: { slug: string } | { id: number }) => {
    const answer = await directoryAnswer.professional(where, nearOf(ctx.query));
    if (!answer) throw new AppError('not_found', NOT_FOUND);
    sendAnswer(ctx, answer);
  };

  router.get(PROFESSIONALS_PATHS.bySlug, access.public, async (ctx) => {
    const slug = ctx.params.slug ?? '';
    if (slug.length > MAX_SLUG_LENGTH) throw new AppError('not_found', NOT_FOUND);
    await liveProfessional(ctx, { slug });
  });

  router.get(PROFESSIONALS_PATHS.card, access.public, async (ctx) => {
    const answer = await directoryAnswer.card(parseId(ctx.params.id ?? ''));
    if (!answer) throw new AppError('not_found', NOT_FOUND);
    sendAnswer(ctx, answer);
  });

  router.get(PROFESSIONALS_PATHS.byId, access.public, async (ctx) => {
    await liveProfessional(ctx, { id: parseId(ctx.params.id ?? '') });
  });

  return router;
}
