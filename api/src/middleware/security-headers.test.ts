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
  it('upgrades insecure requests only in production', () => {
    const tiles = 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';
    expect(contentSecurityPolicy({ MAP_TILE_URL: tiles, NODE_ENV: 'development', STRIPE_PUBLISHABLE_KEY: undefined })).not.toHaveProperty(
      'upgrade-insecure-requests',
    );
    expect(contentSecurityPolicy({ MAP_TILE_URL: tiles, NODE_ENV: 'production', STRIPE_PUBLISHABLE_KEY: undefined })).toHaveProperty(
      'upgrade-insecure-requests',
    );
  });
});
