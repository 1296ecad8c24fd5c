// The directory's HTTP contract, shared by the API (shapes answers) and the front end (builds
// query strings, reads answers): constants and answer types. Zod-free, so the SPA's pages import it
// without zod; the query schema the API parses with is core/directory-query.ts. Query parameters keep
// the spec's names (section 7); `search`, `near`, `radiusMiles`, `sort`, `limit` and `offset` are
// additions (issue 3).
import type { StoredPublicListingFields } from './listing-fields';
import type { ProfessionalMedia } from './media';
import type { CaseStudy } from './case-studies';
import type { PublicCheck } from './credentials';

export const SORTS = ['relevance', 'distance', 'rating', 'price', 'newest'] as const;
export type Sort = (typeof SORTS)[number];

export const DEFAULT_PAGE_SIZE = 24;
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_RADIUS_MILES = 25;
export const MAX_RADIUS_MILES = 600;
/** Response header carrying the number of matches of a list query (the body stays an array). */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';


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
 * The stored fields of a professional the public side reads, once: the API's SQL column list, its
 * Prisma selects (My Profile and page heads build on it) and ProfessionalListItem all follow this.
 * Nothing internal: no approval or subscription state, no Stripe ids.
 */
export const PUBLIC_PROFESSIONAL_FIELDS = [
  'id',
  'slug',
  'companyName',
  'contactName',
  'email',
  'phone',
  'website',
  'description',
  'services',
  'location',
  'region',
  'postcode',
  'ratePence',
  'rateType',
  'isProjectBased',
  'rating',
  'reviewCount',
  'replyTimeMinutes',
  'quoteRequestsSettled',
  'quoteRequestsAnswered',
  'linkedin',
  'github',
  'facebook',
  'instagram',
  'twitter',
  'trustpilot',
  'media',
  'workMode',
  'travelMiles',
  'employeeCount',
  'acceptingNewClients',
  'foundedYear',
  'languages',
  'caseStudies',
  'verifiedChecks',
  'lat',
  'lng',
  'createdAt',
  'updatedAt',
] as const;
export type PublicProfessionalField = (typeof PUBLIC_PROFESSIONAL_FIELDS)[number];

/**
 * A professional as the directory, home page and profile receive it: PUBLIC_PROFESSIONAL_FIELDS,
 * with the rate as text (product rule 16) and positions rounded.
 */
export interface ProfessionalListItem extends StoredPublicListingFields {
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
  /**
   * Median minutes to a first answer, once the professional has answered at least 5 threads
   * (product rule 28; the worker's recalculate-reply-time); null until then.
   */
  replyTimeMinutes: number | null;
  /**
   * Requests for quotes received and settled (answered, or closed unanswered; spam left out), and
   * how many of them were answered: the reply rate, shown from QUOTE_REPLY_RATE_MIN_REQUESTS
   * (product rule 42; the worker's recalculate-quote-reply-rate).
   */
  quoteRequestsSettled: number;
  quoteRequestsAnswered: number;
  linkedin: string | null;
  github: string | null;
  facebook: string | null;
  instagram: string | null;
  twitter: string | null;
  trustpilot: string | null;
  /** The logo and photos of work (core/media.ts); none: the card and profile show initials. */
  media: ProfessionalMedia;
  /** The year the business began (core/profile-facts.ts); null: not given. */
  foundedYear: number | null;
  /** Languages worked in (core/profile-facts.ts LANGUAGES). */
  languages: string[];
  /** Up to 6 case studies (core/case-studies.ts). */
  caseStudies: CaseStudy[];
  /**
   * Approved checks (core/credentials.ts), as stored: a reader shows only those in force
   * (checksInForce), since one may lapse before the worker's daily run removes it.
   */
  verifiedChecks: PublicCheck[];
  /** The map position, rounded to PUBLIC_COORDINATE_DECIMALS (about 100 m). */
  lat: number | null;
  lng: number | null;
  /** Present when the query had `near`: miles from that point, one decimal. */
  distanceMiles?: number;
  createdAt: string;
  updatedAt: string;
}

/** The company name is left out of an answer with more than 20,000 matches (its size; see mapPointsJson). */
export type MapPoint = [id: number, lat: number, lng: number, companyName?: string];

/** GET /api/professionals/map: every match of the filters (not just a page), compact. */
export interface MapPoints {
  /** Matches of the filters, located or not. */
  total: number;
  /** [id, lat, lng, company name] of each located match (the name labels the marker; left out of
   * very large answers); details for a popup come from GET /api/professionals/{id}/card. */
  points: MapPoint[];
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

/**
 * GET /api/reviews?professionalId= items: visible reviews only (published, not hidden), newest
 * first unless `sort` says otherwise.
 */
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
  /** The reviewer picked the professional through a request for quotes (product rule 43). */
  foundThroughQuote: boolean;
  /** First name and last initial ('Sam T.'). */
  authorName: string;
  /** When the author last changed it (the profile says 'Edited'); null if never. */
  editedAt: string | null;
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
  /** Every service its live professionals offer, by count, descending (the links to its service-and-place pages). */
  services: string[];
}
