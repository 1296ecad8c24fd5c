// A complete ProfessionalListItem for component and rendering tests; each test overrides what it is about.
import type { ProfessionalListItem } from '../../../core/directory';
import { PUBLIC_LISTING_FIELDS, readListingFields } from '../../../core/listing-fields';

/** The public listing fields (core/listing-fields.ts), none given: a fixture of a listing spreads them, so a new field needs no edit there. */
export const NO_LISTING_FIELDS = readListingFields({}, PUBLIC_LISTING_FIELDS);

export function makeProfessional(overrides: Partial<ProfessionalListItem> = {}): ProfessionalListItem {
  return {
    id: 7,
    slug: 'acme-web-studio',
    companyName: 'Acme Web Studio',
    contactName: 'Ann Acme',
    email: 'ann@example.com',
    phone: null,
    website: null,
    description: 'Websites for small businesses.',
    services: ['Web Design', 'Web Development', 'SEO & SEM', 'Hosting & Domains'],
    location: 'Manchester and the North West',
    region: 'Manchester',
    postcode: 'M1 1AA',
    hourlyRate: '45',
    rateType: 'hourly',
    isProjectBased: false,
    rating: 4.5,
    reviewCount: 12,
    replyTimeMinutes: null,
    quoteRequestsSettled: 0,
    quoteRequestsAnswered: 0,
    linkedin: null,
    github: null,
    facebook: null,
    instagram: null,
    twitter: null,
    trustpilot: null,
    media: { logo: null, photos: [] },
    foundedYear: null,
    languages: [],
    caseStudies: [],
    verifiedChecks: [],
    lat: 53.48,
    lng: -2.24,
    createdAt: '2025-01-01T00:00:00Z',
    updatedAt: '2025-01-01T00:00:00Z',
    ...NO_LISTING_FIELDS,
    ...overrides,
  };
}
