// schema.org ProfessionalService for a profile page. aggregateRating only with at least one
// review (search engines reject an empty rating); geo only when the worker has located it.
import { publicCoordinate } from '../../../../core/directory';
import { formatPounds } from '../../../../core/plans';

export interface SeoProfessional {
  id: number;
  slug: string;
  companyName: string;
  description: string;
  email: string;
  phone: string | null;
  website: string | null;
  services: string[];
  location: string;
  region: string;
  postcode: string;
  lat: number | null;
  lng: number | null;
  ratePence: number | null;
  rateType: 'hourly' | 'daily' | null;
  rating: number;
  reviewCount: number;
  linkedin: string | null;
  github: string | null;
  facebook: string | null;
  instagram: string | null;
  twitter: string | null;
  trustpilot: string | null;
  updatedAt: Date;
}

function isWebAddress(value: string | null): value is string {
  if (!value) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** '£45/hour', '£37.50/hour', '£350/day'; undefined when project based or not given. */
export function priceRange(ratePence: number | null, rateType: 'hourly' | 'daily' | null): string | undefined {
  if (ratePence === null) return undefined;
  return `${formatPounds(ratePence)}/${rateType === 'daily' ? 'day' : 'hour'}`;
}

export function professionalJsonLd(p: SeoProfessional, url: string, description: string): Record<string, unknown> {
  const sameAs = [p.website, p.linkedin, p.github, p.facebook, p.instagram, p.twitter, p.trustpilot].filter(isWebAddress);
  const price = priceRange(p.ratePence, p.rateType);
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfessionalService',
    '@id': url,
    name: p.companyName,
    url,
    description,
    email: p.email,
    ...(p.phone ? { telephone: p.phone } : {}),
    address: {
      '@type': 'PostalAddress',
      postalCode: p.postcode,
      addressRegion: p.region,
      addressCountry: 'GB',
    },
    ...(p.lat !== null && p.lng !== null
      ? { geo: { '@type': 'GeoCoordinates', latitude: publicCoordinate(p.lat), longitude: publicCoordinate(p.lng) } }
      : {}),
    ...(price ? { priceRange: price } : {}),
    areaServed: p.location,
    knowsAbout: p.services,
    ...(p.reviewCount > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: p.rating,
            reviewCount: p.reviewCount,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
    ...(sameAs.length > 0 ? { sameAs } : {}),
  };
}
