// The directory's HTTP contract, shared by the API (parses queries, shapes answers) and the front
// end (builds query strings, reads answers). Query parameters keep the spec's names (section 7);
// `search`, `near`, `radiusMiles`, `sort`, `limit` and `offset` are additions (issue 3).
import { z } from 'zod';
import { text } from './text';
import { ALL_UK, findLocation } from './locations';
import { ALL_SERVICES, SERVICES, type Service } from './services';

export const SORTS = ['relevance', 'distance', 'rating', 'price', 'newest'] as const;
export type Sort = (typeof SORTS)[number];

export const DEFAULT_PAGE_SIZE = 24;
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_RADIUS_MILES = 25;
export const MAX_RADIUS_MILES = 600;
/** Response header carrying the number of matches of a list query (the body stays an array). */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';

const serviceByLowerName = new Map(SERVICES.map((s) => [s.toLowerCase(), s]));

const optionalNumber = (label: string, min: number, max: number, { isInteger = false } = {}) =>
  text()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return undefined;
      const n = Number(v);
      if (!Number.isFinite(n)) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a number` });
        return z.NEVER;
      }
      if (isInteger && !Number.isInteger(n)) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a whole number` });
        return z.NEVER;
      }
      if (n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: `${label} must be between ${min} and ${max}` });
        return z.NEVER;
      }
      return n;
    });

/**
 * GET /api/professionals (and /api/professionals/map) query string. Defaults ('All Services',
 * 'All UK', empty values) mean "no filter". Unknown services, places and sorts are 400s.
 */
export const DirectoryQuery = z
  .object({
    service: text()
      .trim()
      .optional()
      .transform((v, ctx): Service | undefined => {
        if (!v || v === ALL_SERVICES) return undefined;
        const service = serviceByLowerName.get(v.toLowerCase());
        if (!service) {
          ctx.addIssue({ code: 'custom', message: `Unknown service "${v}"` });
          return z.NEVER;
        }
        return service;
      }),
    location: text()
      .trim()
      .optional()
      .transform((v, ctx) => {
        if (!v || v === ALL_UK) return undefined;
        const place = findLocation(v);
        if (!place) {
          ctx.addIssue({ code: 'custom', message: `Unknown location "${v}"` });
          return z.NEVER;
        }
        return place.name;
      }),
    minRating: optionalNumber('minRating', 0, 5),
    /** Pounds per hour; a daily rate counts as rate ÷ 8 (product rule 16). */
    minHourlyRate: optionalNumber('minHourlyRate', 0, 100_000),
    maxHourlyRate: optionalNumber('maxHourlyRate', 0, 100_000),
    /** Free text over company name, description, services and location (product rule 17). */
    search: text()
      .trim()
      .max(200, 'search must be at most 200 characters')
      .optional()
      .transform((v) => v || undefined),
    /** A UK postcode, outcode or place name to measure distance from. */
    near: text()
      .trim()
      .max(100)
      .optional()
      .transform((v) => v || undefined),
    radiusMiles: optionalNumber('radiusMiles', 0.1, MAX_RADIUS_MILES),
    sort: z.enum(SORTS, { error: `sort must be one of ${SORTS.join(', ')}` }).optional(),
    limit: optionalNumber('limit', 1, MAX_PAGE_SIZE, { isInteger: true }),
    offset: optionalNumber('offset', 0, 1_000_000, { isInteger: true }),
  })
  .refine((q) => q.minHourlyRate === undefined || q.maxHourlyRate === undefined || q.minHourlyRate <= q.maxHourlyRate, {
    message: 'minHourlyRate must not be above maxHourlyRate',
    path: ['minHourlyRate'],
  })
  .refine((q) => q.sort !== 'distance' || q.near !== undefined, {
    message: 'sort=distance needs near (a postcode or place)',
    path: ['sort'],
  });
export type DirectoryQuery = z.output<typeof DirectoryQuery>;

/**
 * Positions the public side shows are rounded to 3 decimals (about 110 m north-south): plenty to
 * place a marker, and a sole trader's stored position (a full postcode) is not handed out as more
 * exact than that. Distances are measured on the stored positions.
 */
export const PUBLIC_COORDINATE_DECIMALS = 3;

export function publicCoordinate(value: number): number {
  const factor = 10 ** PUBLIC_COORDINATE_DECIMALS;
  return Math.round(value * factor) / factor;
}

/**
 * A professional as the directory, home page and profile receive it: what the profile shows, and
 * nothing internal (no approval or subscription state, never Stripe ids).
 */
export interface ProfessionalListItem {
  id: number;
  slug: string;
  companyName: string;
  contactName: string;
  email: string;
  phone: string | null;
  website: string | null;
  description: string;
  services: string[];
  /** Service area, in the professional's words. */
  location: string;
  /** One of core/locations' places. */
  region: string;
  postcode: string;
  /** The rate in pounds as text ('45', '37.50'), per rateType; null when project based or not given. */
  hourlyRate: string | null;
  rateType: 'hourly' | 'daily' | null;
  isProjectBased: boolean;
  /** 0.0 to 5.0, one decimal. */
  rating: number;
  reviewCount: number;
  linkedin: string | null;
  github: string | null;
  facebook: string | null;
  instagram: string | null;
  twitter: string | null;
  trustpilot: string | null;
  /** The map position, rounded to PUBLIC_COORDINATE_DECIMALS (about 100 m). */
  lat: number | null;
  lng: number | null;
  /** Present when the query had `near`: miles from that point, one decimal. */
  distanceMiles?: number;
  createdAt: string;
  updatedAt: string;
}

/** GET /api/professionals/map: every match of the filters (not just a page), compact. */
export interface MapPoints {
  /** Matches of the filters, located or not. */
  total: number;
  /** [id, lat, lng] of each located match; details for a popup come from GET /api/professionals/{id}/card. */
  points: [number, number, number][];
}

/** GET /api/professionals/{id}/card: what a map popup shows. */
export interface ProfessionalCard {
  id: number;
  slug: string;
  companyName: string;
  region: string;
  services: string[];
  rating: number;
  reviewCount: number;
  hourlyRate: string | null;
  rateType: 'hourly' | 'daily' | null;
}

/** GET /api/reviews?professionalId= items (public reviews only, newest first). */
export interface ReviewItem {
  id: number;
  professionalId: number;
  rating: number;
  title: string;
  comment: string;
  createdAt: string;
  projectType: string | null;
  wouldRecommend: boolean;
  isVerified: boolean;
  /** First name and last initial ('Sam T.'). */
  authorName: string;
  reply: string | null;
  repliedAt: string | null;
}

/** GET /api/home: the home page in one call (product rules 6 and 18). */
export interface HomeSummary {
  categories: { label: string; service: string; count: number }[];
  /** Up to 3 live professionals with rating and reviewCount above 0, best first. */
  topRated: ProfessionalListItem[];
  /** Live figures (never invented): */
  stats: {
    verifiedProfessionals: number;
    publishedReviews: number;
    /** Share of reviewers who would recommend (each by their latest review), whole percent, rounded down; null without reviews. */
    recommendPercent: number | null;
    regionsCovered: number;
  };
  /** Live professionals in all (for the empty top-rated text). */
  totalProfessionals: number;
}

/** GET /api/locations: professionals grouped by region (product rule 5). */
export interface RegionSummary {
  region: string;
  count: number;
  /** True mean of all reviews of the region's live professionals, one decimal; null without reviews. */
  averageRating: number | null;
  /** Up to 3 services by count, descending. */
  popularServices: string[];
}
