// The sitemaps end to end (issue 33 item 4, decision 0039): the worker's build over real
// PostgreSQL, served by the API. The set is well-formed and within its limits (a lowered limit to
// see several files), lists exactly the live profiles and the indexable service-and-place pages
// with their lastmod, follows a listing going live and the last one leaving, and a second build
// changes nothing. The worker's service-and-place counts (core isInPlace) equal the API's
// directory search for every place, edges of circles included. Last, with a worker running: a
// change of a listing adds one delayed build, and so does a worker start with nothing stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOBS } from '../../core/jobs';
import { KM_PER_MILE, EARTH_RADIUS_MILES } from '../../core/geo/distance';
import { findLocation, UK_LOCATIONS } from '../../core/locations';
import { SERVICE_PLACE_INDEX_MIN_LISTINGS, servicePlacePath, slugOf } from '../../core/service-places';
import { LIVE_LISTING, SITEMAP_MAX_URLS } from '../../core/sitemaps';
import { createProfessional } from '../../api/src/testing/factories';
import { serveTestApp, type TestApp } from '../../api/src/testing/serve-test-app';
import { buildSitemaps, countServicePlaces } from '../../worker/src/jobs/build-sitemaps';
import type { RunningWorker } from '../../worker/src/start-worker';
import { startAppWorker } from '../support/app-worker';
import { createTestDatabase, type TestDatabase } from '../support/services';

let db: TestDatabase;
let t: TestApp;
let origin: string;

beforeAll(async () => {
  db = await createTestDatabase();
  // Hundreds of counts asked of the API below.
  t = await serveTestApp({ database: db, env: { RATE_LIMIT_PER_MINUTE: '100000' } });
  origin = t.env.PUBLIC_URL.replace(/\/+$/, '');
});

afterAll(async () => {
  await t?.close();
  await db?.drop();
});

const build = (maxUrls?: number) => buildSitemaps({ prisma: db.prisma, publicUrl: t.env.PUBLIC_URL, ...(maxUrls ? { maxUrls } : {}) });

interface Entry {
  loc: string;
  lastmod?: string;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';
const LOC = '(?:[^<>&"\']|&amp;|&lt;|&gt;|&quot;|&#39;)+';
const W3C = '\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z';

/** The entries of a urlset or sitemapindex, after checking the whole text is one, well-formed, line by line. */
function entriesOf(xml: string, kind: 'urlset' | 'sitemapindex'): Entry[] {
  const item = kind === 'urlset' ? 'url' : 'sitemap';
  expect(xml.startsWith(`${XML_HEAD}<${kind} ${NS}>\n`), xml.slice(0, 120)).toBe(true);
  expect(xml.endsWith(`\n</${kind}>\n`)).toBe(true);
  const body = xml.slice(`${XML_HEAD}<${kind} ${NS}>\n`.length, -`\n</${kind}>\n`.length);
  const line = new RegExp(`^  <${item}><loc>(${LOC})</loc>(?:<lastmod>(${W3C})</lastmod>)?</${item}>$`);
  return body.split('\n').map((text) => {
    const match = line.exec(text);
    expect(match, text).not.toBeNull();
    const loc = match![1]!.replace(/&amp;/g, '&');
    return match![2] ? { loc, lastmod: match![2] } : { loc };
  });
}

/** The whole set as the API serves it: the index's entries and each child's. */
async function servedSet(): Promise<{ index: Entry[]; children: Map<string, Entry[]> }> {
  const res = await t.fetch('/sitemap.xml');
  expect(res.status).toBe(200);
  const index = entriesOf(await res.text(), 'sitemapindex');
  const children = new Map<string, Entry[]>();
  for (const { loc } of index) {
    expect(loc.startsWith(`${origin}/sitemaps/`), loc).toBe(true);
    const child = await t.fetch(loc.slice(origin.length));
    expect(child.status, loc).toBe(200);
    children.set(loc.slice(origin.length), entriesOf(await child.text(), 'urlset'));
  }
  return { index, children };
}

function section(children: Map<string, Entry[]>, name: 'profiles' | 'services'): Entry[] {
  return [...children].filter(([path]) => path.startsWith(`/sitemaps/${name}-`)).flatMap(([, entries]) => entries);
}

async function liveProfiles(): Promise<Entry[]> {
  const rows = await db.prisma.professional.findMany({ where: LIVE_LISTING, select: { slug: true, updatedAt: true }, orderBy: { id: 'asc' } });
  return rows.map((r) => ({ loc: `${origin}/professionals/${encodeURIComponent(r.slug)}`, lastmod: r.updatedAt.toISOString() }));
}

/** The API's count for a service-and-place page (0 when it has none: a 404). */
async function apiCount(service: string, place: string): Promise<number> {
  const res = await t.fetch(`/api/service-places/${slugOf(service)}/${slugOf(place)}`);
  if (res.status === 404) return 0;
  expect(res.status).toBe(200);
  return ((await res.json()) as { count: number }).count;
}

/** A point `miles` from the place's centre on `bearing` degrees (the great circle's destination). */
function pointFrom(placeName: string, miles: number, bearing: number): { lat: number; lng: number } {
  const place = findLocation(placeName)!;
  const rad = Math.PI / 180;
  const d = miles / EARTH_RADIUS_MILES;
  const lat1 = place.lat * rad;
  const lng1 = place.lng * rad;
  const b = bearing * rad;
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(b));
  const lng2 = lng1 + Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
  return { lat: lat2 / rad, lng: lng2 / rad };
}

describe('the built set', () => {
  it('is an index of well-formed files within the limit, listing exactly the live profiles with their lastmod', async () => {
    for (let i = 0; i < 5; i++) await createProfessional(db.prisma, { services: ['IT Consulting'] });
    const unapproved = await createProfessional(db.prisma, { isApproved: false });
    const lapsed = await createProfessional(db.prisma, { subscriptionStatus: 'past_due' });
    const cancelled = await createProfessional(db.prisma, { subscriptionStatus: 'cancelled', region: 'Inverness' });

    const result = await build(2);
    const { index, children } = await servedSet();
    expect(result.files).toBe(index.length + 1);
    // The lowered limit applies to the files that grow with the data; pages.xml is bounded (fixed pages and places).
    for (const [path, entries] of children) expect(entries.length, path).toBeLessThanOrEqual(path === '/sitemaps/pages.xml' ? SITEMAP_MAX_URLS : 2);
    expect([...children.keys()].filter((p) => p.startsWith('/sitemaps/profiles-'))).toEqual(['/sitemaps/profiles-1.xml', '/sitemaps/profiles-2.xml', '/sitemaps/profiles-3.xml']);
    // The index gives each child the time its text last changed.
    const stored = new Map((await db.prisma.sitemapFile.findMany()).map((f) => [`${origin}/${f.name}`, f]));
    for (const { loc, lastmod } of index) expect(lastmod, loc).toBe(stored.get(loc)!.modifiedAt.toISOString());
    for (const file of stored.values()) expect(file.urlCount).toBe(file.name === 'sitemap.xml' ? index.length : children.get(`/${file.name}`)!.length);

    expect(section(children, 'profiles')).toEqual(await liveProfiles());
    const xml = (await Promise.all(index.map(async ({ loc }) => (await t.fetch(loc.slice(origin.length))).text()))).join('');
    for (const hidden of [unapproved, lapsed, cancelled]) expect(xml).not.toContain(hidden.slug);
    expect(xml).not.toContain('location=Inverness');
  });

  it('fits the fixed pages and the regions with live listings in pages.xml at the full limit', async () => {
    await createProfessional(db.prisma, { region: 'Derry/Londonderry' });
    await build();
    const { index, children } = await servedSet();
    expect(index.map((e) => e.loc)).toEqual([`${origin}/sitemaps/pages.xml`, `${origin}/sitemaps/services-1.xml`, `${origin}/sitemaps/profiles-1.xml`]);
    const pages = children.get('/sitemaps/pages.xml')!.map((e) => e.loc);
    for (const page of ['/', '/professionals', '/locations', '/about']) expect(pages).toContain(`${origin}${page}`);
    expect(pages).toContain(`${origin}/professionals?location=Derry%2FLondonderry`);
    expect(pages).not.toContain(`${origin}/professionals?location=Inverness`);
    expect(section(children, 'profiles')).toEqual(await liveProfiles());
  });

  it('lists a service-and-place page once a listing going live brings it to 3, with its newest change, and drops it when they leave', async () => {
    const service = 'Cybersecurity';
    const york = { services: [service], region: 'York', lat: 53.96, lng: -1.0873 };
    const a = await createProfessional(db.prisma, york);
    const b = await createProfessional(db.prisma, york);
    const c = await createProfessional(db.prisma, { ...york, isApproved: false });
    const path = `${origin}${servicePlacePath(service, 'York')}`;
    const servicesListed = async () => section((await servedSet()).children, 'services');

    await build();
    expect((await servicesListed()).map((e) => e.loc)).not.toContain(path);

    const live = await db.prisma.professional.update({ where: { id: c.id }, data: { isApproved: true } });
    await build();
    await t.directoryCaughtUp();
    expect(await apiCount(service, 'York')).toBe(SERVICE_PLACE_INDEX_MIN_LISTINGS);
    const newest = [a.updatedAt, b.updatedAt, live.updatedAt].reduce((x, y) => (x > y ? x : y));
    expect((await servicesListed()).find((e) => e.loc === path)).toEqual({ loc: path, lastmod: newest.toISOString() });

    await db.prisma.professional.update({ where: { id: a.id }, data: { subscriptionStatus: 'cancelled' } });
    await build();
    expect((await servicesListed()).map((e) => e.loc)).not.toContain(path);
    for (const id of [b.id, c.id]) await db.prisma.professional.update({ where: { id }, data: { subscriptionStatus: 'cancelled' } });
    await build();
    expect((await servicesListed()).map((e) => e.loc)).not.toContain(path);
  });

  it('lists exactly the service-and-place pages the API counts at least 3 listings for', async () => {
    await build();
    await t.directoryCaughtUp();
    const listed = section((await servedSet()).children, 'services');
    const counts = await countServicePlaces(db.prisma);
    const expected: Entry[] = [];
    for (const service of ['IT Support', 'IT Consulting', 'Cybersecurity']) {
      for (const place of UK_LOCATIONS) {
        const count = await apiCount(service, place.name);
        const path = servicePlacePath(service, place.name);
        expect(counts.get(path)?.count ?? 0, path).toBe(count);
        if (count >= SERVICE_PLACE_INDEX_MIN_LISTINGS) expected.push({ loc: `${origin}${path}`, lastmod: counts.get(path)!.lastmod.toISOString() });
      }
    }
    expect(listed.filter((e) => !/\/(it-support|it-consulting|cybersecurity)\//.test(e.loc))).toEqual([]);
    expect([...listed].sort((x, y) => x.loc.localeCompare(y.loc))).toEqual(expected.sort((x, y) => x.loc.localeCompare(y.loc)));
  });

  it('changes nothing when built again over the same data', async () => {
    await build(3);
    const before = await db.prisma.sitemapFile.findMany({ orderBy: { name: 'asc' } });
    const again = await build(3);
    expect(again).toMatchObject({ written: 0, removed: 0 });
    expect(await db.prisma.sitemapFile.findMany({ orderBy: { name: 'asc' } })).toEqual(before);
    // And the full limit again: fewer profile files, the others removed.
    const full = await build();
    expect(full.removed).toBeGreaterThan(0);
    expect(await db.prisma.sitemapFile.count({ where: { name: { startsWith: 'sitemaps/profiles-' } } })).toBe(1);
  });
});

describe('service-and-place counts: the worker and the API agree', () => {
  it('on every place, for listings on either side of a circle, in a region far from it, and without a position', async () => {
    const service = 'Data Recovery';
    const other = 'Graphic Design';
    const leedsMiles = findLocation('Leeds')!.radiusKm / KM_PER_MILE;
    const bradfordMiles = findLocation('Bradford')!.radiusKm / KM_PER_MILE;
    const positions = [
      { region: 'Leeds', ...pointFrom('Leeds', 0, 0) },
      // A metre or two either side of Leeds's circle, due north, east and diagonally.
      ...[0, 90, 45, 225].flatMap((bearing) => [
        { region: 'Inverness', ...pointFrom('Leeds', leedsMiles - 0.001, bearing) },
        { region: 'Inverness', ...pointFrom('Leeds', leedsMiles + 0.001, bearing) },
      ]),
      { region: 'Aberdeen', ...pointFrom('Bradford', bradfordMiles - 0.0005, 300) },
      { region: 'Aberdeen', ...pointFrom('Bradford', bradfordMiles + 0.0005, 300) },
      // In a place's region (its name) but hundreds of miles from its circle.
      { region: 'Leeds', ...pointFrom('London', 1, 0) },
      { region: 'Greater London', ...pointFrom('Glasgow', 2, 90) },
      { region: 'Scotland', ...pointFrom('Cardiff', 1, 180) },
      // Not geocoded yet: only its region counts.
      { region: 'Bradford', lat: null, lng: null },
      { region: 'Inverness', lat: null, lng: null },
    ];
    for (const position of positions) {
      await createProfessional(db.prisma, { services: [service], ...position });
      await createProfessional(db.prisma, { services: [other, service], ...position, isApproved: position.lat === null });
    }
    await createProfessional(db.prisma, { services: [service], region: 'Leeds', isApproved: false });
    await t.directoryCaughtUp();

    const counts = await countServicePlaces(db.prisma);
    let pages = 0;
    for (const s of [service, other]) {
      for (const place of UK_LOCATIONS) {
        const path = servicePlacePath(s, place.name);
        const count = await apiCount(s, place.name);
        expect(counts.get(path)?.count ?? 0, path).toBe(count);
        if (count > 0) pages += 1;
      }
    }
    // The data reached places of every kind, and both sides of the edges.
    expect(pages).toBeGreaterThan(10);
    expect(await apiCount(service, 'Leeds')).toBeGreaterThan(0);
  });
});

describe('with a worker running', () => {
  let worker: RunningWorker | undefined;
  afterAll(async () => {
    await worker?.close();
  });

  const waiting = async () => (await t.api.queues.get(JOBS.buildSitemaps.queue).getDelayed()).filter((job) => job.name === JOBS.buildSitemaps.name && !job.repeatJobKey);

  it('builds at start when nothing is stored, and again once after a burst of changes to listings', { timeout: 60_000 }, async () => {
    await db.prisma.sitemapFile.deleteMany();
    expect((await t.fetch('/sitemap.xml')).status).toBe(503);
    // The 503 asked for a build already: clear it, so what follows is the worker's own.
    for (const job of await waiting()) await job.remove();
    worker = await startAppWorker(db, t);
    await expect.poll(async () => (await waiting()).length, { timeout: 10_000 }).toBe(1);
    await (await waiting())[0]!.promote();
    await expect.poll(async () => (await t.fetch('/sitemap.xml')).status, { timeout: 20_000 }).toBe(200);

    // Three changes, one build waiting; it lists the new listing once run.
    const added = await createProfessional(db.prisma, { services: ['Network Setup'] });
    await createProfessional(db.prisma, { services: ['Network Setup'] });
    await db.prisma.professional.update({ where: { id: added.id }, data: { description: 'Now also cabling.' } });
    await expect.poll(async () => (await waiting()).length, { timeout: 10_000 }).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await waiting()).toHaveLength(1);
    await (await waiting())[0]!.promote();
    await expect
      .poll(async () => section((await servedSet()).children, 'profiles').some((e) => e.loc.endsWith(`/professionals/${added.slug}`)), { timeout: 20_000 })
      .toBe(true);
  });
});
