// What a professional's card (and a map popup) shows, as pure functions so they can be unit tested:
// avatar initials, the price line, the services line and the rating text.

/** Initials from the first two words of the company name: 'Acme Web Studio' → 'AW'. */
export function initialsOf(companyName: string): string {
  const words = companyName.trim().split(/\s+/).filter((word) => word !== '');
  const initials = words
    .slice(0, 2)
    .map((word) => Array.from(word)[0] ?? '')
    .join('')
    .toUpperCase();
  return initials === '' ? '?' : initials;
}

/** 'From £45/hour', 'From £350/day'; null when there is no rate (project based or not given). */
export function priceLine(hourlyRate: string | null, rateType: 'hourly' | 'daily' | null): string | null {
  if (hourlyRate === null || hourlyRate.trim() === '') return null;
  return `From £${hourlyRate.trim()}/${rateType === 'daily' ? 'day' : 'hour'}`;
}

/** Up to `max` services shown, and how many more there are ('+N more'). */
export function visibleServices(services: readonly string[], max = 2): { shown: string[]; more: number } {
  return { shown: services.slice(0, max), more: Math.max(0, services.length - max) };
}

/** '4.5' (one decimal, the rating precision). */
export function formatRating(rating: number): string {
  return rating.toFixed(1);
}

/** '1 review', '12 reviews' (core/rating.ts says it for the whole site). */
export { reviewsText as reviewCountText } from '../../../../core/rating';

/** '3.2 miles away' (one decimal, as the API sends it). */
export function distanceText(distanceMiles: number): string {
  return `${distanceMiles.toFixed(1)} ${distanceMiles === 1 ? 'mile' : 'miles'} away`;
}

/**
 * A profile's canonical address (product rule 4); with the postcode or place the visitor searched
 * near, so the profile can say how far away the professional is.
 */
export function profileHref(slug: string, near?: string): string {
  const path = `/professionals/${encodeURIComponent(slug)}`;
  return near ? `${path}?${new URLSearchParams({ near })}` : path;
}
