// The daily data-retention run (product rule 14) through the real worker: the job scheduler is in
// place, and the job anonymises an account archived 31 days ago (and what hangs off it) but not one
// archived 29 days ago; a second run changes nothing more. Each run leaves one audit row (system).
import { Queue, QueueEvents } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANONYMISED_NAME } from '../../../core/admin';
import { WorkerEnv } from '../../../core/env-schema';
import { JOBS, jobOptions, queuePrefix } from '../../../core/jobs';
import { verifyPassword } from '../../../prisma/password';
import { cleanupRedis, createTestDatabase, getTestRedisUrl, uniqueRedisPrefix, type TestDatabase } from '../../../tests/support/services';
import { REMOVED_TEXT } from '../retention/anonymise-archived-accounts';
import { RETENTION_SCHEDULER_ID } from '../schedules';
import { startWorker, type RunningWorker } from '../start-worker';

const DAY_MS = 24 * 3600 * 1000;
const redisPrefix = uniqueRedisPrefix();
let db: TestDatabase;
let worker: RunningWorker;
let queue: Queue;
let events: QueueEvents;

let seq = 0;
async function listing(companyName: string, withPayment: boolean) {
  seq += 1;
  const professional = await db.prisma.professional.create({
    data: {
      slug: `retention-${seq}`,
      companyName,
      contactName: 'Owner Person',
      email: `owner-${seq}@retention.example`,
      phone: '0161 496 0999',
      website: 'https://owner.example',
      linkedin: 'https://www.linkedin.com/in/owner',
      description: 'I am Owner Person and I fix computers from my home in Salford.',
      services: ['Hardware Repair'],
      location: 'Salford',
      region: 'Manchester',
      postcode: 'M5 4WT',
      lat: 53.48,
      lng: -2.27,
      isApproved: true,
      subscriptionStatus: 'cancelled',
      stripeCustomerId: `cus_retention_${seq}`,
    },
  });
  if (withPayment) {
    await db.prisma.payment.create({
      data: { professionalId: professional.id, stripeInvoiceId: `in_retention_${seq}`, amountPence: 300, plan: 'monthly', paidAt: new Date(Date.now() - 90 * DAY_MS) },
    });
  }
  return professional;
}

async function account(name: string, archivedDaysAgo: number | null, professionalId: number | null = null) {
  seq += 1;
  return db.prisma.user.create({
    data: {
      email: `person-${seq}@retention.example`,
      name,
      passwordHash: 'scrypt$32768$8$1$c2FsdA==$aGFzaA==',
      role: professionalId ? 'provider' : 'customer',
      professionalId,
      isArchived: archivedDaysAgo !== null,
      archivedAt: archivedDaysAgo === null ? null : new Date(Date.now() - archivedDaysAgo * DAY_MS),
    },
  });
}

async function runRetention(day: string): Promise<{ count: number }> {
  const job = JOBS.anonymiseArchivedAccounts;
  const added = await queue.add(job.name, {}, { ...jobOptions('anonymiseArchivedAccounts', {}), jobId: `anonymise-archived_test-${day}` });
  return (await added.waitUntilFinished(events, 20_000)) as { count: number };
}

let customer31: Awaited<ReturnType<typeof account>>;
let customer29: Awaited<ReturnType<typeof account>>;
let provider31: Awaited<ReturnType<typeof account>>;
let active: Awaited<ReturnType<typeof account>>;
let paidListing: Awaited<ReturnType<typeof listing>>;
let unpaidListing: Awaited<ReturnType<typeof listing>>;
let reviewed: Awaited<ReturnType<typeof listing>>;

beforeAll(async () => {
  db = await createTestDatabase();
  const env = WorkerEnv.parse({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: db.url, REDIS_URL: getTestRedisUrl(), REDIS_PREFIX: redisPrefix });
  worker = await startWorker({ env, prisma: db.prisma });
  const connection = { url: getTestRedisUrl() };
  queue = new Queue(JOBS.anonymiseArchivedAccounts.queue, { connection, prefix: queuePrefix(redisPrefix) });
  events = new QueueEvents(JOBS.anonymiseArchivedAccounts.queue, { connection, prefix: queuePrefix(redisPrefix) });
  await events.waitUntilReady();

  reviewed = await listing('Reviewed Ltd', true);
  paidListing = await listing('Paid Owner Ltd', true);
  unpaidListing = await listing('Never Paid Ltd', false);
  customer31 = await account('Casey Old', 31);
  customer29 = await account('Robin Recent', 29);
  provider31 = await account('Owner Person', 31, paidListing.id);
  await account('Another Owner', 40, unpaidListing.id);
  active = await account('Still Here', null);

  for (const user of [customer31, customer29]) {
    await db.prisma.review.create({ data: { userId: user.id, professionalId: reviewed.id, rating: 4, title: 'Good', comment: 'Fixed my laptop.' } });
    await db.prisma.message.create({ data: { fromUserId: user.id, toUserId: null, professionalId: reviewed.id, subject: `Quote for ${user.name}`, content: `Hi, I am ${user.name} at 1 High Street.` } });
    await db.prisma.contactMessage.create({ data: { userId: user.id, name: user.name, email: user.email, subject: 'My account', message: `Please call ${user.name}.` } });
    await db.prisma.passwordResetToken.create({ data: { userId: user.id, tokenHash: `hash-${user.id}`, expiresAt: new Date(Date.now() + DAY_MS) } });
    await db.prisma.pendingRegistration.create({ data: { email: user.email, name: user.name, passwordHash: 'x', expiresAt: new Date(Date.now() + DAY_MS) } });
  }
  await db.prisma.application.create({
    data: {
      userId: provider31.id,
      professionalId: paidListing.id,
      companyName: 'Paid Owner Ltd',
      contactName: 'Owner Person',
      email: provider31.email,
      phone: '07700 900123',
      website: 'https://owner.example',
      linkedin: 'https://www.linkedin.com/in/owner',
      socialLinks: [{ platform: 'linkedin', url: 'https://www.linkedin.com/in/owner' }],
      description: 'Me, fixing computers.',
      services: ['Hardware Repair'],
      location: 'Salford',
      region: 'Manchester',
      postcode: 'M5 4WT',
      status: 'approved',
    },
  });
  await db.prisma.credential.create({
    data: {
      professionalId: paidListing.id,
      kind: 'vendor_certification',
      status: 'approved',
      details: { vendor: 'Microsoft', certification: 'Azure Administrator Associate', holderName: 'Owner Person' },
      reviewedAt: new Date(),
    },
  });
});

afterAll(async () => {
  await events?.close();
  await queue?.close();
  await worker?.close();
  await db?.drop();
  await cleanupRedis(redisPrefix);
});

describe('anonymise-archived-accounts', () => {
  it('is scheduled daily by the worker (BullMQ job scheduler, UK time)', async () => {
    const scheduler = await queue.getJobScheduler(RETENTION_SCHEDULER_ID);
    expect(scheduler).toMatchObject({ name: JOBS.anonymiseArchivedAccounts.name, pattern: '30 3 * * *', tz: 'Europe/London' });
  });

  it('anonymises accounts archived more than 30 days ago, keeping what payments need, and leaves the rest', async () => {
    expect(await runRetention('1')).toEqual({ count: 3 });

    const old = await db.prisma.user.findUniqueOrThrow({ where: { id: customer31.id } });
    expect(old).toMatchObject({ name: ANONYMISED_NAME, email: `deleted-${customer31.id}@deleted.invalid`, isArchived: true });
    expect(old.anonymisedAt).toBeInstanceOf(Date);
    expect(await verifyPassword('anything', old.passwordHash)).toBe(false);
    expect(await db.prisma.passwordResetToken.count({ where: { userId: customer31.id } })).toBe(0);
    expect(await db.prisma.pendingRegistration.count({ where: { email: customer31.email } })).toBe(0);
    // The review stays (under the anonymised name); the message and contact message lose their text.
    expect(await db.prisma.review.findFirstOrThrow({ where: { userId: customer31.id } })).toMatchObject({ rating: 4, comment: 'Fixed my laptop.' });
    expect(await db.prisma.message.findFirstOrThrow({ where: { fromUserId: customer31.id } })).toMatchObject({ content: REMOVED_TEXT });
    const contact = await db.prisma.contactMessage.findFirstOrThrow({ where: { userId: customer31.id } });
    expect(contact).toMatchObject({ name: ANONYMISED_NAME, email: old.email, message: REMOVED_TEXT });

    // 29 days: untouched, everything still there.
    const recent = await db.prisma.user.findUniqueOrThrow({ where: { id: customer29.id } });
    expect(recent).toMatchObject({ name: 'Robin Recent', email: customer29.email, anonymisedAt: null });
    expect(await db.prisma.passwordResetToken.count({ where: { userId: customer29.id } })).toBe(1);
    expect(await db.prisma.message.findFirstOrThrow({ where: { fromUserId: customer29.id } })).toMatchObject({ content: 'Hi, I am Robin Recent at 1 High Street.' });
    expect((await db.prisma.user.findUniqueOrThrow({ where: { id: active.id } })).anonymisedAt).toBeNull();

    // A listing with payments keeps its business name and payments; the rest of the person goes.
    const kept = await db.prisma.professional.findUniqueOrThrow({ where: { id: paidListing.id }, include: { payments: true } });
    expect(kept).toMatchObject({
      companyName: 'Paid Owner Ltd',
      contactName: ANONYMISED_NAME,
      email: `deleted-professional-${paidListing.id}@deleted.invalid`,
      phone: null,
      website: null,
      linkedin: null,
      description: '',
      postcode: '',
      lat: null,
      isApproved: false,
      stripeCustomerId: paidListing.stripeCustomerId,
    });
    expect(kept.payments).toHaveLength(1);
    // Checks name people: they go, and the listing's copy with them (product rule 45).
    expect(await db.prisma.credential.count({ where: { professionalId: paidListing.id } })).toBe(0);
    expect(kept.verifiedChecks).toEqual([]);
    const application = await db.prisma.application.findFirstOrThrow({ where: { userId: provider31.id } });
    expect(application).toMatchObject({ companyName: 'Paid Owner Ltd', contactName: ANONYMISED_NAME, phone: null, website: null, linkedin: null, socialLinks: [], description: '', postcode: '', status: 'approved' });
    // Without payments nothing needs the business's name either.
    expect(await db.prisma.professional.findUniqueOrThrow({ where: { id: unpaidListing.id }, include: { user: true } })).toMatchObject({
      companyName: 'Deleted listing',
      contactName: ANONYMISED_NAME,
      user: { name: ANONYMISED_NAME },
    });

    const audit = await db.prisma.auditLog.findMany({ where: { action: 'retention.anonymise' } });
    expect(audit).toEqual([expect.objectContaining({ actorId: null, targetType: 'user' })]);
    expect(audit[0]!.details).toMatchObject({ count: 3, summary: 'Anonymised 3 accounts archived more than 30 days ago' });
  });

  it('changes nothing more when it runs again', async () => {
    const before = await db.prisma.user.findMany({ orderBy: { id: 'asc' } });
    const listingsBefore = await db.prisma.professional.findMany({ orderBy: { id: 'asc' } });
    expect(await runRetention('2')).toEqual({ count: 0 });
    expect(await db.prisma.user.findMany({ orderBy: { id: 'asc' } })).toEqual(before);
    expect(await db.prisma.professional.findMany({ orderBy: { id: 'asc' } })).toEqual(listingsBefore);
    const audit = await db.prisma.auditLog.findMany({ where: { action: 'retention.anonymise' }, orderBy: { id: 'asc' } });
    expect(audit.map((row) => (row.details as { count: number }).count)).toEqual([3, 0]);
  });
});
