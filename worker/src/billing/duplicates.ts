// The last line of defence against charging twice (docs/decisions/0008): a subscription that should
// not exist is refunded in full and ended. Two kinds get here (worker/src/billing/ownership.ts
// finds them): the subscription of a checkout that is not its application's own any more (the
// application was sent again and its old checkout paid anyway, or the application never committed),
// and a second subscription for a listing whose own still runs. Neither ever gets a payment row:
// the listing's payments stay those of its one subscription, and the refund is recorded in the
// audit log, for admins, with what was refunded. Every step can run again and changes nothing twice:
// refunds carry idempotency keys and refund only what is left of each charge, and the record and
// the e-mail are made once per subscription.
import type Stripe from 'stripe';
import { formatPounds } from '../../../core/plans';
import type { ReconcileDeps } from './reconcile-deps';
import { idOf, paymentIntentOfInvoice, RECONCILE_TRANSACTION } from './stripe-state';
import { AUDIT_ACTIONS } from '../../../core/admin';

/** What our cancellation of a duplicate says in Stripe (cancellation_details.comment). */
export const DUPLICATE_CANCELLATION_COMMENT = 'ITConnect: a second subscription for one listing, refunded in full';
export const DUPLICATE_REFUNDED_ACTION = AUDIT_ACTIONS.duplicateRefunded;

export interface Duplicate {
  reason: 'stale-checkout' | 'second-subscription';
  subscription: Stripe.Subscription;
  applicationId: number | null;
  professionalId: number | null;
  /** Who is told (the application's or listing's contact, else the Stripe customer's address). */
  email: string | null;
  contactName: string | null;
  companyName: string | null;
}

/** Whether a subscription was ended by refundDuplicateSubscription (and so is one still). */
export function wasEndedAsDuplicate(subscription: Stripe.Subscription): boolean {
  return subscription.cancellation_details?.comment === DUPLICATE_CANCELLATION_COMMENT;
}

interface Refunded {
  invoiceId: string;
  amountPence: number;
}

/** Refunds what is left of every payment the subscription took; what each invoice had paid. */
async function refundPayments(stripe: Stripe, subscription: Stripe.Subscription): Promise<Refunded[]> {
  const invoices = await stripe.invoices.list({ subscription: subscription.id, status: 'paid', limit: 100, expand: ['data.payments'] });
  const refunded: Refunded[] = [];
  for (const invoice of invoices.data) {
    const intentId = await paymentIntentOfInvoice(stripe, invoice);
    if (!intentId || invoice.amount_paid <= 0) continue;
    const intent = await stripe.paymentIntents.retrieve(intentId, { expand: ['latest_charge'] });
    const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
    if (!charge) continue;
    const left = charge.amount - charge.amount_refunded;
    if (left > 0) {
      await stripe.refunds.create(
        { payment_intent: intentId, amount: left, reason: 'duplicate', metadata: { subscriptionId: subscription.id, invoiceId: invoice.id! } },
        // Keyed by what was already refunded too: a retry after the key expired refunds nothing more.
        { idempotencyKey: `refund_duplicate_${invoice.id}_${charge.amount_refunded}` },
      );
    }
    refunded.push({ invoiceId: invoice.id!, amountPence: invoice.amount_paid });
  }
  return refunded;
}

async function endSubscription(stripe: Stripe, subscription: Stripe.Subscription): Promise<void> {
  if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') return;
  try {
    await stripe.subscriptions.cancel(
      subscription.id,
      { cancellation_details: { comment: DUPLICATE_CANCELLATION_COMMENT } },
      { idempotencyKey: `cancel_duplicate_${subscription.id}` },
    );
  } catch (err) {
    // Stripe's 404 for a subscription canceled meanwhile: ended either way.
    if ((err as { statusCode?: number }).statusCode !== 404) throw err;
  }
}

/** One audit entry per duplicate subscription (an advisory lock makes the check and insert one step). */
async function recordRefund(deps: ReconcileDeps, duplicate: Duplicate, refunded: Refunded[]): Promise<boolean> {
  const { subscription } = duplicate;
  const totalPence = refunded.reduce((sum, r) => sum + r.amountPence, 0);
  const target = duplicate.professionalId !== null ? { type: 'professional', id: String(duplicate.professionalId) } : { type: 'application', id: duplicate.applicationId === null ? null : String(duplicate.applicationId) };
  const details = {
    summary: `Refunded ${formatPounds(totalPence)} taken by a second subscription${duplicate.companyName ? ` for ${duplicate.companyName}` : ''} (${subscription.id}) and ended it`,
    reason: duplicate.reason,
    subscriptionId: subscription.id,
    customerId: idOf(subscription.customer),
    applicationId: duplicate.applicationId,
    professionalId: duplicate.professionalId,
    refundedPence: totalPence,
    invoices: refunded,
  };
  return deps.prisma.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`duplicate:${subscription.id}`}))`;
    const inserted = await tx.$executeRaw`
      INSERT INTO audit_logs (actor_id, action, target_type, target_id, details)
      SELECT NULL, ${DUPLICATE_REFUNDED_ACTION}, ${target.type}, ${target.id}, ${JSON.stringify(details)}::jsonb
      WHERE NOT EXISTS (SELECT 1 FROM audit_logs WHERE action = ${DUPLICATE_REFUNDED_ACTION} AND details->>'subscriptionId' = ${subscription.id})`;
    return inserted > 0;
  }, RECONCILE_TRANSACTION);
}

/** Refunds a duplicate subscription's payments in full, ends it, records it and tells the customer. */
export async function refundDuplicateSubscription(deps: ReconcileDeps, duplicate: Duplicate): Promise<'duplicate-refunded'> {
  const { stripe, logger } = deps;
  const { subscription } = duplicate;
  // Refunded before it is ended: a failure in between leaves it live, so the retry finds it again.
  const refunded = await refundPayments(stripe, subscription);
  await endSubscription(stripe, subscription);
  const isNew = await recordRefund(deps, duplicate, refunded);
  const totalPence = refunded.reduce((sum, r) => sum + r.amountPence, 0);
  if (isNew) logger.warn({ subscriptionId: subscription.id, reason: duplicate.reason, refundedPence: totalPence }, 'a duplicate subscription was refunded and ended');
  const email = duplicate.email ?? (await customerEmail(stripe, subscription));
  if (email && totalPence > 0) {
    await deps.sendEmail({
      template: 'payment-duplicate-refunded',
      to: email,
      data: { amount: formatPounds(totalPence), ...(duplicate.contactName ? { contactName: duplicate.contactName } : {}), ...(duplicate.companyName ? { companyName: duplicate.companyName } : {}) },
      idempotencyKey: `duplicate-refunded_${subscription.id}`,
    });
  }
  return 'duplicate-refunded';
}

async function customerEmail(stripe: Stripe, subscription: Stripe.Subscription): Promise<string | null> {
  const id = idOf(subscription.customer);
  if (!id) return null;
  const customer = await stripe.customers.retrieve(id);
  return 'deleted' in customer && customer.deleted ? null : (customer.email ?? null);
}
