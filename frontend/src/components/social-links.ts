// The footer's Connect column: one icon per configured social address (product rule 11); an
// address that is absent, empty or not http(s) hides its icon.
import type { SiteConfig } from '../../../core/site-config';
import { labelled } from '../../../core/social';

export type SocialPlatform = keyof SiteConfig['social'];

export interface SocialLink {
  platform: SocialPlatform;
  label: string;
  url: string;
}

/** The site's own profiles, in the footer's order. */
const PLATFORMS = labelled(['facebook', 'twitter', 'linkedin', 'instagram'] as const satisfies readonly SocialPlatform[]);

function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

export function socialLinks(config: Pick<SiteConfig, 'social'> | undefined): SocialLink[] {
  if (!config?.social) return [];
  const links: SocialLink[] = [];
  for (const { key: platform, label } of PLATFORMS) {
    const url = config.social[platform]?.trim();
    if (url && isWebAddress(url)) links.push({ platform, label, url });
  }
  return links;
}
