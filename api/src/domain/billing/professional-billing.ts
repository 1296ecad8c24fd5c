// A provider's own subscription: what My Profile shows (SubscriptionSummary), starting a
// subscription for a listing without one (/subscribe), and Stripe's customer portal.
import type Stripe from 'stripe';
import { APPLY_MESSAGES, isWithinMoneyBack, type CreateSubscriptionAnswer, type SubscriptionSummary } from '../../../../core/billing';
import type { CurrentUser } from '../../../../core/auth';
import { AUTH_MESSAGES } from '../../../../core/auth';
import type { PlanId } from '../../../../core/plans';
import type { PrismaClient } from '../../../../prisma/db';
import { AppError } from '../app-error';
import { planPriceId, portalConfigurationId } from './plan-price';

export const NO_LISTING = 'You have no professional profile yet.';

export async function ownProfessional(prisma: PrismaClient, user: CurrentUser) {
  if (user.professionalId === null) throw new AppError('not_found', NO_LISTING);
  const professional = await prisma.professional.findUnique({ where: { id: user.professionalId } });
  if (!professional) throw new AppError('not_found', NO_LISTING);
  return professional;
}

/**
 * The first payment and what a cancellation now would refund of it (product rule 2). Only a payment
 * Stripe took can be refunded through Stripe (demo data has none).
 */
export async function refundDue(prisma: PrismaClient, professionalId: number, firstPaidAt: Date | null, now = new Date()) {
  if (!isWithinMoneyBack(firstPaidAt, now)) return { payment: null, refundPence: 0 };
  const payment = await prisma.payment.findFirst({ where: { professionalId }, orderBy: { paidAt: 'asc' } });
  if (!payment?.stripePaymentIntentId) return { payment: null, refundPence: 0 };
  return { payment, refundPence: Math.max(0, payment.amountPence - payment.refundedPence) };
}

export async function subscriptionSummary({ prisma, user }: { prisma: PrismaClient; user: CurrentUser }): Promise<SubscriptionSummary> {
  const p = await ownProfessional(prisma, user);
  const { refundPence } = await refundDue(prisma, p.id, p.firstPaidAt);
  const lastPaid = await prisma.payment.findFirst({ where: { professionalId: p.id }, orderBy: { periodEnd: { sort: 'desc', nulls: 'last' } }, select: { periodEnd: true } });
  return {
    status: p.subscriptionStatus,
    plan: p.subscriptionType,
    currentPeriodEnd: p.currentPeriodEnd?.toISOString() ?? null,
    cancelAt: p.subscriptionStatus === 'active' || p.subscriptionStatus === 'past_due' ? (p.cancelAt?.toISOString() ?? null) : null,
    paidUntil: lastPaid?.periodEnd?.toISOString() ?? null,
    firstPaidAt: p.firstPaidAt?.toISOString() ?? null,
    isRefundDue: p.subscriptionStatus !== 'cancelled' && refundPence > 0,
    refundPence: p.subscriptionStatus !== 'cancelled' ? refundPence : 0,
    hasBilling: p.stripeCustomerId !== null,
  };
}

/**
 * POST /api/create-subscription: a subscription for a listing that has none (its owner, or an
 * admin), left incomplete until the first invoice is paid in the browser (Payment Element, or the
 * stand-in's card form); the worker makes it active when Stripe says the invoice was paid.
 */
export async function createSubscription({
  prisma,
  stripe,
  user,
  professionalId,
  plan,
}: {
  prisma: PrismaClient;
  stripe: () => Promise<Stripe>;
  user: CurrentUser;
  professionalId: number;
  plan: PlanId;
}): Promise<CreateSubscriptionAnswer> {
  if (user.role !== 'admin' && user.professionalId !== professionalId) throw new AppError('forbidden', AUTH_MESSAGES.forbidden);
  const professional = await prisma.professional.findUnique({
    where: { id: professionalId },
    select: { id: true, email: true, companyName: true, stripeCustomerId: true, subscriptionStatus: true, createdAt: true },
  });
  if (!professional) throw new AppError('not_found', 'Professional not found');
  if (professional.subscriptionStatus === 'active') throw new AppError('conflict', APPLY_MESSAGES.alreadyListed);
  // Its subscription still runs in Stripe, retrying the card: the card is fixed there, in Manage
  // billing, rather than a second subscription taken out beside it.
  if (professional.subscriptionStatus === 'past_due') throw new AppError('conflict', APPLY_MESSAGES.pastDue);
  try {
    const client = await stripe();
    let customer = professional.stripeCustomerId;
    if (!customer) {
      const created = await client.customers.create(
        { email: professional.email, name: professional.companyName, metadata: { professionalId: String(professional.id) } },
        // The listing's creation time with its id: a restored database reuses ids (decision 0030).
        { idempotencyKey: `customer_professional_${professional.id}_${professional.createdAt.getTime()}` },
      );
      customer = created.id;
      await prisma.professional.updateMany({ where: { id: professional.id, stripeCustomerId: null }, data: { stripeCustomerId: customer } });
    }
    // A visit that did not pay left an incomplete subscription: the same plan's is used again.
    const waiting = (await client.subscriptions.list({ customer, status: 'incomplete', expand: ['data.latest_invoice.confirmation_secret'] })).data.find(
      (s) => s.metadata?.professionalId === String(professional.id) && s.metadata?.plan === plan,
    );
    const subscription =
      waiting ??
      (await client.subscriptions.create(
        {
          customer,
          items: [{ price: await planPriceId(client, plan) }],
          payment_behavior: 'default_incomplete',
          payment_settings: { save_default_payment_method: 'on_subscription' },
          metadata: { professionalId: String(professional.id), plan },
          expand: ['latest_invoice.confirmation_secret'],
        },
        // Two clicks (or two tabs) that both found none waiting make one: the same key. It counts the
        // customer's subscriptions that have ended, which the one made here does not change (a
        // count of all of them did: the slower click counted the faster one's and made a second);
        // once this one ends, unpaid or cancelled, the next gets a key of its own.
        { idempotencyKey: `subscribe_${professional.id}_${plan}_${await endedSubscriptionCount(client, customer)}` },
      ));
    const invoice = subscription.latest_invoice;
    const clientSecret = typeof invoice === 'object' && invoice ? invoice.confirmation_secret?.client_secret : undefined;
    if (!clientSecret) throw new Error(`subscription ${subscription.id} has no confirmation secret`);
    return { clientSecret, subscriptionId: subscription.id };
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError('unavailable', APPLY_MESSAGES.subscriptionFailed, { cause: err });
  }
}

/** How many of the customer's subscriptions have ended in Stripe (cancelled, or expired unpaid). */
async function endedSubscriptionCount(client: Stripe, customer: string): Promise<number> {
  return (await client.subscriptions.list({ customer, status: 'ended', limit: 100 }).autoPagingToArray({ limit: 1000 })).length;
}

/** POST /api/professional/billing-portal: Stripe's customer portal (or the stand-in's billing page). */
export async function billingPortalUrl({
  prisma,
  stripe,
  user,
  publicUrl,
}: {
  prisma: PrismaClient;
  stripe: () => Promise<Stripe>;
  user: CurrentUser;
  publicUrl: string;
}): Promise<{ url: string }> {
  const p = await ownProfessional(prisma, user);
  if (!p.stripeCustomerId) throw new AppError('not_found', 'There is no billing account for this listing yet.');
  try {
    const client = await stripe();
    const configuration = await portalConfigurationId(client);
    const session = await client.billingPortal.sessions.create({ customer: p.stripeCustomerId, return_url: `${publicUrl}/profile`, ...(configuration ? { configuration } : {}) });
    return { url: session.url };
  } catch (err) {
    throw new AppError('unavailable', 'Billing is unavailable right now. Please try again.', { cause: err });
  }
}
