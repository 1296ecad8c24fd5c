// Reconciling our records with Stripe (docs/decisions/0008). Every function here is given only an
// id, reloads the object's CURRENT state from Stripe and writes what that state means; none trusts
// an event's body. So the order in which events arrive, and how often, does not matter: running any
// of them again, or after a later one, writes the same rows.
//   checkout session paid  → checkout.ts: the application waits for an admin; its account and
//                            (unapproved) listing; Stripe ids; the first payment; "application
//                            received" e-mailed once
//   invoice paid           → a payment row (unique by invoice id, amounts in pence) of the listing's
//                            own subscription
//   invoice payment failed → a renewal's: "payment failed" e-mailed once per invoice (the
//                            subscription's own state, past_due, hides the listing); a first
//                            payment's (a card declined on /subscribe): nothing, the page says it
//   subscription changed   → the listing's subscription status, plan and period end
//   subscription deleted   → cancelled (the listing leaves the directory); cancelled through the
//                            site (Stripe's cancellation comment says so): that cancellation is
//                            completed and settled (cancellation.ts); otherwise the owner is told
//                            it ended (the account stays open) and how to subscribe again, and a
//                            plan cancelled at once in Stripe's billing page within 30 days of the
//                            first payment is refunded under the guarantee (product rule 2); one
//                            cancelled at the period's end ran its time and is not
//   subscription updated   → also a cancellation asked for at the period's end (cancel_at): the
//                            listing stays live until then (product rule 13), and a plan switched
//                            in Stripe's billing page: its new plan and period
//   charge refunded        → the payment's refunded amount (Stripe's total, so never counted twice)
// A listing has one subscription: a second one, or a checkout paid after its application moved
// on, is refunded in full and ended (ownership.ts, duplicates.ts).
import type Stripe from 'stripe';
import { isReconciledStripeEvent, SITE_CANCELLATION_COMMENT } from '../../../core/billing';
import { formatPounds } from '../../../core/plans';
import { completeSiteCancellation, refundUnderGuarantee } from './cancellation';
import { reconcileCheckoutSession } from './checkout';
import { refundDuplicateSubscription } from './duplicates';
import { ownershipOf, type Ownership } from './ownership';
import { siteUrl, type ReconcileDeps } from './reconcile-deps';
import { billingColumns, fromUnix, idOf, isLive, ListingChangedError, listingStatus, paymentOfInvoice, RECONCILE_TRANSACTION, retrieveSubscription, subscriptionOfInvoice, writePayment, type PaidInvoice } from './stripe-state';

export type { ReconcileDeps } from './reconcile-deps';

type ListingOwnership = Extract<Ownership, { kind: 'listing' }>;

/**
 * A checkout whose delayed payment (a Direct Debit) the bank refused: its application, still
 * waiting for that payment, is e-mailed once that nothing was taken and how to pay again. Stripe's
 * state decides: a session paid by now (the bank's answer changed, or a retry paid it) is reconciled
 * as paid instead.
 */
export async function reconcileFailedCheckout(deps: ReconcileDeps, sessionId: string): Promise<string> {
  const session = await deps.stripe.checkout.sessions.retrieve(sessionId);
  if (session.payment_status === 'paid') return reconcileCheckout(deps, sessionId);
  const application = await deps.prisma.application.findFirst({
    where: { checkoutSessionId: sessionId, status: 'pending_payment' },
    select: { email: true, contactName: true, companyName: true },
  });
  if (!application) return 'not-waiting';
  await deps.sendEmail({
    template: 'application-payment-failed',
    to: application.email,
    data: { contactName: application.contactName, companyName: application.companyName, applyUrl: siteUrl(deps.env, '/apply') },
    idempotencyKey: `application-payment-failed_${sessionId}`,
  });
  return 'payment-failed';
}

/** A paid checkout, then the invoice it left unpaid, if any (a renewal that failed by the time this runs). */
export async function reconcileCheckout(deps: ReconcileDeps, sessionId: string): Promise<string> {
  const result = await reconcileCheckoutSession(deps, sessionId);
  if (result.outcome === 'paid' && result.unpaidInvoiceId) await reconcileInvoice(deps, result.unpaidInvoiceId);
  return result.outcome;
}

// ---------------------------------------------------------------------------------------------
// Subscriptions

/**
 * `fresh`: the subscription as just retrieved by the caller (saves asking Stripe again);
 * `known`: its ownership as just judged by the caller.
 */
export async function reconcileSubscription(deps: ReconcileDeps, subscriptionId: string, fresh?: Stripe.Subscription, known?: ListingOwnership): Promise<string> {
  const { prisma, logger } = deps;
  const subscription = fresh ?? (await retrieveSubscription(deps, subscriptionId));
  const ownership = known ?? (await ownershipOf(deps, subscription));
  if (ownership.kind === 'duplicate') return refundDuplicateSubscription(deps, ownership.duplicate);
  if (ownership.kind === 'none') {
    logger.info({ subscriptionId, status: subscription.status }, 'subscription of no listing (yet): nothing to write');
    return 'no-listing';
  }
  const { professionalId, current } = ownership;
  const status = listingStatus(subscription.status);
  // Another subscription is the listing's own: this one takes its place only if it is live (the
  // other has ended, or this one would be a duplicate); an old one's news changes nothing.
  if (current !== null && current !== subscription.id && !isLive(subscription.status)) return 'old-subscription';
  if (status === 'inactive' && current === null) return 'not-paid-yet';
  const before = await prisma.professional.findUniqueOrThrow({
    where: { id: professionalId },
    select: { id: true, cancelledAt: true, contactName: true, companyName: true, email: true, firstPaidAt: true },
  });
  // What the state calls for comes first, the columns last: with them the subscription's events so
  // far count as reflected (stripe_synced_seq), so a retry after a failure here must not be skipped.
  if (status === 'cancelled' && subscription.cancellation_details?.comment === SITE_CANCELLATION_COMMENT) {
    // Its owner cancelled through the site: make sure that cancellation is complete (cancellation.ts).
    await completeSiteCancellation(deps, professionalId, fromUnix(subscription.canceled_at ?? subscription.ended_at) ?? new Date());
  } else if (status === 'cancelled' && before.cancelledAt === null) {
    // Ended outside the site (Stripe's billing page or dashboard, or unpaid too long): the listing
    // is removed, but the account stays open, and the owner is told how to subscribe again. A plan
    // its owner ended at once (not at the period's end, which ran the time paid for) within 30 days
    // of the first payment is refunded, judged at Stripe's time of the cancellation.
    const isUnpaid = subscription.cancellation_details?.reason === 'payment_failed';
    const endedAtOnce = !isUnpaid && !subscription.cancel_at_period_end && subscription.cancellation_details?.reason === 'cancellation_requested';
    const cancelledAt = fromUnix(subscription.canceled_at ?? subscription.ended_at) ?? new Date();
    const refundedPence = endedAtOnce ? await refundUnderGuarantee(deps, before, cancelledAt) : 0;
    await deps.sendEmail({
      template: 'subscription-ended',
      to: before.email,
      data: {
        contactName: before.contactName,
        companyName: before.companyName,
        isUnpaid,
        profileUrl: siteUrl(deps.env, '/profile'),
        ...(refundedPence > 0 ? { refund: formatPounds(refundedPence) } : {}),
      },
      idempotencyKey: `subscription-ended_${subscription.id}`,
    });
  }
  const { count } = await prisma.professional.updateMany({
    where: { id: professionalId, stripeSubscriptionId: current },
    data: billingColumns(subscription, { isComplete: true }),
  });
  if (count === 0) throw new ListingChangedError(professionalId);
  return status;
}

// ---------------------------------------------------------------------------------------------
// Invoices and charges

/**
 * A payment of the listing's subscription, written with the listing locked: a subscription that
 * pays for a listing with none (or whose own has ended) becomes its own in the same transaction,
 * so two new subscriptions cannot both become it; the second is judged a duplicate on its retry.
 * Returns the listing's ownership after the write.
 */
async function acceptPayment(deps: ReconcileDeps, ownership: ListingOwnership, subscription: Stripe.Subscription, paid: PaidInvoice): Promise<ListingOwnership> {
  const { professionalId, current, accepted } = ownership;
  const takesOver = current === null || (current !== subscription.id && !accepted);
  // A payment of the listing's own subscription (or of one it had before): nothing to claim.
  if (!takesOver) {
    await writePayment(deps.prisma, professionalId, paid);
    return ownership;
  }
  await deps.prisma.$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<{ stripe_subscription_id: string | null }[]>`SELECT stripe_subscription_id FROM professionals WHERE id = ${professionalId} FOR UPDATE`;
    if ((row?.stripe_subscription_id ?? null) !== current) throw new ListingChangedError(professionalId);
    await tx.professional.update({ where: { id: professionalId }, data: billingColumns(subscription) });
    await writePayment(tx, professionalId, paid);
  }, RECONCILE_TRANSACTION);
  return { ...ownership, current: subscription.id, accepted: true };
}

/** `fresh`: the invoice's subscription as just retrieved by the caller (saves asking Stripe again). */
export async function reconcileInvoice(deps: ReconcileDeps, invoiceId: string, fresh?: Stripe.Subscription): Promise<string> {
  const { prisma, stripe, logger } = deps;
  const invoice = await stripe.invoices.retrieve(invoiceId, { expand: ['payments'] });
  const subscriptionId = subscriptionOfInvoice(invoice);
  if (!subscriptionId) return 'not-a-subscription-invoice';
  const subscription = fresh?.id === subscriptionId ? fresh : await retrieveSubscription(deps, subscriptionId);
  const ownership = await ownershipOf(deps, subscription, { invoice });
  if (ownership.kind === 'duplicate') return refundDuplicateSubscription(deps, ownership.duplicate);
  if (ownership.kind === 'none') {
    logger.info({ invoiceId, subscriptionId }, 'invoice of no listing (yet): nothing to write');
    return 'no-listing';
  }

  const paid = await paymentOfInvoice(stripe, invoice, subscription);
  if (paid) {
    const after = await acceptPayment(deps, ownership, subscription, paid);
    await reconcileSubscription(deps, subscriptionId, subscription, after);
    return 'paid';
  }

  if (invoice.status === 'open' && (invoice.attempt_count ?? 0) > 0) {
    await reconcileSubscription(deps, subscriptionId, subscription, ownership);
    // Only a renewal of the listing's paid subscription hides the listing and is e-mailed: a card
    // declined on a first payment (/subscribe) is shown on that page, and nothing was live.
    const isRenewal = invoice.billing_reason === 'subscription_cycle' && (ownership.current === subscriptionId || ownership.accepted);
    if (!isRenewal) return 'first-payment-failed';
    const professional = await prisma.professional.findUniqueOrThrow({ where: { id: ownership.professionalId }, select: { email: true, contactName: true, companyName: true } });
    await deps.sendEmail({
      template: 'payment-failed',
      to: professional.email,
      data: {
        contactName: professional.contactName,
        companyName: professional.companyName,
        amount: formatPounds(invoice.amount_due),
        billingUrl: siteUrl(deps.env, '/profile'),
      },
      idempotencyKey: `payment-failed_${invoice.id}`,
    });
    return 'payment-failed';
  }
  return invoice.status ?? 'unknown';
}

/** A charge's refunds: the payment it paid gets Stripe's refunded total (never added to twice). */
export async function reconcileCharge(deps: ReconcileDeps, chargeId: string): Promise<string> {
  const { prisma, stripe } = deps;
  const charge = await stripe.charges.retrieve(chargeId, { expand: ['refunds'] });
  const paymentIntentId = idOf(charge.payment_intent);
  if (!paymentIntentId) return 'no-payment-intent';
  const payment = await prisma.payment.findFirst({
    where: { stripePaymentIntentId: paymentIntentId },
    include: { professional: { select: { email: true, contactName: true, companyName: true, cancelledAt: true } } },
  });
  // A duplicate subscription's payments are not ours to record (duplicates.ts wrote and e-mailed its refund).
  if (!payment) return 'no-payment';
  if (payment.refundedPence === charge.amount_refunded) return 'unchanged';
  await prisma.payment.update({ where: { id: payment.id }, data: { refundedPence: charge.amount_refunded } });
  // A refund made by a cancellation (the site's, or one at once in Stripe's billing page: its
  // refund is marked as the guarantee's) is in that cancellation's e-mail already.
  const isGuaranteeRefund = (charge.refunds?.data ?? []).length > 0 && (charge.refunds?.data ?? []).every((refund) => refund.metadata?.guarantee !== undefined);
  if (charge.amount_refunded > payment.refundedPence && payment.professional.cancelledAt === null && !isGuaranteeRefund) {
    await deps.sendEmail({
      template: 'subscription-refunded',
      to: payment.professional.email,
      data: { contactName: payment.professional.contactName, companyName: payment.professional.companyName, amount: formatPounds(charge.amount_refunded) },
      idempotencyKey: `subscription-refunded_${charge.id}_${charge.amount_refunded}`,
    });
  }
  return 'refunded';
}

// ---------------------------------------------------------------------------------------------
// Events

export interface StoredEvent {
  id: string;
  type: string;
  data: { object: { id?: string; object?: string; subscription?: unknown; parent?: { subscription_details?: { subscription?: unknown } | null } | null } };
}

/**
 * The subscription an event concerns, as the event (its signature checked by the API) says: used
 * only to order the work and to find what is already done, never as the state to write.
 */
export function subscriptionOfEvent(event: StoredEvent): string | null {
  const object = event.data.object;
  if (event.type.startsWith('customer.subscription.')) return object.id ?? null;
  if (event.type.startsWith('invoice.')) return idOf((object.parent?.subscription_details?.subscription ?? null) as string | null);
  if (event.type.startsWith('checkout.session.')) return idOf((object.subscription ?? null) as string | null);
  return null;
}

/**
 * Whether what an event says is already in our records, so Stripe need not be asked again: the
 * listing's own subscription was read from Stripe after the event was received (stripe_synced_seq
 * ≥ its seq: a sequence, no clocks) and everything that read called for was done; for a paid
 * invoice, its payment is recorded too. Events that do more (a checkout, a failed payment's
 * e-mail, a refund) are always reconciled.
 */
export async function isAlreadyReflected(prisma: ReconcileDeps['prisma'], event: StoredEvent, seq: bigint): Promise<boolean> {
  const subscriptionId = subscriptionOfEvent(event);
  if (!subscriptionId) return false;
  const isSubscriptionEvent = event.type.startsWith('customer.subscription.');
  if (!isSubscriptionEvent && event.type !== 'invoice.paid') return false;
  const invoiceId = event.type === 'invoice.paid' ? (event.data.object.id ?? null) : null;
  const [row] = await prisma.$queryRaw<{ reflected: boolean }[]>`
    SELECT EXISTS (
      SELECT 1 FROM professionals
      WHERE stripe_subscription_id = ${subscriptionId} AND stripe_synced_seq >= ${seq}
        AND (${invoiceId}::text IS NULL OR EXISTS (SELECT 1 FROM payments WHERE stripe_invoice_id = ${invoiceId}))
    ) AS reflected`;
  return row?.reflected === true;
}

/** What an event is about, by type: the handler reloads that object from Stripe. */
export async function reconcileEvent(deps: ReconcileDeps, event: StoredEvent): Promise<string> {
  const object = event.data.object;
  const id = object.id;
  if (!id) return 'no-object';
  const type = event.type;
  if (!isReconciledStripeEvent(type)) return 'ignored';
  switch (type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return reconcileCheckout(deps, id);
    case 'checkout.session.async_payment_failed':
      return reconcileFailedCheckout(deps, id);
    case 'invoice.paid':
    case 'invoice.payment_failed':
      return reconcileInvoice(deps, id);
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return reconcileSubscription(deps, id);
    case 'charge.refunded':
      return reconcileCharge(deps, id);
    case 'refund.created':
    case 'refund.updated': {
      const refund = object as { charge?: string | { id: string } | null };
      const chargeId = idOf(refund.charge ?? null);
      return chargeId ? reconcileCharge(deps, chargeId) : 'no-charge';
    }
    default:
      return unreachable(type);
  }
}

/** Every type in RECONCILED_STRIPE_EVENTS has its case above (the compiler checks). */
function unreachable(type: never): never {
  throw new Error(`no reconciliation for ${String(type)}`);
}
