// The daily check of our billing records against Stripe's (issue 29): Stripe is the record of who
// pays, so every subscription it holds that is not ended is read and compared with the listing that
// has it, and every listing we hold as paying is checked to still be so in Stripe. What can be
// repaired from Stripe's state is, through the same reconciliation the events run (reconcile.ts, so
// nothing is written twice and a second run changes nothing); what cannot is flagged to admins.
// Each run writes one audit row (AUDIT_ACTIONS.billingReconciliation) with what it found, and
// e-mails ADMIN_EMAIL when something needs a person.
import type Stripe from 'stripe';
import { AUDIT_ACTIONS } from '../../../core/admin';
import { reconcileCheckout, reconcileInvoice, reconcileSubscription } from './reconcile';
import { siteUrl, type ReconcileDeps } from './reconcile-deps';
import { cancelAtOf, idOf, listingStatus, periodEndOf, planOfSubscription } from './stripe-state';

export interface ReconciliationFinding {
  subscriptionId: string | null;
  professionalId: number | null;
  /** What was wrong (and, for a repair, what was done), in a sentence. */
  what: string;
}

export interface ReconciliationReport {
  checked: number;
  repaired: ReconciliationFinding[];
  flagged: ReconciliationFinding[];
}

/** Statuses of a subscription that takes, or will take, payments. */
const PAYING = new Set<Stripe.Subscription.Status>(['active', 'trialing', 'past_due', 'unpaid']);

type ListingBilling = {
  id: number;
  subscriptionStatus: string;
  subscriptionType: string;
  currentPeriodEnd: Date | null;
  cancelAt: Date | null;
};

const sameTime = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);

/** What differs between the listing's billing columns and what the subscription says, or null. */
function billingDifference(listing: ListingBilling, subscription: Stripe.Subscription): string | null {
  const differences = [
    listing.subscriptionStatus !== listingStatus(subscription.status) ? `status ${listing.subscriptionStatus} → ${listingStatus(subscription.status)}` : null,
    listing.subscriptionType !== planOfSubscription(subscription) ? `plan ${listing.subscriptionType} → ${planOfSubscription(subscription)}` : null,
    !sameTime(listing.currentPeriodEnd, periodEndOf(subscription)) ? 'period end' : null,
    !sameTime(listing.cancelAt, cancelAtOf(subscription)) ? 'cancellation date' : null,
  ].filter((d): d is string => d !== null);
  return differences.length > 0 ? differences.join(', ') : null;
}

/** The subscription's latest invoice if it is paid and no payment row records it. */
async function unrecordedPaidInvoice(deps: ReconcileDeps, subscription: Stripe.Subscription): Promise<string | null> {
  const invoiceId = idOf(subscription.latest_invoice);
  if (!invoiceId || (await deps.prisma.payment.findUnique({ where: { stripeInvoiceId: invoiceId }, select: { id: true } }))) return null;
  const invoice = await deps.stripe.invoices.retrieve(invoiceId);
  return invoice.status === 'paid' && invoice.amount_paid > 0 ? invoiceId : null;
}

const BILLING_SELECT = { id: true, subscriptionStatus: true, subscriptionType: true, currentPeriodEnd: true, cancelAt: true } as const;

/** One Stripe subscription that takes payments, compared with our records and repaired. */
async function checkSubscription(deps: ReconcileDeps, subscription: Stripe.Subscription, report: ReconciliationReport): Promise<void> {
  const listing = await deps.prisma.professional.findFirst({ where: { stripeSubscriptionId: subscription.id }, select: BILLING_SELECT });
  if (listing) {
    const difference = billingDifference(listing, subscription);
    if (difference) {
      await reconcileSubscription(deps, subscription.id);
      report.repaired.push({ subscriptionId: subscription.id, professionalId: listing.id, what: `the listing's billing was out of date (${difference}): set from Stripe` });
    }
    const invoiceId = await unrecordedPaidInvoice(deps, subscription);
    if (invoiceId) {
      await reconcileInvoice(deps, invoiceId);
      report.repaired.push({ subscriptionId: subscription.id, professionalId: listing.id, what: `a paid invoice (${invoiceId}) had no payment: recorded` });
    }
    return;
  }
  // No listing has it: a checkout whose reconciliation never ran, or a payment at /subscribe whose
  // events were lost. The same reconciliation as theirs, from Stripe's state.
  const session = (await deps.stripe.checkout.sessions.list({ subscription: subscription.id, limit: 1 })).data[0];
  if (session) await reconcileCheckout(deps, session.id);
  else {
    const invoiceId = idOf(subscription.latest_invoice);
    if (invoiceId) await reconcileInvoice(deps, invoiceId);
  }
  const owner = await deps.prisma.professional.findFirst({ where: { stripeSubscriptionId: subscription.id }, select: { id: true } });
  const current = await deps.stripe.subscriptions.retrieve(subscription.id);
  if (owner) {
    report.repaired.push({ subscriptionId: subscription.id, professionalId: owner.id, what: session ? `its paid checkout (${session.id}) had not been recorded: recorded` : 'its payment had not been recorded: recorded' });
  } else if (!PAYING.has(current.status)) {
    // Judged a second subscription and refunded (duplicates.ts), or ended meanwhile.
    report.repaired.push({ subscriptionId: subscription.id, professionalId: null, what: `it belonged to no listing and is now ${current.status} (a duplicate is refunded in full)` });
  } else {
    report.flagged.push({ subscriptionId: subscription.id, professionalId: null, what: `Stripe takes payments for it (customer ${idOf(subscription.customer) ?? 'unknown'}) but no listing has it` });
  }
}

/** Every listing we hold as paying whose subscription Stripe no longer lists as such. */
async function checkListings(deps: ReconcileDeps, seen: Set<string>, report: ReconciliationReport): Promise<void> {
  const paying = await deps.prisma.professional.findMany({
    where: { subscriptionStatus: { in: ['active', 'past_due'] } },
    select: { id: true, stripeSubscriptionId: true },
  });
  for (const listing of paying) {
    if (listing.stripeSubscriptionId && seen.has(listing.stripeSubscriptionId)) continue;
    if (!listing.stripeSubscriptionId) {
      // Demo data and listings from before payments were taken have no subscription to check.
      continue;
    }
    let subscription: Stripe.Subscription;
    try {
      subscription = await deps.stripe.subscriptions.retrieve(listing.stripeSubscriptionId);
    } catch (err) {
      if ((err as { statusCode?: number }).statusCode !== 404) throw err;
      report.flagged.push({ subscriptionId: listing.stripeSubscriptionId, professionalId: listing.id, what: 'the listing is held as paying, but Stripe has no such subscription' });
      continue;
    }
    await reconcileSubscription(deps, subscription.id);
    report.repaired.push({ subscriptionId: subscription.id, professionalId: listing.id, what: `the listing was held as paying but Stripe says ${subscription.status}: set from Stripe` });
  }
}

export async function reconcileWithStripe(deps: ReconcileDeps & { adminEmail?: string | undefined }): Promise<ReconciliationReport> {
  const report: ReconciliationReport = { checked: 0, repaired: [], flagged: [] };
  const seen = new Set<string>();
  // Every subscription that has not ended, a page of 100 at a time (the library pages on).
  for await (const subscription of deps.stripe.subscriptions.list({ limit: 100 })) {
    if (!PAYING.has(subscription.status)) continue;
    report.checked += 1;
    seen.add(subscription.id);
    try {
      await checkSubscription(deps, subscription, report);
    } catch (err) {
      deps.logger.warn({ err, subscriptionId: subscription.id }, 'daily reconciliation could not check a subscription');
      report.flagged.push({ subscriptionId: subscription.id, professionalId: null, what: `could not be checked: ${(err as Error).message}` });
    }
  }
  await checkListings(deps, seen, report);

  const summary = `Checked ${report.checked} subscription${report.checked === 1 ? '' : 's'} in Stripe: ${report.repaired.length} repaired, ${report.flagged.length} for a person to look at`;
  await deps.prisma.auditLog.create({
    data: {
      actorId: null,
      action: AUDIT_ACTIONS.billingReconciliation,
      targetType: 'billing',
      details: { summary, checked: report.checked, repaired: report.repaired, flagged: report.flagged } as unknown as object,
    },
  });
  if (report.flagged.length > 0 && deps.adminEmail) {
    const day = new Date().toISOString().slice(0, 10);
    await deps.sendEmail({
      template: 'billing-reconciliation-flagged',
      to: deps.adminEmail,
      data: { summary, flagged: report.flagged.map((f) => `${f.subscriptionId ?? `listing ${f.professionalId}`}: ${f.what}`).join('\n').slice(0, 20_000), auditUrl: siteUrl(deps.env, '/admin') },
      idempotencyKey: `billing-reconciliation-flagged_${day}`,
    });
  }
  deps.logger.info({ checked: report.checked, repaired: report.repaired.length, flagged: report.flagged.length }, summary);
  return report;
}
