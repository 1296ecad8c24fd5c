// GET /api/home (category counts, top rated, live statistics), GET /api/locations (region counts,
// true-mean ratings, popular services) and GET /api/reviews, with the only-live rule, against a real
// PostgreSQL whose every row this file creates.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HomeSummary, RegionSummary, ReviewItem } from '../../../core/directory';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/services';
import { createProfessional, createReview } from '../testing/factories';
import { serveTestApp, type TestApp } from '../testing/serve-test-app';

let db: TestDatabase;
let t: TestApp;
type Pro = Awaited<ReturnType<typeof createProfessional>>;
let p1: Pro;
let p2: Pro;
let p3: Pro;
let hiddenPro: Pro;

beforeAll(async () => {
  db = await createTestDatabase();
  t = await serveTestApp({ database: db });
  const p = db.prisma;
  p1 = await createProfessional(p, { companyName: 'Alpha IT', region: 'Manchester', services: ['Web Design', 'Cybersecurity'], rating: 4, reviewCount: 2 });
  p2 = await createProfessional(p, { companyName: 'Beta IT', region: 'Manchester', services: ['Web Design'], rating: 5, reviewCount: 1 });
  p3 = await createProfessional(p, { companyName: 'Gamma IT', region: 'London', services: ['Cloud Services'], rating: 0, reviewCount: 0 });
  hiddenPro = await createProfessional(p, {
    companyName: 'Hidden IT', region: 'Leeds', services: ['Web Design', 'Network Setup'], rating: 5, reviewCount: 9, isApproved: false,
  });
  await createReview(p, { professionalId: p1.id, rating: 5, userName: 'Sam Taylor', createdAt: new Date('2026-02-01T00:00:00Z') });
  await createReview(p, { professionalId: p1.id, rating: 3, userName: 'Jo Bloggs-Smith', wouldRecommend: false, createdAt: new Date('2026-03-01T00:00:00Z') });
  await createReview(p, { professionalId: p1.id, rating: 1, hiddenAt: new Date(), title: 'hidden by admin' });
  await createReview(p, { professionalId: p1.id, rating: 1, isPublic: false, title: 'not public' });
  await createReview(p, { professionalId: p2.id, rating: 5, userName: 'Prince' });
  await createReview(p, { professionalId: hiddenPro.id, rating: 1, wouldRecommend: false });
});

afterAll(async () => {
  await t?.close();
  await db?.drop();
});

describe('GET /api/home', () => {
  it('counts the category tiles over live professionals', async () => {
    const res = await t.fetch('/api/home');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    const home = (await res.json()) as HomeSummary;
    const count = (service: string) => home.categories.find((c) => c.service === service)?.count;
    expect(home.categories).toHaveLength(8);
    expect(count('Web Design')).toBe(2);
    expect(count('Cloud Services')).toBe(1);
    expect(count('Cybersecurity')).toBe(1);
    expect(count('Network Setup')).toBe(0);
    expect(home.categories.find((c) => c.service === 'Managed Service Providers')).toEqual({
      label: 'Managed Service Providers', service: 'Managed Service Providers', count: 0,
    });
  });

  it('lists the top rated live professionals with reviews, best first', async () => {
    const home = (await (await t.fetch('/api/home')).json()) as HomeSummary;
    expect(home.topRated.map((p) => p.companyName)).toEqual(['Beta IT', 'Alpha IT']);
  });

  it('computes the statistics live from published reviews of live professionals', async () => {
    const home = (await (await t.fetch('/api/home')).json()) as HomeSummary;
    expect(home.stats).toEqual({ verifiedProfessionals: 3, publishedReviews: 3, recommendPercent: 66, regionsCovered: 2 });
    expect(home.totalProfessionals).toBe(3);
  });
});

describe('GET /api/locations', () => {
  it('groups live professionals by region with a true mean rating and popular services', async () => {
    const res = await t.fetch('/api/locations');
    expect(res.status).toBe(200);
    const regions = (await res.json()) as RegionSummary[];
    expect(regions).toEqual([
      // (5 + 3 + 5) / 3 = 4.33 → 4.3; a mean of the two professionals' ratings would say 4.5.
      { region: 'Manchester', count: 2, averageRating: 4.3, popularServices: ['Web Design', 'Cybersecurity'], services: ['Web Design', 'Cybersecurity'] },
      { region: 'London', count: 1, averageRating: null, popularServices: ['Cloud Services'], services: ['Cloud Services'] },
    ]);
  });
});

describe('GET /api/reviews', () => {
  it('lists the published reviews of a live professional, newest first', async () => {
    const res = await t.fetch(`/api/reviews?professionalId=${p1.id}`);
    expect(res.status).toBe(200);
    const reviews = (await res.json()) as ReviewItem[];
    expect(reviews.map((r) => r.rating)).toEqual([3, 5]);
    expect(reviews[0]).toMatchObject({
      professionalId: p1.id, authorName: 'Jo B.', wouldRecommend: false, isVerified: false, reply: null, repliedAt: null,
      createdAt: '2026-03-01T00:00:00.000Z', title: 'Great work',
    });
    expect(reviews[1]!.authorName).toBe('Sam T.');
    expect(reviews[0]).not.toHaveProperty('userId');
    const single = (await (await t.fetch(`/api/reviews?professionalId=${p2.id}`)).json()) as ReviewItem[];
    expect(single[0]!.authorName).toBe('Prince');
  });

  it('answers [] for an unknown or unlisted professional', async () => {
    expect(await (await t.fetch(`/api/reviews?professionalId=${hiddenPro.id}`)).json()).toEqual([]);
    expect(await (await t.fetch('/api/reviews?professionalId=99999999')).json()).toEqual([]);
    expect(await (await t.fetch(`/api/reviews?professionalId=${p3.id}`)).json()).toEqual([]);
  });

  it.each(['', '?professionalId=', '?professionalId=abc', '?professionalId=-1', '?professionalId=1.5', "?professionalId=1'%20OR%201=1", '?professionalId=99999999999'])(
    'answers %s with 400',
    async (query) => {
      const res = await t.fetch(`/api/reviews${query}`);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe('professionalId must be a positive whole number');
    },
  );
});

describe('the recommend figure (last: it adds reviews)', () => {
  it('counts each reviewer once, by their most recent published review', async () => {
    const pros = await db.prisma.professional.findMany({ where: { isApproved: true, subscriptionStatus: 'active' }, take: 3, orderBy: { id: 'asc' } });
    const frequent = await db.prisma.user.create({ data: { email: 'frequent@example.test', passwordHash: 'x', name: 'Frequent Reviewer' } });
    const review = (professionalId: number, wouldRecommend: boolean, day: number) =>
      db.prisma.review.create({
        data: { userId: frequent.id, professionalId, rating: 3, title: 'Fine', comment: 'Fine.', wouldRecommend, createdAt: new Date(Date.UTC(2026, 5, day)) },
      });
    await review(pros[0]!.id, true, 1);
    await review(pros[1]!.id, true, 2);
    await review(pros[2]!.id, false, 3); // the latest: this reviewer does not recommend
    // Before: 3 reviewers, 2 recommend. After: 4 reviewers (not 6 reviews), still 2 recommend.
    await expect
      .poll(async () => ((await (await t.fetch('/api/home')).json()) as HomeSummary).stats)
      .toMatchObject({ publishedReviews: 6, recommendPercent: 50 });
  });
});
