// schema.org ProfessionalService for a profile page. aggregateRating only with at least one
// review (search engines reject an empty rating); geo only when the worker has located it (the
// public, rounded position); logo and image only when the provider uploaded them (product rule 34).
import type { ProfessionalListItem } from '../../../../core/directory';
import { LOGO_LARGE, mediaUrl, PHOTO_LARGE } from '../../../../core/media';

/** What a profile's JSON-LD is made from: the professional as the directory answers it. */
export type SeoProfessional = ProfessionalListItem;

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
export function priceRange(hourlyRate: string | null, rateType: 'hourly' | 'daily' | null): string | undefined {
  if (hourlyRate === null) return undefined;
  return `£${hourlyRate}/${rateType === 'daily' ? 'day' : 'hour'}`;
}

export function professionalJsonLd(p: SeoProfessional, url: string, description: string): Record<string, unknown> {
  const sameAs = [p.website, p.linkedin, p.github, p.facebook, p.instagram, p.twitter, p.trustpilot].filter(isWebAddress);
  const price = priceRange(p.hourlyRate, p.rateType);
  const origin = new URL(url).origin;
  const logo = p.media.logo ? `${origin}${mediaUrl(p.media.logo.key, LOGO_LARGE)}` : null;
  const images = p.media.photos.map((photo) => `${origin}${mediaUrl(photo.key, PHOTO_LARGE)}`);
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
      ? { geo: { '@type': 'GeoCoordinates', latitude: p.lat, longitude: p.lng } }
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
    ...(logo ? { logo } : {}),
    ...(images.length > 0 || logo ? { image: images.length > 0 ? images : [logo] } : {}),
  };
}
