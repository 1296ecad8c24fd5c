// After an admin rejects an application (product rule 26): what happens to its money, then the
// e-mail with the admin's reason. Run by the settle-rejected-application job, which BullMQ retries;
// every step is safe to repeat, and the e-mail goes out once (its idempotency key).
//   - An unpaid application: its checkout, if still open, is expired (it cannot be paid now). One
//     that was paid meanwhile is reconciled first, then handled as paid.
//   - A new applicant's paid application (its listing was never approved, so never live): the
//     Stripe subscription is cancelled at once and everything paid is refunded in full. The listing
//     stays, unapproved and cancelled; the refund is recorded by the charge.refunded
//     reconciliation like any other. The listing is marked cancelled by the site first, so that
//     reconciliation and the subscription's end send no e-mails of their own: this one says it all.
//   - An update of an approved listing: its subscription and listing are left as they are.
import type Stripe from 'stripe';
import { formatPounds } from '../../../core/plans';
import { reconcileCheckout, type ReconcileDeps } from './reconcile';

export type SettleOutcome = 'not-found' | 'not-rejected' | 'refunded' | 'cancelled' | 'checkout-expired' | 'listing-kept' | 'nothing-paid';

function isStripeCode(err: unknown, code: string): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === code;
}

/** The open checkout closed, or a paid one reconciled (so its listing and payment exist). */
async function settleCheckout(deps: ReconcileDeps, sessionId: string): Promise<'expired' | 'paid' | 'closed'> {
  const session = await deps.stripe.checkout.sessions.retrieve(sessionId);
  if (session.status === 'open') {
    try {
      await deps.stripe.checkout.sessions.expire(sessionId, {}, { idempotencyKey: `expire_${sessionId}` });
      return 'expired';
    } catch (err) {
      // Paid or expired between our two calls: look again on the retry.
      if (!isStripeCode(err, 'checkout_session_not_open')) throw err;
      throw new Error(`checkout ${sessionId} changed while being expired; retrying`, { cause: err });
    }
  }
  if (session.status === 'complete' && session.payment_status === 'paid') {
    await reconcileCheckout(deps, sessionId);
    return 'paid';
  }
  return 'closed';
}

/** Refunds what is left of one payment (its whole amount, once): the amount now refunded in all. */
async function refundInFull(stripe: Stripe, payment: { id: number; stripeInvoiceId: string; stripePaymentIntentId: string | null }, applicationId: number): Promise<number> {
  if (!payment.stripePaymentIntentId) return 0; // not taken through Stripe (demo data): nothing to give back
  const refunded = async () =>
    (await stripe.refunds.list({ payment_intent: payment.stripePaymentIntentId!, limit: 100 })).data
      .filter((r) => r.status === 'succeeded' || r.status === 'pending')
      .reduce((sum, r) => sum + r.amount, 0);
  try {
    await stripe.refunds.create(
      { payment_intent: payment.stripePaymentIntentId, reason: 'requested_by_customer', metadata: { paymentId: String(payment.id), applicationId: String(applicationId) } },
      // Stripe's invoice id, not our row's: a restored database reuses row ids (decision 0030).
      { idempotencyKey: `refund_rejected_${payment.stripeInvoiceId}` },
    );
  } catch (err) {
    // A retry after the refund was made (beyond Stripe's idempotency window) finds nothing left.
    if (!isStripeCode(err, 'charge_already_refunded')) throw err;
  }
  return refunded();
}

/** Ends a never-approved listing's subscription and refunds every payment it made: pence refunded. */
async function cancelAndRefund(deps: ReconcileDeps, professionalId: number, applicationId: number): Promise<number> {
  const { prisma, stripe } = deps;
  // Marked first: Stripe's events for the cancellation and the refund may reach the worker before
  // this job ends, and the mark tells them the site has told the owner (see reconcile.ts).
  const professional = await prisma.professional.findUniqueOrThrow({ where: { id: professionalId } });
  if (professional.cancelledAt === null) await prisma.professional.update({ where: { id: professionalId }, data: { cancelledAt: new Date() } });
  if (professional.stripeSubscriptionId) {
    const subscription = await stripe.subscriptions.retrieve(professional.stripeSubscriptionId);
    if (subscription.status !== 'canceled' && subscription.status !== 'incomplete_expired') {
      await stripe.subscriptions.cancel(subscription.id, {}, { idempotencyKey: `cancel_${subscription.id}` });
    }
  }
  const payments = await prisma.payment.findMany({ where: { professionalId }, orderBy: { paidAt: 'asc' }, select: { id: true, stripeInvoiceId: true, stripePaymentIntentId: true } });
  let refundedPence = 0;
  for (const payment of payments) refundedPence += await refundInFull(stripe, payment, applicationId);
  await prisma.professional.update({ where: { id: professionalId }, data: { subscriptionStatus: 'cancelled' } });
  return refundedPence;
}

export async function settleRejectedApplication(deps: ReconcileDeps, applicationId: number): Promise<{ outcome: SettleOutcome; refundedPence: number }> {
  const { prisma, logger } = deps;
  const found = await prisma.application.findUnique({ where: { id: applicationId }, select: { status: true, checkoutSessionId: true } });
  if (!found) return { outcome: 'not-found', refundedPence: 0 };
  if (found.status !== 'rejected') {
    logger.warn({ applicationId, status: found.status }, 'settle-rejected-application for an application that is not rejected');
    return { outcome: 'not-rejected', refundedPence: 0 };
  }
  const checkout = found.checkoutSessionId ? await settleCheckout(deps, found.checkoutSessionId) : null;

  const application = await prisma.application.findUniqueOrThrow({
    where: { id: applicationId },
    include: { professional: { select: { id: true, isApproved: true } } },
  });
  let outcome: SettleOutcome;
  let refundedPence = 0;
  const listing = application.professional;
  if (listing?.isApproved) {
    outcome = 'listing-kept';
  } else if (listing) {
    refundedPence = await cancelAndRefund(deps, listing.id, application.id);
    outcome = refundedPence > 0 ? 'refunded' : 'cancelled';
  } else {
    outcome = checkout === 'expired' ? 'checkout-expired' : 'nothing-paid';
  }

  await deps.sendEmail({
    template: 'application-rejected',
    to: application.email,
    data: {
      contactName: application.contactName,
      companyName: application.companyName,
      reason: application.rejectionReason ?? 'No reason was given.',
      ...(refundedPence > 0 ? { refund: formatPounds(refundedPence) } : {}),
      ...(listing?.isApproved ? { listingUnchanged: true } : {}),
    },
    idempotencyKey: `application-rejected_${application.id}`,
  });
  return { outcome, refundedPence };
}
