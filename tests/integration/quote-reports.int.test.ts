// Admins review each request for quotes a professional reported as spam (issue 32), against the
// real app, database and Redis: only admins; the list holds reported requests only, open until a
// verdict is given; 'spam' closes the request, so the professionals who received it see it closed
// and can no longer reply; a verdict is given once (the same again changes nothing, a different
// one is refused) and audited once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, QUOTE_REPORT_TEXTS, type AdminQuoteReport, type AdminStats } from '../../core/admin';
import { QUOTE_PICK_TEXTS, QUOTE_REPLY_TEXTS, type ReceivedQuoteRequest } from '../../core/quotes';
import { hashToken, newToken } from '../../prisma/tokens';
import { serveTestApp, type TestApp } from '../../api/src/testing/serve-test-app';
import { call, liveProvider, signedInUser, type SignedInUser } from '../support/community';
import { createTestDatabase, type TestDatabase } from '../support/services';

let db: TestDatabase;
let t: TestApp;
let admin: SignedInUser;

beforeAll(async () => {
  db = await createTestDatabase();
  t = await serveTestApp({ database: db, env: { LOGIN_LIMIT_PER_IP: '1000', RATE_LIMIT_PER_MINUTE: '100000' } });
  admin = await signedInUser(db, t, { role: 'admin', name: 'Ada Admin' });
});

afterAll(async () => {
  await t?.close();
  await db?.drop();
});

const DAY_MS = 86_400_000;

type Provider = Awaited<ReturnType<typeof liveProvider>>;

/** A request the buyer sent (open, taking replies) to `count` live professionals, each signed in. */
async function sentRequest({ count = 3, service = 'Web Design', status = 'open', buyerName = 'Sam Spammer' }: { count?: number; service?: string; status?: 'open' | 'closed'; buyerName?: string } = {}) {
  const now = Date.now();
  const request = await db.prisma.quoteRequest.create({
    data: {
      status,
      service,
      postcodeDistrict: 'LS1',
      remoteOk: true,
      details: 'Cheap followers and backlinks, visit my site today.',
      budget: '250_1000',
      timescale: 'urgent',
      contactPreference: 'email',
      buyerName,
      buyerEmail: `buyer-${now}-${Math.random().toString(36).slice(2)}@example.com`,
      createdAt: new Date(now - 60_000),
      expiresAt: new Date(now + DAY_MS),
      confirmedAt: new Date(now - 30_000),
      closesAt: new Date(now + 14 * DAY_MS),
      closedAt: status === 'closed' ? new Date(now - 10_000) : null,
    },
  });
  const providers: Provider[] = [];
  for (let position = 0; position < count; position += 1) {
    const provider = await liveProvider(db, t, { services: [service] });
    await db.prisma.quoteRecipient.create({ data: { requestId: request.id, professionalId: provider.professional.id, reach: { kind: 'remote' }, fit: 0.5, position } });
    providers.push(provider);
  }
  return { request, providers };
}

async function flag(requestId: number, { provider }: Provider) {
  const res = await call(t, 'POST', `/api/quotes/${requestId}/spam`, { cookie: provider.cookie, body: {} });
  expect(res.status).toBe(200);
}

/** As the admin, unless another cookie is given ('' for nobody signed in). */
function review(requestId: number | string, body: unknown, cookie: string = admin.cookie) {
  return call<AdminQuoteReport>(t, 'POST', `/api/admin/quote-reports/${requestId}/review`, { cookie, body });
}

async function list(reviewed: 'open' | 'reviewed' | 'all') {
  const res = await call<AdminQuoteReport[]>(t, 'GET', `/api/admin/quote-reports?reviewed=${reviewed}&limit=100`, { cookie: admin.cookie });
  expect(res.status).toBe(200);
  return { items: res.body, total: Number(res.headers.get('X-Total-Count')) };
}

function reply(requestId: number, { provider }: Provider) {
  return call<ReceivedQuoteRequest>(t, 'POST', `/api/quotes/${requestId}/reply`, { cookie: provider.cookie, body: { kind: 'message', message: 'Happy to help with this job.' } });
}

function audits(requestId: number) {
  return db.prisma.auditLog.findMany({ where: { targetType: 'quote-request', targetId: String(requestId) }, include: { actor: { select: { name: true } } } });
}

async function awaitingReview(): Promise<number> {
  const res = await call<AdminStats>(t, 'GET', '/api/admin/stats', { cookie: admin.cookie });
  expect(res.status).toBe(200);
  return res.body.quotes.spamAwaitingReview;
}

describe('who may review', () => {
  it('answers 401 to someone signed out and 403 to a customer or a professional, and changes nothing', async () => {
    const { request, providers } = await sentRequest({ count: 1 });
    await flag(request.id, providers[0]!);
    const customer = await signedInUser(db, t);
    expect((await call(t, 'GET', '/api/admin/quote-reports')).status).toBe(401);
    expect((await review(request.id, { verdict: 'spam' }, '')).status).toBe(401);
    for (const cookie of [customer.cookie, providers[0]!.provider.cookie]) {
      expect((await call(t, 'GET', '/api/admin/quote-reports', { cookie })).status).toBe(403);
      expect((await review(request.id, { verdict: 'spam' }, cookie)).status).toBe(403);
    }
    expect(await db.prisma.quoteRequest.findUniqueOrThrow({ where: { id: request.id } })).toMatchObject({ status: 'open', spamVerdict: null, spamReviewedAt: null, closedAt: null });
    expect(await audits(request.id)).toHaveLength(0);
  });
});

describe('the list', () => {
  it('holds only reported requests, open until reviewed, newest report first, with the whole request and who reported it', async () => {
    const first = await sentRequest({ count: 3, service: 'Web Design' });
    const unreported = await sentRequest({ count: 2, service: 'Web Design' });
    const second = await sentRequest({ count: 2, service: 'IT Support', buyerName: 'Rob Robot' });
    await flag(first.request.id, first.providers[0]!);
    await flag(first.request.id, first.providers[2]!);
    // Flagging again keeps the first flag's time.
    await flag(first.request.id, first.providers[0]!);
    await flag(second.request.id, second.providers[1]!);

    const open = await list('open');
    const ids = open.items.map((r) => r.id);
    expect(ids).not.toContain(unreported.request.id);
    // `second` was reported after `first`: it comes first.
    expect(ids.indexOf(second.request.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(second.request.id)).toBeLessThan(ids.indexOf(first.request.id));
    expect(open.total).toBe(open.items.length);
    for (const item of open.items) expect(item.spamVerdict).toBeNull();

    const flags = await db.prisma.quoteRecipient.findMany({ where: { requestId: first.request.id, flaggedSpamAt: { not: null } }, orderBy: { flaggedSpamAt: 'asc' } });
    expect(flags.map((f) => f.professionalId)).toEqual([first.providers[0]!.professional.id, first.providers[2]!.professional.id]);
    const r = first.request;
    expect(open.items.find((item) => item.id === r.id)).toEqual({
      id: r.id,
      status: 'open',
      service: 'Web Design',
      postcodeDistrict: 'LS1',
      remoteOk: true,
      details: 'Cheap followers and backlinks, visit my site today.',
      budget: '250_1000',
      timescale: 'urgent',
      closesAt: r.closesAt!.toISOString(),
      buyerName: 'Sam Spammer',
      buyerEmail: r.buyerEmail,
      anonymisedAt: null,
      createdAt: r.createdAt.toISOString(),
      sentAt: r.confirmedAt!.toISOString(),
      recipients: 3,
      reports: flags.map((f, index) => ({
        professionalId: f.professionalId,
        companyName: first.providers[index === 0 ? 0 : 2]!.professional.companyName,
        flaggedAt: f.flaggedSpamAt!.toISOString(),
      })),
      spamVerdict: null,
      spamReviewedAt: null,
    });

    expect((await review(first.request.id, { verdict: 'not_spam' })).status).toBe(200);
    expect((await list('open')).items.map((item) => item.id)).not.toContain(first.request.id);
    const reviewed = await list('reviewed');
    expect(reviewed.items.map((item) => item.id)).toContain(first.request.id);
    expect(reviewed.items.map((item) => item.id)).not.toContain(second.request.id);
    expect(reviewed.items.find((item) => item.id === first.request.id)).toMatchObject({ spamVerdict: 'not_spam', status: 'open' });
    const all = (await list('all')).items.map((item) => item.id);
    expect(all).toEqual(expect.arrayContaining([first.request.id, second.request.id]));
    expect(all).not.toContain(unreported.request.id);
  });

  it('pages with limit and offset, the total in X-Total-Count', async () => {
    for (let i = 0; i < 3; i += 1) {
      const { request, providers } = await sentRequest({ count: 1 });
      await flag(request.id, providers[0]!);
    }
    const everything = await list('all');
    expect(everything.total).toBeGreaterThanOrEqual(3);
    const page = await call<AdminQuoteReport[]>(t, 'GET', '/api/admin/quote-reports?reviewed=all&limit=2&offset=1', { cookie: admin.cookie });
    expect(page.status).toBe(200);
    expect(page.body.map((r) => r.id)).toEqual(everything.items.slice(1, 3).map((r) => r.id));
    expect(Number(page.headers.get('X-Total-Count'))).toBe(everything.total);
  });

  it('shows the buyer’s details as retention left them', async () => {
    const { request, providers } = await sentRequest({ count: 1 });
    await flag(request.id, providers[0]!);
    const anonymisedAt = new Date();
    await db.prisma.quoteRequest.update({
      where: { id: request.id },
      data: { buyerName: 'Deleted user', buyerEmail: `deleted-quote-request-${request.id}@deleted.invalid`, details: '', anonymisedAt },
    });
    expect((await list('open')).items.find((item) => item.id === request.id)).toMatchObject({
      buyerName: 'Deleted user',
      buyerEmail: `deleted-quote-request-${request.id}@deleted.invalid`,
      details: '',
      anonymisedAt: anonymisedAt.toISOString(),
    });
  });
});

describe('a verdict', () => {
  it('spam closes the request: the others see it closed, a reply is refused, and it is audited', async () => {
    const { request, providers } = await sentRequest({ count: 3 });
    const [reporter, other, third] = providers as [Provider, Provider, Provider];
    await flag(request.id, reporter);
    // One answered before the verdict, and the sender holds a private link.
    expect((await reply(request.id, third)).status).toBe(200);
    const token = newToken();
    await db.prisma.quoteRequestLink.create({ data: { tokenHash: hashToken(token), requestId: request.id } });
    const awaitingBefore = await awaitingReview();

    const res = await review(request.id, { verdict: 'spam' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: request.id, status: 'closed', spamVerdict: 'spam' });
    const stored = await db.prisma.quoteRequest.findUniqueOrThrow({ where: { id: request.id } });
    expect(stored).toMatchObject({ status: 'closed', spamVerdict: 'spam' });
    expect(stored.closedAt).toBeInstanceOf(Date);
    expect(stored.spamReviewedAt).toEqual(stored.closedAt);
    expect(res.body.spamReviewedAt).toBe(stored.spamReviewedAt!.toISOString());
    expect(await awaitingReview()).toBe(awaitingBefore - 1);

    const refused = await reply(request.id, other);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({ code: 'conflict', message: QUOTE_REPLY_TEXTS.closed });
    expect(await db.prisma.quoteRecipient.findUniqueOrThrow({ where: { requestId_professionalId: { requestId: request.id, professionalId: other.professional.id } } })).toMatchObject({ replyKind: null, repliedAt: null });
    const inbox = await call<ReceivedQuoteRequest[]>(t, 'GET', '/api/quotes/received', { cookie: third.provider.cookie });
    expect(inbox.body.find((q) => q.id === request.id)).toMatchObject({ status: 'closed', flaggedSpam: false });
    // The sender can no longer pick the one who answered: nobody is given a spammer's details.
    const pick = await call(t, 'POST', '/api/quote-requests/pick', { body: { token, professionalId: third.professional.id } });
    expect(pick.status).toBe(409);
    expect(pick.body.error.message).toBe(QUOTE_PICK_TEXTS.closed);
    expect(await db.prisma.quoteRecipient.count({ where: { requestId: request.id, outcome: { not: null } } })).toBe(0);

    const entries = await audits(request.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: AUDIT_ACTIONS.quoteSpamConfirmed, actorId: admin.id, actor: { name: 'Ada Admin' } });
    expect(entries[0]!.details).toMatchObject({ summary: `Marked the request for Web Design quotes (request ${request.id}) as spam and closed it` });
  });

  it('not spam leaves the request as it was: still open, replies still taken', async () => {
    const { request, providers } = await sentRequest({ count: 2 });
    await flag(request.id, providers[0]!);
    const res = await review(request.id, { verdict: 'not_spam' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: request.id, status: 'open', spamVerdict: 'not_spam' });
    expect(await db.prisma.quoteRequest.findUniqueOrThrow({ where: { id: request.id } })).toMatchObject({ status: 'open', closedAt: null, spamVerdict: 'not_spam' });
    const answered = await reply(request.id, providers[1]!);
    expect(answered.status).toBe(200);
    expect(answered.body.reply).toMatchObject({ kind: 'message' });
    const entries = await audits(request.id);
    expect(entries.map((e) => e.action)).toEqual([AUDIT_ACTIONS.quoteSpamDismissed]);
    expect(entries[0]!.details).toMatchObject({ summary: `Marked the request for Web Design quotes (request ${request.id}) as not spam` });
  });

  it('spam on a request already closed keeps when it closed', async () => {
    const { request, providers } = await sentRequest({ count: 1, status: 'closed' });
    await flag(request.id, providers[0]!);
    expect((await review(request.id, { verdict: 'spam' })).status).toBe(200);
    const stored = await db.prisma.quoteRequest.findUniqueOrThrow({ where: { id: request.id } });
    expect(stored).toMatchObject({ status: 'closed', spamVerdict: 'spam', closedAt: request.closedAt });
    expect((await audits(request.id))[0]!.details).toMatchObject({ summary: `Marked the request for Web Design quotes (request ${request.id}) as spam`, closed: false });
  });

  it('is given once: the same again (even at once) changes nothing and is audited once; a different one is 409', async () => {
    const { request, providers } = await sentRequest({ count: 2 });
    await flag(request.id, providers[0]!);
    const [a, b] = await Promise.all([review(request.id, { verdict: 'spam' }), review(request.id, { verdict: 'spam' })]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const reviewedAt = (await db.prisma.quoteRequest.findUniqueOrThrow({ where: { id: request.id } })).spamReviewedAt;
    const again = await review(request.id, { verdict: 'spam' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ spamVerdict: 'spam', spamReviewedAt: reviewedAt!.toISOString() });
    expect(await audits(request.id)).toHaveLength(1);

    const different = await review(request.id, { verdict: 'not_spam' });
    expect(different.status).toBe(409);
    expect(different.body.error).toEqual({ code: 'conflict', message: 'This report has already been reviewed.' });
    expect(await db.prisma.quoteRequest.findUniqueOrThrow({ where: { id: request.id } })).toMatchObject({ spamVerdict: 'spam', status: 'closed', spamReviewedAt: reviewedAt });
    expect(await audits(request.id)).toHaveLength(1);
  });

  it('spam after not spam is refused and does not close the request', async () => {
    const { request, providers } = await sentRequest({ count: 1 });
    await flag(request.id, providers[0]!);
    expect((await review(request.id, { verdict: 'not_spam' })).status).toBe(200);
    const refused = await review(request.id, { verdict: 'spam' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(QUOTE_REPORT_TEXTS.alreadyReviewed);
    expect(await db.prisma.quoteRequest.findUniqueOrThrow({ where: { id: request.id } })).toMatchObject({ status: 'open', closedAt: null, spamVerdict: 'not_spam' });
  });

  it('answers 404 for a request nobody reported, one that does not exist, or an id that is not one', async () => {
    const { request } = await sentRequest({ count: 2 });
    const unreported = await review(request.id, { verdict: 'spam' });
    expect(unreported.status).toBe(404);
    expect(unreported.body.error).toEqual({ code: 'not_found', message: QUOTE_REPORT_TEXTS.notFound });
    expect(await db.prisma.quoteRequest.findUniqueOrThrow({ where: { id: request.id } })).toMatchObject({ status: 'open', spamVerdict: null, closedAt: null });
    expect(await audits(request.id)).toHaveLength(0);
    for (const id of ['2147483647', '0', 'abc', '1.5']) {
      const res = await review(id, { verdict: 'spam' });
      expect(res.status, id).toBe(404);
      expect(res.body.error.message).toBe(QUOTE_REPORT_TEXTS.notFound);
    }
  });

  it('needs a verdict: anything else is refused with the message, and nothing changes', async () => {
    const { request, providers } = await sentRequest({ count: 1 });
    await flag(request.id, providers[0]!);
    for (const body of [{}, { verdict: 'maybe' }, { verdict: null }, { verdict: 'SPAM' }]) {
      const res = await review(request.id, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.error).toMatchObject({ code: 'invalid_input', message: 'Please choose spam or not spam', fields: { verdict: 'Please choose spam or not spam' } });
    }
    expect(await db.prisma.quoteRequest.findUniqueOrThrow({ where: { id: request.id } })).toMatchObject({ status: 'open', spamVerdict: null });
  });
});
