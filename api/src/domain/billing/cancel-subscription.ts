// POST /api/professional/cancel-subscription (product rules 2 and 13): the plan ends in Stripe at
// once, the first payment is refunded in full when it was less than 30 days ago, the listing leaves
// the directory and the account is archived; the route then ends every session. Stripe's own
// events (customer.subscription.deleted, charge.refunded) reach the worker afterwards and find the
// records already as they should be: they change nothing twice. Every Stripe call carries an
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
    if (professional.stripeSubscriptionId) {
      const subscription = await client.subscriptions.retrieve(professional.stripeSubscriptionId);
      if (subscription.status !== 'canceled' && subscription.status !== 'incomplete_expired') {
        await client.subscriptions.cancel(subscription.id, {}, { idempotencyKey: `cancel_${subscription.id}` });
      }
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
