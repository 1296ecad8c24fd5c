// The directory's answer cache (domain/directory/answer-cache.ts) against a real PostgreSQL: answers
// are kept and revalidated with ETags, forgotten when any writer changes professionals or reviews
// (the NOTIFY triggers) in a way that can alter them, and only then, never kept while the change
// feed is down, and off with DIRECTORY_CACHE_MB=0.
import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfessionalListItem } from '../../../core/directory';
import { DirectoryQuery } from '../../../core/directory-query';
import { queryKey } from '../domain/directory/answer-cache';
import type { IndexedListing } from '../domain/directory/indexed-listing';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/services';
import { createProfessional, createReview } from '../testing/factories';
import { serveTestApp, type TestApp } from '../testing/serve-test-app';
import { until } from '../testing/until';

let db: TestDatabase;
let t: TestApp;
let pro: Awaited<ReturnType<typeof createProfessional>>;

/**
 * A GET with exactly these headers (fetch adds Cache-Control: no-cache to a request carrying
 * If-None-Match, which rightly turns revalidation off) and the body as it came, still encoded.
 */
function rawGet(path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(`${t.baseUrl}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

const stats = () => t.api.deps.answers.stats();

/**
 * Records the listings the index changes from now on; the answer says whether one of them is now as
 * `now` says. Waiting on a listing's id alone could end on an earlier write's late notification.
 */
function watchChanges(): (now: (listing: IndexedListing) => boolean) => boolean {
  const after: IndexedListing[] = [];
  t.api.deps.directory!.onChange((change) => {
    for (const listing of change.listings ?? []) if (listing.after) after.push(listing.after);
  });
  return (now) => after.some(now);
}
const listWebDesign = '/api/professionals?service=Web%20Design';

async function totalOf(path: string): Promise<number> {
  const res = await t.fetch(path);
  expect(res.status).toBe(200);
  return Number(res.headers.get('x-total-count'));
}

beforeAll(async () => {
  db = await createTestDatabase();
  t = await serveTestApp({ database: db, env: { RATE_LIMIT_PER_MINUTE: '100000' } });
  pro = await createProfessional(db.prisma, { companyName: 'Cached Web Co', services: ['Web Design'], region: 'Manchester', rating: 4.5, reviewCount: 2 });
  await createProfessional(db.prisma, { companyName: 'Second Web Co', services: ['Web Design'], region: 'Leeds' });
  await until(() => stats().live, 'the change feed to listen');
  await t.api.deps.directory!.whenReady();
});

afterAll(async () => {
  await t?.close();
  await db?.drop();
});

describe('the directory answer cache', () => {
  it('keeps an answer: the second identical request is a hit with the same body and ETag', async () => {
    const before = stats();
    const first = await t.fetch(`${listWebDesign}&sort=newest`);
    const second = await t.fetch(`/api/professionals?sort=newest&service=web%20design`);
    expect(first.status).toBe(200);
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(second.headers.get('x-total-count')).toBe('2');
    expect(await second.json()).toEqual(await first.json());
    const after = stats();
    expect(after.misses - before.misses).toBe(1); // the page and its total, from the directory index
    expect(after.hits - before.hits).toBe(1);
  });

  it('answers 304 without a body to a matching If-None-Match, and 200 to a stale one', async () => {
    const first = await t.fetch('/api/professionals/slug/' + pro.slug);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"/);
    const revalidated = await rawGet('/api/professionals/slug/' + pro.slug, { 'if-none-match': etag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body.length).toBe(0);
    const stale = await t.fetch('/api/professionals/slug/' + pro.slug, { headers: { 'If-None-Match': 'W/"old"' } });
    expect(stale.status).toBe(200);
    expect(((await stale.json()) as ProfessionalListItem).companyName).toBe('Cached Web Co');
  });

  it('sends the same JSON gzipped or plain, as the client accepts', async () => {
    const get = (encoding: string) => rawGet('/api/professionals/map', { 'accept-encoding': encoding });
    // Enough professionals for the map answer to pass the gzip threshold.
    for (let i = 0; i < 60; i++) await createProfessional(db.prisma, { companyName: `Map Filler ${i}`, lat: 52.0123 + i / 100, lng: -1.0456 });
    await t.directoryCaughtUp();
    const gzipped = await get('gzip');
    const plain = await get('identity');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gunzipSync(gzipped.body).toString()).toBe(plain.body.toString());
    expect(gzipped.headers.etag).toBe(plain.headers.etag);
    expect(gzipped.headers.vary).toMatch(/Accept-Encoding/);
    expect(JSON.parse(plain.body.toString()).total).toBeGreaterThanOrEqual(60);
  });

  it('shares one computation between concurrent requests for the same answer', async () => {
    const before = stats();
    const answers = await Promise.all(Array.from({ length: 10 }, () => t.fetch('/api/professionals?minRating=4.5&sort=price')));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    const after = stats();
    expect(after.misses - before.misses).toBe(1); // one page with its total
    expect(after.hits - before.hits).toBe(9); // the other nine waited for the first or read what it kept
  });

  it('forgets every answer when the API itself changes a professional (Prisma)', async () => {
    expect(await totalOf(listWebDesign)).toBeGreaterThanOrEqual(2);
    const before = await totalOf(listWebDesign);
    await db.prisma.professional.update({ where: { id: pro.id }, data: { isApproved: false } });
    await until(async () => (await totalOf(listWebDesign)) === before - 1, 'the unlisted professional to leave the list');
    const gone = await t.fetch('/api/professionals/slug/' + pro.slug);
    expect(gone.status).toBe(404);
    await db.prisma.professional.update({ where: { id: pro.id }, data: { isApproved: true } });
    await until(async () => (await totalOf(listWebDesign)) === before, 'the professional to come back');
  });

  it('forgets when another process writes with plain SQL, and when a review arrives', async () => {
    const slugPath = '/api/professionals/slug/' + pro.slug;
    expect(((await (await t.fetch(slugPath)).json()) as ProfessionalListItem).description).not.toBe('Edited in psql');
    const other = new pg.Client({ connectionString: db.url });
    await other.connect();
    try {
      await other.query(`UPDATE professionals SET description = 'Edited in psql' WHERE id = $1`, [pro.id]);
    } finally {
      await other.end();
    }
    await until(async () => ((await (await t.fetch(slugPath)).json()) as ProfessionalListItem).description === 'Edited in psql', 'the edit to show');

    const home = async () => ((await (await t.fetch('/api/home')).json()) as { stats: { publishedReviews: number } }).stats.publishedReviews;
    const reviewsBefore = await home();
    await createReview(db.prisma, { professionalId: pro.id, rating: 5 });
    await until(async () => (await home()) === reviewsBefore + 1, 'the new review to count');
  });

  it('computes the front-door answers again in the background after a change', async () => {
    await db.prisma.professional.update({ where: { id: pro.id }, data: { phone: '0161 000 0001' } });
    await until(() => stats().entries >= 4, 'the unfiltered list (with its total), the map, home and locations to be warm');
    const before = stats();
    for (const path of ['/api/professionals', '/api/professionals/map', '/api/home', '/api/locations']) expect((await t.fetch(path)).status).toBe(200);
    const after = stats();
    expect(after.misses).toBe(before.misses);
    expect(after.hits - before.hits).toBe(4);
  });

  it('forgets only the answers a change can alter: a new rating keeps searches the professional is not part of', async () => {
    const other = await createProfessional(db.prisma, { companyName: 'Elsewhere Security', services: ['Cybersecurity'], region: 'Leeds' });
    await t.api.deps.directory!.whenReady();
    const kept = ['list?service=Cybersecurity', `slug/${other.slug}?near=`];
    const forgotten = ['list?service=Web%20Design&sort=price', `slug/${pro.slug}?near=`];
    // An answer computed while a change is being read is returned but not kept, and the new
    // listing's own notification may still be on its way: ask until all four are kept.
    await until(async () => {
      for (const path of ['/api/professionals?service=Cybersecurity', '/api/professionals/slug/' + other.slug, `${listWebDesign}&sort=price`, '/api/professionals/slug/' + pro.slug]) {
        expect((await t.fetch(path)).status).toBe(200);
      }
      return [...kept, ...forgotten].every((key) => t.api.deps.answers.has(key));
    }, 'the four answers to be kept');
    const applied = watchChanges();
    await db.prisma.professional.update({ where: { id: pro.id }, data: { rating: 3.5, reviewCount: 3 } });
    await until(() => applied((l) => l.id === pro.id && l.ratingTenths === 35), 'the index to apply the change');
    for (const key of kept) expect(t.api.deps.answers.has(key), `${key} kept`).toBe(true);
    for (const key of forgotten) expect(t.api.deps.answers.has(key), `${key} forgotten`).toBe(false);
    const page = (await (await t.fetch(`${listWebDesign}&sort=price`)).json()) as ProfessionalListItem[];
    expect(page.find((p) => p.id === pro.id)?.rating).toBe(3.5);
  });

  it("keeps a map through a new rating of a listing on it, and forgets it when the listing's name changes; a map filtered by rating forgets the listing moving in", async () => {
    const maps = { plain: 'map?service=Web%20Design', rated: 'map?minRating=4&service=Web%20Design' };
    await db.prisma.professional.update({ where: { id: pro.id }, data: { rating: 3.5, reviewCount: 3, companyName: 'Cached Web Co' } });
    await t.api.deps.directory!.whenReady();
    await until(async () => {
      for (const path of ['/api/professionals/map?service=Web%20Design', '/api/professionals/map?service=Web%20Design&minRating=4']) expect((await t.fetch(path)).status).toBe(200);
      return t.api.deps.answers.has(maps.plain) && t.api.deps.answers.has(maps.rated);
    }, 'both maps to be kept');
    const applied = watchChanges();

    // 3.5 → 4.6: the same point on the plain map; on the rated map, a new one.
    await db.prisma.professional.update({ where: { id: pro.id }, data: { rating: 4.6, reviewCount: 4 } });
    await until(() => applied((l) => l.id === pro.id && l.ratingTenths === 46), 'the index to apply the new rating');
    expect(t.api.deps.answers.has(maps.plain), 'plain map kept').toBe(true);
    expect(t.api.deps.answers.has(maps.rated), 'rated map forgotten').toBe(false);
    const rated = (await (await t.fetch('/api/professionals/map?service=Web%20Design&minRating=4')).json()) as { points: unknown[][] };
    expect(rated.points.some((point) => point[0] === pro.id)).toBe(true);

    // A new name is on the map's points: forgotten, and the next answer has it.
    await db.prisma.professional.update({ where: { id: pro.id }, data: { companyName: 'Renamed Web Co' } });
    await until(() => applied((l) => l.id === pro.id && l.companyName === 'Renamed Web Co'), 'the index to apply the new name');
    expect(t.api.deps.answers.has(maps.plain), 'plain map forgotten').toBe(false);
    const plain = (await (await t.fetch('/api/professionals/map?service=Web%20Design')).json()) as { points: unknown[][] };
    expect(plain.points.find((point) => point[0] === pro.id)?.[3]).toBe('Renamed Web Co');
    await db.prisma.professional.update({ where: { id: pro.id }, data: { companyName: 'Cached Web Co' } });
  });

  it('forgets a text search no listing matched when a listing arrives with a word nobody had before', async () => {
    const path = '/api/professionals?search=Quixotrel';
    const also = '/api/professionals?search=quixo%20systems&sort=relevance';
    expect(await totalOf(path)).toBe(0);
    expect(await totalOf(also)).toBe(0);
    await createProfessional(db.prisma, { companyName: 'Quixotrel Systems', services: ['IT Consulting'], region: 'York' });
    await until(async () => (await totalOf(path)) === 1, 'the new word to be found');
    await until(async () => (await totalOf(also)) === 1, 'the new word to be found by its prefix');
  });

  it('keeps a page through changes that cannot alter it, and every page it answers is the one computed afresh (random changes)', async () => {
    // 30 listings of one service; pages of each order (rating, price, newest, relevance, distance),
    // first, middle and past the end; then 40 random writes, one at a time: new ratings, new
    // prices, delistings and new listings. After each, every page from the cache must equal the
    // index's own answer computed now, and some must have been kept through the write.
    let seed = 20261126;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const pick = <T,>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
    const service = 'Data Recovery';
    const make = (i: number) =>
      createProfessional(db.prisma, {
        companyName: `${pick(['Rescue', 'Restore', 'Rescue Rescue', 'Salvage'])} Data ${i}`,
        services: [service],
        region: pick(['Manchester', 'Leeds']),
        lat: 53.3 + random() * 0.5,
        lng: -2.5 + random() * 0.6,
        rating: Math.round(random() * 50) / 10,
        reviewCount: Math.floor(random() * 4),
        ratePence: pick([3000, 4000, 5000, 6000]),
        createdAt: new Date(Date.UTC(2026, 0, 1 + Math.floor(random() * 300))),
      });
    const listed = [];
    for (let i = 0; i < 30; i++) listed.push(await make(i));
    await t.directoryCaughtUp();
    const queries = [
      'sort=rating&limit=5',
      'sort=rating&limit=5&offset=10',
      'sort=rating&limit=5&offset=25',
      'minRating=3&sort=rating&limit=5&offset=5',
      'sort=price&limit=5&offset=5',
      'sort=newest&limit=5',
      'sort=newest&limit=5&offset=20',
      'search=rescue&limit=5&offset=5',
      'near=Manchester&radiusMiles=40&sort=distance&limit=5&offset=5',
      'limit=5&offset=100',
    ].map((q) => `service=${encodeURIComponent(service)}&${q}`);
    const parsed = queries.map((q) => DirectoryQuery.parse(Object.fromEntries(new URLSearchParams(q))));
    const keys = parsed.map((query) => `list?${queryKey(query)}`);
    const changed: number[] = [];
    t.api.deps.directory!.onChange((change) => changed.push(...(change.listings ?? []).map((l) => l.id)));
    let keptThroughAWrite = 0;
    const recountedBefore = stats().recounted;
    for (let step = 0; step < 40; step++) {
      const sent = new Map<string, { etag: string; total: string }>();
      await until(async () => {
        for (const q of queries) {
          const res = await t.fetch(`/api/professionals?${q}`);
          expect(res.status).toBe(200);
          sent.set(q, { etag: res.headers.get('etag')!, total: res.headers.get('x-total-count')! });
        }
        return keys.every((key) => t.api.deps.answers.has(key));
      }, 'every page to be kept');
      const target = pick(listed);
      const write = pick(['rating', 'rating', 'rating', 'price', 'delist', 'new'] as const);
      let id = target.id;
      if (write === 'new') id = (await make(100 + step)).id;
      else if (write === 'delist') await db.prisma.professional.update({ where: { id }, data: { isApproved: false } });
      else if (write === 'price') await db.prisma.professional.update({ where: { id }, data: { ratePence: pick([2000, 4500, 7000]), hourlyRatePence: pick([2000, 4500, 7000]) } });
      else await db.prisma.professional.update({ where: { id }, data: { rating: Math.round(random() * 50) / 10, reviewCount: 1 + Math.floor(random() * 6) } });
      await until(() => changed.includes(id), `the index to apply write ${step}`);
      changed.length = 0;
      keptThroughAWrite += keys.filter((key) => t.api.deps.answers.has(key)).length;
      for (const [i, q] of queries.entries()) {
        const res = await t.fetch(`/api/professionals?${q}`);
        const fresh = (await t.api.deps.directory!.page(parsed[i]!))!;
        expect({ step, write, q, body: await res.json(), total: Number(res.headers.get('x-total-count')) }).toEqual({
          step,
          write,
          q,
          body: JSON.parse(fresh.json),
          total: fresh.total,
        });
        // Another total is another representation: a browser revalidating the old one gets the new.
        if (String(fresh.total) !== sent.get(q)!.total) expect(res.headers.get('etag'), q).not.toBe(sent.get(q)!.etag);
      }
      if (write === 'delist') await db.prisma.professional.update({ where: { id }, data: { isApproved: true } });
    }
    // Most writes touch a few of the ten pages; the rest stay kept (230 of 400 when written, 271
    // with new totals counted in, 63 of them recounted; forgetting every page the listing is part of before or after kept 43).
    expect(keptThroughAWrite).toBeGreaterThan(200);
    // A listing arriving or leaving after a full page leaves the page: it kept its bytes and took the new total.
    expect(stats().recounted - recountedBefore).toBeGreaterThan(0);
  });

  it('does not forget for a write that rolls back', async () => {
    await totalOf(listWebDesign);
    const before = stats();
    await db.prisma
      .$transaction(async (tx) => {
        await tx.professional.update({ where: { id: pro.id }, data: { companyName: 'Never Committed' } });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await new Promise((r) => setTimeout(r, 100));
    await totalOf(listWebDesign);
    const after = stats();
    expect(after.hits - before.hits).toBe(1);
    expect(after.misses).toBe(before.misses);
  });

  it('keeps nothing while the change feed is down, and starts afresh when it is back', async () => {
    await totalOf(listWebDesign);
    expect(stats().entries).toBeGreaterThan(0);
    const admin = new pg.Client({ connectionString: db.url });
    await admin.connect();
    try {
      const { rowCount } = await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'itconnect-directory-changes' AND datname = current_database()`,
      );
      expect(rowCount).toBe(1);
    } finally {
      await admin.end();
    }
    await until(() => !stats().live, 'the feed to notice');
    expect(stats().entries).toBe(0);
    const whileDown = stats();
    expect(await totalOf(listWebDesign)).toBeGreaterThan(0); // still answers, from the database
    if (!stats().live) expect(stats().misses).toBe(whileDown.misses);
    await until(() => stats().live, 'the feed to reconnect');
    await totalOf(listWebDesign);
    await totalOf(listWebDesign);
    expect(stats().entries).toBeGreaterThan(0);
  });
});

describe('with DIRECTORY_CACHE_MB=0', () => {
  it('computes every answer and keeps none', async () => {
    const off = await serveTestApp({ database: db, env: { RATE_LIMIT_PER_MINUTE: '100000', DIRECTORY_CACHE_MB: '0' } });
    try {
      const first = await off.fetch(listWebDesign);
      const second = await off.fetch(listWebDesign);
      expect(first.status).toBe(200);
      expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
      expect(await second.json()).toEqual(await first.json());
      expect(off.api.deps.answers.stats()).toMatchObject({ hits: 0, misses: 0, entries: 0, live: false });
    } finally {
      await off.close();
    }
  });
});
