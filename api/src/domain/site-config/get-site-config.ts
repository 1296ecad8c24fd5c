// The public runtime configuration the SPA reads once (core/site-config.ts): map tiles and the
// footer's social links, who takes payments, and whether admins need two-step verification. Absent social addresses are left out, so their icons are hidden.
import { adminTwoStepRequired } from '../../../../core/env-schema';
import type { SiteConfig } from '../../../../core/site-config';
import type { ApiEnv } from '../../env';

export function getSiteConfig(env: ApiEnv): SiteConfig {
  const social: SiteConfig['social'] = {};
  if (env.SOCIAL_FACEBOOK_URL) social.facebook = env.SOCIAL_FACEBOOK_URL;
  if (env.SOCIAL_TWITTER_URL) social.twitter = env.SOCIAL_TWITTER_URL;
  if (env.SOCIAL_LINKEDIN_URL) social.linkedin = env.SOCIAL_LINKEDIN_URL;
  if (env.SOCIAL_INSTAGRAM_URL) social.instagram = env.SOCIAL_INSTAGRAM_URL;
  const payments: SiteConfig['payments'] =
    env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY ? { provider: 'stripe', publishableKey: env.STRIPE_PUBLISHABLE_KEY } : { provider: 'demo' };
  return { mapTileUrl: env.MAP_TILE_URL, mapTileAttribution: env.MAP_TILE_ATTRIBUTION, social, payments, adminTwoStepRequired: adminTwoStepRequired(env) };
}
