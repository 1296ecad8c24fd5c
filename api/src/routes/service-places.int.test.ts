// GET /api/service-places/{service}/{place} (issue 33, decision 0038): the facts of a
// service-and-place page from the live listings of that directory search, against a real
// PostgreSQL and the directory index with its change feed; a page exists only while a live listing
// does: the first going live makes it, the last leaving removes it, without a restart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServicePlacesOfService, ServicePlaceSummary } from '../../../core/service-places';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/services';
import { createProfessional, createReview } from '../testing/factories';
import { serveTestApp, type TestApp } from '../testing/serve-test-app';
import { until } from '../testing/until';
import { NO_SERVICE_PLACE, NO_SUCH_SERVICE } from './locations';

let db: TestDatabase;
let t: TestApp;

const LEEDS = { region: 'Leeds', lat: 53.7997, lng: -1.5492 };
const YORK = { region: 'York', lat: 53.96, lng: -1.0873 };
const SHEFFIELD = { region: 'Sheffield', lat: 53.3811, lng: -1.4701 };

async function page(path: string): Promise<{ status: number; body: ServicePlaceSummary & { error?: { message: string } } }> {
  const res = await t.fetch(`/api/service-places${path}`);
  return { status: res.status, body: (await res.json()) as ServicePlaceSummary & { error?: { message: string } } };
}

beforeAll(async () => {
  db = await createTestDatabase();
  t = await serveTestApp({ database: db, env: { RATE_LIMIT_PER_MINUTE: '100000' } });
  const p = db.prisma;
  const hourly = await createProfessional(p, { ...LEEDS, companyName: 'Aire Web', services: ['Web Design', 'SEO & SEM'], ratePence: 4500, rateType: 'hourly' });
  const daily = await createProfessional(p, { ...LEEDS, companyName: 'Kirkgate Web', services: ['Web Design'], ratePence: 30_000, rateType: 'daily' });
  await createProfessional(p, { ...LEEDS, companyName: 'Briggate Web', services: ['Web Design'], isProjectBased: true });
  const notLive = await createProfessional(p, { ...LEEDS, companyName: 'Not Live Web', services: ['Web Design'], ratePence: 1000, isApproved: false });
  // Issue 34's flags (kept by triggers from approved credentials; written directly here).
  await p.professional.update({ where: { id: hourly.id }, data: { isInsured: true, hasCyberEssentials: true } });
  await p.professional.update({ where: { id: daily.id }, data: { acceptingNewClients: false } });
  await p.professional.update({ where: { id: notLive.id }, data: { isInsured: true, isCompanyRegistered: true } });
  await createProfessional(p, { ...YORK, companyName: 'Minster Web', services: ['Web Design'] });
  await createProfessional(p, { ...LEEDS, companyName: 'Leeds Cyber', services: ['Cybersecurity'] });
  await createReview(p, { professionalId: hourly.id, rating: 5 });
  await createReview(p, { professionalId: hourly.id, rating: 4 });
  await createReview(p, { professionalId: daily.id, rating: 3 });
  await createReview(p, { professionalId: daily.id, rating: 1, hiddenAt: new Date() });
  await until(() => t.api.deps.answers.stats().live, 'the change feed to listen');
  await t.api.deps.directory!.whenReady();
});

afterAll(async () => {
  await t?.close();
  await db?.drop();
});

describe('a service-and-place page’s facts', () => {
  it('are counted from the live listings of that search only', async () => {
    const { status, body } = await page('/web-design/leeds');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      service: 'Web Design',
      place: { name: 'Leeds', kind: 'city' },
      path: '/web-design/leeds',
      count: 3,
      // The true mean of the published reviews (5, 4, 3), the hidden one left out.
      averageRating: 4,
      reviewCount: 3,
      // £45 an hour, and £300 a day as £37.50 an hour; the project-based one has no rate.
      hourlyRange: { minPence: 3750, maxPence: 4500, listings: 2 },
      projectBased: 1,
      indexable: true,
    });
    // The nearest cities with Web Design listings (York, 22 miles), and the other services here.
    expect(body.nearby).toEqual([{ name: 'York', path: '/web-design/york', count: 1 }]);
    expect(body.related.map((r) => [r.service, r.count])).toEqual([['Cybersecurity', 1], ['SEO & SEM', 1]]);
    expect(body.related[1]!.path).toBe('/seo-sem/leeds');
    // Issue 34: the directory's own counts of the filtered searches; no registered company live, so none said.
    expect(body.checks).toEqual([
      { filter: 'insured', count: 1 },
      { filter: 'cyberEssentials', count: 1 },
      { filter: 'acceptingNewClients', count: 2 },
    ]);
  });

  it('say a page with fewer than three listings is not for search engines', async () => {
    const { status, body } = await page('/web-design/york');
    expect(status).toBe(200);
    expect(body).toMatchObject({ count: 1, indexable: false, averageRating: null, reviewCount: 0 });
    expect(body.nearby.map((n) => n.name)).toEqual(['Leeds']);
  });

  it('are a 404 for a slug that names nothing, or a service with no live listing there', async () => {
    for (const path of ['/web-design/atlantis', '/knitting/leeds', '/Web-Design/leeds', '/cloud-services/leeds']) {
      const { status, body } = await page(path);
      expect(status, path).toBe(404);
      expect(body.error?.message).toBe(NO_SERVICE_PLACE);
    }
  });
});

describe('the places of a service', () => {
  it('are every place with its live listings, each with its page and count, most first', async () => {
    const res = await t.fetch('/api/service-places/web-design');
    expect(res.status).toBe(200);
    const body = (await res.json()) as ServicePlacesOfService;
    expect(body.service).toBe('Web Design');
    // Each count is that page's own; the places are ordered by it, then by name.
    const counts = new Map(body.places.map((p) => [p.name, p.count]));
    expect(counts.get('Leeds')).toBe(3);
    expect(counts.get('York')).toBe(1);
    expect(body.places.find((p) => p.name === 'Leeds')).toEqual({ name: 'Leeds', path: '/web-design/leeds', count: 3 });
    expect(body.places.map((p) => p.count)).toEqual(body.places.map((p) => p.count).sort((a, b) => b - a));
    for (const place of body.places) expect(place.count, place.name).toBe((await page(place.path)).body.count);
    expect(counts.has('Sheffield')).toBe(false);
  });

  it('are an empty list for a service with none, and a 404 for no service', async () => {
    expect(await (await t.fetch('/api/service-places/hardware-repair')).json()).toEqual({ service: 'Hardware Repair', places: [] });
    const res = await t.fetch('/api/service-places/knitting');
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(NO_SUCH_SERVICE);
  });
});

describe('which pages exist', () => {
  it('follows the listings: the first going live makes a page, the last leaving removes it', async () => {
    expect((await page('/data-recovery/sheffield')).status).toBe(404);
    const listing = await createProfessional(db.prisma, { ...SHEFFIELD, companyName: 'Steel City Recovery', services: ['Data Recovery'], isApproved: false });
    expect((await page('/data-recovery/sheffield')).status).toBe(404);

    await db.prisma.professional.update({ where: { id: listing.id }, data: { isApproved: true } });
    await until(async () => (await page('/data-recovery/sheffield')).status === 200, 'the page to appear');
    expect((await page('/data-recovery/sheffield')).body.count).toBe(1);

    await db.prisma.professional.update({ where: { id: listing.id }, data: { subscriptionStatus: 'cancelled' } });
    await until(async () => (await page('/data-recovery/sheffield')).status === 404, 'the page to go');
  });
});
