// The public runtime configuration the SPA reads once (core/site-config.ts): map tiles and the
// footer's social links, who takes payments, whether admins need two-step verification, and where
// the SPA reports its errors (Sentry's DSN or none). Absent social addresses are left out, so their icons are hidden.
import { DEMO_PAY_CONFIRM_PATH } from '../../../../core/billing';
import { adminTwoStepRequired, paymentsMode, standInPublicUrl } from '../../../../core/env-schema';
import type { SiteConfig } from '../../../../core/site-config';
import type { ApiEnv } from '../../env';

type PaymentsEnv = Pick<ApiEnv, 'PAYMENTS' | 'STRIPE_SECRET_KEY' | 'STRIPE_PUBLISHABLE_KEY' | 'STRIPE_API_URL' | 'STRIPE_STAND_IN_PUBLIC_URL'>;

/** How the browser pays: Stripe.js with the publishable key, or the stand-in's card form on its own address. */
export function browserPayments(env: PaymentsEnv): SiteConfig['payments'] {
  return paymentsMode(env) === 'stripe' && env.STRIPE_PUBLISHABLE_KEY
    ? { provider: 'stripe', publishableKey: env.STRIPE_PUBLISHABLE_KEY }
    : { provider: 'demo', confirmUrl: `${standInPublicUrl(env)}${DEMO_PAY_CONFIRM_PATH}` };
}

export function getSiteConfig(env: ApiEnv): SiteConfig {
  const social: SiteConfig['social'] = {};
  if (env.SOCIAL_FACEBOOK_URL) social.facebook = env.SOCIAL_FACEBOOK_URL;
  if (env.SOCIAL_TWITTER_URL) social.twitter = env.SOCIAL_TWITTER_URL;
  if (env.SOCIAL_LINKEDIN_URL) social.linkedin = env.SOCIAL_LINKEDIN_URL;
  if (env.SOCIAL_INSTAGRAM_URL) social.instagram = env.SOCIAL_INSTAGRAM_URL;
  return { mapTileUrl: env.MAP_TILE_URL, mapTileAttribution: env.MAP_TILE_ATTRIBUTION, social, payments: browserPayments(env), adminTwoStepRequired: adminTwoStepRequired(env), sentryDsn: env.SENTRY_DSN ?? null };
}
