// The columns the public side reads from `professionals p`, and their mapping to the contract's
// ProfessionalListItem / ProfessionalCard (core/directory.ts). Never Stripe ids or contact data
// beyond what the profile shows.
import { publicCoordinate, type ProfessionalCard, type ProfessionalListItem } from '../../../../core/directory';
import { penceToPoundsText } from '../../../../core/plans';
import { Prisma } from '../../../../prisma/db';

export const LIST_ITEM_COLUMNS = Prisma.sql`p.id, p.slug, p.company_name, p.contact_name, p.email, p.phone, p.website,
  p.description, p.services, p.location, p.region, p.postcode, p.rate_pence, p.rate_type::text AS rate_type,
  p.is_project_based, p.rating::float8 AS rating, p.review_count,
  p.linkedin, p.github, p.facebook, p.instagram, p.twitter, p.trustpilot, p.lat, p.lng, p.created_at, p.updated_at`;

export interface ProfessionalRow {
  id: number;
  slug: string;
  company_name: string;
  contact_name: string;
  email: string;
  phone: string | null;
  website: string | null;
  description: string;
  services: string[];
  location: string;
  region: string;
  postcode: string;
  rate_pence: number | null;
  rate_type: 'hourly' | 'daily' | null;
  is_project_based: boolean;
  rating: number;
  review_count: number;
  linkedin: string | null;
  github: string | null;
  facebook: string | null;
  instagram: string | null;
  twitter: string | null;
  trustpilot: string | null;
  lat: number | null;
  lng: number | null;
  created_at: Date;
  updated_at: Date;
  distance_miles?: number | null;
}

/** Pence → pounds as text: 4500 → '45', 3750 → '37.50'. */
export function formatRate(pence: number | null, isProjectBased: boolean): string | null {
  if (pence === null || isProjectBased) return null;
  return penceToPoundsText(pence);
}

export function toListItem(row: ProfessionalRow): ProfessionalListItem {
  const item: ProfessionalListItem = {
    id: row.id,
    slug: row.slug,
    companyName: row.company_name,
    contactName: row.contact_name,
    email: row.email,
    phone: row.phone,
    website: row.website,
    description: row.description,
    services: row.services,
    location: row.location,
    region: row.region,
    postcode: row.postcode,
    hourlyRate: formatRate(row.rate_pence, row.is_project_based),
    rateType: row.is_project_based ? null : row.rate_type,
    isProjectBased: row.is_project_based,
    rating: Number(row.rating),
    reviewCount: row.review_count,
    linkedin: row.linkedin,
    github: row.github,
    facebook: row.facebook,
    instagram: row.instagram,
    twitter: row.twitter,
    trustpilot: row.trustpilot,
    lat: row.lat === null ? null : publicCoordinate(row.lat),
    lng: row.lng === null ? null : publicCoordinate(row.lng),
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
  if (row.distance_miles !== undefined && row.distance_miles !== null) {
    item.distanceMiles = Math.round(Number(row.distance_miles) * 10) / 10;
  }
  return item;
}

export const CARD_COLUMNS = Prisma.sql`p.id, p.slug, p.company_name, p.region, p.services, p.rating::float8 AS rating,
  p.review_count, p.rate_pence, p.rate_type::text AS rate_type, p.is_project_based`;

export type CardRow = Pick<
  ProfessionalRow,
  'id' | 'slug' | 'company_name' | 'region' | 'services' | 'rating' | 'review_count' | 'rate_pence' | 'rate_type' | 'is_project_based'
>;

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
