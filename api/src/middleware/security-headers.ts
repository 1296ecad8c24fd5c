// Security headers for every response (helmet). The CSP allows exactly what the SPA needs:
// - img-src: the map tile host(s) from MAP_TILE_URL (a `{s}` subdomain becomes a `*.` wildcard),
//   plus data:/blob: for Leaflet's icons;
// - script-src: our own files, and by their hashes the two inline scripts of a prerendered or
//   server-rendered page: the one that asks for its scripts after its first paint
//   (spa/scripts-after-paint.ts) and the one that hides the cookie banner's markup before the first
//   paint when the visitor's choice is stored (spa/consent-choice-script.ts);
// - worker-src blob: the ALTCHA widget solves its proof of work in a blob worker;
// - style-src 'unsafe-inline': Leaflet positions tiles and markers with inline styles;
// - Stripe (only with STRIPE_PUBLISHABLE_KEY: /subscribe's Payment Element): Stripe.js from
//   js.stripe.com, its frames from js.stripe.com and hooks.stripe.com, its calls to api.stripe.com.
//   Checkout is reached by a redirect (window.location), which needs no entry. With the Stripe
//   stand-in instead, /subscribe's card form calls the stand-in's own address (connect-src).
// HSTS and upgrade-insecure-requests only in production: development runs on plain http://localhost.
import helmet from 'koa-helmet';
import type { Middleware } from 'koa';
import { browserPayments } from '../domain/site-config/get-site-config';
import type { ApiEnv } from '../env';
import { CONSENT_CHOICE_SCRIPT_CSP } from '../spa/consent-choice-script';
import { EARLY_CLICKS_SCRIPT_CSP } from '../spa/early-clicks-script';
import { AFTER_PAINT_LOADER_CSP } from '../spa/scripts-after-paint';

/** CSP source(s) for a Leaflet tile URL template, e.g. https://{s}.tile.openstreetmap.org/… → https://*.tile.openstreetmap.org */
export function tileHostSources(tileUrl: string): string[] {
  const placeholder = 'leafletsubdomain';
  let url: URL;
  try {
    url = new URL(tileUrl.replace(/\{s\}/g, placeholder).replace(/\{[a-z]+\}/gi, '0'));
  } catch {
    return []; // a relative template is served by us: 'self' covers it
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return [];
  const labels = url.hostname.split('.');
  const hasWildcard = labels.some((label) => label.includes(placeholder));
  const host = hasWildcard
    ? ['*', ...labels.slice(labels.findIndex((label) => label.includes(placeholder)) + 1)].join('.')
    : url.hostname;
  return [`${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`];
}

type CspEnv = Pick<ApiEnv, 'MAP_TILE_URL' | 'NODE_ENV' | 'PAYMENTS' | 'STRIPE_SECRET_KEY' | 'STRIPE_PUBLISHABLE_KEY' | 'STRIPE_API_URL' | 'STRIPE_STAND_IN_PUBLIC_URL'> &
  Partial<Pick<ApiEnv, 'SENTRY_DSN'>>;

export function contentSecurityPolicy(env: CspEnv): Record<string, string[] | null> {
  const isProduction = env.NODE_ENV === 'production';
  const payments = browserPayments(env);
  const stripe = payments.provider === 'stripe';
  const standIn = payments.provider === 'demo' ? [new URL(payments.confirmUrl).origin] : [];
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'", AFTER_PAINT_LOADER_CSP, CONSENT_CHOICE_SCRIPT_CSP, EARLY_CLICKS_SCRIPT_CSP, ...(stripe ? ['https://js.stripe.com'] : [])],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...tileHostSources(env.MAP_TILE_URL)],
    'font-src': ["'self'", 'data:'],
    // Sentry's ingest host when the SPA reports errors there (product rule 37): its DSN's origin.
    'connect-src': ["'self'", ...(stripe ? ['https://api.stripe.com'] : standIn), ...(env.SENTRY_DSN ? [new URL(env.SENTRY_DSN).origin] : [])],
    'worker-src': ["'self'", 'blob:'],
    ...(stripe ? { 'frame-src': ['https://js.stripe.com', 'https://hooks.stripe.com'] } : {}),
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    ...(isProduction ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

export function securityHeaders(env: CspEnv): Middleware {
  const isProduction = env.NODE_ENV === 'production';
  return helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(env) },
    strictTransportSecurity: isProduction ? { maxAge: 365 * 24 * 3600, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // The same rule as the CSP's frame-ancestors 'none', for browsers that only read this header.
    xFrameOptions: { action: 'deny' },
  });
}
