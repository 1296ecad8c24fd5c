// The head of each public page, from its path and query: the home page, the directory (titles
// that follow the filters), each live profile (with JSON-LD: its ProfessionalService and its
// breadcrumbs; 404 for an unknown or hidden one, a redirect for an all-digit id), the
// service-and-place pages (breadcrumbs and the ItemList of the businesses listed; 404 without a
// live listing), and the pages the registry (core/pages.ts) gives a description. Profiles and
// service-and-place pages have a preview image (og-card.ts, decision 0040).
// Other paths keep the template's default head (null).
import type { ProfessionalListItem } from '../../../../core/directory';
import { parseDirectoryQuery, type DirectoryQuery } from '../../../../core/directory-query';
import { findLocation } from '../../../../core/locations';
import { PAGE_DESCRIPTIONS } from '../../../../core/page-descriptions';
import { PAGES, pageAt, type PageInfo } from '../../../../core/pages';
import {
  knownServicePlacePath,
  readServicePlace,
  servicePlaceHeading,
  servicePlaceIntro,
  servicePlacePath,
  servicePlaceTitle,
  type ServicePlace,
  type ServicePlaceSummary,
} from '../../../../core/service-places';
import { isStorableText } from '../../../../core/text';
import type { PrismaClient } from '../../../../prisma/db';
import type { AnswerCache } from '../directory/answer-cache';
import { directoryPageText } from './directory-title';
import { summarise } from './escape';
import { findLiveProfessional as findLiveProfessionalBy } from '../directory/search-professionals';
import { servicePlaceQuery } from '../directory/service-place-summary';
import { profilePath, siteOrigin } from './live-professional';
import { breadcrumbJsonLd, professionalItemListJsonLd, type Crumb } from './json-ld';
import { OG_IMAGE_HEIGHT, OG_IMAGE_WIDTH, ogCardVersion, ogImageAlt, profileOgCard, profileOgPath, servicePlaceOgCard, servicePlaceOgPath, type OgCard } from './og-card';
import { DEFAULT_DESCRIPTION, DEFAULT_TITLE, fullTitle, type PageImage, type PageMeta } from './page-meta';
import { professionalJsonLd, type SeoProfessional } from './professional-json-ld';

export interface ResolvePageMetaDeps {
  prisma: PrismaClient;
  publicUrl: string;
  /** Profiles read for page heads are kept with the directory's answers, until the data changes. */
  answers: Pick<AnswerCache, 'value'>;
  /** A service-and-place page's facts (the directory's cached answer), or null when it has no page. */
  servicePlace: (servicePlace: ServicePlace) => Promise<ServicePlaceSummary | null>;
  /** Whether a directory search has a live listing (the directory's cached answer of that search). */
  hasListings: (query: DirectoryQuery) => Promise<boolean>;
  /** The first page of a directory search, in its order (the directory's cached answer). */
  listings: (query: DirectoryQuery) => Promise<ProfessionalListItem[]>;
}

/** The preview image of a card: its stable address with the card's version, so a change is a new URL. */
function pageImage(origin: string, path: string, card: OgCard): PageImage {
  return { url: `${origin}${path}?v=${ogCardVersion(card)}`, width: OG_IMAGE_WIDTH, height: OG_IMAGE_HEIGHT, alt: ogImageAlt(card) };
}

const HOME_CRUMB = (origin: string): Crumb => ({ name: 'Home', url: `${origin}/` });

/**
 * A profile's trail: Home → the service-and-place page of its first service in its place, else
 * the directory → the profile. That page always exists for a live profile (its region is the
 * place, so it is one of the page's listings); a service or place outside the lists (older data)
 * has none.
 */
function profileCrumbs(origin: string, p: ProfessionalListItem, url: string): Crumb[] {
  const service = p.services[0];
  const place = findLocation(p.region)?.name;
  const path = service !== undefined && place !== undefined ? knownServicePlacePath(service, place) : null;
  const middle: Crumb = path && service && place ? { name: servicePlaceHeading(service, place), url: `${origin}${path}` } : { name: 'IT professionals', url: `${origin}${PAGES.directory.path}` };
  return [HOME_CRUMB(origin), middle, { name: p.companyName, url }];
}

export interface PageRequest {
  path: string;
  query: Record<string, string | string[] | undefined>;
  /** The raw query string ('' or 'near=M1'), kept on a redirect. */
  querystring: string;
}

const PROFILE_PATH = /^\/professionals\/([^/]+)\/?$/;

function findLiveProfessional({ prisma, answers }: ResolvePageMetaDeps, param: string): Promise<SeoProfessional | null> {
  return answers.value(`seo-profile/${param}`, () => readLiveProfessional(prisma, param), (p) => (p ? JSON.stringify(p).length * 2 : 0));
}

/** The professional as the directory answers it: the same query, the same public fields. */
function readLiveProfessional(prisma: PrismaClient, param: string): Promise<SeoProfessional | null> {
  if (/^\d+$/.test(param)) return Number(param) > 2_147_483_647 ? Promise.resolve(null) : findLiveProfessionalBy({ prisma }, { id: Number(param) });
  return findLiveProfessionalBy({ prisma }, { slug: param });
}

function decodeParam(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

async function profileMeta(deps: ResolvePageMetaDeps, origin: string, raw: string, request: PageRequest): Promise<PageMeta> {
  const param = decodeParam(raw);
  const professional = param === null || !isStorableText(param) ? null : await findLiveProfessional(deps, param);
  if (!professional) {
    return {
      status: 404,
      title: fullTitle('Professional Not Found'),
      description: "The professional you're looking for doesn't exist or has been removed.",
      robots: 'noindex, follow',
      ogType: 'website',
    };
  }
  const path = profilePath(professional.slug);
  if (param !== professional.slug) {
    return {
      status: 301,
      title: fullTitle(),
      description: DEFAULT_DESCRIPTION,
      ogType: 'website',
      redirectTo: request.querystring ? `${path}?${request.querystring}` : path,
    };
  }
  const url = `${origin}${path}`;
  const description = summarise(professional.description) || `${professional.companyName}, IT services in ${professional.region}.`;
  return {
    status: 200,
    title: fullTitle(`${professional.companyName} – IT services in ${professional.region}`),
    description,
    canonicalUrl: url,
    ogType: 'profile',
    jsonLd: [professionalJsonLd(professional, url, description), breadcrumbJsonLd(profileCrumbs(origin, professional, url))],
    image: pageImage(origin, profileOgPath(professional.slug), profileOgCard(professional)),
  };
}

const NOT_FOUND_META: PageMeta = { status: 404, title: fullTitle(PAGES.notFound.title), description: DEFAULT_DESCRIPTION, robots: 'noindex, follow', ogType: 'website' };

/** A service-and-place page (decision 0038): its own canonical address, noindex while thin, a 404 without a live listing. */
async function servicePlaceMeta(deps: ResolvePageMetaDeps, origin: string, path: string): Promise<PageMeta> {
  const [, serviceSlug = '', placeSlug = ''] = path.split('/');
  const named = readServicePlace(serviceSlug, placeSlug);
  const summary = named && (await deps.servicePlace(named));
  if (!summary) return NOT_FOUND_META;
  const url = `${origin}${summary.path}`;
  const heading = servicePlaceHeading(summary.service, summary.place.name);
  const professionals = await deps.listings(servicePlaceQuery(summary.service, summary.place.name));
  return {
    status: 200,
    title: fullTitle(servicePlaceTitle(summary)),
    description: summarise(servicePlaceIntro(summary).slice(0, 3).join(' ')),
    canonicalUrl: url,
    ...(summary.indexable ? {} : { robots: 'noindex, follow' }),
    ogType: 'website',
    jsonLd: [
      breadcrumbJsonLd([HOME_CRUMB(origin), { name: 'Locations', url: `${origin}${PAGES.locations.path}` }, { name: heading, url }]),
      professionalItemListJsonLd({ origin, name: heading, url, professionals }),
    ],
    image: pageImage(origin, servicePlaceOgPath(summary.path), servicePlaceOgCard(summary)),
  };
}

/** The directory searched by one service in one place names that service-and-place page as canonical, while it exists. */
async function canonicalServicePlace(deps: ResolvePageMetaDeps, query: PageRequest['query']): Promise<string | null> {
  const parsed = parseDirectoryQuery(query);
  if (!parsed.success) return null;
  const { service, location } = parsed.data;
  const place = location ? findLocation(location) : undefined;
  if (!service || !place) return null;
  return (await deps.hasListings(servicePlaceQuery(service, place.name))) ? servicePlacePath(service, place.name) : null;
}

export async function resolvePageMeta(deps: ResolvePageMetaDeps, request: PageRequest): Promise<PageMeta | null> {
  const origin = siteOrigin(deps.publicUrl);
  const { path } = request;

  if (path === '/' || path === '/index.html') {
    return { status: 200, title: DEFAULT_TITLE, description: DEFAULT_DESCRIPTION, canonicalUrl: `${origin}/`, ogType: 'website' };
  }
  if (path === '/professionals' || path === '/professionals/') {
    const text = directoryPageText(request.query);
    const servicePlacePage = text.canonicalPath === '/professionals' ? null : await canonicalServicePlace(deps, request.query);
    return {
      status: 200,
      title: fullTitle(text.title),
      description: text.description,
      canonicalUrl: `${origin}${servicePlacePage ?? text.canonicalPath}`,
      ...(text.isIndexable ? {} : { robots: 'noindex, follow' }),
      ogType: 'website',
    };
  }
  const profile = PROFILE_PATH.exec(path);
  if (profile) return profileMeta(deps, origin, profile[1]!, request);

  // Pages with a fixed head: the title in the page registry (core/pages.ts), the description in core/page-descriptions.ts.
  const pageId = pageAt(path);
  // An address no page has: the SPA shows its 404 page, and the answer says 404 too (spec: any
  // other path), so search engines and link checkers see it is not a page.
  if (pageId === 'notFound') return NOT_FOUND_META;
  if (pageId === 'servicePlace') return servicePlaceMeta(deps, origin, path);
  const page: PageInfo = PAGES[pageId];
  const description = PAGE_DESCRIPTIONS[pageId];
  if (page.path === path && description) {
    return { status: 200, title: fullTitle(page.title), description, canonicalUrl: `${origin}${path}`, ogType: 'website' };
  }
  return null;
}
