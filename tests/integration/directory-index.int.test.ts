// The in-memory directory index (directory-index.ts) gives the SQL path's answers, row for row:
// generated searches over 3,000 bench listings (varied services, places, rates, ratings, texts)
// plus a few awkward ones are answered both ways and compared (page, total and map), and after
// writes the index follows within moments, naming what changed.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SORTS } from '../../core/directory';
import { DirectoryQuery } from '../../core/directory-query';
import { seedBenchProfessionals } from '../../scripts/bench/seed';
import { createTestDatabase, type TestDatabase } from '../support/services';
import { createProfessional } from '../../api/src/testing/factories';
import { listenForDirectoryChanges, type DirectoryChangeFeed } from '../../api/src/domain/directory/directory-changes';
import { DirectoryIndex } from '../../api/src/domain/directory/directory-index';
import type { DirectoryChange, IndexedListing } from '../../api/src/domain/directory/indexed-listing';
import { listingPlaces } from '../../api/src/domain/directory/listing-places';
import { joinWordQueries, plainSearchWords } from '../../api/src/domain/directory/tsquery-text';
import { countMatches, findPage, mapPointsJson } from '../../api/src/domain/directory/search-professionals';
import { getHomeSummary } from '../../api/src/domain/directory/home-summary';
import { listRegionSummaries } from '../../api/src/domain/directory/region-summaries';
import { lexemeMatches, packPositions, parseTsquery, parseTsvector, tsRank } from '../../api/src/domain/directory/text-search';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

let db: TestDatabase;
let feed: DirectoryChangeFeed;
let index: DirectoryIndex;
const changes: DirectoryChange[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  await seedBenchProfessionals(client, { count: 3_000, root: ROOT });
  await client.end();
  await createProfessional(db.prisma, { companyName: "O'Reilly & Sons — Café IT", services: ['Web Design', 'SEO & SEM'], region: 'Manchester', rating: 4.5, reviewCount: 3 });
  await createProfessional(db.prisma, { companyName: 'Zoë Network Ltd', services: ['Network Setup'], region: 'London', isProjectBased: true });
  const logger = pino({ level: 'silent' });
  feed = listenForDirectoryChanges({ databaseUrl: db.url, logger });
  // A text whose search matches more than 200 listings builds its relevance order at once.
  index = new DirectoryIndex({ prisma: db.prisma, feed, logger, rankPerSearchUpTo: 200 });
  index.onChange((change) => changes.push(change));
  await index.whenReady();
}, 120_000);

afterAll(async () => {
  await index?.close();
  await feed?.close();
  await db?.drop();
});

async function bothWays(raw: Record<string, string>): Promise<void> {
  const query = DirectoryQuery.parse(raw);
  const fromIndex = await index.page(query);
  // A quoted phrase becomes a phrase tsquery (<->), which the index leaves to SQL.
  if (raw.search?.includes('"')) {
    expect(fromIndex).toBeNull();
    return;
  }
  expect(fromIndex, JSON.stringify(raw)).not.toBeNull();
  const [items, total] = await Promise.all([findPage({ prisma: db.prisma }, query), countMatches({ prisma: db.prisma }, query)]);
  const label = JSON.stringify(raw);
  expect(fromIndex!.total, label).toBe(total);
  expect(JSON.parse(fromIndex!.json), label).toEqual(JSON.parse(JSON.stringify(items)));
  expect(await index.count(query), label).toBe(total);
  if (!raw.sort && !raw.offset && !raw.limit) {
    expect(await index.mapJson(query), label).toBe(await mapPointsJson({ prisma: db.prisma }, query));
  }
}

const services = ['Web Design', 'Cybersecurity', 'IT Consulting', 'Cloud Services', 'Network Setup', 'DevOps', 'SEO & SEM', 'Data Recovery'];
const places = ['Manchester', 'London', 'Leeds', 'Greater London', 'Bristol', 'Scotland', 'Kent', 'Wales', 'West Yorkshire', 'Belfast'];
const words = ['web', 'web des', 'cyber security', 'data recovery', 'cloud', 'network installation', 'server', 'seo', 'wordpress',
  'laptop repair', 'it support', 'backup', 'microsoft 365', 'wifi', 'devops', 'app', 'o reilly', 'café', 'zoë', 'the', 'web -design',
  '"data recovery"', 'cloud or backup', 'manchester web', 'nosuchwordanywhere'];
const nears = ['M1 1AE', 'SW1A 1AA', 'LS1 4DY', 'B1 1AA', 'EH1 1YZ', 'BS1 4DJ', 'Leeds', 'CF10'];

const searchInput = fc.record(
  {
    service: fc.constantFrom(...services),
    location: fc.constantFrom(...places),
    search: fc.constantFrom(...words),
    near: fc.constantFrom(...nears),
    radiusMiles: fc.constantFrom('1', '5', '10', '25', '60'),
    minRating: fc.constantFrom('0', '3', '3.5', '4', '4.5', '4.8', '5'),
    minHourlyRate: fc.constantFrom('10', '30', '60', '100'),
    maxHourlyRate: fc.constantFrom('40', '80', '150', '2000'),
    sort: fc.constantFrom(...SORTS),
    offset: fc.constantFrom('0', '12', '24', '96', '500'),
    limit: fc.constantFrom('1', '12', '24', '48'),
  },
  { requiredKeys: [] },
);

/** A generated search as a valid query's fields: no distance order without a circle or a place, no minimum above the maximum. */
function validSearch(input: Partial<Record<string, string>>): Record<string, string> {
  const raw = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Record<string, string>;
  if (raw.sort === 'distance' && !raw.near && !raw.location) delete raw.sort;
  if (raw.minHourlyRate && raw.maxHourlyRate && Number(raw.minHourlyRate) > Number(raw.maxHourlyRate)) delete raw.minHourlyRate;
  return raw;
}

describe('the directory index', () => {
  it('answers generated searches exactly as SQL does (page, total, map)', async () => {
    await fc.assert(
      fc.asyncProperty(searchInput, async (input) => {
        await bothWays(validSearch(input));
      }),
      { numRuns: Number(process.env.INDEX_FUZZ_RUNS ?? 250), seed: Number(process.env.INDEX_FUZZ_SEED ?? 20261125) },
    );
  }, 120_000);

  it('tells the answer cache places that hold every listing a search matches, for a search with a place or circle', async () => {
    const ids = (await db.prisma.$queryRaw<{ id: number }[]>`SELECT id FROM professionals`).map((r) => r.id);
    const listings = ids.map((id) => index.listing(id)).filter((l): l is IndexedListing => l !== undefined);
    expect(listings.length).toBeGreaterThan(2_900);
    // One outside every square a place's box covers: in its region, so a place of that name matches it.
    const unplaced = await createProfessional(db.prisma, { companyName: 'Nowhere In Particular IT', region: 'Kent', lat: null, lng: null });
    await expect.poll(() => index.listing(unplaced.id), { timeout: 3_000 }).toBeDefined();
    await index.whenReady();
    listings.push(index.listing(unplaced.id)!);
    let placed = 0;
    await fc.assert(
      fc.asyncProperty(searchInput, async (input) => {
        const raw = validSearch(input);
        if (raw.search?.includes('"')) return; // a phrase is SQL's: its answers rest on anything
        const query = DirectoryQuery.parse(raw);
        await index.count(query); // parses the text, as a search does before its answer is kept
        const matcher = index.matcherFor(query)!;
        expect(matcher, JSON.stringify(raw)).not.toBeNull();
        // (A place as wide as Scotland, or a circle as wide, is anywhere too.)
        if (!raw.near && !raw.location) expect(matcher.places, JSON.stringify(raw)).toBeNull();
        if (!matcher.places) return;
        placed += 1;
        const places = new Set(matcher.places);
        for (const listing of listings) {
          if (matcher.matches(listing)) expect(listingPlaces(listing).some((p) => places.has(p)), `${JSON.stringify(raw)} ${listing.id}`).toBe(true);
        }
      }),
      { numRuns: 150, seed: 20261126 },
    );
    expect(placed).toBeGreaterThan(50);
    // The one without a point: a search of its region's place finds it by its region.
    const inKent = index.matcherFor(DirectoryQuery.parse({ location: 'Kent' }))!;
    const nowhere = index.listing(unplaced.id)!;
    expect(inKent.matches(nowhere)).toBe(true);
    expect(inKent.places!.filter((p) => listingPlaces(nowhere).includes(p))).toEqual(['region:Kent']);
    // A circle of a hundred miles and more is anywhere: it would be kept in too many squares.
    expect(index.matcherFor(DirectoryQuery.parse({ near: 'Leeds', radiusMiles: '500' }))!.places).toBeNull();
  }, 60_000);

  it('answers the whole directory, its map and text ranking over every listing as SQL does', async () => {
    await bothWays({});
    await bothWays({ limit: '48', offset: '2952' });
    for (const search of words) await bothWays({ search, limit: '48' });
    for (const sort of SORTS.filter((s) => s !== 'distance')) await bothWays({ sort, limit: '48', offset: '1000' });
  }, 60_000);

  it("builds a text's tsquery from each word's, exactly as PostgreSQL builds it from the whole text", async () => {
    const texts = [...words, 'the web', 'it the', 'web web design', 'running servers', 'naïve café 1st', 'ab½ web', 'Москва1 北京 ǅemal',
      'a b c d e f g h i j', 'Web-Design', "o'reilly", 'IT   Support  Manchester'];
    let joined = 0;
    for (const text of texts) {
      const words = plainSearchWords(text);
      if (!words) continue;
      const perWord = await db.prisma.$queryRawUnsafe<{ word: string; q: string }[]>(
        `SELECT word, (to_tsquery('english', word || ':*'))::text AS q FROM unnest($1::text[]) AS word`,
        words,
      );
      const of = new Map(perWord.map((row) => [row.word, row.q]));
      const whole = await db.prisma.$queryRawUnsafe<{ q: string }[]>(`SELECT (to_tsquery('english', $1))::text AS q`, words.map((w) => `${w}:*`).join(' & '));
      const fromWords = joinWordQueries(words.map((word) => of.get(word)));
      expect(fromWords, text).toBe(whole[0]!.q);
      joined += 1;
    }
    expect(joined).toBeGreaterThan(25);
    // A word that is not one operand is not joined: the whole text goes to PostgreSQL.
    expect(joinWordQueries(["'foo' <-> 'bar'", "'web':*"])).toBeNull();
    expect(joinWordQueries([undefined])).toBeNull();
  });

  it('computes ts_rank bit for bit as PostgreSQL does', async () => {
    const queries = ['web:* & des:*', 'support:*', 'cloud:* | backup:*', 'data:* & recoveri:* & london:*', "'network' & !'wifi'", 'it:* & support:* & manchest:*'];
    let compared = 0;
    for (const text of queries) {
      const rows = await db.prisma.$queryRawUnsafe<{ vector: string; query: string; rank: number }[]>(
        `SELECT p.search_vector::text AS vector, q::text AS query, ts_rank(p.search_vector, q)::float8 AS rank
           FROM professionals p, to_tsquery('english', $1) q WHERE p.search_vector @@ q ORDER BY p.id LIMIT 300`,
        text,
      );
      for (const row of rows) {
        const parsed = parseTsvector(row.vector);
        const query = parseTsquery(row.query)!;
        const doc = { lexemeIds: Int32Array.from(parsed.lexemes.map((_, i) => i)), positions: packPositions(parsed.positions) };
        const operands = query.operands.map((operand) => new Set(parsed.lexemes.flatMap((lexeme, i) => (lexemeMatches(lexeme, operand) ? [i] : []))));
        expect(tsRank(doc, query, operands), `${text} on ${row.vector}`).toBe(row.rank);
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(600);
  });

  it('follows writes: a new rating moves a listing, a cancelled subscription removes it, naming each id', async () => {
    const { rows } = await db.prisma.$queryRaw<{ id: number }[]>`SELECT id FROM professionals WHERE is_approved ORDER BY id LIMIT 2`.then((r) => ({ rows: r }));
    const [first, second] = rows.map((r) => r.id);
    changes.length = 0;
    await db.prisma.$executeRaw`UPDATE professionals SET rating = 5.0, review_count = 400 WHERE id = ${first}`;
    await db.prisma.$executeRaw`UPDATE professionals SET subscription_status = 'cancelled' WHERE id = ${second}`;
    await expect.poll(() => changes.flatMap((c) => c.listings ?? []).map((l) => l.id).sort(), { timeout: 3_000 }).toEqual([first, second].sort());
    await index.whenReady();
    const top = JSON.parse((await index.page(DirectoryQuery.parse({ limit: '1' })))!.json) as { id: number }[];
    expect(top[0]!.id).toBe(first);
    const removed = changes.flatMap((c) => c.listings ?? []).find((l) => l.id === second)!;
    expect(removed.before?.id).toBe(second);
    expect(removed.after).toBeUndefined();
    await bothWays({});
    await bothWays({ sort: 'newest' });
  });

  it("counts the home page's tiles and statistics and the locations page's regions as SQL does, and follows a listing that moves region or leaves", async () => {
    const compare = async () => {
      await index.whenReady();
      expect(await getHomeSummary({ prisma: db.prisma, directory: index })).toEqual(await getHomeSummary({ prisma: db.prisma }));
      expect(await listRegionSummaries({ prisma: db.prisma, directory: index })).toEqual(await listRegionSummaries({ prisma: db.prisma }));
    };
    await compare();
    const home = await getHomeSummary({ prisma: db.prisma, directory: index });
    expect(home.stats.verifiedProfessionals).toBeGreaterThan(2_900);
    expect(home.categories.some((tile) => tile.count > 0)).toBe(true);
    const { rows } = await db.prisma.$queryRaw<{ id: number }[]>`SELECT id FROM professionals WHERE is_approved AND subscription_status = 'active' ORDER BY id DESC LIMIT 2`.then((r) => ({ rows: r }));
    // A move alone (no listing comes or goes): the tally kept between changes must follow it.
    await db.prisma.$executeRaw`UPDATE professionals SET region = 'Isle of Wight Test Region', services = ARRAY['Data Recovery'] WHERE id = ${rows[0]!.id}`;
    await expect.poll(() => changes.flatMap((c) => c.listings ?? []).map((l) => l.id), { timeout: 3_000 }).toContain(rows[0]!.id);
    await compare();
    await db.prisma.$executeRaw`UPDATE professionals SET subscription_status = 'cancelled' WHERE id = ${rows[1]!.id}`;
    await expect.poll(() => changes.flatMap((c) => c.listings ?? []).map((l) => l.id), { timeout: 3_000 }).toContain(rows[1]!.id);
    await compare();
    const regions = await listRegionSummaries({ prisma: db.prisma, directory: index });
    expect(regions.find((r) => r.region === 'Isle of Wight Test Region')).toMatchObject({ count: 1, popularServices: ['Data Recovery'] });
    // Its one listing leaves: the region is no longer covered, though the index still knows its name.
    await db.prisma.$executeRaw`UPDATE professionals SET subscription_status = 'cancelled' WHERE id = ${rows[0]!.id}`;
    await expect.poll(async () => (await listRegionSummaries({ prisma: db.prisma, directory: index })).some((r) => r.region === 'Isle of Wight Test Region'), { timeout: 3_000 }).toBe(false);
    await compare();
  });

  it('keeps what it keeps per place, circle and text (sets, nearest-first and relevance orders) current as listings come and go', async () => {
    const searches: Record<string, string>[] = [
      { near: 'M1 1AE', radiusMiles: '5' },
      { near: 'M1 1AE', radiusMiles: '5', sort: 'distance', service: 'Web Design' },
      { location: 'Manchester', service: 'Web Design' },
      { location: 'Manchester', sort: 'price', maxHourlyRate: '60' },
      // Nearest first from a place's centre, without near (issue 34).
      { location: 'Manchester', sort: 'distance', limit: '5' },
      { search: 'web' },
      { search: 'piccadilly web', limit: '5' },
      { search: 'web fixers', location: 'Manchester' },
      // Matches among the postings of either word; and a text whose matches hold neither.
      { search: 'cloud or web', limit: '48' },
      { search: '-wifi', limit: '5' },
    ];
    // Asked three times: a circle's nearest-first order is kept from its second search on, a
    // text's relevance order from its third (from its first when that matches over 200).
    for (const search of searches) for (const _ of [1, 2, 3]) await bothWays(search);
    changes.length = 0;
    // A new listing inside the circle and the place, the nearest of all to M1 1AE's centre.
    const added = await createProfessional(db.prisma, { companyName: 'Piccadilly Web Fixers', services: ['Web Design'], region: 'Manchester', lat: 53.4808, lng: -2.2426, ratePence: 4500 });
    await expect.poll(() => changes.flatMap((c) => c.listings ?? []).some((l) => l.id === added.id && l.after), { timeout: 3_000 }).toBe(true);
    await index.whenReady();
    for (const search of searches) await bothWays(search);
    const nearest = JSON.parse((await index.page(DirectoryQuery.parse({ near: 'M1 1AE', radiusMiles: '5', sort: 'distance', service: 'Web Design', limit: '1' })))!.json) as { id: number }[];
    expect(nearest[0]!.id).toBe(added.id);
    // A new rating moves it within the texts' relevance orders; new words take it out of some (its name loses "piccadilly").
    for (const update of [
      db.prisma.$executeRaw`UPDATE professionals SET rating = 5.0, review_count = 40 WHERE id = ${added.id}`,
      db.prisma.$executeRaw`UPDATE professionals SET company_name = 'Ancoats Network Menders' WHERE id = ${added.id}`,
    ]) {
      changes.length = 0;
      await update;
      await expect.poll(() => changes.flatMap((c) => c.listings ?? []).some((l) => l.id === added.id && l.after), { timeout: 3_000 }).toBe(true);
      await index.whenReady();
      for (const search of searches) await bothWays(search);
    }
    // And gone again.
    changes.length = 0;
    await db.prisma.$executeRaw`UPDATE professionals SET subscription_status = 'cancelled' WHERE id = ${added.id}`;
    await expect.poll(() => changes.flatMap((c) => c.listings ?? []).some((l) => l.id === added.id && !l.after), { timeout: 3_000 }).toBe(true);
    await index.whenReady();
    for (const search of searches) await bothWays(search);
  });

  it('hears of reviews by their professional, without reading rows again', async () => {
    const { id } = (await db.prisma.professional.findFirst({ where: { isApproved: true }, select: { id: true } }))!;
    const customer = await db.prisma.user.create({ data: { email: `reviewer-${Date.now()}@example.com`, passwordHash: 'x', name: 'R V' } });
    changes.length = 0;
    await db.prisma.review.create({ data: { professionalId: id, userId: customer.id, rating: 5, title: 'Great', comment: 'Fixed our network in a day' } });
    await expect.poll(() => changes.some((c) => c.reviewsOf.includes(id)), { timeout: 3_000 }).toBe(true);
  });
});
