import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, tileHostSources } from './security-headers';

describe('tileHostSources', () => {
  it('turns a {s} subdomain into a wildcard host', () => {
    expect(tileHostSources('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png')).toEqual([
      'https://*.tile.openstreetmap.org',
    ]);
    expect(tileHostSources('https://tiles-{s}.example.com/{z}/{x}/{y}{r}.png')).toEqual(['https://*.example.com']);
  });

  it('keeps a fixed host and its port', () => {
    expect(tileHostSources('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toEqual(['https://tile.openstreetmap.org']);
    expect(tileHostSources('http://127.0.0.1:8080/tiles/{z}/{x}/{y}.png')).toEqual(['http://127.0.0.1:8080']);
  });

  it('adds nothing for a same-origin (relative) template', () => {
    expect(tileHostSources('/tiles/{z}/{x}/{y}.png')).toEqual([]);
  });
});

describe('contentSecurityPolicy', () => {
  const tiles = 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';
  const standIn = { MAP_TILE_URL: tiles, PAYMENTS: 'stand-in', STRIPE_SECRET_KEY: undefined, STRIPE_PUBLISHABLE_KEY: undefined, STRIPE_API_URL: 'http://127.0.0.1:12111', STRIPE_STAND_IN_PUBLIC_URL: undefined } as const;

  it('upgrades insecure requests only in production', () => {
    expect(contentSecurityPolicy({ ...standIn, NODE_ENV: 'development' })).not.toHaveProperty('upgrade-insecure-requests');
    expect(contentSecurityPolicy({ ...standIn, NODE_ENV: 'production' })).toHaveProperty('upgrade-insecure-requests');
  });

  it("lets the page call the Stripe stand-in's own address, and with Stripe only Stripe's", () => {
    const demo = contentSecurityPolicy({ ...standIn, NODE_ENV: 'development', STRIPE_STAND_IN_PUBLIC_URL: 'https://pay-demo.example.com' });
    expect(demo['connect-src']).toEqual(["'self'", 'https://pay-demo.example.com']);
    expect(demo['script-src']).not.toContain('https://js.stripe.com');
    const stripe = contentSecurityPolicy({ ...standIn, NODE_ENV: 'production', PAYMENTS: 'stripe', STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_PUBLISHABLE_KEY: 'pk_live_x', STRIPE_API_URL: undefined });
    expect(stripe['connect-src']).toEqual(["'self'", 'https://api.stripe.com']);
    expect(stripe['script-src']).toContain('https://js.stripe.com');
  });

  it("lets the page send error reports to Sentry's ingest host when a DSN is set, and nowhere else", () => {
    const withSentry = contentSecurityPolicy({ ...standIn, NODE_ENV: 'production', SENTRY_DSN: 'https://abc123@o42.ingest.de.sentry.io/7' });
    expect(withSentry['connect-src']).toContain('https://o42.ingest.de.sentry.io');
    expect(JSON.stringify(contentSecurityPolicy({ ...standIn, NODE_ENV: 'production' }))).not.toContain('sentry');
  });
});
