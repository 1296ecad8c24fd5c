// The admin dashboard's calls against the real app, database and Redis (no worker: the jobs a
// decision enqueues are read from their queues; tests/integration/admin-decisions.int.test.ts runs
// them with the worker, SMTP and the Stripe stand-in). Every approve and reject transition,
// including a double click; lists with filters, search and paging; the audit log; contact
// messages; the queue summary; signing a user out everywhere.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES, type AdminApplication, type AdminContactMessage, type AdminProfessional, type AdminUser, type AuditEntry, type QueueSummary } from '../../../core/admin';
import { QUEUE_NAMES } from '../../../core/jobs';
import { SESSION_MESSAGES, SESSIONS_ENDED_AUDIT_ACTION, type SessionsEnded } from '../../../core/sessions';
import { SESSION_RENEW_AFTER_MS, sessionKey, userSessionsKey } from '../middleware/session';
import { UNUSABLE_PASSWORD_HASH, verifyPassword } from '../../../prisma/password';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/services';
import { paidApplication, unpaidApplication, unpaidApplicationWithoutAccount, updateApplication } from '../testing/applications';
import { createUser, postJson, sidOf, signIn, TEST_PASSWORD } from '../testing/accounts';
import { createProfessional } from '../testing/factories';
import { serveTestApp, type TestApp } from '../testing/serve-test-app';

let db: TestDatabase;
let t: TestApp;
let admin: string;
let adminName: string;

beforeAll(async () => {
  db = await createTestDatabase();
  t = await serveTestApp({ database: db, env: { LOGIN_LIMIT_PER_IP: '1000', RATE_LIMIT_PER_MINUTE: '100000' } });
  const user = await createUser(db.prisma, { role: 'admin', name: 'Ada Admin' });
  adminName = user.name;
  admin = await signIn(t, user.email);
});

afterAll(async () => {
  await t?.close();
  await db?.drop();
});

function get(path: string) {
  return t.fetch(path, { headers: { Cookie: admin } });
}

async function list<T>(path: string): Promise<{ items: T[]; total: number }> {
  const res = await get(path);
  expect(res.status, path).toBe(200);
  return { items: (await res.json()) as T[], total: Number(res.headers.get('X-Total-Count')) };
}

function approve(id: number | string) {
  return postJson(t, `/api/admin/applications/${id}/approve`, {}, admin);
}

function reject(id: number | string, reason?: string) {
  return postJson(t, `/api/admin/applications/${id}/reject`, reason === undefined ? {} : { reason }, admin);
}

async function job(queue: 'email' | 'geocode' | 'stripe', id: string) {
  return t.api.queues.get(queue).getJob(id);
}

describe('approving', () => {
  it('puts a paid application live at once: listing approved and in the directory, one e-mail and geocoding queued, audited', async () => {
    const { application, professional, user } = await paidApplication(db.prisma, { companyName: 'Quayside Cloud Ltd' });
    const res = await approve(application.id);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { application: AdminApplication };
    expect(body.application).toMatchObject({
      id: application.id,
      status: 'approved',
      reviewedBy: adminName,
      professional: { id: professional.id, slug: professional.slug, isApproved: true },
      rate: 'From £45/hour',
    });
    expect(body.application.reviewedAt).not.toBeNull();

    const listing = await db.prisma.professional.findUniqueOrThrow({ where: { id: professional.id } });
    expect(listing).toMatchObject({ isApproved: true, subscriptionStatus: 'active', companyName: 'Quayside Cloud Ltd', email: application.email });
    expect(listing.approvedAt).toBeInstanceOf(Date);
    expect((await db.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).role).toBe('provider');
    // Live in the directory straight away (the answer cache forgets on the professionals NOTIFY).
    await expect.poll(async () => {
      const directory = (await (await t.fetch(`/api/professionals?search=${encodeURIComponent('Quayside Cloud')}`)).json()) as { slug: string }[];
      return directory.map((p) => p.slug);
    }).toContain(professional.slug);

    const email = await job('email', `email_application-approved_${application.id}`);
    expect(email?.data).toMatchObject({
      template: 'application-approved',
      to: application.email,
      data: { contactName: application.contactName, companyName: 'Quayside Cloud Ltd', profileUrl: `${t.env.PUBLIC_URL}/professionals/${professional.slug}` },
    });
    expect(email?.data.data.paymentUrl).toBeUndefined();
    expect(await job('geocode', `geocode_${professional.id}_M11AE`)).toBeDefined();

    const audit = await db.prisma.auditLog.findMany({ where: { action: 'application.approve', targetId: String(application.id) } });
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toMatchObject({ summary: `Approved Quayside Cloud Ltd (application ${application.id})` });
  });

  it('approves once when clicked twice: one 200, one 409, one e-mail job, one audit row', async () => {
    const { application } = await paidApplication(db.prisma);
    const [first, second] = await Promise.all([approve(application.id), approve(application.id)]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const refused = first.status === 409 ? first : second;
    expect((await refused.json()).error).toEqual({ code: 'conflict', message: ADMIN_MESSAGES.applicationDecided });
    expect(await db.prisma.auditLog.count({ where: { action: 'application.approve', targetId: String(application.id) } })).toBe(1);
    const emails = (await t.api.queues.get('email').getJobs(['waiting', 'delayed', 'active', 'completed', 'failed'])).filter(
      (j) => j.data.idempotencyKey === `application-approved_${application.id}`,
    );
    expect(emails).toHaveLength(1);
  });

  it('makes the listing of an unpaid application: approved, not live until paid, and the e-mail says where to pay', async () => {
    await createProfessional(db.prisma, { companyName: 'Solent Systems', slug: 'solent-systems' });
    const { application } = await unpaidApplication(db.prisma, { companyName: 'Solent Systems', plan: 'yearly' });
    const res = await approve(application.id);
    expect(res.status).toBe(200);
    const decided = ((await res.json()) as { application: AdminApplication }).application;
    expect(decided.status).toBe('approved');
    const listing = await db.prisma.professional.findUniqueOrThrow({ where: { id: decided.professional!.id } });
    // A unique address beside the existing listing of the same name.
    expect(listing).toMatchObject({ isApproved: true, subscriptionStatus: 'inactive', subscriptionType: 'yearly', slug: 'solent-systems-2' });
    // The applicant's account (made when they proved the address) becomes the provider, to pay.
    const user = await db.prisma.user.findUniqueOrThrow({ where: { email: application.email } });
    expect(user).toMatchObject({ id: application.userId, role: 'provider', professionalId: listing.id });
    expect(await verifyPassword(TEST_PASSWORD, user.passwordHash)).toBe(true);
    await t.directoryCaughtUp();
    const directory = (await (await t.fetch('/api/professionals?search=Solent')).json()) as { slug: string }[];
    expect(directory.map((p) => p.slug)).toEqual(['solent-systems']);
    const email = await job('email', `email_application-approved_${application.id}`);
    expect(email?.data.data.paymentUrl).toBe(`${t.env.PUBLIC_URL}/subscribe?professionalId=${listing.id}&type=yearly`);
  });

  it('makes an account nobody can sign in to for an unpaid application from before addresses were proved: only a password reset (the address’s owner) opens it', async () => {
    const { application } = await unpaidApplicationWithoutAccount(db.prisma, { companyName: 'Before Proof Ltd' });
    expect((await approve(application.id)).status).toBe(200);
    const user = await db.prisma.user.findUniqueOrThrow({ where: { email: application.email } });
    expect(user).toMatchObject({ role: 'provider', passwordHash: UNUSABLE_PASSWORD_HASH });
    expect(await verifyPassword(TEST_PASSWORD, user.passwordHash)).toBe(false);
  });

  it('updates a live provider’s listing from their update, keeping its address and the date it first went live', async () => {
    const { application, professional, approvedAt } = await updateApplication(db.prisma, { companyName: 'After Update Ltd', services: ['DevOps', 'Cloud Services'] });
    expect((await approve(application.id)).status).toBe(200);
    const listing = await db.prisma.professional.findUniqueOrThrow({ where: { id: professional.id } });
    expect(listing).toMatchObject({ companyName: 'After Update Ltd', services: ['DevOps', 'Cloud Services'], slug: professional.slug, isApproved: true, subscriptionStatus: 'active' });
    expect(listing.description).toBe(application.description);
    expect(listing.approvedAt).toEqual(approvedAt);
  });

  it('answers 404 for an application that does not exist, or an id that is not one', async () => {
    for (const id of [99999999, 'abc', 0]) {
      const res = await approve(id);
      expect(res.status).toBe(404);
      expect((await res.json()).error.message).toBe('Application not found');
    }
  });
});

describe('rejecting', () => {
  it('needs a reason', async () => {
    const { application } = await paidApplication(db.prisma);
    for (const body of [undefined, '', '  ']) {
      const res = await reject(application.id, body);
      expect(res.status).toBe(422);
      expect((await res.json()).error.fields.reason).toMatch(/Please give a reason/);
    }
    expect((await db.prisma.application.findUniqueOrThrow({ where: { id: application.id } })).status).toBe('pending');
  });

  it('stores the reason and queues the settlement (refund and e-mail) once; a second reject answers 409', async () => {
    const { application, professional } = await paidApplication(db.prisma, { companyName: 'Rejected Bytes' });
    const res = await reject(application.id, 'Your website does not mention IT services.');
    expect(res.status).toBe(200);
    expect(((await res.json()) as { application: AdminApplication }).application).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Your website does not mention IT services.',
      reviewedBy: adminName,
    });
    expect((await job('stripe', `rejected-application_${application.id}`))?.data).toEqual({ applicationId: application.id, meta: { requestId: expect.any(String) } });
    // The listing is left to the worker's settlement: never approved, it stays out of the directory.
    expect((await db.prisma.professional.findUniqueOrThrow({ where: { id: professional.id } })).isApproved).toBe(false);
    const again = await reject(application.id, 'Again');
    expect(again.status).toBe(409);
    expect((await again.json()).error.message).toBe(ADMIN_MESSAGES.applicationDecided);
    expect(await db.prisma.auditLog.count({ where: { action: 'application.reject', targetId: String(application.id) } })).toBe(1);
  });

  it('refuses to reject an approved application, or to approve a rejected one (409)', async () => {
    const approved = await paidApplication(db.prisma);
    expect((await approve(approved.application.id)).status).toBe(200);
    const res = await reject(approved.application.id, 'Changed my mind');
    expect(res.status).toBe(409);
    expect((await res.json()).error.message).toBe(ADMIN_MESSAGES.applicationDecided);
    expect((await db.prisma.application.findUniqueOrThrow({ where: { id: approved.application.id } })).status).toBe('approved');

    const rejected = await unpaidApplication(db.prisma);
    expect((await reject(rejected.application.id, 'Not an IT business')).status).toBe(200);
    expect((await approve(rejected.application.id)).status).toBe(409);
  });
});

describe('lists', () => {
  it('applications: waiting ones by default (oldest first), by status, searched and paged', async () => {
    const older = await paidApplication(db.prisma, { companyName: 'Zebra Paging Ltd', createdAt: new Date('2020-01-01T00:00:00Z') });
    await unpaidApplication(db.prisma, { companyName: 'Zebra Paging Two' });
    const open = await list<AdminApplication>('/api/admin/applications?search=zebra%20paging&limit=1');
    expect(open.total).toBe(2);
    expect(open.items.map((a) => a.companyName)).toEqual(['Zebra Paging Ltd']);
    expect(open.items[0]).toMatchObject({ id: older.application.id, status: 'pending', plan: 'monthly', services: ['Cloud Services', 'Network Setup', 'Cybersecurity'] });
    expect(open.items[0]!.paidAt).not.toBeNull();
    const second = await list<AdminApplication>('/api/admin/applications?search=zebra%20paging&limit=1&offset=1');
    expect(second.items.map((a) => a.status)).toEqual(['pending_payment']);
    const approved = await list<AdminApplication>('/api/admin/applications?status=approved');
    expect(approved.items.every((a) => a.status === 'approved')).toBe(true);
    expect(approved.total).toBeGreaterThan(0);
    const bad = await get('/api/admin/applications?limit=1000');
    expect(bad.status).toBe(422);
  });

  it('users by role without archived accounts; archived users on their own; professionals by state', async () => {
    await createUser(db.prisma, { role: 'customer', name: 'Listy Customer' });
    await createUser(db.prisma, { role: 'customer', name: 'Listy Archived', isArchived: true });
    const customers = await list<AdminUser>('/api/admin/users?role=customer&search=listy');
    expect(customers.items.map((u) => u.name)).toEqual(['Listy Customer']);
    expect(customers.items[0]).toMatchObject({ role: 'customer', isArchived: false, professional: null, anonymisedAt: null });
    const providers = await list<AdminUser>('/api/admin/users?role=provider');
    expect(providers.items.length).toBeGreaterThan(0);
    expect(providers.items.every((u) => u.role === 'provider')).toBe(true);
    const archived = await list<AdminUser>('/api/admin/archived-users?search=listy');
    expect(archived.items.map((u) => [u.name, u.isArchived])).toEqual([['Listy Archived', true]]);
    expect(archived.items[0]!.archivedAt).not.toBeNull();

    await createProfessional(db.prisma, { companyName: 'Listy Past Due', subscriptionStatus: 'past_due' });
    const pastDue = await list<AdminProfessional>('/api/admin/professionals?status=past-due&search=listy');
    expect(pastDue.items.map((p) => [p.companyName, p.subscriptionStatus])).toEqual([['Listy Past Due', 'past_due']]);
    const waiting = await list<AdminProfessional>('/api/admin/professionals?status=awaiting-approval');
    expect(waiting.items.every((p) => !p.isApproved)).toBe(true);
    const live = await list<AdminProfessional>('/api/admin/professionals?status=live');
    expect(live.items.every((p) => p.isApproved && p.subscriptionStatus === 'active')).toBe(true);
  });
});

describe('the audit log, contact messages and queues', () => {
  it('lists the latest actions first with who did them and a sentence', async () => {
    const { application } = await paidApplication(db.prisma, { companyName: 'Audited Ltd' });
    await reject(application.id, 'No IT services offered');
    const log = await list<AuditEntry>('/api/admin/audit-log?limit=1');
    expect(log.items).toEqual([
      expect.objectContaining({
        actor: adminName,
        action: 'application.reject',
        targetType: 'application',
        targetId: String(application.id),
        summary: `Rejected Audited Ltd (application ${application.id}): No IT services offered`,
      }),
    ]);
    expect(log.total).toBeGreaterThan(1);
  });

  it('lists contact messages and marks one handled once', async () => {
    const message = await db.prisma.contactMessage.create({ data: { name: 'Cara Contact', email: 'cara@example.com', subject: 'Listing question', message: 'How do I change my plan?' } });
    const open = await list<AdminContactMessage>('/api/admin/contact-messages');
    expect(open.items.map((m) => m.id)).toContain(message.id);
    const first = await postJson(t, `/api/admin/contact-messages/${message.id}/handled`, {}, admin);
    expect(first.status).toBe(200);
    const handled = (await first.json()) as AdminContactMessage;
    expect(handled.handledAt).not.toBeNull();
    const second = await postJson(t, `/api/admin/contact-messages/${message.id}/handled`, {}, admin);
    expect(((await second.json()) as AdminContactMessage).handledAt).toBe(handled.handledAt);
    expect(await db.prisma.auditLog.count({ where: { action: 'contact-message.handled', targetId: String(message.id) } })).toBe(1);
    expect((await list<AdminContactMessage>('/api/admin/contact-messages')).items.map((m) => m.id)).not.toContain(message.id);
    expect((await list<AdminContactMessage>('/api/admin/contact-messages?handled=handled')).items.map((m) => m.id)).toContain(message.id);
    expect((await postJson(t, '/api/admin/contact-messages/99999999/handled', {}, admin)).status).toBe(404);
  });

  it('summarises every queue', async () => {
    const res = await get('/api/admin/queues');
    const queues = (await res.json()) as QueueSummary[];
    expect(queues.map((q) => q.name)).toEqual([...QUEUE_NAMES]);
    // This file's decisions queued e-mails that no worker has run.
    expect(queues.find((q) => q.name === 'email')!.waiting).toBeGreaterThan(0);
    for (const q of queues) for (const n of [q.waiting, q.active, q.delayed, q.failed, q.completed]) expect(Number.isInteger(n)).toBe(true);
  });

  it('Bull Board shows every queue, and none of its answers may be kept by a browser or proxy', async () => {
    const page = await get('/admin/queues');
    expect(page.status).toBe(200);
    expect(page.headers.get('Cache-Control')).toBe('no-store');
    await page.arrayBuffer();
    const api = await get('/admin/queues/api/queues');
    expect(api.headers.get('Cache-Control')).toBe('no-store');
    const board = (await api.json()) as { queues: { name: string }[] };
    expect(board.queues.map((q) => q.name).sort()).toEqual([...QUEUE_NAMES].sort());
  });

  it('answers the stats in the spec’s shape', async () => {
    const stats = (await (await get('/api/admin/stats')).json()) as Record<string, unknown>;
    expect(Object.keys(stats)).toEqual(
      expect.arrayContaining(['totalProfessionals', 'activeProfessionals', 'totalCustomers', 'pendingApplications', 'archivedUsers', 'totalRevenue', 'monthlyRevenue', 'yearlyRevenue', 'subscriptionBreakdown', 'months', 'topRated']),
    );
    expect(stats.subscriptionBreakdown).toEqual(expect.objectContaining({ monthly: expect.any(Number), yearly: expect.any(Number), activeSubscriptions: expect.any(Number), cancelledSubscriptions: expect.any(Number) }));
    expect(stats.months).toHaveLength(12);
  });
});

describe('signing a user out everywhere (ASVS V7.4.5)', () => {
  function endSessions(userId: number | string, cookie = admin) {
    return postJson(t, `/api/admin/users/${userId}/end-sessions`, {}, cookie);
  }

  async function me(cookie: string): Promise<{ id: number } | null> {
    return (await (await t.fetch('/api/auth/me', { headers: { Cookie: cookie } })).json()) as { id: number } | null;
  }

  it('ends every session of the user, answers how many, and audits it', async () => {
    const user = await createUser(db.prisma, { name: 'Sam Stolen' });
    const sessions = [await signIn(t, user.email), await signIn(t, user.email)];
    const bystander = await signIn(t, (await createUser(db.prisma)).email);

    const res = await endSessions(user.id);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ended: 2, message: SESSION_MESSAGES.userSignedOut('Sam Stolen', 2) } satisfies SessionsEnded);
    for (const cookie of sessions) expect(await me(cookie)).toBeNull();
    expect(await t.redis.exists(userSessionsKey(t.env.REDIS_PREFIX, user.id))).toBe(0);
    expect(await me(bystander)).not.toBeNull();
    expect(await me(admin)).not.toBeNull();

    const audit = await db.prisma.auditLog.findMany({ where: { action: SESSIONS_ENDED_AUDIT_ACTION, targetId: String(user.id) } });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ targetType: 'user', details: { summary: 'Signed Sam Stolen out everywhere (2 sessions ended)', ended: 2 } });
    const log = await list<AuditEntry>('/api/admin/audit-log?limit=1');
    expect(log.items[0]).toMatchObject({ actor: adminName, action: SESSIONS_ENDED_AUDIT_ACTION, summary: 'Signed Sam Stolen out everywhere (2 sessions ended)' });

    // Nothing left to end: 0, and audited again (the admin did act).
    const again = await endSessions(user.id);
    expect(await again.json()).toEqual({ ended: 0, message: SESSION_MESSAGES.userSignedOut('Sam Stolen', 0) });
    expect(await db.prisma.auditLog.count({ where: { action: SESSIONS_ENDED_AUDIT_ACTION, targetId: String(user.id) } })).toBe(2);
  });

  it('is refused to anyone but an admin, and then ends nothing', async () => {
    const target = await createUser(db.prisma);
    const targetCookie = await signIn(t, target.email);
    const customer = await signIn(t, (await createUser(db.prisma)).email);
    const provider = await signIn(t, (await createUser(db.prisma, { role: 'provider' })).email);
    expect((await endSessions(target.id, '')).status).toBe(401);
    expect((await endSessions(target.id, customer)).status).toBe(403);
    expect((await endSessions(target.id, provider)).status).toBe(403);
    expect(await me(targetCookie)).toMatchObject({ id: target.id });
    expect(await db.prisma.auditLog.count({ where: { action: SESSIONS_ENDED_AUDIT_ACTION, targetId: String(target.id) } })).toBe(0);
  });

  it('answers 404 for a user that does not exist, or an id that is not one', async () => {
    for (const id of ['99999999', 'abc', '0']) {
      const res = await endSessions(id);
      expect(res.status, id).toBe(404);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(SESSION_MESSAGES.userNotFound);
    }
  });

  it('signs out the admin too when they name themself', async () => {
    const other = await createUser(db.prisma, { role: 'admin', name: 'Second Admin' });
    const cookie = await signIn(t, other.email);
    const elsewhere = await signIn(t, other.email);
    // Due for renewal, so this very request would save the session again unless it is dropped.
    const key = sessionKey(t.env.REDIS_PREFIX, sidOf(cookie)!);
    const data = JSON.parse((await t.redis.get(key))!) as Record<string, unknown>;
    await t.redis.set(key, JSON.stringify({ ...data, renewedAt: Date.now() - SESSION_RENEW_AFTER_MS - 1_000 }), 'KEEPTTL');
    const res = await endSessions(other.id, cookie);
    expect(res.status).toBe(200);
    expect(((await res.json()) as SessionsEnded).ended).toBe(2);
    expect(await me(cookie)).toBeNull();
    expect(await me(elsewhere)).toBeNull();
    expect(await t.redis.exists(userSessionsKey(t.env.REDIS_PREFIX, other.id))).toBe(0);
    expect(await t.redis.exists(key)).toBe(0);
  });
});
