// 'Highest rated' ranks by the Bayesian average of product rule 31 (core/rating.ts), in SQL, so
// pages of the sorted list neither overlap nor skip; professionals without reviews come last.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomeSummary, ProfessionalListItem } from '../../../core/directory';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/services';
import { createProfessional } from '../testing/factories';
import { serveTestApp, type TestApp } from '../testing/serve-test-app';

let db: TestDatabase;
let t: TestApp;

beforeAll(async () => {
  db = await createTestDatabase();
  t = await serveTestApp({ database: db, env: { RATE_LIMIT_PER_MINUTE: '100000' } });
  const p = db.prisma;
  await createProfessional(p, { companyName: 'One Review Wonder', services: ['Web Design'], rating: 5, reviewCount: 1 });
  await createProfessional(p, { companyName: 'Seventy Reviews Ltd', services: ['Web Design'], rating: 4.7, reviewCount: 70 });
  await createProfessional(p, { companyName: 'Brand New Co', services: ['Web Design'], rating: 0, reviewCount: 0 });
  await createProfessional(p, { companyName: 'Middling Ten', services: ['Web Design'], rating: 4.2, reviewCount: 10 });
  await createProfessional(p, { companyName: 'Poor Three', services: ['Web Design'], rating: 2.3, reviewCount: 3 });
  await t.directoryCaughtUp();
});

afterAll(async () => {
  await t?.close();
  await db?.drop();
});

async function names(query: string): Promise<string[]> {
  const res = await t.fetch(`/api/professionals?${query}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as ProfessionalListItem[]).map((p) => p.companyName);
}

describe('sort=rating (Highest rated)', () => {
  it('ranks 4.7 from seventy reviews above 5.0 from one, and no reviews last', async () => {
    expect(await names('sort=rating')).toEqual(['Seventy Reviews Ltd', 'One Review Wonder', 'Middling Ten', 'Poor Three', 'Brand New Co']);
  });

  it('pages through the same order', async () => {
    const pages = [...(await names('sort=rating&limit=2&offset=0')), ...(await names('sort=rating&limit=2&offset=2')), ...(await names('sort=rating&limit=2&offset=4'))];
    expect(pages).toEqual(await names('sort=rating'));
  });

  it('is the default order without a search or place, and the home page picks its top three by it', async () => {
    expect(await names('')).toEqual(await names('sort=rating'));
    const home = (await (await t.fetch('/api/home')).json()) as HomeSummary;
    expect(home.topRated.map((p) => p.companyName)).toEqual(['Seventy Reviews Ltd', 'One Review Wonder', 'Middling Ten']);
  });

  it('can be read from the listed_weighted_rating partial index (the SQL and the index are the same expression)', async () => {
    const [, plan] = await db.prisma.$transaction([
      db.prisma.$executeRawUnsafe('SET LOCAL enable_seqscan = off'),
      db.prisma.$queryRawUnsafe<{ 'QUERY PLAN': string }[]>(
        `EXPLAIN SELECT p.id FROM professionals p WHERE p.is_approved AND p.subscription_status = 'active'
         ORDER BY (p.review_count > 0) DESC, ((p.rating * p.review_count + 20.0) / (p.review_count + 5)) DESC, p.review_count DESC, p.id ASC
         LIMIT 24`,
      ),
    ]);
    expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toContain('professionals_listed_weighted_rating_idx');
  });
});
