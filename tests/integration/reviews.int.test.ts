// Reviews across the API and the worker (issue 12, items 1, 2 and 6): the one-review rule, no review
// of one's own listing, editing and deleting, the one reply, reporting and an admin hiding with the
// audit log, the rating the worker keeps (50 reviews at once → the true mean and the visible count;
// hidden reviews left out), the directory's cached answers refreshing by themselves, the new-review
// e-mail through a real SMTP server, and the write limit.
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminReportedReview } from '../../core/admin';
import type { ProfessionalListItem, RegionSummary, ReviewItem } from '../../core/directory';
import type { MyReviewStatus, ReviewSummary, ReviewWriteResult } from '../../core/reviews';
import { REVIEW_MESSAGES } from '../../core/reviews';
import { createProfessional } from '../../api/src/testing/factories';
import { serveTestApp } from '../../api/src/testing/serve-test-app';
import { useAppAndWorker } from '../support/app-worker';
import { call, liveProvider, signedInUser, trueMean, waitFor, type SignedInUser } from '../support/community';

const s = useAppAndWorker({ apiEnv: { LOGIN_LIMIT_PER_IP: '10000', RATE_LIMIT_PER_MINUTE: '100000', REVIEW_LIMIT_PER_USER: '1000' } });
let admin: SignedInUser;

beforeAll(async () => {
  admin = await signedInUser(s.db, s.t, { role: 'admin', name: 'Ada Admin' });
});

const review = (professionalId: number, fields: Partial<{ rating: number; title: string; comment: string; projectType: string | null; wouldRecommend: boolean }> = {}) => ({
  professionalId,
  rating: 4,
  title: 'Sorted our network',
  comment: 'Quick, tidy and explained everything clearly.',
  projectType: 'Network Setup',
  wouldRecommend: true,
  ...fields,
});

const post = (user: SignedInUser, body: unknown) => call<ReviewWriteResult>(s.t, 'POST', '/api/reviews', { body, cookie: user.cookie });
const publicReviews = async (professionalId: number, query = '') =>
  (await call<ReviewItem[]>(s.t, 'GET', `/api/reviews?professionalId=${professionalId}${query}`)).body;
const stored = (id: number) => s.db.prisma.professional.findUniqueOrThrow({ where: { id } });

/** Waits until the worker has set the professional's figures to these. */
async function expectFigures(professionalId: number, { rating, reviewCount, recommendCount }: { rating: number; reviewCount: number; recommendCount?: number }) {
  await waitFor(
    async () => {
      const p = await stored(professionalId);
      return Number(p.rating) === rating && p.reviewCount === reviewCount && (recommendCount === undefined || p.recommendCount === recommendCount);
    },
    { what: `rating ${rating} from ${reviewCount} reviews` },
  );
}

describe('writing a review', () => {
  it('publishes at once, e-mails the professional, and the worker sets the rating', async () => {
    const { professional } = await liveProvider(s.db, s.t, { contactName: 'Robin Owner' });
    const customer = await signedInUser(s.db, s.t, { name: 'Sam Taylor' });
    const res = await post(customer, review(professional.id, { rating: 2, title: 'Slow to turn up', wouldRecommend: false }));
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(REVIEW_MESSAGES.created);
    expect(res.body.review).toMatchObject({ rating: 2, title: 'Slow to turn up', isVerified: false, editedAt: null, hiddenAt: null });

    // Published at once, negative as it is.
    const [listed] = await publicReviews(professional.id);
    expect(listed).toMatchObject({ id: res.body.review.id, rating: 2, authorName: 'Sam T.', wouldRecommend: false, projectType: 'Network Setup' });
    await expectFigures(professional.id, { rating: 2, reviewCount: 1, recommendCount: 0 });

    await expect.poll(() => s.smtp.to(professional.email).length, { timeout: 10_000 }).toBe(1);
    const mail = s.smtp.to(professional.email)[0]!.text;
    expect(mail).toMatch(/^Subject: New 2-star review on ITConnect$/m);
    expect(mail).toContain('Hello Robin Owner,');
    expect(mail).toContain(`${s.t.env.PUBLIC_URL}/professionals/${professional.slug}`);
  });

  it('allows one review per professional per reviewer (409), even when sent twice at once', async () => {
    const { professional } = await liveProvider(s.db, s.t);
    const customer = await signedInUser(s.db, s.t);
    const [a, b] = await Promise.all([post(customer, review(professional.id)), post(customer, review(professional.id))]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const again = await post(customer, review(professional.id, { rating: 5 }));
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: { code: 'conflict', message: REVIEW_MESSAGES.alreadyReviewed } });
    expect(await s.db.prisma.review.count({ where: { professionalId: professional.id } })).toBe(1);
  });

  it('refuses a review of one’s own listing (403) and of a listing that is not live (404)', async () => {
    const { professional, provider } = await liveProvider(s.db, s.t);
    const own = await post(provider, review(professional.id));
    expect(own.status).toBe(403);
    expect(own.body.error.message).toBe(REVIEW_MESSAGES.ownListing);
    const status = await call<MyReviewStatus>(s.t, 'GET', `/api/reviews/mine?professionalId=${professional.id}`, { cookie: provider.cookie });
    expect(status.body).toMatchObject({ canReview: false, reason: 'own-listing', review: null });

    const unapproved = await createProfessional(s.db.prisma, { isApproved: false });
    const customer = await signedInUser(s.db, s.t);
    const notLive = await post(customer, review(unapproved.id));
    expect(notLive.status).toBe(404);
    expect(notLive.body.error.message).toBe(REVIEW_MESSAGES.professionalNotFound);
  });

  it('checks the fields with the spec’s messages', async () => {
    const { professional } = await liveProvider(s.db, s.t);
    const customer = await signedInUser(s.db, s.t);
    for (const rating of [0, 6, 4.5, '5', null]) {
      const res = await post(customer, review(professional.id, { rating: rating as number }));
      expect(res.status).toBe(422);
      expect(res.body.error.fields.rating).toBe('Rating is a number from 1 to 5');
    }
    const short = await post(customer, review(professional.id, { title: 'ok', comment: 'fine' }));
    expect(short.status).toBe(422);
    expect(short.body.error.fields).toMatchObject({ title: REVIEW_MESSAGES.titleShort, comment: REVIEW_MESSAGES.commentShort });
    const long = await post(customer, review(professional.id, { comment: 'x'.repeat(2001) }));
    expect(long.body.error.fields.comment).toBe(REVIEW_MESSAGES.commentLong);
    expect(await s.db.prisma.review.count({ where: { professionalId: professional.id } })).toBe(0);
  });

  it('marks a review verified when the reviewer had messaged the professional through the site first', async () => {
    const { professional, provider } = await liveProvider(s.db, s.t);
    const [wrote, silent] = [await signedInUser(s.db, s.t), await signedInUser(s.db, s.t)];
    await s.db.prisma.message.create({
      data: { fromUserId: wrote.id, toUserId: provider.id, professionalId: professional.id, subject: 'Quote', content: 'Could you quote for a new router?' },
    });
    expect((await post(wrote, review(professional.id))).body.review.isVerified).toBe(true);
    expect((await post(silent, review(professional.id))).body.review.isVerified).toBe(false);
    const listed = await publicReviews(professional.id);
    expect(listed.map((r) => r.isVerified).sort()).toEqual([false, true]);
  });
});

describe('editing and deleting one’s own review', () => {
  it('lets the author edit (editedAt) and delete it, and nobody else; the rating follows', async () => {
    const { professional } = await liveProvider(s.db, s.t);
    const [author, other] = [await signedInUser(s.db, s.t), await signedInUser(s.db, s.t)];
    const created = (await post(author, review(professional.id, { rating: 5 }))).body.review;
    await post(other, review(professional.id, { rating: 3 }));
    await expectFigures(professional.id, { rating: 4, reviewCount: 2 });

    const path = `/api/reviews/${created.id}`;
    const notMine = await call(s.t, 'PATCH', path, { body: { rating: 1 }, cookie: other.cookie });
    expect(notMine.status).toBe(403);
    expect(notMine.body.error.message).toBe(REVIEW_MESSAGES.notAuthor);
    expect((await call(s.t, 'DELETE', path, { cookie: other.cookie })).status).toBe(403);
    expect((await call(s.t, 'PATCH', path, { body: {}, cookie: author.cookie })).body.error.message).toBe(REVIEW_MESSAGES.nothingToChange);

    const edited = await call<ReviewWriteResult>(s.t, 'PATCH', path, { body: { rating: 1, comment: 'It broke again the next week.' }, cookie: author.cookie });
    expect(edited.status).toBe(200);
    expect(edited.body.review).toMatchObject({ rating: 1, comment: 'It broke again the next week.', title: 'Sorted our network' });
    expect(edited.body.review.editedAt).not.toBeNull();
    expect((await publicReviews(professional.id, '&sort=lowest'))[0]).toMatchObject({ id: created.id, rating: 1, editedAt: edited.body.review.editedAt });
    await expectFigures(professional.id, { rating: 2, reviewCount: 2 });

    const mine = await call<MyReviewStatus>(s.t, 'GET', `/api/reviews/mine?professionalId=${professional.id}`, { cookie: author.cookie });
    expect(mine.body).toMatchObject({ canReview: false, reason: 'already-reviewed', review: { id: created.id, rating: 1 } });

    const deleted = await call(s.t, 'DELETE', path, { cookie: author.cookie });
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe(REVIEW_MESSAGES.deleted);
    expect((await call(s.t, 'DELETE', path, { cookie: author.cookie })).status).toBe(404);
    await expectFigures(professional.id, { rating: 3, reviewCount: 1 });
    // Deleted: the author may write a new one.
    const again = await call<MyReviewStatus>(s.t, 'GET', `/api/reviews/mine?professionalId=${professional.id}`, { cookie: author.cookie });
    expect(again.body).toMatchObject({ canReview: true, reason: null, review: null });
  });
});

describe('the professional’s reply', () => {
  it('is one public reply per review, editable and removable, by the reviewed professional only', async () => {
    const { professional, provider } = await liveProvider(s.db, s.t);
    const { provider: otherProvider } = await liveProvider(s.db, s.t);
    const customer = await signedInUser(s.db, s.t);
    const { id } = (await post(customer, review(professional.id))).body.review;
    const path = `/api/reviews/${id}/reply`;

    expect((await call(s.t, 'PUT', path, { body: { reply: 'Thank you!' }, cookie: customer.cookie })).status).toBe(403);
    const other = await call(s.t, 'PUT', path, { body: { reply: 'Not my review' }, cookie: otherProvider.cookie });
    expect(other.status).toBe(403);
    expect(other.body.error.message).toBe(REVIEW_MESSAGES.notProfessional);
    expect((await call(s.t, 'PUT', path, { body: { reply: ' ' }, cookie: provider.cookie })).body.error.fields.reply).toBe(REVIEW_MESSAGES.replyShort);

    const first = await call(s.t, 'PUT', path, { body: { reply: 'Thank you, it was a pleasure.' }, cookie: provider.cookie });
    expect(first.status).toBe(200);
    const changed = await call(s.t, 'PUT', path, { body: { reply: 'Thank you, <b>see you soon</b>.' }, cookie: provider.cookie });
    expect(changed.body).toMatchObject({ id, reply: 'Thank you, <b>see you soon</b>.' });
    const [listed] = await publicReviews(professional.id);
    // One reply, the latest text, stored as typed (the page renders it as text).
    expect(listed).toMatchObject({ reply: 'Thank you, <b>see you soon</b>.' });
    expect(listed!.repliedAt).not.toBeNull();

    expect((await call(s.t, 'DELETE', path, { cookie: provider.cookie })).status).toBe(200);
    expect((await publicReviews(professional.id))[0]).toMatchObject({ reply: null, repliedAt: null });
    const none = await call(s.t, 'DELETE', path, { cookie: provider.cookie });
    expect(none.status).toBe(404);
    expect(none.body.error.message).toBe(REVIEW_MESSAGES.noReply);
  });
});

describe('reporting and hiding', () => {
  it('takes one report per user; an admin hides the review with a reason (audit log), which leaves it out of everything, then restores it', async () => {
    const { professional, provider } = await liveProvider(s.db, s.t);
    const [kind, unkind, reporter] = [await signedInUser(s.db, s.t), await signedInUser(s.db, s.t, { name: 'Unkind Person' }), await signedInUser(s.db, s.t)];
    await post(kind, review(professional.id, { rating: 5 }));
    const bad = (await post(unkind, review(professional.id, { rating: 1, title: 'Rubbish', comment: 'Abusive words about the owner here.' }))).body.review;
    await expectFigures(professional.id, { rating: 3, reviewCount: 2 });

    const reportPath = `/api/reviews/${bad.id}/report`;
    expect((await call(s.t, 'POST', reportPath, { body: { reason: 'short' }, cookie: reporter.cookie })).body.error.fields.reason).toBe(REVIEW_MESSAGES.reasonShort);
    expect((await call(s.t, 'POST', reportPath, { body: { reason: 'Abusive language about a person.' }, cookie: reporter.cookie })).status).toBe(201);
    const twice = await call(s.t, 'POST', reportPath, { body: { reason: 'Abusive language about a person.' }, cookie: reporter.cookie });
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toBe(REVIEW_MESSAGES.alreadyReported);
    expect((await call(s.t, 'POST', reportPath, { body: { reason: 'I want to report my own review.' }, cookie: unkind.cookie })).status).toBe(403);
    expect((await call(s.t, 'POST', reportPath, { body: { reason: 'This is not a real customer of ours.' }, cookie: provider.cookie })).status).toBe(201);
    const mine = await call<MyReviewStatus>(s.t, 'GET', `/api/reviews/mine?professionalId=${professional.id}`, { cookie: reporter.cookie });
    expect(mine.body.reportedReviewIds).toEqual([bad.id]);
    // A report alone hides nothing.
    expect(await publicReviews(professional.id)).toHaveLength(2);

    const open = await call<AdminReportedReview[]>(s.t, 'GET', '/api/admin/review-reports', { cookie: admin.cookie });
    const entry = open.body.find((r) => r.review.id === bad.id)!;
    expect(entry.review).toMatchObject({ authorName: 'Unkind Person', rating: 1, hiddenAt: null, professional: { id: professional.id } });
    expect(entry.reports).toHaveLength(2);
    expect(entry.reports.every((r) => r.resolvedAt === null)).toBe(true);
    expect(Number(open.headers.get('X-Total-Count'))).toBeGreaterThanOrEqual(1);

    expect((await call(s.t, 'POST', `/api/admin/reviews/${bad.id}/hide`, { body: {}, cookie: admin.cookie })).status).toBe(422);
    const hidden = await call<AdminReportedReview>(s.t, 'POST', `/api/admin/reviews/${bad.id}/hide`, { body: { reason: 'Abusive language (review policy 3)' }, cookie: admin.cookie });
    expect(hidden.status).toBe(200);
    expect(hidden.body.review).toMatchObject({ hiddenReason: 'Abusive language (review policy 3)' });
    expect(hidden.body.reports.every((r) => r.resolvedAt !== null)).toBe(true);
    expect((await call(s.t, 'POST', `/api/admin/reviews/${bad.id}/hide`, { body: { reason: 'Again, to be sure' }, cookie: admin.cookie })).status).toBe(409);

    // Out of the public list, the breakdown, the rating and the count; its author is told why.
    expect((await publicReviews(professional.id)).map((r) => r.id)).not.toContain(bad.id);
    const summary = (await call<ReviewSummary>(s.t, 'GET', `/api/reviews/summary?professionalId=${professional.id}`)).body;
    expect(summary).toMatchObject({ reviewCount: 1, averageRating: 5 });
    expect(summary.breakdown.find((b) => b.stars === 1)!.count).toBe(0);
    await expectFigures(professional.id, { rating: 5, reviewCount: 1 });
    const authorView = await call<MyReviewStatus>(s.t, 'GET', `/api/reviews/mine?professionalId=${professional.id}`, { cookie: unkind.cookie });
    expect(authorView.body.review).toMatchObject({ id: bad.id, hiddenReason: 'Abusive language (review policy 3)' });
    // Nobody answers or reports a hidden review.
    expect((await call(s.t, 'PUT', `/api/reviews/${bad.id}/reply`, { body: { reply: 'Thanks' }, cookie: provider.cookie })).status).toBe(404);
    expect((await call(s.t, 'POST', reportPath, { body: { reason: 'Reporting a hidden review.' }, cookie: kind.cookie })).status).toBe(404);

    const resolved = await call<AdminReportedReview[]>(s.t, 'GET', '/api/admin/review-reports?state=resolved', { cookie: admin.cookie });
    expect(resolved.body.map((r) => r.review.id)).toContain(bad.id);
    expect((await call<AdminReportedReview[]>(s.t, 'GET', '/api/admin/review-reports', { cookie: admin.cookie })).body.map((r) => r.review.id)).not.toContain(bad.id);

    const restored = await call(s.t, 'POST', `/api/admin/reviews/${bad.id}/restore`, { body: { reason: 'Edited by its author to fit the policy' }, cookie: admin.cookie });
    expect(restored.status).toBe(200);
    expect(restored.body.review.hiddenAt).toBeNull();
    await expectFigures(professional.id, { rating: 3, reviewCount: 2 });
    expect((await call(s.t, 'POST', `/api/admin/reviews/${bad.id}/restore`, { body: { reason: 'Nothing to restore' }, cookie: admin.cookie })).body.error.message).toBe(
      REVIEW_MESSAGES.nothingToRestore,
    );

    const audit = await s.db.prisma.auditLog.findMany({ where: { targetType: 'review', targetId: String(bad.id) }, orderBy: { id: 'asc' } });
    expect(audit.map((a) => ({ action: a.action, actorId: a.actorId, reason: (a.details as { reason: string }).reason }))).toEqual([
      { action: 'review.hide', actorId: admin.id, reason: 'Abusive language (review policy 3)' },
      { action: 'review.restore', actorId: admin.id, reason: 'Edited by its author to fit the policy' },
    ]);
  });

  it('keeps a reported review that fits the policy: restore resolves its reports and changes nothing else', async () => {
    const { professional } = await liveProvider(s.db, s.t);
    const [author, reporter] = [await signedInUser(s.db, s.t), await signedInUser(s.db, s.t)];
    const { id } = (await post(author, review(professional.id, { rating: 1 }))).body.review;
    await call(s.t, 'POST', `/api/reviews/${id}/report`, { body: { reason: 'I do not agree with this review.' }, cookie: reporter.cookie });
    const kept = await call<AdminReportedReview>(s.t, 'POST', `/api/admin/reviews/${id}/restore`, { body: { reason: 'Honest opinion: stays up' }, cookie: admin.cookie });
    expect(kept.status).toBe(200);
    expect(kept.body.review.hiddenAt).toBeNull();
    expect(kept.body.reports[0]!.resolvedAt).not.toBeNull();
    expect((await publicReviews(professional.id)).map((r) => r.id)).toEqual([id]);
  });
});

describe('the public list', () => {
  it('sorts newest, highest and lowest, pages with X-Total-Count, and counts each star', async () => {
    const { professional } = await liveProvider(s.db, s.t);
    const ratings = [3, 5, 1, 5, 4];
    for (const [i, rating] of ratings.entries()) {
      const user = await signedInUser(s.db, s.t);
      const { id } = (await post(user, review(professional.id, { rating, wouldRecommend: rating >= 4 }))).body.review;
      await s.db.prisma.review.update({ where: { id }, data: { createdAt: new Date(Date.UTC(2026, 0, i + 1)) } });
    }
    expect((await publicReviews(professional.id)).map((r) => r.rating)).toEqual([4, 5, 1, 5, 3]);
    expect((await publicReviews(professional.id, '&sort=highest')).map((r) => r.rating)).toEqual([5, 5, 4, 3, 1]);
    expect((await publicReviews(professional.id, '&sort=lowest')).map((r) => r.rating)).toEqual([1, 3, 4, 5, 5]);
    const page = await call<ReviewItem[]>(s.t, 'GET', `/api/reviews?professionalId=${professional.id}&sort=highest&limit=2&offset=2`);
    expect(page.body.map((r) => r.rating)).toEqual([4, 3]);
    expect(page.headers.get('X-Total-Count')).toBe('5');
    expect((await call(s.t, 'GET', `/api/reviews?professionalId=${professional.id}&sort=best`)).status).toBe(400);

    const summary = (await call<ReviewSummary>(s.t, 'GET', `/api/reviews/summary?professionalId=${professional.id}`)).body;
    expect(summary).toEqual({
      professionalId: professional.id,
      reviewCount: 5,
      averageRating: 3.6,
      breakdown: [
        { stars: 5, count: 2 },
        { stars: 4, count: 1 },
        { stars: 3, count: 1 },
        { stars: 2, count: 0 },
        { stars: 1, count: 1 },
      ],
      recommendCount: 3,
    });
    await expectFigures(professional.id, { rating: 3.6, reviewCount: 5, recommendCount: 3 });
  });
});

describe('the rating the worker keeps', () => {
  it('after 50 reviews at once equals the true mean (one decimal) and the count the visible reviews; hidden ones are left out', async () => {
    const { professional } = await liveProvider(s.db, s.t, { region: 'Leeds', companyName: 'Fifty Reviews Ltd', services: ['Data Recovery'] });
    // Before: the directory's answers are computed and kept by the API's answer cache.
    const before = await call<ProfessionalListItem>(s.t, 'GET', `/api/professionals/slug/${professional.slug}`);
    expect(before.body).toMatchObject({ rating: 0, reviewCount: 0 });
    await call(s.t, 'GET', '/api/professionals?service=Data%20Recovery');
    await call(s.t, 'GET', '/api/locations');

    const reviewers = await Promise.all(Array.from({ length: 50 }, () => signedInUser(s.db, s.t)));
    const ratings = reviewers.map((_, i) => ((i * 7 + 3) % 5) + 1);
    const answers = await Promise.all(reviewers.map((user, i) => post(user, review(professional.id, { rating: ratings[i]!, wouldRecommend: ratings[i]! >= 3 }))));
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(201));

    const mean = trueMean(ratings);
    await expectFigures(professional.id, { rating: mean, reviewCount: 50, recommendCount: ratings.filter((r) => r >= 3).length });

    // The cached answers refresh by themselves (PostgreSQL NOTIFY on the worker's write).
    await waitFor(async () => (await call<ProfessionalListItem>(s.t, 'GET', `/api/professionals/slug/${professional.slug}`)).body.reviewCount === 50, { what: 'the profile answer' });
    expect((await call<ProfessionalListItem>(s.t, 'GET', `/api/professionals/slug/${professional.slug}`)).body.rating).toBe(mean);
    const listed = (await call<ProfessionalListItem[]>(s.t, 'GET', '/api/professionals?service=Data%20Recovery')).body.find((p) => p.id === professional.id)!;
    expect(listed).toMatchObject({ rating: mean, reviewCount: 50 });
    const leeds = (await call<RegionSummary[]>(s.t, 'GET', '/api/locations')).body.find((r) => r.region === 'Leeds')!;
    expect(leeds.averageRating).toBe(mean);

    // Hide the 1-star reviews: out of the rating and the count.
    const ones = answers.filter((a, i) => ratings[i] === 1).map((a) => a.body.review.id);
    for (const id of ones) {
      await s.db.prisma.reviewReport.create({ data: { reviewId: id, userId: admin.id, reason: 'Checking the rating without it.' } });
      expect((await call(s.t, 'POST', `/api/admin/reviews/${id}/hide`, { body: { reason: 'Test: left out of the rating' }, cookie: admin.cookie })).status).toBe(200);
    }
    const visible = ratings.filter((r) => r !== 1);
    await expectFigures(professional.id, { rating: trueMean(visible), reviewCount: visible.length });
    const failed = await s.t.api.queues.get('ratings').getJobs(['failed']);
    expect(failed).toEqual([]);
  }, 90_000);

  it('is idempotent: running the job again changes nothing', async () => {
    const { professional } = await liveProvider(s.db, s.t);
    const customer = await signedInUser(s.db, s.t);
    await post(customer, review(professional.id, { rating: 4 }));
    await expectFigures(professional.id, { rating: 4, reviewCount: 1 });
    const { recalculateRating } = await import('../../worker/src/jobs/recalculate-rating');
    expect(await recalculateRating({ prisma: s.db.prisma }, { professionalId: professional.id })).toEqual({ professionalId: professional.id, changed: false });
  });
});

describe('rate limit', () => {
  it('limits review writes per user (429 with Retry-After)', async () => {
    const limited = await serveTestApp({ database: s.db, env: { REVIEW_LIMIT_PER_USER: '2', LOGIN_LIMIT_PER_IP: '1000' } });
    try {
      const { professional } = await liveProvider(s.db, limited);
      const customer = await signedInUser(s.db, limited);
      const { id } = (await call<ReviewWriteResult>(limited, 'POST', '/api/reviews', { body: review(professional.id), cookie: customer.cookie })).body.review;
      expect((await call(limited, 'PATCH', `/api/reviews/${id}`, { body: { rating: 5 }, cookie: customer.cookie })).status).toBe(200);
      const third = await call(limited, 'PATCH', `/api/reviews/${id}`, { body: { rating: 3 }, cookie: customer.cookie });
      expect(third.status).toBe(429);
      expect(third.headers.get('Retry-After')).toMatch(/^\d+$/);
      // Another user has their own budget.
      const other = await signedInUser(s.db, limited);
      expect((await call(limited, 'POST', '/api/reviews', { body: review(professional.id), cookie: other.cookie })).status).toBe(201);
    } finally {
      await limited.close();
    }
  });
});
