// What Stripe's objects mean for our records: a subscription's status for the listing, its plan and
// period, a paid invoice as a payment row. Pure, except the two helpers that ask Stripe.
import type Stripe from 'stripe';
import { isPlanId, planOfLookupKey, type PlanId } from '../../../core/plans';
import type { Prisma, PrismaClient } from '../../../prisma/db';

export type ListingSubscriptionStatus = 'inactive' | 'active' | 'past_due' | 'cancelled';

/** What a Stripe subscription's status means for the listing. */
export function listingStatus(status: Stripe.Subscription.Status): ListingSubscriptionStatus {
  switch (status) {
    case 'active':
    case 'trialing':
      return 'active';
    case 'past_due':
    case 'unpaid':
      return 'past_due';
    case 'canceled':
    case 'incomplete_expired':
      return 'cancelled';
    default:
      return 'inactive'; // incomplete, paused: not paid yet
  }
}

/** A subscription that charges the customer, now or at its next retry: a second one would charge twice. */
export function isLive(status: Stripe.Subscription.Status): boolean {
  return status === 'active' || status === 'trialing' || status === 'past_due' || status === 'unpaid' || status === 'paused';
}

/** Whether Stripe says the subscription `id` is live (a subscription Stripe does not know is not). */
export async function isLiveInStripe(stripe: Stripe, id: string): Promise<boolean> {
  try {
    return isLive((await stripe.subscriptions.retrieve(id)).status);
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode === 404) return false;
    throw err;
  }
}

export function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

export function fromUnix(seconds: number | null | undefined): Date | null {
  return typeof seconds === 'number' ? new Date(seconds * 1000) : null;
}

/** A positive whole number from metadata ('42'), else null. */
export function idFromMetadata(value: string | undefined): number | null {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
}

/**
 * The plan the subscription charges for now: its price's (a switch in Stripe's billing page changes
 * the price and leaves the metadata it was made with), by the price's lookup key, else its interval.
 */
export function planOfSubscription(subscription: Stripe.Subscription): PlanId {
  const price = subscription.items.data[0]?.price;
  const fromLookupKey = planOfLookupKey(price?.lookup_key ?? null);
  if (fromLookupKey) return fromLookupKey;
  if (price?.recurring) return price.recurring.interval === 'year' ? 'yearly' : 'monthly';
  const fromMetadata = subscription.metadata?.plan;
  return isPlanId(fromMetadata) ? fromMetadata : 'monthly';
}

/** When a cancellation at the period's end takes effect (Stripe's cancel_at), or null. */
export function cancelAtOf(subscription: Stripe.Subscription): Date | null {
  if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') return null;
  return fromUnix(subscription.cancel_at) ?? (subscription.cancel_at_period_end ? periodEndOf(subscription) : null);
}

export function periodEndOf(subscription: Stripe.Subscription): Date | null {
  return fromUnix(subscription.items.data[0]?.current_period_end);
}

/** For each subscription read through retrieveSubscription: the last event received before the read. */
const readAfterEvent = new WeakMap<Stripe.Subscription, bigint>();

/**
 * The subscription's current state from Stripe, remembering the last Stripe event received before
 * it was read (stripe_events.seq): whatever that event and the ones before it said, this state is
 * at least as new. Written with the billing columns (stripe_synced_seq), it lets the worker skip an
 * event whose news it has already read from Stripe itself (reconcile.ts isAlreadyReflected).
 */
export async function retrieveSubscription(deps: { prisma: PrismaClient; stripe: Stripe }, id: string): Promise<Stripe.Subscription> {
  const [row] = await deps.prisma.$queryRaw<{ seq: bigint }[]>`SELECT CASE WHEN is_called THEN last_value ELSE 0 END AS seq FROM stripe_events_seq_seq`;
  const subscription = await deps.stripe.subscriptions.retrieve(id);
  readAfterEvent.set(subscription, row?.seq ?? 0n);
  return subscription;
}

/**
 * The listing's columns that follow its current subscription. `isComplete`: everything the
 * subscription's own events would do has been done (reconcileSubscription's side effects, or a
 * subscription that has not ended), so its read may mark those events as reflected.
 */
export function billingColumns(subscription: Stripe.Subscription, { isComplete = listingStatus(subscription.status) !== 'cancelled' }: { isComplete?: boolean } = {}) {
  const seq = readAfterEvent.get(subscription);
  return {
    stripeSubscriptionId: subscription.id,
    stripeCustomerId: idOf(subscription.customer),
    subscriptionStatus: listingStatus(subscription.status),
    subscriptionType: planOfSubscription(subscription),
    currentPeriodEnd: periodEndOf(subscription),
    cancelAt: cancelAtOf(subscription),
    ...(isComplete && seq !== undefined ? { stripeSyncedSeq: seq } : {}),
  };
}

export function subscriptionOfInvoice(invoice: Stripe.Invoice): string | null {
  return idOf(invoice.parent?.subscription_details?.subscription ?? null);
}

export async function paymentIntentOfInvoice(stripe: Stripe, invoice: Stripe.Invoice): Promise<string | null> {
  const listed = invoice.payments?.data ?? (await stripe.invoicePayments.list({ invoice: invoice.id!, limit: 10 })).data;
  const paid = listed.find((p) => p.status === 'paid') ?? listed[0];
  return idOf(paid?.payment?.payment_intent ?? null);
}

export type PaidInvoice = Omit<Prisma.PaymentUncheckedCreateInput, 'professionalId'> & { paidAt: Date };

/** What a paid invoice pays, ready to write; null when the invoice is not paid. */
export async function paymentOfInvoice(stripe: Stripe, invoice: Stripe.Invoice, subscription: Stripe.Subscription): Promise<PaidInvoice | null> {
  if (invoice.status !== 'paid') return null;
  const line = invoice.lines.data[0];
  return {
    stripeInvoiceId: invoice.id!,
    stripeSubscriptionId: subscription.id,
    stripePaymentIntentId: await paymentIntentOfInvoice(stripe, invoice),
    amountPence: invoice.amount_paid,
    currency: invoice.currency,
    plan: planOfSubscription(subscription),
    periodStart: fromUnix(line?.period?.start ?? invoice.period_start),
    periodEnd: fromUnix(line?.period?.end ?? invoice.period_end),
    paidAt: fromUnix(invoice.status_transitions?.paid_at) ?? new Date(),
  };
}

/**
 * The unique invoice id makes this write once, whoever gets here first and however often.
 * `isFirst: false`: the caller has set the listing's first payment time itself.
 */
export async function writePayment(db: Prisma.TransactionClient, professionalId: number, paid: PaidInvoice, { isFirst = true }: { isFirst?: boolean } = {}): Promise<void> {
  await db.payment.upsert({
    where: { stripeInvoiceId: paid.stripeInvoiceId },
    create: { ...paid, professionalId },
    update: { stripePaymentIntentId: paid.stripePaymentIntentId ?? undefined },
  });
  if (!isFirst) return;
  await db.professional.updateMany({
    where: { id: professionalId, OR: [{ firstPaidAt: null }, { firstPaidAt: { gt: paid.paidAt } }] },
    data: { firstPaidAt: paid.paidAt },
  });
}

/**
 * Options for the worker's interactive transactions: Prisma's 5 s default is too short on a busy
 * machine for the checkout's dozen statements (the job failed and was retried for it); the rows
 * they lock are one application's and one listing's, so waiting longer holds up nobody else.
 */
export const RECONCILE_TRANSACTION = { maxWait: 10_000, timeout: 30_000 } as const;

/** Thrown when a listing's subscription changed between our read and our write: the job runs again. */
export class ListingChangedError extends Error {
  constructor(professionalId: number) {
    super(`the subscription of professional ${professionalId} changed while it was being reconciled; the job is retried`);
    this.name = 'ListingChangedError';
  }
}
