import { describe, expect, it } from 'vitest';
import { directoryPageText } from './directory-title';
import { jsonForScript, summarise } from './escape';
import { headTags, injectPageMeta, type PageMeta } from './page-meta';
import { indexTemplate } from '../../testing/index-template';
import { priceRange } from './professional-json-ld';

const BUILT_TEMPLATE = indexTemplate();

const meta: PageMeta = {
  status: 200,
  title: 'Bits & <Bytes> "Ltd" – IT services in Leeds | ITConnect',
  description: 'We fix <script>alert(1)</script> & more for $1',
  canonicalUrl: 'https://itconnect.example/professionals/bits-bytes',
  ogType: 'profile',
  jsonLd: [{ name: '</script><script>alert(1)</script>' }],
};

describe('injectPageMeta', () => {
  it('replaces the title and description and adds the rest before </head>, all escaped', () => {
    const html = injectPageMeta(BUILT_TEMPLATE, meta);
    expect(html).toContain('<title>Bits &amp; &lt;Bytes&gt; &quot;Ltd&quot; – IT services in Leeds | ITConnect</title>');
    expect(html).not.toContain('The default description');
    expect(html).not.toContain('Find trusted IT professionals');
    expect(html).toContain('<meta name="description" content="We fix &lt;script&gt;alert(1)&lt;/script&gt; &amp; more for $1" />');
    expect(html).toContain('<link rel="canonical" href="https://itconnect.example/professionals/bits-bytes" />');
    expect(html).toContain('<meta property="og:type" content="profile" />');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    const ld = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
    expect(ld).not.toBeNull();
    expect(ld![1]).not.toContain('<');
    expect(JSON.parse(ld![1]!)).toEqual(meta.jsonLd![0]);
    expect(html.indexOf('application/ld+json')).toBeLessThan(html.indexOf('</head>'));
  });

  it('works on a template without a head or description', () => {
    const html = injectPageMeta('<!doctype html><title>ITConnect</title><div id="root"></div>', meta);
    expect(html).toContain('<meta name="description"');
    expect(html).toContain('<link rel="canonical"');
    expect(html).toContain('<div id="root"></div>');
  });
});

describe('headTags', () => {
  const image = { url: 'https://itconnect.example/og/professionals/a.png?v=0123456789abcdef', width: 1200, height: 630, alt: 'Bits & <Bytes>, IT services in Leeds: "no reviews yet".' };

  it('writes the preview image with its size and alt text, and a large Twitter card', () => {
    const tags = headTags({ ...meta, image });
    expect(tags).toContain('<meta property="og:image" content="https://itconnect.example/og/professionals/a.png?v=0123456789abcdef" />');
    expect(tags).toContain('<meta property="og:image:width" content="1200" />');
    expect(tags).toContain('<meta property="og:image:height" content="630" />');
    expect(tags).toContain('<meta property="og:image:alt" content="Bits &amp; &lt;Bytes&gt;, IT services in Leeds: &quot;no reviews yet&quot;." />');
    expect(tags).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(tags).not.toContain('content="summary"');
  });

  it('keeps the small Twitter card and no og:image without an image', () => {
    const tags = headTags(meta);
    expect(tags).toContain('<meta name="twitter:card" content="summary" />');
    expect(tags).not.toContain('og:image');
  });

  it('writes each JSON-LD document as its own block, in order, and none without', () => {
    const tags = headTags({ ...meta, jsonLd: [{ '@type': 'ProfessionalService' }, { '@type': 'BreadcrumbList' }] });
    const blocks = [...tags.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as { '@type': string });
    expect(blocks.map((b) => b['@type'])).toEqual(['ProfessionalService', 'BreadcrumbList']);
    expect(headTags({ ...meta, jsonLd: undefined })).not.toContain('ld+json');
  });
});

describe('directoryPageText', () => {
  it('follows the filters', () => {
    expect(directoryPageText({ service: 'Web Design', location: 'Manchester' }).title).toBe('Web Design in Manchester');
    expect(directoryPageText({ service: 'web design' }).title).toBe('Web Design professionals in the UK');
    expect(directoryPageText({ location: 'Leeds' }).title).toBe('IT professionals in Leeds');
    expect(directoryPageText({}).title).toBe('Browse IT Professionals');
    expect(directoryPageText({ service: 'All Services', location: 'All UK' }).title).toBe('Browse IT Professionals');
  });

  it('names a text search and does not index it', () => {
    const text = directoryPageText({ search: 'wordpress' });
    expect(text.title).toBe('Results for "wordpress"');
    expect(text.isIndexable).toBe(false);
  });

  it('keeps only service and location in the canonical address', () => {
    expect(directoryPageText({ service: 'UI/UX Design', location: 'Leeds', sort: 'rating', offset: '24' }).canonicalPath).toBe(
      '/professionals?service=UI%2FUX%20Design&location=Leeds',
    );
  });

  it('falls back to the plain directory for bad filters', () => {
    const text = directoryPageText({ service: 'Nope', minRating: 'abc' });
    expect(text.title).toBe('Browse IT Professionals');
    expect(text.canonicalPath).toBe('/professionals');
    expect(text.isIndexable).toBe(false);
  });
});

describe('helpers', () => {
  it('jsonForScript escapes what could end a script block', () => {
    const out = jsonForScript({ a: '</script><!-- & \u2028' });
    expect(out).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(out)).toEqual({ a: '</script><!-- & \u2028' });
  });

  it('summarise cuts at a word boundary', () => {
    expect(summarise('short  text\n')).toBe('short text');
    const long = summarise('word '.repeat(100), 50);
    expect(long.length).toBeLessThanOrEqual(50);
    expect(long.endsWith('word…')).toBe(true);
  });

  it('priceRange follows the rate type', () => {
    expect(priceRange('45', 'hourly')).toBe('£45/hour');
    expect(priceRange('37.50', 'hourly')).toBe('£37.50/hour');
    expect(priceRange('350', 'daily')).toBe('£350/day');
    expect(priceRange(null, null)).toBeUndefined();
  });
});
