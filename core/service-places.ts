// The addresses of the service-and-place pages (issue 33, decision 0038): one page per service
// of core/services.ts in each place of core/locations.ts, at /{service}/{place} ('/web-design/leeds',
// '/seo-sem/greater-london'). Each slug is the name in lower case with every run of other
// characters made one hyphen; both lists are fixed, so a slug is read back through a table, never
// guessed. The page is the directory's search with those two filters (the same listings as
// /professionals?service=Web%20Design&location=Leeds, whose canonical address it is).
import { countOf, formatPoundsGrouped } from './counts';
import { boundingBox, haversineMiles, KM_PER_MILE } from './geo/distance';
import { HOURS_PER_DAY } from './hourly-rate';
import { UK_LOCATIONS, type LocationKind, type UkLocation } from './locations';
import { SERVICES, type Service } from './services';

/** Below this many live listings a page is still served (a visitor may land on it) but marked noindex: a thinner page is not worth a search engine's result. */
export const SERVICE_PLACE_INDEX_MIN_LISTINGS = 3;

/** 'Web Design' → 'web-design', 'SEO & SEM' → 'seo-sem', 'Derry/Londonderry' → 'derry-londonderry'. */
export function slugOf(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

const SERVICE_BY_SLUG: ReadonlyMap<string, Service> = new Map(SERVICES.map((service) => [slugOf(service), service]));
const PLACE_BY_SLUG: ReadonlyMap<string, UkLocation> = new Map(UK_LOCATIONS.map((place) => [slugOf(place.name), place]));

export interface ServicePlace {
  service: Service;
  place: UkLocation;
}

/** The page's address: '/web-design/leeds'. */
export function servicePlacePath(service: string, place: string): string {
  return `/${slugOf(service)}/${slugOf(place)}`;
}

/** The service and place an address's two slugs name, or null when either names none (the page is then a 404). */
export function readServicePlace(serviceSlug: string, placeSlug: string): ServicePlace | null {
  const service = SERVICE_BY_SLUG.get(serviceSlug);
  const place = PLACE_BY_SLUG.get(placeSlug);
  return service && place ? { service, place } : null;
}

/** The page of `service` in `place` when these pages have both (a listing's region is always a place), else null. */
export function knownServicePlacePath(service: string, place: string): string | null {
  return SERVICE_BY_SLUG.has(slugOf(service)) && PLACE_BY_SLUG.has(slugOf(place)) ? servicePlacePath(service, place) : null;
}

/** The service an address's slug names, or null. */
export function readService(serviceSlug: string): Service | null {
  return SERVICE_BY_SLUG.get(serviceSlug) ?? null;
}

/** Every service slug: the first segment an address must have to be one of these pages. */
export const SERVICE_SLUGS: readonly string[] = [...SERVICE_BY_SLUG.keys()];

/** Up to this many nearest other places, and other services, a page links to. */
export const SERVICE_PLACE_NEARBY_MAX = 6;
export const SERVICE_PLACE_RELATED_MAX = 8;

/**
 * GET /api/service-places/{service}/{place}: the facts a service-and-place page is built from, all
 * counted from the live listings of the directory search it is (a 404 when there are none).
 */
export interface ServicePlaceSummary {
  service: Service;
  place: { name: string; kind: LocationKind };
  /** Its own address ('/web-design/leeds'). */
  path: string;
  /** Live listings: the directory search's total. */
  count: number;
  /** True mean of their published reviews, one decimal; null without reviews. */
  averageRating: number | null;
  reviewCount: number;
  /** Their rates as hourly equivalents (a day's rate over HOURS_PER_DAY), in pence; null when none gives a rate. */
  hourlyRange: { minPence: number; maxPence: number; listings: number } | null;
  /** Those who quote per project, with no hourly or daily rate. */
  projectBased: number;
  /** The nearest other places with live listings of this service, nearest first. */
  nearby: { name: string; path: string; count: number }[];
  /** Other services with live listings here, most first. */
  related: { service: Service; path: string; count: number }[];
  /** Search engines may index it: at least SERVICE_PLACE_INDEX_MIN_LISTINGS listings. */
  indexable: boolean;
  /**
   * How many of its listings each yes/no filter of the directory finds (issue 34), each the
   * directory search's own count, so the page's link finds exactly that many; a zero is left out.
   */
  checks: { filter: ServicePlaceCheck; count: number }[];
}

/** The directory's yes/no filters a service-and-place page counts (core/directory-params.ts), in the order it shows them. */
export const SERVICE_PLACE_CHECKS = ['insured', 'cyberEssentials', 'companyRegistered', 'acceptingNewClients'] as const;
export type ServicePlaceCheck = (typeof SERVICE_PLACE_CHECKS)[number];

/** How the page names each count's listings ('Insured: 3'). */
export const SERVICE_PLACE_CHECK_LABELS: Readonly<Record<ServicePlaceCheck, string>> = {
  insured: 'Insured (checked by us)',
  cyberEssentials: 'With Cyber Essentials (checked by us)',
  companyRegistered: 'Registered companies (checked by us)',
  acceptingNewClients: 'Taking on new clients',
};

/** GET /api/service-places/{service}: the service-and-place pages of a service, most listings first (the directory's links to them). */
export interface ServicePlacesOfService {
  service: Service;
  places: { name: string; path: string; count: number }[];
}

/** 'Web Design in Leeds': the page's heading, and its title's start. */
export function servicePlaceHeading(service: string, place: string): string {
  return `${service} in ${place}`;
}

/** 'Web Design in Leeds – 3 IT professionals': the page's title, the same in the server's head and the browser's tab. */
export function servicePlaceTitle(s: Pick<ServicePlaceSummary, 'service' | 'place' | 'count'>): string {
  return `${servicePlaceHeading(s.service, s.place.name)} – ${countOf(s.count, 'IT professional', 'IT professionals')}`;
}

/** '£37.50 to £45 an hour', '£45 an hour'. */
export function hourlyRangeText(range: NonNullable<ServicePlaceSummary['hourlyRange']>): string {
  const low = formatPoundsGrouped(range.minPence);
  return range.minPence === range.maxPence ? `${low} an hour` : `${low} to ${formatPoundsGrouped(range.maxPence)} an hour`;
}

/**
 * The page's introduction, sentence by sentence, each from a figure of the summary and said only
 * when the figure exists: no claim the data does not make, and pages differ as their data does.
 */
export function servicePlaceIntro(s: ServicePlaceSummary): string[] {
  const sentences = [`${countOf(s.count, `live ${s.service} professional is`, `live ${s.service} professionals are`)} based in or around ${s.place.name} on ITConnect.`];
  if (s.averageRating !== null) {
    sentences.push(`${countOf(s.reviewCount, 'published review gives', 'published reviews give')} them an average of ${s.averageRating.toFixed(1)} stars.`);
  } else {
    sentences.push(s.count === 1 ? 'They have no published review yet.' : 'None of them has a published review yet.');
  }
  if (s.hourlyRange) {
    const who = s.hourlyRange.listings === s.count ? 'They charge' : countOf(s.hourlyRange.listings, 'of them charges', 'of them charge');
    sentences.push(`${who} ${hourlyRangeText(s.hourlyRange)} (a day's rate counted as ${HOURS_PER_DAY} hours).`);
  }
  if (s.projectBased === s.count) sentences.push(s.count === 1 ? 'They quote per project, with no hourly rate.' : 'They all quote per project, with no hourly rate.');
  else if (s.projectBased > 0) sentences.push(`${countOf(s.projectBased, 'of them quotes', 'of them quote')} per project instead.`);
  if (s.nearby[0]) sentences.push(`The nearest other ${s.place.kind} with ${s.service} professionals is ${s.nearby[0].name}.`);
  return sentences;
}

/** What a listing needs for isInPlace: its region (a place's name) and its stored position (null: not geocoded). */
export interface ListingWhereabouts {
  region: string;
  lat: number | null;
  lng: number | null;
}

interface PlaceArea {
  miles: number;
  minLat: number;
  maxLat: number;
  minLng: number;
  maxLng: number;
}
const AREAS = new Map<string, PlaceArea>();

/**
 * Whether a listing belongs to a place, the rule of the directory's `location` filter (the API's
 * api/src/domain/directory/filters.ts, in SQL and in its index): its region is the place, or its
 * position is inside the place's circle of radiusKm, tested as the API does (the box first, then
 * the great-circle distance in the same arithmetic). The worker's sitemaps count service-and-place
 * pages with it; tests/integration/sitemap-counts.int.test.ts holds the two to the same answers.
 */
export function isInPlace(place: UkLocation, listing: ListingWhereabouts): boolean {
  if (listing.region === place.name) return true;
  const { lat, lng } = listing;
  if (lat === null || lng === null) return false;
  let area = AREAS.get(place.name);
  if (!area) {
    const miles = place.radiusKm / KM_PER_MILE;
    area = { miles, ...boundingBox(place.lat, place.lng, miles) };
    AREAS.set(place.name, area);
  }
  return (
    lat >= area.minLat && lat <= area.maxLat && lng >= area.minLng && lng <= area.maxLng && haversineMiles(place.lat, place.lng, lat, lng) <= area.miles
  );
}
