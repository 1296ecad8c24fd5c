// The demo seed against a real, migrated database and Redis: rows, consistency, the geocode jobs
// it leaves for the worker, and that it never seeds twice unless forced.
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOBS, queuePrefix } from '../../../core/jobs';
import { readCaseStudies } from '../../../core/case-study-input';
import { LISTING_FIELDS, readListingFields } from '../../../core/listing-fields';
import { LANGUAGES, MIN_FOUNDED_YEAR } from '../../../core/profile-facts';
import { verifyPassword } from '../../../prisma/password';
import { cleanupRedis, createTestDatabase, getTestRedisUrl, uniqueRedisPrefix, type TestDatabase } from '../../../tests/support/services';
import { enqueueMissingGeocodes, seedDemoData, type SeedResult } from './demo-seed';

let db: TestDatabase;
const redisPrefix = uniqueRedisPrefix();
let first: SeedResult;

beforeAll(async () => {
  db = await createTestDatabase();
  first = await seedDemoData({ databaseUrl: db.url, redisUrl: getTestRedisUrl(), redisPrefix });
});

afterAll(async () => {
  await db.drop();
  await cleanupRedis(redisPrefix);
});

describe('seedDemoData', () => {
  it('writes approved, active professionals without coordinates, and the applicants’ unapproved listings', async () => {
    expect(first.seeded).toBe(true);
    const rows = await db.prisma.$queryRaw<{ total: number; listed: number; waiting: number; located: number; payments: number }[]>`
      SELECT count(*)::int AS total,
             count(*) FILTER (WHERE is_approved AND subscription_status = 'active' AND approved_at IS NOT NULL AND first_paid_at IS NOT NULL AND current_period_end > now())::int AS listed,
             count(*) FILTER (WHERE NOT is_approved AND approved_at IS NULL AND subscription_status = 'active' AND first_paid_at IS NOT NULL)::int AS waiting,
             count(*) FILTER (WHERE lat IS NOT NULL OR lng IS NOT NULL)::int AS located,
             (SELECT count(DISTINCT professional_id)::int FROM payments) AS payments
        FROM professionals`;
    expect(rows[0]).toEqual({ total: 62, listed: 60, waiting: 2, located: 0, payments: 62 });
  });

  it('stores ratings and counts that match the reviews as SQL computes them', async () => {
    const mismatches = await db.prisma.$queryRaw<{ slug: string }[]>`
      SELECT p.slug FROM professionals p
        LEFT JOIN LATERAL (
          SELECT count(*)::int AS n, count(*) FILTER (WHERE would_recommend)::int AS rec, coalesce(round(avg(rating), 1), 0) AS mean
            FROM reviews r WHERE r.professional_id = p.id) s ON true
       WHERE p.review_count <> s.n OR p.recommend_count <> s.rec OR p.rating <> s.mean`;
    expect(mismatches).toEqual([]);
  });

  it('creates the demo accounts with the printed passwords, and two paid applications waiting for review', async () => {
    if (!first.seeded) throw new Error('not seeded');
    expect(first.accounts.map((a) => a.role)).toEqual(['admin', 'provider', 'customer']);
    for (const account of first.accounts) {
      const user = await db.prisma.user.findUniqueOrThrow({ where: { email: account.email } });
      expect(user.role).toBe(account.role);
      expect(await verifyPassword(account.password, user.passwordHash)).toBe(true);
      expect(await verifyPassword(`${account.password}x`, user.passwordHash)).toBe(false);
    }
    const provider = await db.prisma.user.findUniqueOrThrow({ where: { email: 'provider@example.com' }, include: { professional: true } });
    expect(provider.professional?.reviewCount).toBeGreaterThanOrEqual(3);
    const applications = await db.prisma.application.findMany({
      include: { user: true, professional: { include: { payments: true } } },
      orderBy: { createdAt: 'asc' },
    });
    expect(applications.map((a) => [a.region, a.status, a.plan])).toEqual([
      ['Bath', 'pending', 'yearly'],
      ['Swindon', 'pending', 'monthly'],
    ]);
    for (const application of applications) {
      // As a paid checkout leaves it (worker/src/billing/reconcile.ts): paid, its provider account
      // linked to its unapproved listing, which has the one payment.
      expect(application.paidAt).toBeInstanceOf(Date);
      expect(application.user).toMatchObject({ role: 'provider', professionalId: application.professionalId });
      expect(application.professional).toMatchObject({ isApproved: false, subscriptionStatus: 'active', subscriptionType: application.plan, companyName: application.companyName });
      expect(application.professional!.payments.map((p) => [p.amountPence, p.plan])).toEqual([[application.plan === 'monthly' ? 300 : 2800, application.plan]]);
      expect(application.professional!.firstPaidAt).toEqual(application.paidAt);
    }
  });

  it('writes a value of every listing field (core/listing-fields.ts) into every listing and application', async () => {
    const rows = [...(await db.prisma.professional.findMany()), ...(await db.prisma.application.findMany())];
    expect(rows).toHaveLength(64);
    for (const row of rows) {
      const read = readListingFields(row, LISTING_FIELDS);
      for (const field of LISTING_FIELDS) {
        expect(row[field.name], `${row.companyName} ${field.name}`).not.toBeNull();
        expect(read[field.name], `${row.companyName} ${field.name}`).toBe(row[field.name]);
      }
    }
  });

  it('writes profile facts and a few case studies (issue 34), readable as the API reads them', async () => {
    const rows = await db.prisma.professional.findMany({ where: { isApproved: true } });
    for (const row of rows) {
      expect(row.foundedYear, row.companyName).toBeGreaterThanOrEqual(MIN_FOUNDED_YEAR);
      expect(row.foundedYear!, row.companyName).toBeLessThanOrEqual(row.createdAt.getUTCFullYear());
      expect(row.languages[0]).toBe('English');
      for (const language of row.languages) expect(LANGUAGES as readonly string[]).toContain(language);
      expect(readCaseStudies(row.caseStudies)).toHaveLength((row.caseStudies as unknown[]).length);
    }
    expect(rows.some((row) => !row.acceptingNewClients)).toBe(true);
    expect(rows.filter((row) => row.acceptingNewClients).length).toBeGreaterThan(rows.length / 2);
    expect(rows.some((row) => (row.caseStudies as unknown[]).length > 0)).toBe(true);
  });

  it('queues one geocode-professional job per professional under the deployment prefix', async () => {
    const job = JOBS.geocodeProfessional;
    const queue = new Queue(job.queue, { connection: { url: getTestRedisUrl() }, prefix: queuePrefix(redisPrefix) });
    try {
      const waiting = await queue.getJobs(['waiting', 'prioritized', 'delayed']);
      expect(waiting).toHaveLength(62);
      const professionals = await db.prisma.professional.findMany({ select: { id: true, postcode: true } });
      const expected = professionals.map((p) => job.jobId({ professionalId: p.id, postcode: p.postcode })).sort();
      expect(waiting.map((j) => j.id).sort()).toEqual(expected);
      expect(waiting.every((j) => j.name === job.name && j.opts.attempts === 5)).toBe(true);
    } finally {
      await queue.close();
    }
  });

  it('does not seed a database that has professionals, and --force replaces only demo rows', async () => {
    const again = await seedDemoData({ databaseUrl: db.url, redisUrl: getTestRedisUrl(), redisPrefix });
    expect(again).toEqual({ seeded: false, reason: expect.stringContaining('already has professionals') });
    expect(await seedDemoData({ databaseUrl: db.url, redisUrl: getTestRedisUrl(), redisPrefix, force: true, nodeEnv: 'production' })).toMatchObject({ seeded: false });

    const own = await db.prisma.professional.create({
      data: { slug: 'not-demo', companyName: 'Not Demo', contactName: 'A B', email: 'a@real.co.uk', description: 'x', services: ['DevOps'], location: 'x', region: 'York', postcode: 'YO1 7HH' },
    });
    const forced = await seedDemoData({ databaseUrl: db.url, redisUrl: getTestRedisUrl(), redisPrefix, force: true });
    expect(forced.seeded).toBe(true);
    expect(await db.prisma.professional.count()).toBe(63);
    expect(await db.prisma.professional.findUnique({ where: { id: own.id } })).not.toBeNull();
    expect(await db.prisma.user.count({ where: { email: 'admin@example.com' } })).toBe(1);
  });

  it('re-queues geocoding for professionals without coordinates, once (a Redis that lost its jobs)', async () => {
    const job = JOBS.geocodeProfessional;
    const queue = new Queue(job.queue, { connection: { url: getTestRedisUrl() }, prefix: queuePrefix(redisPrefix) });
    try {
      await queue.obliterate({ force: true });
      const located = await db.prisma.professional.findMany({ take: 10, select: { id: true } });
      await db.prisma.professional.updateMany({ where: { id: { in: located.map((p) => p.id) } }, data: { lat: 51.5, lng: -0.1 } });
      const missing = await db.prisma.professional.count({ where: { lat: null } });
      const options = { databaseUrl: db.url, redisUrl: getTestRedisUrl(), redisPrefix };
      expect(await enqueueMissingGeocodes(options)).toBe(missing);
      await enqueueMissingGeocodes(options);
      expect(await queue.getJobCountByTypes('waiting', 'prioritized', 'delayed')).toBe(missing);
    } finally {
      await queue.close();
    }
  });
});
