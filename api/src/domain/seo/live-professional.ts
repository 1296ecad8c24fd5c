// The one rule for what search engines may see: a professional is live when approved and its
// subscription is active (the same rule as the directory's).
export const LIVE_PROFESSIONAL = { isApproved: true, subscriptionStatus: 'active' } as const;

/** PUBLIC_URL without a trailing slash: 'https://itconnect.example'. */
export function siteOrigin(publicUrl: string): string {
  return publicUrl.replace(/\/+$/, '');
}

/** /professionals/{slug}, as the SPA links it (product rule 4). */
export function profilePath(slug: string): string {
  return `/professionals/${encodeURIComponent(slug)}`;
}

/** /professionals?location={region}, as the locations page links it. */
export function regionPath(region: string): string {
  return `/professionals?location=${encodeURIComponent(region)}`;
}
