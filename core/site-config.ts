// Public, runtime configuration the SPA reads from GET /api/site-config (so one build serves any
// deployment). Never put a secret here.

export interface SiteConfig {
  /** Leaflet tile URL template, e.g. https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png */
  mapTileUrl: string;
  /** HTML attribution for the tiles (a link to the tile provider's copyright page). */
  mapTileAttribution: string;
  /** Social profile addresses for the footer's Connect column; an absent one hides its icon (product rule 11). */
  social: { facebook?: string; twitter?: string; linkedin?: string; instagram?: string };
  /**
   * Who takes card payments: Stripe (the /subscribe page loads Stripe's Payment Element with this
   * publishable key), or the Stripe stand-in (test mode: /subscribe shows its card form, which posts
   * to `confirmUrl` on the stand-in's own address; nothing is charged).
   */
  payments: { provider: 'stripe'; publishableKey: string } | { provider: 'demo'; confirmUrl: string };
  /** Admins must turn on two-step verification before the admin pages work (product rule 35). */
  adminTwoStepRequired: boolean;
  /** Where the SPA reports the errors it catches: Sentry with this DSN, or null for the API's own endpoint (product rule 37). */
  sentryDsn: string | null;
}

/** What every page says while the Stripe stand-in takes payments (PAYMENTS=stand-in). */
export const DEMO_PAYMENTS_BANNER = 'Demo site: no real payments';

/** Attribution the site must show for the geodata in core/geo (GEODATA.md). */
export const GEODATA_ATTRIBUTION =
  'Contains OS data © Crown copyright and database right 2025. Contains Royal Mail data © Royal Mail copyright and database right 2025. Contains National Statistics data © Crown copyright and database right 2025. Source: Office for National Statistics licensed under the Open Government Licence v3.0. Contains LPS Intellectual Property © Crown copyright and database right 2021.';

export const COOKIE_CONSENT_STORAGE_KEY = 'itc-cookie-consent';
