// Social platforms: each one's name as the site shows it, once. Which platforms a place offers
// differs by the spec: an application offers ten (core/billing.ts), a listing stores six
// (LISTING_SOCIAL_KEYS), its public profile shows five under 'Connect Online', and the footer
// shows the site's own four.
export const SOCIAL_LABELS = {
  linkedin: 'LinkedIn',
  github: 'GitHub',
  facebook: 'Facebook',
  instagram: 'Instagram',
  twitter: 'X (Twitter)',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  trustpilot: 'Trustpilot',
  website: 'Website',
  other: 'Other',
} as const;
export type SocialLabelKey = keyof typeof SOCIAL_LABELS;

/** The social links a listing stores and its owner edits on My Profile (the spec's professional fields). */
export const LISTING_SOCIAL_KEYS = ['linkedin', 'github', 'facebook', 'instagram', 'twitter', 'trustpilot'] as const;
export type ListingSocialKey = (typeof LISTING_SOCIAL_KEYS)[number];

/** Each key with its label, in the given order. */
export function labelled<K extends SocialLabelKey>(keys: readonly K[]): { key: K; label: string }[] {
  return keys.map((key) => ({ key, label: SOCIAL_LABELS[key] }));
}
