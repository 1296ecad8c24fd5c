// The public directory's answers, shared by their routes (routes/professionals.ts, home.ts,
// locations.ts) and the server-rendered first screen (spa/first-screen.ts), so both use one
// answer-cache key per answer and the same source: the directory index when it is ready (decision
// 0019), else SQL. Each answer says what it rests on, so the cache forgets it only for a change
// that can alter it. The home page's figures and /locations' regions are computed again shortly
// after every change (keepWarm), so no visitor waits for them.
import type { DirectoryQuery } from '../../../../core/directory-query';
import { servicePlacePath, slugOf, type ServicePlace } from '../../../../core/service-places';
import type { Service } from '../../../../core/services';
import type { PrismaClient } from '../../../../prisma/db';
import { queryKey, searchScope, type Answer, type AnswerCache } from './answer-cache';
import type { DirectoryIndex } from './directory-index';
import type { PagePlace } from './page-place';
import { getHomeSummary } from './home-summary';
import { listRegionSummaries } from './region-summaries';
import { countMatches, findLiveCard, findLiveProfessional, findPage, mapPointsJson } from './search-professionals';
import { placesOfService, servicePlaceSummary } from './service-place-summary';

/** The summaries are the same for everyone and change only with the listings: browsers may keep them a minute. */
const SUMMARY_HEADERS = { 'Cache-Control': 'public, max-age=60' };

/** Sort and page don't change which professionals match: the total and the map ignore them. */
const PAGE_ONLY = ['sort', 'limit', 'offset'] as const;

export interface DirectoryAnswers {
  /** A page of ProfessionalListItem, its total in the X-Total-Count header. */
  list(query: DirectoryQuery): Promise<Answer>;
  /** MapPoints for every match. */
  map(query: DirectoryQuery): Promise<Answer>;
  /** One live professional (by slug or id, as asked), or null. */
  professional(where: { slug: string } | { id: number }, near: string | undefined): Promise<Answer | null>;
  /** A ProfessionalCard for a map popup, or null. */
  card(id: number): Promise<Answer | null>;
  /** The home page's HomeSummary. */
  home(): Promise<Answer>;
  /** RegionSummary[] for /locations. */
  locations(): Promise<Answer>;
  /** A service-and-place page's ServicePlaceSummary, or null when it has no live listing (no page). */
  servicePlace(servicePlace: ServicePlace): Promise<Answer | null>;
  /** ServicePlacesOfService: the places a service has live listings in (an empty list when none). */
  servicePlaces(service: Service): Promise<Answer>;
}

export function directoryAnswers({
  prisma,
  answers,
  directory,
}: {
  prisma: PrismaClient;
  answers: AnswerCache;
  directory: DirectoryIndex | null;
}): DirectoryAnswers {
  /** A search's answer rests on the listings it could include (when the index can tell which). */
  const scopeOf = (query: DirectoryQuery, kind: 'listings' | 'points', page?: PagePlace) => searchScope(directory?.matcherFor(query) ?? null, kind, page);
  const home = async () => (await answers.answer('home', async () => ({ body: await getHomeSummary({ prisma, directory }), headers: SUMMARY_HEADERS })))!;
  const locations = async () => (await answers.answer('locations', async () => ({ body: await listRegionSummaries({ prisma, directory }), headers: SUMMARY_HEADERS })))!;
  answers.keepWarm(home);
  answers.keepWarm(locations);
  /** How many listings a search matches: the index's total, else SQL's, kept like the directory's own counts. */
  const count = (query: DirectoryQuery) =>
    answers.value(
      `count?${queryKey(query, PAGE_ONLY)}`,
      async () => (directory ? (await directory.page({ ...query, limit: 1, offset: 0 }))?.total : undefined) ?? countMatches({ prisma }, query),
      () => 8,
    );

  return {
    home,
    locations,

    list: async (query) =>
      (await answers.answer(`list?${queryKey(query)}`, async () => {
        const fromIndex = directory ? await directory.page(query) : null;
        if (fromIndex) return { body: fromIndex.json, total: fromIndex.total, scope: scopeOf(query, 'listings', fromIndex.place) };
        const [items, total] = await Promise.all([
          findPage({ prisma }, query),
          answers.value(`count?${queryKey(query, PAGE_ONLY)}`, () => countMatches({ prisma }, query), () => 8),
        ]);
        return { body: items, total };
      }))!,

    map: async (query) =>
      (await answers.answer(`map?${queryKey(query, PAGE_ONLY)}`, async () => {
        const fromIndex = directory ? await directory.mapJson(query) : null;
        if (fromIndex !== null) return { body: fromIndex, scope: scopeOf(query, 'points') };
        return { body: await mapPointsJson({ prisma }, query) };
      }))!,

    professional: (where, near) =>
      answers.answer(`${'slug' in where ? `slug/${where.slug}` : `id/${where.id}`}?near=${near ?? ''}`, async () => {
        const item = await findLiveProfessional({ prisma }, { ...where, near });
        return item && { body: item, scope: { kind: 'professionals', ids: [item.id] } };
      }),

    servicePlace: (servicePlace) =>
      answers.answer(`service-place${servicePlacePath(servicePlace.service, servicePlace.place.name)}`, async () => {
        const summary = await servicePlaceSummary({ prisma, count }, servicePlace);
        return summary && { body: summary, headers: SUMMARY_HEADERS };
      }),

    servicePlaces: async (service) =>
      (await answers.answer(`service-places/${slugOf(service)}`, async () => ({ body: await placesOfService(count, service), headers: SUMMARY_HEADERS })))!,

    card: (id) =>
      answers.answer(`card/${id}`, async () => {
        const card = await findLiveCard({ prisma }, { id });
        return card && { body: card, scope: { kind: 'professionals', ids: [id] } };
      }),
  };
}
