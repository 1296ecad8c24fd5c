import { describe, expect, it } from 'vitest';
import { pagePreloadTags, withPrerenderedPage, type ViteManifest } from './page-preloads';
import { AFTER_PAINT_LOADER } from './scripts-after-paint';

const manifest: ViteManifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react.js'], css: ['assets/index-1.css'] },
  '_react.js': { file: 'assets/react-1.js' },
  '_form.js': { file: 'assets/form-1.js', imports: ['_react.js'] },
  'src/pages/home/home-page.tsx': { file: 'assets/home-page-1.js', imports: ['_form.js', '_react.js'] },
};

const TEMPLATE = `<html><head>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-1.js">
    <link rel="stylesheet" crossorigin href="/assets/index-1.css">
  </head><body><div id="root"></div></body></html>`;

describe('pagePreloadTags', () => {
  it("preloads the page's chunk and its imports that the entry does not already load, and its data", () => {
    expect(pagePreloadTags({ manifest, pathname: '/', search: '' }).split('\n    ')).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/home-page-1.js">',
      '<link rel="modulepreload" crossorigin href="/assets/form-1.js">',
      '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/home">',
    ]);
  });

  it('still preloads data without a manifest, and nothing for a page it does not know', () => {
    expect(pagePreloadTags({ manifest: undefined, pathname: '/locations', search: '' })).toBe(
      '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/locations">',
    );
    expect(pagePreloadTags({ manifest, pathname: '/no-such-page', search: '' })).toBe('');
  });
});

describe('withPrerenderedPage', () => {
  const build = { prerendered: { '/': '<header>ITConnect</header><h1>Hello</h1>' }, entryStyles: [{ href: '/assets/index-1.css', css: 'h1{color:red}' }] };

  it('fills the root, inlines the entry stylesheet and leaves the scripts until after the first paint', () => {
    const html = withPrerenderedPage(TEMPLATE, { build, pathname: '/' });
    expect(html).toContain('<div id="root"><header>ITConnect</header><h1>Hello</h1></div>');
    expect(html).toContain('<style>h1{color:red}</style>');
    expect(html).not.toContain('rel="stylesheet"');
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('rel="modulepreload"');
    const tags = JSON.parse(/id="itc-after-paint">(.*?)<\/script>/.exec(html)![1]!) as unknown;
    expect(tags).toEqual([
      { tag: 'script', attributes: { type: 'module', crossorigin: '', src: '/assets/index-1.js' } },
      { tag: 'link', attributes: { rel: 'modulepreload', crossorigin: '', href: '/assets/react-1.js' } },
    ]);
    expect(html).toContain(`<script>${AFTER_PAINT_LOADER}</script>`);
  });

  it('leaves a page that was not prerendered alone', () => {
    expect(withPrerenderedPage(TEMPLATE, { build, pathname: '/locations' })).toBe(TEMPLATE);
    expect(withPrerenderedPage(TEMPLATE, { build, pathname: 'constructor' })).toBe(TEMPLATE);
  });
});
