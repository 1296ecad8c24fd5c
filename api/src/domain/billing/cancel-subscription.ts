// POST /api/professional/cancel-subscription (product rules 2 and 13): the plan ends in Stripe at
// once (every subscription of the customer that has not ended: a past-due one would keep retrying
// the card), the first payment is refunded in full when it was less than 30 days ago, the listing
// leaves the directory and the account is archived; the route then ends every session. Stripe's
// own events (customer.subscription.deleted, charge.refunded) reach the worker afterwards and find
// the records already as they should be: they change nothing twice. Every Stripe call carries an
// idempotency key, so a retried cancellation never refunds twice.
import type Stripe from 'stripe';
import type { CancellationAnswer } from '../../../../core/billing';
import type { CurrentUser } from '../../../../core/auth';
import { formatPounds } from '../../../../core/plans';
import type { PrismaClient } from '../../../../prisma/db';
import type { Queues } from '../../queue';
import { AppError } from '../app-error';
import { ownProfessional, refundDue } from './professional-billing';

export const CANCEL_FAILED = 'Failed to cancel subscription. Please try again.';

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
  if (professional.subscriptionStatus === 'cancelled') throw new AppError('conflict', 'This subscription has already been cancelled.');
  const { payment, refundPence } = await refundDue(prisma, professional.id, professional.firstPaidAt, now);

  // Marked first: Stripe's customer.subscription.deleted may reach the worker before this returns,
  // and the mark tells it the cancellation (and its e-mail, with the refund) is the site's.
  await prisma.professional.update({ where: { id: professional.id }, data: { cancelledAt: now } });
  try {
    const client = await stripe();
    for (const id of await subscriptionsToEnd(client, professional)) {
      await client.subscriptions.cancel(id, {}, { idempotencyKey: `cancel_${id}` });
    }
    if (payment && refundPence > 0) {
      if (!payment.stripePaymentIntentId) throw new Error(`payment ${payment.id} has no payment intent to refund`);
      await client.refunds.create(
        { payment_intent: payment.stripePaymentIntentId, amount: refundPence, reason: 'requested_by_customer', metadata: { paymentId: String(payment.id) } },
        { idempotencyKey: `refund_first_payment_${payment.id}` },
      );
    }
  } catch (err) {
    await prisma.professional.update({ where: { id: professional.id }, data: { cancelledAt: null } });
    throw new AppError('unavailable', CANCEL_FAILED, { cause: err });
  }

  await prisma.$transaction([
    prisma.professional.update({ where: { id: professional.id }, data: { subscriptionStatus: 'cancelled', cancelledAt: now } }),
    prisma.user.updateMany({ where: { id: user.id, isArchived: false }, data: { isArchived: true, archivedAt: now } }),
    // What Stripe will say in charge.refunded; the worker then writes the same figure again.
    ...(payment && refundPence > 0
      ? [prisma.payment.update({ where: { id: payment.id }, data: { refundedPence: payment.refundedPence + refundPence } })]
      : []),
  ]);
  // After the commit; the worker sends it once (its job id is the idempotency key).
  await queues.enqueue('sendEmail', {
    template: 'subscription-cancelled',
    to: professional.email,
    data: {
      contactName: professional.contactName,
      companyName: professional.companyName,
      ...(refundPence > 0 ? { refund: formatPounds(refundPence) } : {}),
    },
    idempotencyKey: `subscription-cancelled_${professional.stripeSubscriptionId ?? `professional-${professional.id}`}`,
  });
  return { ok: true, refundedPence: refundPence };
}
