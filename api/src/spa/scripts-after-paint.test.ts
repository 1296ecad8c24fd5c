import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../middleware/security-headers';
import { CONSENT_CHOICE_SCRIPT_CSP } from './consent-choice-script';
import { EARLY_CLICKS_SCRIPT_CSP } from './early-clicks-script';
import { AFTER_PAINT_LOADER, AFTER_PAINT_LOADER_CSP, scriptsAfterPaint } from './scripts-after-paint';

const PAGE = `<html><head>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-1.js">
    <style>h1{}</style>
    <link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/professionals/slug/a%26b">
  </head><body><div id="root"><h1>Hi</h1></div></body></html>`;

describe('scriptsAfterPaint', () => {
  it('moves every script and preload of the head into the loader’s list, in order, attributes unescaped', () => {
    const html = scriptsAfterPaint(PAGE.replace('a%26b', 'a&amp;b'));
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toMatch(/<script|<link/);
    expect(head).toContain('<style>h1{}</style>');
    const json = /id="itc-after-paint">(.*?)<\/script>/.exec(html)![1]!;
    expect(json).not.toContain('&');
    expect(JSON.parse(json)).toEqual([
      { tag: 'script', attributes: { type: 'module', crossorigin: '', src: '/assets/index-1.js' } },
      { tag: 'link', attributes: { rel: 'modulepreload', crossorigin: '', href: '/assets/react-1.js' } },
      { tag: 'link', attributes: { rel: 'preload', as: 'fetch', crossorigin: 'use-credentials', href: '/api/professionals/slug/a&b' } },
    ]);
    expect(html).toMatch(/<\/script><script>.*<\/script>\s*<\/body>/);
  });

  it('is allowed by the CSP through the hash of its inline script', () => {
    const hash = `'sha256-${createHash('sha256').update(AFTER_PAINT_LOADER).digest('base64')}'`;
    expect(AFTER_PAINT_LOADER_CSP).toBe(hash);
    const csp = contentSecurityPolicy({ MAP_TILE_URL: 'https://tile.example/{z}/{x}/{y}.png', NODE_ENV: 'production', PAYMENTS: 'stand-in', STRIPE_SECRET_KEY: undefined, STRIPE_PUBLISHABLE_KEY: undefined, STRIPE_API_URL: undefined, STRIPE_STAND_IN_PUBLIC_URL: undefined });
    // The page's other inline scripts: the cookie choice read before the first paint, and the
    // clicks made before hydration.
    expect(csp['script-src']).toEqual(["'self'", hash, CONSENT_CHOICE_SCRIPT_CSP, EARLY_CLICKS_SCRIPT_CSP]);
  });
});
