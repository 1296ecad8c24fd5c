// The worker's half of a cancellation through the site (product rules 2 and 13). The API ends the
// plan in Stripe (marked SITE_CANCELLATION_COMMENT), removes the listing, archives the account and
// queues settle-cancellation; Stripe's customer.subscription.deleted reaches the worker too. Either
// way the same idempotent steps run here, so the cancellation converges whatever failed part-way:
//   - completeSiteCancellation: Stripe says the owner cancelled through the site (even if the
//     request that did it never finished): the listing is marked cancelled once, the account
//     archived, then settled;
//   - settleSiteCancellation: the first payment refunded in full when the cancellation came within
//     30 days of it, judged at the listing's cancellation time (so a retry days later decides the
//     same), and the cancellation e-mailed with the refund. The refund is what Stripe still holds of
//     that charge, with an idempotency key: it happens exactly once.
import { isWithinMoneyBack } from '../../../core/billing';
import { formatPounds } from '../../../core/plans';
import type { ReconcileDeps } from './reconcile-deps';

type SettleDeps = Pick<ReconcileDeps, 'prisma' | 'stripe' | 'logger' | 'sendEmail'>;

/** Refunds what is left of the first payment's charge; what Stripe has refunded of it in all. */
export async function refundFirstPayment(deps: SettleDeps, payment: { id: number; amountPence: number; stripePaymentIntentId: string }): Promise<number> {
  const { stripe } = deps;
  const intent = await stripe.paymentIntents.retrieve(payment.stripePaymentIntentId, { expand: ['latest_charge'] });
  const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  if (!charge) throw new Error(`payment ${payment.id}: its payment intent has no charge to refund`);
  const left = Math.min(payment.amountPence, charge.amount) - charge.amount_refunded;
  if (left <= 0) return charge.amount_refunded;
  await stripe.refunds.create(
    { payment_intent: payment.stripePaymentIntentId, amount: left, reason: 'requested_by_customer', metadata: { paymentId: String(payment.id), guarantee: '30-day money-back' } },
    // Stripe's own ids, not our row's: a restored database reuses row ids (decision 0030).
    { idempotencyKey: `refund_first_payment_${payment.stripePaymentIntentId}_${charge.amount_refunded}` },
  );
  return charge.amount_refunded + left;
}

/**
 * The first payment refunded in full under the 30-day guarantee (product rule 2) when a plan that
 * ends at once was cancelled at `cancelledAt`, within 30 days of the listing's first payment: the
 * amount refunded (0 when none is due, or the payment was not taken through Stripe).
 */
export async function refundUnderGuarantee(deps: SettleDeps, listing: { id: number; firstPaidAt: Date | null }, cancelledAt: Date): Promise<number> {
  if (!isWithinMoneyBack(listing.firstPaidAt, cancelledAt)) return 0;
  const payment = await deps.prisma.payment.findFirst({ where: { professionalId: listing.id }, orderBy: { paidAt: 'asc' } });
  // Only a payment Stripe took can be refunded through Stripe (demo data has none).
  if (!payment?.stripePaymentIntentId) return 0;
  const total = await refundFirstPayment(deps, { ...payment, stripePaymentIntentId: payment.stripePaymentIntentId });
  // What Stripe's charge.refunded will say too (the worker then writes the same figure).
  await deps.prisma.payment.updateMany({ where: { id: payment.id, refundedPence: { lt: total } }, data: { refundedPence: total } });
  return payment.amountPence;
}

/** The refund (if due) and the cancellation e-mail of a listing cancelled through the site. */
export async function settleSiteCancellation(deps: SettleDeps, professionalId: number): Promise<string> {
  const { prisma } = deps;
  const listing = await prisma.professional.findUnique({
    where: { id: professionalId },
    select: { id: true, email: true, contactName: true, companyName: true, cancelledAt: true, firstPaidAt: true },
  });
  if (!listing?.cancelledAt) return 'not-cancelled';
  const refundedPence = await refundUnderGuarantee(deps, listing, listing.cancelledAt);
  await deps.sendEmail({
    template: 'subscription-cancelled',
    to: listing.email,
    data: { contactName: listing.contactName, companyName: listing.companyName, ...(refundedPence > 0 ? { refund: formatPounds(refundedPence) } : {}) },
    idempotencyKey: `subscription-cancelled_${listing.id}_${listing.cancelledAt.getTime()}`,
  });
  return refundedPence > 0 ? 'refunded' : 'no-refund-due';
}

/**
 * Stripe says the owner cancelled the listing's plan through the site: what the API's request would
 * have written (it may not have), then the settlement. `canceledAt`: Stripe's time of it.
 */
export async function completeSiteCancellation(deps: SettleDeps, professionalId: number, canceledAt: Date): Promise<string> {
  const { prisma } = deps;
  await prisma.$transaction([
    // Set once per cancellation: the API's request, if it got there first, keeps its time.
    prisma.professional.updateMany({ where: { id: professionalId, cancelledAt: null }, data: { cancelledAt: canceledAt } }),
    prisma.professional.update({ where: { id: professionalId }, data: { subscriptionStatus: 'cancelled' } }),
    // An archived account counts as signed out on its next request (api/src/middleware/require-role.ts).
    prisma.user.updateMany({ where: { professionalId, isArchived: false }, data: { isArchived: true, archivedAt: canceledAt } }),
  ]);
  return settleSiteCancellation(deps, professionalId);
}
