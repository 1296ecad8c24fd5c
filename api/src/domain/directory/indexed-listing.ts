// One listed professional as the directory index holds it (decision 0019), and what the index
// tells its listeners (the answer cache) when listings change. Shared by the index's files and the
// answer cache, so neither imports the other's internals.
import { SERVICES } from '../../../../core/services';
import type { IndexedDocument } from './text-search';

if (SERVICES.length > 31) throw new Error('the directory index keeps services in a 31-bit mask');
const SERVICE_BIT = new Map<string, number>(SERVICES.map((service, i) => [service, 1 << i]));

/** A service's bit in IndexedListing.serviceMask (its place in SERVICES); 0 for one we do not offer. */
export function serviceBit(service: string): number {
  return SERVICE_BIT.get(service) ?? 0;
}

/** The services' bits together (IndexedListing.serviceMask). */
export function serviceMaskOf(services: readonly string[]): number {
  let mask = 0;
  for (const service of services) mask |= serviceBit(service);
  return mask;
}

/** One listed professional as the index holds it. Replaced, never changed, when its row changes. */
export interface IndexedListing {
  id: number;
  /** Its services as bits (serviceBit). */
  serviceMask: number;
  region: string;
  /** NaN when the professional has no stored position. */
  lat: number;
  lng: number;
  ratingTenths: number;
  reviewCount: number;
  /** The hourly equivalent in pence; -1 when none (project-based or no rate). */
  hourlyPence: number;
  projectBased: boolean;
  createdMs: number;
  companyName: string;
  /** core/work-mode.ts (null: not given): filters.ts workModeFilter's column, copied on by index-row.ts. */
  workMode?: string | null;
  /** The filters' own columns (filters.ts), copied on by index-row.ts: core/listing-fields.ts EMPLOYEE_COUNTS (null: not given). */
  employeeCount?: string | null;
  /** Kept by the database from approved credentials in force (decision 0041). */
  isInsured?: boolean;
  hasCyberEssentials?: boolean;
  isCompanyRegistered?: boolean;
  acceptingNewClients?: boolean;
  /** A digest of the stored search_vector: the same words need no new postings. */
  textDigest: string;
  text: IndexedDocument;
  /** The listing as the API sends it (ProfessionalListItem JSON, without distanceMiles). */
  json: string;
  /**
   * Its map point as mapPointsJson writes it (`[id,lat,lng]`), and with its name for answers of up
   * to NAMED_MAP_POINTS_LIMIT points (`[id,lat,lng,"name"]`): written once here, not per answer
   * (stringifying each name per request was most of what a large named map cost; decision 0032);
   * null without a position.
   */
  point: { plain: string; named: string } | null;
}

/** What changed, for the answer cache: `listings` null means anything may have. */
export interface DirectoryChange {
  listings: { id: number; before: IndexedListing | undefined; after: IndexedListing | undefined }[] | null;
  /** Professionals whose reviews changed (their own rows may not have). */
  reviewsOf: number[];
}

/** Whether a listing is one a search could include (the search's filters, per listing). */
export type ListingMatcher = (listing: IndexedListing) => boolean;

/**
 * A search's matcher, and what the answer cache files the search's kept answers under, so that a
 * change is tested only against the searches it could alter: the services a matching listing
 * offers one of (`serviceMask` bits; -1 for any, 0 when none can), and the places it is in one of
 * (listing-places.ts; null for anywhere).
 */
export interface SearchMatcher {
  matches: ListingMatcher;
  services: number;
  places: readonly string[] | null;
}
