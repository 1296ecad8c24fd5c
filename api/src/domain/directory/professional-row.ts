// The columns the public side reads from `professionals p` (core/directory.ts
// PUBLIC_PROFESSIONAL_FIELDS), and their mapping to the contract's ProfessionalListItem /
// ProfessionalCard. Never Stripe ids or contact data beyond what the profile shows.
import {
  PUBLIC_PROFESSIONAL_FIELDS,
  publicCoordinate,
  type ProfessionalCard,
  type ProfessionalListItem,
  type PublicProfessionalField,
} from '../../../../core/directory';
import { readCaseStudies } from '../../../../core/case-study-input';
import type { PublicCheck } from '../../../../core/credentials';
import { readMedia } from '../../../../core/media-input';
import { penceToPoundsText } from '../../../../core/plans';
import { Prisma } from '../../../../prisma/db';

/** The public fields as a Prisma select (My Profile and page heads add to it). */
export const PUBLIC_PROFESSIONAL_SELECT = Object.fromEntries(PUBLIC_PROFESSIONAL_FIELDS.map((field) => [field, true])) as Record<
  PublicProfessionalField,
  true
>;

/** A professional's public fields as Prisma returns them (raw SQL gives the rating as a number). */
export type ProfessionalRow = Omit<Prisma.ProfessionalGetPayload<{ select: typeof PUBLIC_PROFESSIONAL_SELECT }>, 'rating'> & {
  rating: number | Prisma.Decimal;
  /** Present when the query measured a distance (`… AS "distanceMiles"`). */
  distanceMiles?: number | null;
};

/** How raw SQL reads a field whose column needs a cast; the rest are p.<snake_case>. */
const CASTS: Partial<Record<PublicProfessionalField, string>> = { rateType: 'p.rate_type::text', rating: 'p.rating::float8' };

function columnOf(field: string): string {
  return `p.${field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`;
}

/** The public fields for raw SQL over `professionals p`, named as Prisma names them (a ProfessionalRow). */
export const LIST_ITEM_COLUMNS = Prisma.raw(
  PUBLIC_PROFESSIONAL_FIELDS.map((field) => `${CASTS[field] ?? columnOf(field)} AS "${field}"`).join(', '),
);

/** Pence → pounds as text: 4500 → '45', 3750 → '37.50'. */
export function formatRate(pence: number | null, isProjectBased: boolean): string | null {
  if (pence === null || isProjectBased) return null;
  return penceToPoundsText(pence);
}

export function toListItem({ ratePence, rateType, rating, lat, lng, createdAt, updatedAt, distanceMiles, media, caseStudies, verifiedChecks, ...rest }: ProfessionalRow): ProfessionalListItem {
  const item: ProfessionalListItem = {
    ...rest,
    media: readMedia(media),
    // Written only through checked inputs (case studies) and the credentials' trigger (checks).
    // Read leniently (core/case-study-input.ts): a malformed case study is left out, never sent.
    caseStudies: readCaseStudies(caseStudies),
    verifiedChecks: Array.isArray(verifiedChecks) ? (verifiedChecks as unknown as PublicCheck[]) : [],
    hourlyRate: formatRate(ratePence, rest.isProjectBased),
    rateType: rest.isProjectBased ? null : rateType,
    rating: Number(rating),
    lat: lat === null ? null : publicCoordinate(lat),
    lng: lng === null ? null : publicCoordinate(lng),
    createdAt: new Date(createdAt).toISOString(),
    updatedAt: new Date(updatedAt).toISOString(),
  };
  if (distanceMiles !== undefined && distanceMiles !== null) item.distanceMiles = Math.round(Number(distanceMiles) * 10) / 10;
  return item;
}

export const CARD_COLUMNS = Prisma.sql`p.id, p.slug, p.company_name, p.region, p.services, p.rating::float8 AS rating,
  p.review_count, p.rate_pence, p.rate_type::text AS rate_type, p.is_project_based`;

export interface CardRow {
  id: number;
  slug: string;
  company_name: string;
  region: string;
  services: string[];
  rating: number;
  review_count: number;
  rate_pence: number | null;
  rate_type: 'hourly' | 'daily' | null;
  is_project_based: boolean;
}

export function toCard(row: CardRow): ProfessionalCard {
  return {
    id: row.id,
    slug: row.slug,
    companyName: row.company_name,
    region: row.region,
    services: row.services,
    rating: Number(row.rating),
    reviewCount: row.review_count,
    hourlyRate: formatRate(row.rate_pence, row.is_project_based),
    rateType: row.is_project_based ? null : row.rate_type,
  };
}
