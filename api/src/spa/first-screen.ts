// Request-time server rendering of the directory, profiles, the home page, /locations and the
// service-and-place pages with their data (docs/decisions/0018-server-rendered-first-screen.md,
// LCP budget in docs/performance.md).
// The front end's server-render entry (frontend/src/server-render.tsx) is built by Vite into
// <STATIC_DIR>/.vite/ssr/server-render.js (a hidden folder: never served) and imported here at run
// time: the API never imports front-end source, only this build output, through the contract in
// core/first-screen.ts. The entry asks for the API answers its first screen needs; firstScreenLoader
// answers them as their routes do (the directory's through domain/directory/directory-answers.ts,
// the same cached answers; reviews as routes/reviews.ts), as the JSON those routes send.
// Whatever goes wrong (no SSR build, a render that throws, an answer that fails) costs only the
// server rendering: the page is served as before and the SPA fetches its data itself.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Logger } from 'pino';
import { matchApiPath, MAX_SLUG_LENGTH, PROFESSIONALS_PATHS, REVIEWS_PATHS, SUMMARY_PATHS } from '../../../core/api-paths';
import { TOTAL_COUNT_HEADER } from '../../../core/directory';
import { parseDirectoryQuery, profileNear } from '../../../core/directory-query';
import { FIRST_SCREEN_DATA_ID, type FirstScreen, type FirstScreenAnswer, type FirstScreenLoad, type FirstScreenRenderer } from '../../../core/first-screen';
import { ReviewListQuery } from '../../../core/review-inputs';
import { readService, readServicePlace } from '../../../core/service-places';
import type { PrismaClient } from '../../../prisma/db';
import type { Answer } from '../domain/directory/answer-cache';
import type { DirectoryAnswers } from '../domain/directory/directory-answers';
import { listPublicReviews } from '../domain/reviews/list-public-reviews';
import { getReviewSummary } from '../domain/reviews/review-summary';
import { jsonForScript } from '../domain/seo/escape';

const MAX_INT = 2_147_483_647;

/** A cached answer's body, as the browser parses it from the route's JSON. */
function bodyOf(answer: Answer): unknown {
  return JSON.parse(answer.json.toString('utf8')) as unknown;
}

/** The answer as the browser would have parsed it from the route's JSON (dates as strings and all). */
function asSent(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value)) as unknown;
}

function professionalId(raw: string | null): number {
  const id = raw !== null && /^\d{1,10}$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
  if (!(id >= 1 && id <= MAX_INT)) throw new Error('professionalId must be a whole number');
  return id;
}

/**
 * Answers the public GETs a first screen asks for, as their routes do (the same paths, core/api-paths.ts,
 * and the same checks of their queries). A path it does not know, or a query its route would refuse,
 * throws (the page is then not server-rendered); a professional that is not live is null.
 */
export function firstScreenLoader({ prisma, directoryAnswers: directoryAnswer }: { prisma: PrismaClient; directoryAnswers: DirectoryAnswers }): FirstScreenLoad {
  return async (apiPath: string): Promise<FirstScreenAnswer | null> => {
    const url = new URL(apiPath, 'http://first-screen.invalid');
    const query = Object.fromEntries(url.searchParams);
    if (matchApiPath(PROFESSIONALS_PATHS.list, url.pathname)) {
      const parsed = parseDirectoryQuery(query);
      if (!parsed.success) throw new Error(`${apiPath}: ${parsed.error.issues[0]?.message ?? 'a query the API refuses'}`);
      const answer = await directoryAnswer.list(parsed.data);
      return { body: bodyOf(answer), total: Number(answer.headers[TOTAL_COUNT_HEADER]) };
    }
    const slug = matchApiPath(PROFESSIONALS_PATHS.bySlug, url.pathname)?.slug;
    if (slug !== undefined) {
      if (slug.length > MAX_SLUG_LENGTH) return null;
      const near = profileNear(query);
      if ('refusal' in near) throw new Error(`${apiPath}: ${near.refusal}`);
      const answer = await directoryAnswer.professional({ slug }, near.near);
      return answer && { body: bodyOf(answer) };
    }
    if (matchApiPath(SUMMARY_PATHS.home, url.pathname)) return { body: bodyOf(await directoryAnswer.home()) };
    if (matchApiPath(SUMMARY_PATHS.locations, url.pathname)) return { body: bodyOf(await directoryAnswer.locations()) };
    const servicePlaces = matchApiPath(SUMMARY_PATHS.servicePlaces, url.pathname);
    if (servicePlaces) {
      const service = readService(servicePlaces.service ?? '');
      return service && { body: bodyOf(await directoryAnswer.servicePlaces(service)) };
    }
    const servicePlace = matchApiPath(SUMMARY_PATHS.servicePlace, url.pathname);
    if (servicePlace) {
      const named = readServicePlace(servicePlace.service ?? '', servicePlace.place ?? '');
      const answer = named && (await directoryAnswer.servicePlace(named));
      return answer && { body: bodyOf(answer) };
    }
    if (matchApiPath(REVIEWS_PATHS.list, url.pathname)) {
      const { professionalId: raw, ...rest } = query;
      const { items, total } = await listPublicReviews({ prisma }, { professionalId: professionalId(raw ?? null), ...ReviewListQuery.parse(rest) });
      return { body: asSent(items), total };
    }
    if (matchApiPath(REVIEWS_PATHS.summary, url.pathname)) {
      return { body: asSent(await getReviewSummary({ prisma }, { professionalId: professionalId(url.searchParams.get('professionalId')) })) };
    }
    throw new Error(`${url.pathname} is not an answer the server renders pages with`);
  };
}

/**
 * The server-render entry of the build in `staticDir`, imported once (again after a rebuild in
 * development), or null when the build has none or it cannot be loaded (logged once per build).
 */
export function firstScreenRenderers({ staticDir, logger }: { staticDir: string; logger: Logger }): () => Promise<FirstScreenRenderer | null> {
  const file = path.resolve(staticDir, '.vite', 'ssr', 'server-render.js');
  let loaded: { mtimeMs: number; renderer: Promise<FirstScreenRenderer | null> } | undefined;
  return async () => {
    const mtimeMs = await stat(file).then((s) => s.mtimeMs, () => 0);
    if (mtimeMs === 0) return null;
    if (loaded?.mtimeMs !== mtimeMs) {
      const renderer = import(`${pathToFileURL(file).href}?v=${mtimeMs}`).then(
        (module: Partial<FirstScreenRenderer>) => (typeof module.renderFirstScreen === 'function' ? (module as FirstScreenRenderer) : null),
        (err: unknown) => {
          logger.error({ err, file }, 'the server-render entry could not be loaded: pages are served without server rendering');
          return null;
        },
      );
      loaded = { mtimeMs, renderer };
    }
    return loaded.renderer;
  };
}

/** The element holding a first screen's answers (data, never run: the CSP has nothing to allow). */
export function firstScreenDataTag(screen: Pick<FirstScreen, 'data'>): string {
  return `<script type="application/json" id="${FIRST_SCREEN_DATA_ID}">${jsonForScript(screen.data)}</script>`;
}
