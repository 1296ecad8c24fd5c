// GET /api/professionals (filters, sorts, pages, bad input, SQL-injection strings), the map points,
// slug / id / card look-ups and the only-live rule, against a real PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MapPoints, ProfessionalCard, ProfessionalListItem } from '../../../core/directory';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/services';
import { createProfessional } from '../testing/factories';
import { serveTestApp, type TestApp } from '../testing/serve-test-app';

let db: TestDatabase;
let t: TestApp;
type Pro = Awaited<ReturnType<typeof createProfessional>>;
const pros: Record<string, Pro> = {};
const hidden: Pro[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  t = await serveTestApp({ database: db, env: { RATE_LIMIT_PER_MINUTE: '100000' } });
  const p = db.prisma;
  const day = (n: number) => new Date(Date.UTC(2026, 0, n));
  pros.a = await createProfessional(p, {
    companyName: 'Northern Web Co', services: ['Web Design', 'Web Development'], region: 'Manchester',
    lat: 53.4794, lng: -2.2453, ratePence: 4500, rating: 4.5, reviewCount: 10, createdAt: day(1),
  });
  pros.b = await createProfessional(p, {
    companyName: 'Salford Cyber', services: ['Cybersecurity'], region: 'Greater Manchester', location: 'Salford',
    lat: 53.4875, lng: -2.2901, ratePence: 40000, rateType: 'daily', rating: 4.4, reviewCount: 3, createdAt: day(2),
  });
  pros.c = await createProfessional(p, {
    companyName: 'London Cloud', services: ['Cloud Services', 'Web Design'], region: 'London', location: 'London',
    postcode: 'SW1A 1AA', lat: 51.5074, lng: -0.1278, ratePence: 3750, rating: 5, reviewCount: 1, createdAt: day(3),
  });
  pros.d = await createProfessional(p, {
    companyName: 'Project Pros', services: ['Web Design'], region: 'Leeds', location: 'Leeds',
    lat: 53.7997, lng: -1.5492, isProjectBased: true, rating: 3, reviewCount: 2, createdAt: day(4),
  });
  pros.e = await createProfessional(p, {
    companyName: 'Stockport Networks', services: ['Network Setup'], region: 'Cheshire', location: 'Stockport',
    lat: 53.4106, lng: -2.1575, ratePence: 10000, rating: 4.9, reviewCount: 7, createdAt: day(5),
  });
  pros.f = await createProfessional(p, {
    companyName: 'Nowhere Remote', services: ['Remote Support'], region: 'Bristol', location: 'Bristol',
    lat: null, lng: null, ratePence: 6000, rating: 2, reviewCount: 1, createdAt: day(6),
  });
  for (const state of [
    { isApproved: false },
    { subscriptionStatus: 'inactive' as const },
    { subscriptionStatus: 'cancelled' as const },
    { subscriptionStatus: 'past_due' as const },
  ]) {
    hidden.push(
      await createProfessional(p, {
        companyName: 'Hidden Web Design', services: ['Web Design'], region: 'Manchester',
        ratePence: 4000, rating: 5, reviewCount: 50, ...state,
      }),
    );
  }
  await t.directoryCaughtUp();
});

afterAll(async () => {
  await t?.close();
  await db?.drop();
});

async function list(query: string): Promise<{ status: number; total: number; items: ProfessionalListItem[]; body: unknown }> {
  const res = await t.fetch(`/api/professionals${query}`);
  const body = await res.json();
  return { status: res.status, total: Number(res.headers.get('x-total-count')), items: res.ok ? body : [], body };
}

const names = (items: ProfessionalListItem[]) => items.map((i) => i.companyName);
const LIVE_BY_RATING = [
  // Highest rated is the Bayesian average of product rule 31: 4.9 from 7 above 4.5 from 10 above 5.0 from 1.
  'Stockport Networks', 'Northern Web Co', 'London Cloud', 'Salford Cyber', 'Project Pros', 'Nowhere Remote',
];

describe('GET /api/professionals', () => {
  it('lists only live professionals, best rated first, total in X-Total-Count', async () => {
    const r = await list('');
    expect(r.status).toBe(200);
    expect(names(r.items)).toEqual(LIVE_BY_RATING);
    expect(r.total).toBe(6);
  });

  it('maps the row to the contract', async () => {
    const r = await list('?search=Northern');
    expect(r.items).toHaveLength(1);
    const a = r.items[0]!;
    expect(a).toMatchObject({
      id: pros.a!.id, slug: pros.a!.slug, hourlyRate: '45', rateType: 'hourly', rating: 4.5, reviewCount: 10,
      isProjectBased: false, region: 'Manchester',
    });
    // Internal state stays inside (docs/security.md, item 7).
    expect(a).not.toHaveProperty('isApproved');
    expect(a).not.toHaveProperty('subscriptionStatus');
    expect(a.createdAt).toBe('2026-01-01T00:00:00.000Z');
    expect(a.distanceMiles).toBeUndefined();
    expect(a).not.toHaveProperty('stripeCustomerId');
    const all = (await list('')).items;
    expect(all.find((i) => i.companyName === 'London Cloud')!.hourlyRate).toBe('37.50');
    expect(all.find((i) => i.companyName === 'Salford Cyber')).toMatchObject({ hourlyRate: '400', rateType: 'daily' });
    expect(all.find((i) => i.companyName === 'Project Pros')).toMatchObject({ hourlyRate: null, rateType: null, isProjectBased: true });
  });

  it('treats the defaults as no filter', async () => {
    const r = await list('?service=All%20Services&location=All%20UK&search=&minRating=');
    expect(r.total).toBe(6);
  });

  it('filters by service (any case)', async () => {
    expect(names((await list('?service=Web%20Design')).items)).toEqual(['Northern Web Co', 'London Cloud', 'Project Pros']);
    expect((await list('?service=web%20design')).total).toBe(3);
    expect(names((await list('?service=Cybersecurity')).items)).toEqual(['Salford Cyber']);
  });

  it('filters by location: the region itself or a stored position within the place radius', async () => {
    expect(names((await list('?location=Manchester')).items)).toEqual(['Stockport Networks', 'Northern Web Co', 'Salford Cyber']);
    expect(names((await list('?location=London')).items)).toEqual(['London Cloud']);
    expect(names((await list('?location=Bristol')).items)).toEqual(['Nowhere Remote']);
    expect((await list('?location=Cornwall')).total).toBe(0);
  });

  it('filters by minimum rating, inclusive', async () => {
    expect(names((await list('?minRating=4.5')).items)).toEqual(['Stockport Networks', 'Northern Web Co', 'London Cloud']);
    expect(names((await list('?minRating=4.6')).items)).toEqual(['Stockport Networks', 'London Cloud']);
    expect((await list('?minRating=0')).total).toBe(6);
  });

  it('filters by hourly price, bounds inclusive, daily ÷ 8, project-based left out only with a price filter', async () => {
    expect(names((await list('?minHourlyRate=45&sort=price')).items)).toEqual([
      'Northern Web Co', 'Salford Cyber', 'Nowhere Remote', 'Stockport Networks',
    ]);
    expect(names((await list('?maxHourlyRate=50&sort=price')).items)).toEqual(['London Cloud', 'Northern Web Co', 'Salford Cyber']);
    expect(names((await list('?minHourlyRate=45&maxHourlyRate=50&sort=price')).items)).toEqual(['Northern Web Co', 'Salford Cyber']);
    expect(names((await list('?maxHourlyRate=37.5')).items)).toEqual(['London Cloud']);
    expect((await list('?maxHourlyRate=200')).items.some((i) => i.isProjectBased)).toBe(false);
  });

  it('searches company name, services, location and description, ranked, with word prefixes', async () => {
    expect(names((await list('?search=cyber')).items)).toEqual(['Salford Cyber']);
    expect(names((await list('?search=cybersecurity')).items)).toEqual(['Salford Cyber']);
    expect(new Set(names((await list('?search=web%20des')).items))).toEqual(new Set(['London Cloud', 'Northern Web Co', 'Project Pros']));
    expect(names((await list('?search=Stockport')).items)).toEqual(['Stockport Networks']);
    expect(names((await list('?search=small%20businesses&service=Network%20Setup')).items)).toEqual(['Stockport Networks']);
    expect((await list('?search=zzzqqq')).total).toBe(0);
    // A hidden professional never matches, even by its own name.
    expect((await list('?search=Hidden')).total).toBe(0);
  });

  it('understands web-search syntax: quoted phrases and -excluded words', async () => {
    expect(names((await list(`?search=${encodeURIComponent('"salford cyber"')}`)).items)).toEqual(['Salford Cyber']);
    expect(new Set(names((await list(`?search=${encodeURIComponent('web -cloud')}`)).items))).toEqual(new Set(['Northern Web Co', 'Project Pros']));
    expect(names((await list(`?search=${encodeURIComponent('cyber or stockport')}`)).items).sort()).toEqual(['Salford Cyber', 'Stockport Networks']);
  });

  it('ranks the better text match first under relevance', async () => {
    const r = await list('?search=web%20design');
    expect(r.items[0]!.companyName).not.toBe('London Cloud');
  });

  it('finds professionals near a postcode, nearest first, with distanceMiles', async () => {
    const r = await list('?near=M1%201AE&radiusMiles=10');
    expect(r.status).toBe(200);
    expect(names(r.items)).toEqual(['Northern Web Co', 'Salford Cyber', 'Stockport Networks']);
    const distances = r.items.map((i) => i.distanceMiles!);
    expect(distances).toEqual([...distances].sort((x, y) => x - y));
    expect(distances[0]).toBeLessThan(1);
    for (const d of distances) expect(d).toBeLessThanOrEqual(10);
    expect(r.total).toBe(3);
  });

  it('accepts an outcode or a place name for near, and a radius', async () => {
    expect(names((await list('?near=sw1a')).items)).toEqual(['London Cloud']);
    expect(names((await list('?near=London&radiusMiles=1')).items)).toEqual(['London Cloud']);
    expect((await list('?near=M1&radiusMiles=0.1')).total).toBe(0);
    const wide = await list('?near=M1&radiusMiles=600');
    expect(wide.total).toBe(5); // every located live professional
    expect(wide.items.at(-1)!.companyName).toBe('London Cloud');
  });

  it('combines near with other filters and another sort', async () => {
    const r = await list('?near=M1&radiusMiles=50&service=Web%20Design&sort=rating');
    expect(names(r.items)).toEqual(['Northern Web Co', 'Project Pros']);
    expect(r.items.every((i) => typeof i.distanceMiles === 'number')).toBe(true);
  });

  it('combines service, location, rating and price', async () => {
    expect(names((await list('?service=Web%20Design&location=Manchester')).items)).toEqual(['Northern Web Co']);
    expect(names((await list('?service=Web%20Design&minRating=4.5&maxHourlyRate=40')).items)).toEqual(['London Cloud']);
    expect((await list('?service=Cybersecurity&location=London')).total).toBe(0);
  });

  it('sorts by price (unpriced last), newest and rating with an id tiebreak', async () => {
    expect(names((await list('?sort=price')).items)).toEqual([
      'London Cloud', 'Northern Web Co', 'Salford Cyber', 'Nowhere Remote', 'Stockport Networks', 'Project Pros',
    ]);
    expect(names((await list('?sort=newest')).items)).toEqual([
      'Nowhere Remote', 'Stockport Networks', 'Project Pros', 'London Cloud', 'Salford Cyber', 'Northern Web Co',
    ]);
    expect(names((await list('?sort=rating')).items)).toEqual(LIVE_BY_RATING);
  });

  it('pages with limit and offset: same total, no overlap, same order as one page', async () => {
    const pages = [];
    for (const offset of [0, 2, 4]) {
      const r = await list(`?limit=2&offset=${offset}`);
      expect(r.total).toBe(6);
      expect(r.items).toHaveLength(2);
      pages.push(...names(r.items));
    }
    expect(pages).toEqual(LIVE_BY_RATING);
    const past = await list('?limit=2&offset=10');
    expect(past.items).toEqual([]);
    expect(past.total).toBe(6);
  });

  it.each([
    ['?minRating=abc', 'minRating must be a number'],
    ['?minRating=6', 'minRating must be between 0 and 5'],
    ['?radiusMiles=-5&near=M1', 'radiusMiles must be between'],
    ['?sort=bogus', 'sort must be one of'],
    ['?sort=distance', 'sort=distance needs near'],
    ['?service=Bogus', 'Unknown service "Bogus"'],
    ['?location=Atlantis', 'Unknown location "Atlantis"'],
    ['?limit=0', 'limit must be between'],
    ['?limit=1000', 'limit must be between'],
    ['?offset=-1', 'offset must be between'],
    ['?minHourlyRate=60&maxHourlyRate=50', 'minHourlyRate must not be above maxHourlyRate'],
    ['?near=ZZ99%209ZZ', 'We could not find that postcode or place'],
    ['?near=Narnia', 'We could not find that postcode or place'],
  ])('answers %s with 400 and a message', async (query, message) => {
    const r = await list(query);
    expect(r.status).toBe(400);
    const body = r.body as { error: { code: string; message: string } };
    expect(body.error.code).toBe('bad_request');
    expect(body.error.message).toContain(message);
  });

  const INJECTIONS = [
    "'; DROP TABLE professionals; --",
    "' OR '1'='1",
    '1); DELETE FROM professionals WHERE (1=1',
    "web & | ! ( ) :* <-> \\ '",
    '"unterminated',
    'a'.repeat(200),
  ];

  it.each(INJECTIONS)('treats %s in search as text', async (text) => {
    const r = await list(`?search=${encodeURIComponent(text)}`);
    expect(r.status).toBe(200);
    expect(Array.isArray(r.body)).toBe(true);
  });

  it.each(INJECTIONS.slice(0, 3))('rejects %s as a service, location or near with 400', async (text) => {
    for (const key of ['service', 'location', 'near']) {
      const r = await list(`?${key}=${encodeURIComponent(text)}`);
      expect(r.status).toBe(400);
    }
    const slug = await t.fetch(`/api/professionals/slug/${encodeURIComponent(text)}`);
    expect(slug.status).toBe(404);
  });

  it('still has every professional after the injection attempts', async () => {
    expect(await db.prisma.professional.count()).toBe(10);
  });

  it('takes the first value of a repeated parameter', async () => {
    expect((await list('?service=Cybersecurity&service=Web%20Design')).total).toBe(1);
  });
});

describe('GET /api/professionals/map', () => {
  it('returns every match (not a page) with located points; total equals X-Total-Count', async () => {
    for (const query of ['', '?service=Web%20Design', '?location=Manchester', '?near=M1&radiusMiles=600', '?search=web', '?limit=1']) {
      const res = await t.fetch(`/api/professionals/map${query}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      const map = (await res.json()) as MapPoints;
      const page = await list(query);
      expect(map.total).toBe(page.total);
      expect(map.points.length).toBeLessThanOrEqual(map.total);
    }
    const all = (await (await t.fetch('/api/professionals/map')).json()) as MapPoints;
    expect(all.total).toBe(6);
    expect(all.points.map((p) => p[0]).sort((x, y) => x - y)).toEqual(
      [pros.a, pros.b, pros.c, pros.d, pros.e].map((p) => p!.id).sort((x, y) => x - y),
    );
    // Rounded like every public position (3 decimals).
    expect(all.points.find((p) => p[0] === pros.a!.id)).toEqual([pros.a!.id, 53.479, -2.245, pros.a!.companyName]);
  });

  it('answers bad filters with 400', async () => {
    expect((await t.fetch('/api/professionals/map?minRating=abc')).status).toBe(400);
  });
});

describe('single professionals', () => {
  it('finds a live professional by slug, with distance when near is given', async () => {
    const res = await t.fetch(`/api/professionals/slug/${pros.a!.slug}`);
    expect(res.status).toBe(200);
    const item = (await res.json()) as ProfessionalListItem;
    expect(item).toMatchObject({ id: pros.a!.id, companyName: 'Northern Web Co' });
    expect(item.distanceMiles).toBeUndefined();
    const near = (await (await t.fetch(`/api/professionals/slug/${pros.c!.slug}?near=M1`)).json()) as ProfessionalListItem;
    expect(near.distanceMiles).toBeGreaterThan(150);
    expect(near.distanceMiles).toBeLessThan(170);
    expect((await t.fetch(`/api/professionals/slug/${pros.c!.slug}?near=Narnia`)).status).toBe(400);
  });

  it('answers an unknown slug with 404', async () => {
    const res = await t.fetch('/api/professionals/slug/no-such-professional');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: 'not_found', message: 'Professional not found' } });
  });

  it('finds a live professional by all-digit id', async () => {
    const item = (await (await t.fetch(`/api/professionals/${pros.b!.id}`)).json()) as ProfessionalListItem;
    expect(item.slug).toBe(pros.b!.slug);
    for (const path of ['99999999', '99999999999', '0', 'abc', '12abc']) {
      expect((await t.fetch(`/api/professionals/${path}`)).status).toBe(404);
    }
  });

  it('gives a map popup card', async () => {
    const card = (await (await t.fetch(`/api/professionals/${pros.b!.id}/card`)).json()) as ProfessionalCard;
    expect(card).toEqual({
      id: pros.b!.id, slug: pros.b!.slug, companyName: 'Salford Cyber', region: 'Greater Manchester',
      services: ['Cybersecurity'], rating: 4.4, reviewCount: 3, hourlyRate: '400', rateType: 'daily',
    });
    expect((await t.fetch('/api/professionals/abc/card')).status).toBe(404);
  });

  it('hides unapproved, inactive, cancelled and past-due professionals everywhere', async () => {
    for (const h of hidden) {
      expect((await t.fetch(`/api/professionals/slug/${h.slug}`)).status).toBe(404);
      expect((await t.fetch(`/api/professionals/${h.id}`)).status).toBe(404);
      expect((await t.fetch(`/api/professionals/${h.id}/card`)).status).toBe(404);
    }
    const map = (await (await t.fetch('/api/professionals/map?location=Manchester')).json()) as MapPoints;
    const hiddenIds = new Set(hidden.map((h) => h.id));
    expect(map.points.some((p) => hiddenIds.has(p[0]))).toBe(false);
    expect((await list('?service=Web%20Design&location=Manchester')).total).toBe(1);
  });
});

describe('compression', () => {
  it('gzips large JSON answers when the client accepts gzip', async () => {
    const res = await t.fetch('/api/professionals', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toMatch(/Accept-Encoding/i);
    expect(((await res.json()) as unknown[]).length).toBe(6);
  });
});
