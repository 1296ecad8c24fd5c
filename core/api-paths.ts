// The public API paths named in more than one place, once: the routers register them (under
// API_PREFIX), the server's first-screen loader (api/src/spa/first-screen.ts) matches the paths
// the SPA asks for against them, and the SPA builds its SWR keys from them. A pattern is a path
// with `:name` segments, in the routers' syntax.

export const API_PREFIX = '/api';

export const PROFESSIONALS_PATHS = {
  /** A page of the directory's matches (GET, core/directory-query.ts). */
  list: '/professionals',
  /** Every located match, for the map. */
  map: '/professionals/map',
  /** One live professional by slug (`?near=` for its distance); no slug is longer than MAX_SLUG_LENGTH. */
  bySlug: '/professionals/slug/:slug',
  /** The same by all-digit id. */
  byId: '/professionals/:id',
  /** A map popup's card. */
  card: '/professionals/:id/card',
} as const;

/** The answers the same for every visitor that a whole page is made from: the home page's figures and /locations' regions. */
export const SUMMARY_PATHS = {
  /** HomeSummary (GET). */
  home: '/home',
  /** RegionSummary[] (GET). */
  locations: '/locations',
  /** A service-and-place page's ServicePlaceSummary (GET; slugs of core/service-places.ts), 404 when it has no live listing. */
  servicePlace: '/service-places/:service/:place',
  /** ServicePlacesOfService: every place with live listings of a service (GET), 404 for no service. */
  servicePlaces: '/service-places/:service',
} as const;

/** A longer slug in an address is no professional's (404 without a lookup). */
export const MAX_SLUG_LENGTH = 200;

export const REVIEWS_PATHS = {
  /** A professional's visible reviews (`?professionalId=`). */
  list: '/reviews',
  /** Their rating breakdown. */
  summary: '/reviews/summary',
} as const;

/** The full path of a router's pattern ('/professionals' → '/api/professionals'). */
export function apiPath(pattern: string): string {
  return `${API_PREFIX}${pattern}`;
}

/**
 * The parameters of `pathname` if it matches the API path of `pattern` (each `:name` one
 * non-empty segment, percent-decoded), else null (also for a segment that does not decode).
 */
export function matchApiPath(pattern: string, pathname: string): Record<string, string> | null {
  const want = apiPath(pattern).split('/');
  const got = pathname.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (const [i, part] of want.entries()) {
    const segment = got[i]!;
    if (!part.startsWith(':')) {
      if (segment !== part) return null;
      continue;
    }
    if (segment === '') return null;
    try {
      params[part.slice(1)] = decodeURIComponent(segment);
    } catch {
      return null;
    }
  }
  return params;
}
