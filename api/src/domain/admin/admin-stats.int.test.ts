// Admin statistics against hand-computed figures (product rule 20): revenue is what payments
// brought in less what was refunded of them, split by the payment's plan; months are Europe/London
// calendar months; a month's active subscriptions are the listings with a paid, unrefunded period
// running at its end. Every figure below is worked out by hand from the rows this test writes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/services';
import { createProfessional } from '../../testing/factories';
import { createUser } from '../../testing/accounts';
import { getAdminStats } from './admin-stats';

let db: TestDatabase;
/** Mid-June 2026, British Summer Time. */
const NOW = new Date('2026-06-15T12:00:00Z');

async function pay(professionalId: number, amountPence: number, plan: 'monthly' | 'yearly', paidAt: string, periodEnd: string, refundedPence = 0) {
  await db.prisma.payment.create({
    data: {
      professionalId,
      stripeInvoiceId: `in_stats_${professionalId}_${paidAt}`,
      amountPence,
      refundedPence,
      plan,
      periodStart: new Date(paidAt),
      periodEnd: new Date(periodEnd),
      paidAt: new Date(paidAt),
    },
  });
}

beforeAll(async () => {
  db = await createTestDatabase();
  const p = db.prisma;
  // A: monthly, live, paid in April, May and June.
  const a = await createProfessional(p, { companyName: 'A', rating: 4.5, reviewCount: 4 });
  await p.professional.update({ where: { id: a.id }, data: { subscriptionType: 'monthly' } });
  await pay(a.id, 300, 'monthly', '2026-04-10T10:00:00Z', '2026-05-10T10:00:00Z');
  await pay(a.id, 300, 'monthly', '2026-05-10T10:00:00Z', '2026-06-10T10:00:00Z');
  await pay(a.id, 300, 'monthly', '2026-06-10T10:00:00Z', '2026-07-10T10:00:00Z');
  // B: yearly, live, paid at 23:30 UTC on 31 May: 00:30 on 1 June in London, so June's money.
  const b = await createProfessional(p, { companyName: 'B', rating: 4.8, reviewCount: 10 });
  await p.professional.update({ where: { id: b.id }, data: { subscriptionType: 'yearly' } });
  await pay(b.id, 2800, 'yearly', '2026-05-31T23:30:00Z', '2027-05-31T23:30:00Z');
  // C: monthly, cancelled through the site in June with its payment refunded in full.
  const c = await createProfessional(p, { companyName: 'C', rating: 5, reviewCount: 1, isApproved: false, subscriptionStatus: 'cancelled' });
  await p.professional.update({ where: { id: c.id }, data: { subscriptionType: 'monthly', cancelledAt: new Date('2026-06-05T09:00:00Z') } });
  await pay(c.id, 300, 'monthly', '2026-06-02T09:00:00Z', '2026-07-02T09:00:00Z', 300);
  // D: yearly, paid 13 months ago (outside the chart, inside the totals), £8 of it refunded; ended.
  const d = await createProfessional(p, { companyName: 'D', rating: 3.9, reviewCount: 2, subscriptionStatus: 'cancelled' });
  await p.professional.update({ where: { id: d.id }, data: { subscriptionType: 'yearly' } });
  await pay(d.id, 2800, 'yearly', '2025-05-20T12:00:00Z', '2026-05-20T12:00:00Z', 800);
  // E: monthly, paid once in March, renewal failed (past due); rating 0.
  const e = await createProfessional(p, { companyName: 'E', subscriptionStatus: 'past_due' });
  await p.professional.update({ where: { id: e.id }, data: { subscriptionType: 'monthly' } });
  await pay(e.id, 300, 'monthly', '2026-03-01T12:00:00Z', '2026-04-01T12:00:00Z');
  // J: monthly, paid in March, cancelled through the site on 1 April, subscribed again in June.
  const j = await createProfessional(p, { companyName: 'J' });
  await p.professional.update({ where: { id: j.id }, data: { subscriptionType: 'monthly', cancelledAt: new Date('2026-04-01T08:00:00Z') } });
  await pay(j.id, 300, 'monthly', '2026-03-01T09:00:00Z', '2026-04-01T09:00:00Z');
  await pay(j.id, 300, 'monthly', '2026-06-01T12:00:00Z', '2026-07-01T12:00:00Z');
  // Four more live listings with ratings, no payments (demo-like), for Top Rated's cut at five.
  for (const [name, rating] of [['F', 4.9], ['G', 4.1], ['H', 4.6], ['I', 4.6]] as const) {
    await createProfessional(p, { companyName: name, rating, reviewCount: name === 'I' ? 9 : 3 });
  }
  // People: two customers in use, one archived; an admin and a provider are not customers.
  await createUser(p, { role: 'customer' });
  await createUser(p, { role: 'customer' });
  await createUser(p, { role: 'customer', isArchived: true });
  await createUser(p, { role: 'admin' });
  // Applications: one paid and waiting, one unpaid (not counted as pending), one decided.
  for (const status of ['pending', 'pending_payment', 'approved'] as const) {
    await p.application.create({
      data: { companyName: `App ${status}`, contactName: 'X Y', email: `${status}@example.com`, description: 'd', services: ['DevOps'], location: 'x', region: 'York', postcode: 'YO1 7HH', status },
    });
  }
});

afterAll(async () => {
  await db?.drop();
});

describe('getAdminStats', () => {
  it('counts listings, people and applications', async () => {
    const stats = await getAdminStats({ prisma: db.prisma, now: NOW });
    expect(stats).toMatchObject({
      totalProfessionals: 10,
      // A, B, F, G, H, I, J: approved with an active subscription.
      activeProfessionals: 7,
      totalCustomers: 2,
      pendingApplications: 1,
      archivedUsers: 1,
      // Active: A, J and F..I monthly (the factory's default plan), B yearly; C and D cancelled; E past due.
      subscriptionBreakdown: { monthly: 6, yearly: 1, activeSubscriptions: 7, cancelledSubscriptions: 2, pastDueSubscriptions: 1 },
    });
  });

  it('adds up money received less refunds, split by the plan paid for', async () => {
    const stats = await getAdminStats({ prisma: db.prisma, now: NOW });
    // A 3 × £3 + B £28 + C (£3 − £3) + D (£28 − £8) + E £3 + J 2 × £3 = £66.
    expect(stats.totalRevenue).toBe(66);
    // Monthly: A £9 + C £0 + E £3 + J £6. Yearly: B £28 + D £20.
    expect(stats.monthlyRevenue).toBe(18);
    expect(stats.yearlyRevenue).toBe(48);
  });

  it('gives the last 12 London months with their revenue and the subscriptions paid up at each month’s end', async () => {
    const { months } = await getAdminStats({ prisma: db.prisma, now: NOW });
    expect(months.map((m) => m.month)).toEqual([
      '2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12',
      '2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06',
    ]);
    const byMonth = Object.fromEntries(months.map((m) => [m.month, [m.revenue, m.activeSubscriptions]]));
    expect(byMonth).toEqual({
      // D's paid year (to 20 May 2026) runs through every month end until April.
      '2025-07': [0, 1], '2025-08': [0, 1], '2025-09': [0, 1], '2025-10': [0, 1], '2025-11': [0, 1],
      '2025-12': [0, 1], '2026-01': [0, 1], '2026-02': [0, 1],
      // March: E's and J's £3; at its end D, E and J (cancelled only on 1 April).
      '2026-03': [6, 3],
      // April: A's first £3; at its end A and D (E's month ended on 1 April).
      '2026-04': [3, 2],
      // May: A's second £3 (B paid after midnight in London); at its end only A (B began 30 minutes later).
      '2026-05': [3, 1],
      // June so far: A £3 + B £28 + C nothing (refunded) + J £3; now A, B and J (its new
      // subscription, paid after its cancellation), not C (refunded and cancelled).
      '2026-06': [34, 3],
    });
  });

  it('lists Top Rated: five approved professionals with a rating above 0, highest first', async () => {
    const { topRated } = await getAdminStats({ prisma: db.prisma, now: NOW });
    // C (5.0) is not approved; E has no rating; I beats H on reviews at 4.6.
    expect(topRated.map((t) => [t.companyName, t.rating])).toEqual([
      ['F', 4.9],
      ['B', 4.8],
      ['I', 4.6],
      ['H', 4.6],
      ['A', 4.5],
    ]);
  });

  it('counts requests for quotes sent, their deliveries, the answers, the spam reports and those awaiting review', async () => {
    expect((await getAdminStats({ prisma: db.prisma, now: NOW })).quotes).toEqual({ requestsSent: 0, deliveries: 0, answered: 0, reportedAsSpam: 0, spamAwaitingReview: 0 });
    const [x, y] = [await createProfessional(db.prisma), await createProfessional(db.prisma)];
    const base = { service: 'IT Support', postcodeDistrict: 'M1', remoteOk: false, details: 'Office Wi-Fi keeps dropping.', budget: 'not_sure', timescale: 'urgent', contactPreference: 'email', buyerName: 'Quinn', buyerEmail: 'quinn@example.com', expiresAt: NOW };
    const sent = await db.prisma.quoteRequest.create({ data: { ...base, status: 'open', confirmedAt: NOW } });
    await db.prisma.quoteRequest.create({ data: base }); // never sent: not counted
    await db.prisma.quoteRecipient.createMany({
      data: [
        { requestId: sent.id, professionalId: x.id, reach: { kind: 'remote' }, fit: 0.5, position: 0, replyKind: 'decline', repliedAt: NOW },
        { requestId: sent.id, professionalId: y.id, reach: { kind: 'remote' }, fit: 0.5, position: 1, flaggedSpamAt: NOW },
      ],
    });
    expect((await getAdminStats({ prisma: db.prisma, now: NOW })).quotes).toEqual({ requestsSent: 1, deliveries: 2, answered: 1, reportedAsSpam: 1, spamAwaitingReview: 1 });

    // A second reported request, flagged by both who received it (one request, not two), then
    // reviewed: still reported, no longer awaiting review.
    const other = await db.prisma.quoteRequest.create({ data: { ...base, status: 'open', confirmedAt: NOW } });
    await db.prisma.quoteRecipient.createMany({
      data: [x, y].map((p, position) => ({ requestId: other.id, professionalId: p.id, reach: { kind: 'remote' }, fit: 0.5, position, flaggedSpamAt: NOW })),
    });
    expect((await getAdminStats({ prisma: db.prisma, now: NOW })).quotes).toMatchObject({ requestsSent: 2, deliveries: 4, reportedAsSpam: 2, spamAwaitingReview: 2 });
    await db.prisma.quoteRequest.update({ where: { id: other.id }, data: { spamVerdict: 'not_spam', spamReviewedAt: NOW } });
    expect((await getAdminStats({ prisma: db.prisma, now: NOW })).quotes).toMatchObject({ reportedAsSpam: 2, spamAwaitingReview: 1 });
  });
});
