// POST /api/professional/cancel-subscription (product rules 2 and 13): the plan ends in Stripe at
// once (every subscription of the customer that has not ended: a past-due one would keep retrying
// the card), the listing leaves the directory and the account is archived; the route then ends every
// session. The first payment is refunded in full when the cancellation comes less than 30 days after
// it, and the cancellation is e-mailed: both by the worker's settle-cancellation job, each exactly
// once (worker/src/billing/cancellation.ts). Stripe's cancellation carries SITE_CANCELLATION_COMMENT,
// so when this request fails after Stripe ended the plan, Stripe's customer.subscription.deleted
// lets the worker complete the same cancellation, and a retry here converges too.
import type Stripe from 'stripe';
import { SITE_CANCELLATION_COMMENT, type CancellationAnswer } from '../../../../core/billing';
import type { CurrentUser } from '../../../../core/auth';
import type { PrismaClient } from '../../../../prisma/db';
import type { Queues } from '../../queue';
import { AppError } from '../app-error';
import { ownProfessional, refundDue } from './professional-billing';

export const CANCEL_FAILED = 'Failed to cancel subscription. Please try again.';
export const ALREADY_CANCELLED = 'This subscription has already been cancelled.';

/**
 * Every subscription of the listing's Stripe customer that has not ended, the listing's own
 * included: a past-due one still retries the card, an unpaid one could still be paid. None may
 * outlive the cancellation.
 */
async function subscriptionsToEnd(client: Stripe, professional: { stripeCustomerId: string | null; stripeSubscriptionId: string | null }): Promise<string[]> {
  const ids = new Set<string>();
  if (professional.stripeCustomerId) {
    const all = await client.subscriptions.list({ customer: professional.stripeCustomerId, status: 'all', limit: 100 }).autoPagingToArray({ limit: 1000 });
    for (const subscription of all) if (subscription.status !== 'canceled' && subscription.status !== 'incomplete_expired') ids.add(subscription.id);
  }
  if (professional.stripeSubscriptionId && !ids.has(professional.stripeSubscriptionId)) {
    const own = await client.subscriptions.retrieve(professional.stripeSubscriptionId);
    if (own.status !== 'canceled' && own.status !== 'incomplete_expired') ids.add(own.id);
  }
  return [...ids];
}

export async function cancelSubscription({
  prisma,
  stripe,
  queues,
  user,
  now = new Date(),
}: {
  prisma: PrismaClient;
  stripe: () => Promise<Stripe>;
  queues: Pick<Queues, 'enqueue'>;
  user: CurrentUser;
  now?: Date;
}): Promise<CancellationAnswer> {
  const professional = await ownProfessional(prisma, user);
  // Ended outside the site (Stripe's portal, or unpaid too long): nothing of the plan is left to end.
  // A cancellation of ours under way (its time is set) may be sent again: every step below converges.
  if (professional.subscriptionStatus === 'cancelled' && professional.cancelledAt === null) throw new AppError('conflict', ALREADY_CANCELLED);

  // Stripe first: until it has ended the plan nothing here changes, so a failure can simply be retried.
  try {
    const client = await stripe();
    for (const id of await subscriptionsToEnd(client, professional)) {
      await client.subscriptions.cancel(id, { cancellation_details: { comment: SITE_CANCELLATION_COMMENT } }, { idempotencyKey: `cancel_${id}` });
    }
  } catch (err) {
    throw new AppError('unavailable', CANCEL_FAILED, { cause: err });
  }

  const cancelledAt = await prisma.$transaction(async (tx) => {
    // Set once per cancellation (the worker may have completed it from Stripe's event already).
    await tx.professional.updateMany({ where: { id: professional.id, cancelledAt: null }, data: { cancelledAt: now } });
    const listing = await tx.professional.update({ where: { id: professional.id }, data: { subscriptionStatus: 'cancelled' }, select: { cancelledAt: true } });
    await tx.user.updateMany({ where: { id: user.id, isArchived: false }, data: { isArchived: true, archivedAt: now } });
    return listing.cancelledAt ?? now;
  });
  // After the commit: the worker refunds (when due, judged at `cancelledAt`) and e-mails, each once.
  await queues.enqueue('settleCancellation', { professionalId: professional.id, cancelledAt: cancelledAt.toISOString() });
  const { payment } = await refundDue(prisma, professional.id, professional.firstPaidAt, cancelledAt);
  return { ok: true, refundedPence: payment?.amountPence ?? 0 };
}
