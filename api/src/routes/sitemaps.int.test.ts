// robots.txt and the serving of stored sitemaps (decision 0039), against real PostgreSQL and Redis:
// the API reads sitemap_files as the worker left them and never builds one. What the worker builds
// is tested with the worker: tests/integration/sitemaps.int.test.ts.
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOBS } from '../../../core/jobs';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/services';
import { indexTemplate } from '../testing/index-template';
import { serveTestApp, type TestApp } from '../testing/serve-test-app';

const PUBLIC_URL = 'https://itconnect.example';

let db: TestDatabase;
let t: TestApp;
let staticDir: string;

beforeAll(async () => {
  db = await createTestDatabase();
  // A built SPA, so an address that is no sitemap gets the pages' 404.
  staticDir = await mkdtemp(path.join(tmpdir(), 'itc-sitemaps-'));
  await writeFile(path.join(staticDir, 'index.html'), indexTemplate({ description: 'Default description.', script: false }));
  t = await serveTestApp({ database: db, env: { PUBLIC_URL, STATIC_DIR: staticDir } });
});

afterAll(async () => {
  await t?.close();
  await db?.drop();
  await rm(staticDir, { recursive: true, force: true });
});

async function store(name: string, xml: string, modifiedAt = new Date('2026-11-20T10:00:00Z')) {
  const sha256 = createHash('sha256').update(xml).digest('base64url');
  const fields = { xml, urlCount: 1, sha256, modifiedAt };
  await db.prisma.sitemapFile.upsert({ where: { name }, create: { name, ...fields }, update: fields });
  return sha256;
}

/** A GET with the headers as sent (fetch would undo the gzip). */
function rawGet(address: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(`${t.baseUrl}${address}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('sitemaps before the first build', () => {
  it('answers 503 with Retry-After and asks the worker for one build, however many ask', async () => {
    const queue = t.api.queues.get(JOBS.buildSitemaps.queue);
    for (const address of ['/sitemap.xml', '/sitemaps/profiles-1.xml', '/sitemap.xml']) {
      const res = await t.fetch(address);
      expect(res.status, address).toBe(503);
      expect(res.headers.get('retry-after')).toBe('30');
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(await res.text()).toMatch(/being built/);
    }
    const waiting = (await queue.getDelayed()).filter((job) => job.name === JOBS.buildSitemaps.name);
    expect(waiting).toHaveLength(1);
    await queue.remove(waiting[0]!.id!);
  });
});

describe('stored sitemaps', () => {
  const index = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n  <sitemap><loc>${PUBLIC_URL}/sitemaps/pages.xml</loc><lastmod>2026-11-20T10:00:00.000Z</lastmod></sitemap>\n</sitemapindex>\n`;
  const pages = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${'  <url><loc>https://itconnect.example/</loc></url>\n'.repeat(200)}</urlset>\n`;

  it('serves each file as stored, with its hash as ETag and the time it changed as Last-Modified', async () => {
    const sha = await store('sitemap.xml', index);
    await store('sitemaps/pages.xml', pages);
    const res = await t.fetch('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(res.headers.get('etag')).toBe(`"${sha}"`);
    expect(res.headers.get('last-modified')).toBe('Fri, 20 Nov 2026 10:00:00 GMT');
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(await res.text()).toBe(index);
    expect(await (await t.fetch('/sitemaps/pages.xml')).text()).toBe(pages);
  });

  it('answers a conditional request with 304, and a changed file with its new text', async () => {
    const first = await t.fetch('/sitemaps/pages.xml');
    const etag = first.headers.get('etag')!;
    // Through node:http: fetch adds 'Cache-Control: no-cache' to a conditional request.
    expect((await rawGet('/sitemaps/pages.xml', { 'if-none-match': etag })).status).toBe(304);
    const changed = pages.replace('/</loc>', '/about</loc>');
    await store('sitemaps/pages.xml', changed, new Date('2026-11-21T10:00:00Z'));
    const again = await rawGet('/sitemaps/pages.xml', { 'if-none-match': etag });
    expect(again.status).toBe(200);
    expect(again.headers.etag).not.toBe(etag);
    expect(again.body.toString()).toBe(changed);
  });

  it('gzips for a client that takes it', async () => {
    const res = await rawGet('/sitemaps/pages.xml', { 'accept-encoding': 'gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/Accept-Encoding/);
    expect(gunzipSync(res.body).toString()).toContain('/about</loc>');
  });

  it('answers 404 for a child the set does not have and for the old split addresses', async () => {
    for (const address of ['/sitemaps/profiles-1.xml', '/sitemaps/services-7.xml']) {
      const res = await t.fetch(address);
      expect(res.status, address).toBe(404);
      expect(await res.text()).toBe('No such sitemap.\n');
    }
    for (const address of ['/sitemap-1.xml', '/sitemap-2.xml', '/sitemaps/other.xml', '/sitemaps/profiles-0.xml']) {
      const res = await t.fetch(address);
      expect(res.status, address).toBe(404);
      expect(res.headers.get('content-type'), address).toMatch(/text\/html/);
    }
  });
});

describe('robots.txt', () => {
  it('allows everything but the private areas and points to the sitemap', async () => {
    const res = await t.fetch('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/plain/);
    const text = await res.text();
    expect(text).toContain('User-agent: *\nAllow: /\n');
    for (const line of ['Disallow: /admin', 'Disallow: /profile', 'Disallow: /api/']) expect(text).toContain(line);
    expect(text).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });
});
