// The directory's endpoints (issue 3):
//   GET /api/professionals?<DirectoryQuery>      a page of ProfessionalListItem, total in X-Total-Count
//   GET /api/professionals/map?<DirectoryQuery>  MapPoints for every match (not a page)
//   GET /api/professionals/slug/:slug[?near=]    one live professional, or 404
//   GET /api/professionals/:id                   the same by all-digit id (the SPA redirects to the slug URL)
//   GET /api/professionals/:id/card              ProfessionalCard for a map popup
// Answers come from the directory's answer cache (domain/directory/answer-cache.ts), with an ETag;
// searches and the map are computed from the in-memory directory index when it is ready
// (domain/directory/directory-index.ts, decision 0019), else from SQL (search-professionals.ts).
// Bad parameters answer 400 with the first problem as the message (the issue asks for 400 here,
// not the generic 422 of a ZodError).
import type Router from '@koa/router';
import type { ParameterizedContext } from 'koa';
import { TOTAL_COUNT_HEADER } from '../../../core/directory';
import { DirectoryQuery } from '../../../core/directory-query';
import { AppError } from '../domain/app-error';
import { ANY_CHANGE, queryKey, type AnswerScope } from '../domain/directory/answer-cache';
import { sendAnswer } from './send-answer';
import {
  countMatches,
  findLiveCard,
  findLiveProfessional,
  findPage,
  mapPointsJson,
} from '../domain/directory/search-professionals';
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

function optionalNear(query: ParameterizedContext['query']): string | undefined {
  const raw = firstValues(query).near?.trim();
  if (!raw) return undefined;
  if (raw.length > 100) throw new AppError('bad_request', 'near must be at most 100 characters');
  return raw;
}

/** Sort and page don't change which professionals match: the total and the map ignore them. */
const PAGE_ONLY = ['sort', 'limit', 'offset'] as const;

export function professionalsRouter({ prisma, answers, directory, access }: Pick<AppDeps, 'prisma' | 'answers' | 'directory' | 'access'>): Router {
  const router = createRouter();

  /** A search's answer rests on the listings it could include (when the index can tell which). */
  const searchScope = (query: DirectoryQuery): AnswerScope => {
    const matches = directory?.matcherFor(query);
    return matches ? { kind: 'listings', matches } : ANY_CHANGE;
  };

  const listAnswer = (query: DirectoryQuery) =>
    answers.answer(`list?${queryKey(query)}`, async () => {
      const fromIndex = directory?.ready ? await directory.page(query) : null;
      if (fromIndex) {
        return { body: fromIndex.json, headers: { [TOTAL_COUNT_HEADER]: String(fromIndex.total) }, scope: searchScope(query) };
      }
      const [items, total] = await Promise.all([
        findPage({ prisma }, query),
        answers.value(`count?${queryKey(query, PAGE_ONLY)}`, () => countMatches({ prisma }, query), () => 8),
      ]);
      return { body: items, headers: { [TOTAL_COUNT_HEADER]: String(total) } };
    });
  const mapAnswer = (query: DirectoryQuery) =>
    answers.answer(`map?${queryKey(query, PAGE_ONLY)}`, async () => {
      const fromIndex = directory?.ready ? await directory.mapJson(query) : null;
      if (fromIndex !== null) return { body: fromIndex, scope: searchScope(query) };
      return { body: await mapPointsJson({ prisma }, query) };
    });

  // The directory as it first opens (no filters): its first page and the whole-UK map.
  answers.keepWarm(() => {
    const unfiltered = parseDirectoryQuery({});
    return Promise.all([listAnswer(unfiltered), mapAnswer(unfiltered)]);
  });

  router.get('/professionals', access.public, async (ctx) => {
    sendAnswer(ctx, (await listAnswer(parseDirectoryQuery(ctx.query)))!);
  });

  router.get('/professionals/map', access.public, async (ctx) => {
    sendAnswer(ctx, (await mapAnswer(parseDirectoryQuery(ctx.query)))!);
  });

  /** One live professional as an answer (keyed by how it was asked for), or a 404. */
  const liveProfessional = async (ctx: ParameterizedContext, key: string, where: { slug: string } | { id: number }) => {
    const near = optionalNear(ctx.query);
    const answer = await answers.answer(`${key}?near=${near ?? ''}`, async () => {
      const item = await findLiveProfessional({ prisma }, { ...where, near });
      return item && { body: item, scope: { kind: 'professionals', ids: [item.id] } };
    });
    if (!answer) throw new AppError('not_found', NOT_FOUND);
    sendAnswer(ctx, answer);
  };

  router.get('/professionals/slug/:slug', access.public, async (ctx) => {
    const slug = ctx.params.slug ?? '';
    if (slug.length > 200) throw new AppError('not_found', NOT_FOUND);
    await liveProfessional(ctx, `slug/${slug}`, { slug });
  });

  router.get('/professionals/:id/card', access.public, async (ctx) => {
    const id = parseId(ctx.params.id ?? '');
    const answer = await answers.answer(`card/${id}`, async () => {
      const card = await findLiveCard({ prisma }, { id });
      return card && { body: card, scope: { kind: 'professionals', ids: [id] } };
    });
    if (!answer) throw new AppError('not_found', NOT_FOUND);
    sendAnswer(ctx, answer);
  });

  router.get('/professionals/:id', access.public, async (ctx) => {
    const id = parseId(ctx.params.id ?? '');
    await liveProfessional(ctx, `id/${id}`, { id });
  });

  return router;
}
