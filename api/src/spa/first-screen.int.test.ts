// The first-screen loader answers the API paths a server-rendered page asks for as their routes
// answer them over HTTP (the same paths of core/api-paths.ts, the same parsing of core/directory-query.ts),
// and refuses, by throwing, what the routes refuse: the page is then served without its first screen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/services';
import { createProfessional, createReview } from '../testing/factories';
import { serveTestApp, type TestApp } from '../testing/serve-test-app';
import { firstScreenLoader } from './first-screen';

let db: TestDatabase;
let t: TestApp;
let slug: string;
let professionalId: number;

beforeAll(async () => {
  db = await createTestDatabase();
  t = await serveTestApp({ database: db, env: { RATE_LIMIT_PER_MINUTE: '100000' } });
  const pro = await createProfessional(db.prisma, { companyName: 'Café Web Co', slug: 'café-web-co', services: ['Web Design'], location: 'Leeds', region: 'Leeds', rating: 4, reviewCount: 1 });
  await createProfessional(db.prisma, { companyName: 'Other Co', services: ['DevOps'] });
  await createReview(db.prisma, { professionalId: pro.id, rating: 4 });
  slug = pro.slug;
  professionalId = pro.id;
  await t.directoryCaughtUp();
});

afterAll(async () => {
  await t?.close();
  await db?.drop();
});

const load = () => firstScreenLoader({ prisma: db.prisma, directoryAnswers: t.api.deps.directoryAnswers });

async function overHttp(path: string): Promise<{ body: unknown; total: number | undefined }> {
  const res = await t.fetch(path);
  expect(res.status).toBe(200);
  const total = res.headers.get('x-total-count');
  return { body: await res.json(), total: total === null ? undefined : Number(total) };
}

describe('firstScreenLoader', () => {
  it.each([
    () => '/api/professionals?service=Web+Design&sort=rating&limit=24&offset=0',
    () => '/api/professionals?limit=1&offset=1',
    () => `/api/professionals/slug/${encodeURIComponent(slug)}`,
    () => `/api/professionals/slug/${encodeURIComponent(slug)}?near=LS1`,
    () => `/api/reviews?professionalId=${professionalId}&sort=newest&limit=10&offset=0`,
    () => `/api/reviews/summary?professionalId=${professionalId}`,
    () => '/api/home',
    () => '/api/locations',
    () => '/api/service-places/web-design/leeds',
    () => '/api/service-places/web-design',
  ])('answers %# as its route does', async (pathOf) => {
    const path = pathOf();
    const answer = await load()(path);
    const http = await overHttp(path);
    expect(http.body).not.toEqual([]);
    expect(answer?.body).toEqual(http.body);
    if (http.total !== undefined) expect(answer?.total).toBe(http.total);
  });

  it('answers null for a slug that is no live professional', async () => {
    expect(await load()('/api/professionals/slug/no-such-firm')).toBeNull();
    expect(await load()(`/api/professionals/slug/${'x'.repeat(201)}`)).toBeNull();
  });

  it('answers null for a service-and-place page that has none, or names nothing', async () => {
    expect(await load()('/api/service-places/devops/leeds')).toBeNull();
    expect(await load()('/api/service-places/plumbing/leeds')).toBeNull();
  });

  it('throws for what the routes refuse, and for a path it does not serve', async () => {
    await expect(load()('/api/professionals?service=Plumbing')).rejects.toThrow('Unknown service "Plumbing"');
    await expect(load()(`/api/professionals/slug/${slug}?near=${'x'.repeat(101)}`)).rejects.toThrow('near must be at most 100 characters');
    await expect(load()('/api/professionals/map')).rejects.toThrow('is not an answer the server renders pages with');
    await expect(load()('/api/professionals/')).rejects.toThrow('is not an answer the server renders pages with');
  });
});
