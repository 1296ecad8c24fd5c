import { describe, expect, it } from 'vitest';
import { FIRST_SCREEN_DATA_ID } from '../../../core/first-screen';
import { firstScreenDataTag } from './first-screen';
import { withRootMarkup } from './page-preloads';
import { jsonForScript } from '../domain/seo/escape';

describe('jsonForScript in a data element', () => {
  it('keeps text that could end the script element or open a comment out of the markup, and reads back the same', () => {
    const value = { name: '</script><script>alert(1)</script>', note: '<!-- x --> & \u2028\u2029' };
    const json = jsonForScript(value);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(value);
  });
});

describe('firstScreenDataTag', () => {
  it('is a JSON data element (never run, so the CSP needs no nonce) with the answers', () => {
    const tag = firstScreenDataTag({ data: { '/api/x': { companyName: 'A </script> B' } } });
    expect(tag.startsWith(`<script type="application/json" id="${FIRST_SCREEN_DATA_ID}">`)).toBe(true);
    expect(tag.match(/<\/script>/gi)).toHaveLength(1);
  });
});

describe('withRootMarkup', () => {
  it('puts the markup inside the root and the data element after it, where hydration does not look', () => {
    const html = withRootMarkup('<head><link rel="stylesheet" href="/a.css"></head><body><div id="root"></div></body>', {
      markup: '<main>Hi</main>',
      after: '<script type="application/json" id="d">{}</script>',
      entryStyles: [{ href: '/a.css', css: 'main{}' }],
    });
    expect(html).toContain('<div id="root"><main>Hi</main></div><script type="application/json" id="d">{}</script>');
    expect(html).toContain('<style>main{}</style>');
  });
});
