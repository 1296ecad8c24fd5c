// A paid Checkout Session of an application (docs/decisions/0008): the account and its (unapproved)
// listing, the Stripe ids, the application waiting for review and the first payment, in one
// transaction, so an admin never sees an application waiting without the payment behind it. A
// checkout that is not its application's own any more, or that would give a listing a second live
// subscription, is refunded instead (duplicates.ts).
import type Stripe from 'stripe';
import { findOrMakeApplicantAccount } from '../../../prisma/applicant-account';
import { listingFieldsFromApplication } from '../../../prisma/listing-fields';
import { uniqueSlug } from '../../../prisma/unique-slug';
import { refundDuplicateSubscription } from './duplicates';
import type { ReconcileDeps } from './reconcile-deps';
import { billingColumns, idFromMetadata, idOf, isLiveInStripe, ListingChangedError, paymentOfInvoice, RECONCILE_TRANSACTION, retrieveSubscription, subscriptionOfInvoice, writePayment } from './stripe-state';

function sendApplicationReceived(deps: ReconcileDeps, application: { id: number; email: string; contactName: string; companyName: string }): Promise<void> {
  return deps.sendEmail({
    template: 'application-received',
    to: application.email,
    data: { contactName: application.contactName, companyName: application.companyName },
    idempotencyKey: `application-received_${application.id}`,
  });
}

type ApplicationRow = NonNullable<Awaited<ReturnType<ReconcileDeps['prisma']['application']['findUnique']>>>;

/** The listing a paid checkout of `application` pays for, if one exists already (the applicant's own). */
async function existingListingOf(deps: ReconcileDeps, application: ApplicationRow): Promise<{ id: number; stripeSubscriptionId: string | null } | null> {
  const { prisma } = deps;
  const user = application.userId !== null ? await prisma.user.findUnique({ where: { id: application.userId }, select: { professionalId: true } }) : await prisma.user.findUnique({ where: { email: application.email }, select: { professionalId: true } });
  const professionalId = user?.professionalId ?? application.professionalId;
  if (professionalId === null) return null;
  return prisma.professional.findUnique({ where: { id: professionalId }, select: { id: true, stripeSubscriptionId: true } });
}

export type CheckoutOutcome =
  | { outcome: 'already-reconciled' | 'not-paid' | 'not-ours' | 'no-application' | 'duplicate-refunded' }
  /** `unpaidInvoiceId`: the subscription's latest invoice is not paid (a renewal failed by now): reconcile it too. */
  | { outcome: 'paid'; professionalId: number; unpaidInvoiceId: string | null };

/**
 * A paid checkout of an application: the account and its (unapproved) listing, the Stripe ids,
 * the application waiting for review, the first payment. Does nothing for a session not paid yet.
 * `fresh`: what the caller has just retrieved from Stripe (the session, its subscription, an
 * invoice with its payments), so it is not asked for again.
 */
export async function reconcileCheckoutSession(
  deps: ReconcileDeps,
  sessionId: string,
  fresh: { session?: Stripe.Checkout.Session; subscription?: Stripe.Subscription; invoice?: Stripe.Invoice } = {},
): Promise<CheckoutOutcome> {
  const { prisma, stripe, logger } = deps;
  // Its subscription's and invoice's events arrive with it and each may get here: once the
  // application is past payment with its listing, the work is done (only the e-mail is made sure of:
  // a worker may have died between committing and queueing it).
  const known = await prisma.application.findFirst({ where: { checkoutSessionId: sessionId }, select: { id: true, status: true, professionalId: true, email: true, contactName: true, companyName: true } });
  if (known && known.status !== 'pending_payment' && known.professionalId !== null) {
    await sendApplicationReceived(deps, known);
    return { outcome: 'already-reconciled' };
  }
  const session = fresh.session?.id === sessionId ? fresh.session : await stripe.checkout.sessions.retrieve(sessionId);
  if (session.status !== 'complete' || session.payment_status !== 'paid') return { outcome: 'not-paid' };
  const applicationId = idFromMetadata(session.metadata?.applicationId ?? session.client_reference_id ?? undefined);
  const subscriptionId = idOf(session.subscription);
  const customerId = idOf(session.customer);
  if (applicationId === null || !subscriptionId || !customerId) {
    logger.warn({ sessionId }, 'paid checkout session without application, subscription or customer: ignored');
    return { outcome: 'not-ours' };
  }
  const subscription = fresh.subscription?.id === subscriptionId ? fresh.subscription : await retrieveSubscription(deps, subscriptionId);
  const application = await prisma.application.findUnique({ where: { id: applicationId } });
  const duplicate = {
    subscription,
    applicationId,
    email: application?.email ?? session.customer_details?.email ?? null,
    contactName: application?.contactName ?? null,
    companyName: application?.companyName ?? null,
  };
  // Not its application's own checkout (the application was sent again, and this one paid anyway),
  // or an application that never committed: a second charge, refunded.
  if (!application || application.checkoutSessionId !== sessionId) {
    logger.warn({ sessionId, applicationId }, 'paid checkout that is not its application\'s own');
    return { outcome: await refundDuplicateSubscription(deps, { ...duplicate, reason: 'stale-checkout', professionalId: application?.professionalId ?? null }) };
  }
  // An applicant whose listing already has another subscription: if that one still runs, this is a second.
  const existing = await existingListingOf(deps, application);
  const other = existing?.stripeSubscriptionId && existing.stripeSubscriptionId !== subscription.id ? existing.stripeSubscriptionId : null;
  if (existing && other && (await isLiveInStripe(stripe, other))) {
    return { outcome: await refundDuplicateSubscription(deps, { ...duplicate, reason: 'second-subscription', professionalId: existing.id }) };
  }

  // The first invoice is read before the transaction, so the application is never seen waiting for
  // review without the payment that put it there: both are written together below.
  const invoiceId = idOf(subscription.latest_invoice);
  const firstInvoice = !invoiceId ? null : fresh.invoice?.id === invoiceId ? fresh.invoice : await stripe.invoices.retrieve(invoiceId, { expand: ['payments'] });
  const firstPayment = firstInvoice && subscriptionOfInvoice(firstInvoice) === subscription.id ? await paymentOfInvoice(stripe, firstInvoice, subscription) : null;
  const billing = { ...billingColumns(subscription), stripeCustomerId: customerId };

  const outcome = await prisma.$transaction(async (tx) => {
    // One at a time per application: the session's, its subscription's and its invoice's events
    // arrive together, and each may get here; the second waits, then finds the work done.
    await tx.$queryRaw`SELECT id FROM applications WHERE id = ${applicationId} FOR UPDATE`;
    const locked = await tx.application.findUniqueOrThrow({ where: { id: applicationId } });
    if (locked.checkoutSessionId !== sessionId) throw new Error(`application ${applicationId} changed its checkout while ${sessionId} was reconciled`);

    // The account: the one that applied (product rule 24; one with no usable password for an
    // application from before addresses were proved, prisma/applicant-account.ts).
    const user = await findOrMakeApplicantAccount(tx, locked);

    // The listing: the user's own, else the application's, else a new one made from the application.
    let professionalId = user.professionalId ?? locked.professionalId;
    let isNewListing = false;
    if (professionalId === null) {
      const created = await tx.professional.create({
        data: {
          slug: await uniqueSlug(tx, locked.companyName),
          ...listingFieldsFromApplication(locked),
          isApproved: false,
          ...billing,
          ...(firstPayment ? { firstPaidAt: firstPayment.paidAt } : {}),
        },
        select: { id: true },
      });
      professionalId = created.id;
      isNewListing = true;
    } else {
      // It becomes this subscription's only if its subscription is still the one judged above (none,
      // this one, or one that has ended); otherwise the job runs again and judges afresh.
      const [listing] = await tx.$queryRaw<{ stripe_subscription_id: string | null }[]>`SELECT stripe_subscription_id FROM professionals WHERE id = ${professionalId} FOR UPDATE`;
      const current = listing?.stripe_subscription_id ?? null;
      if (current !== null && current !== subscription.id && (professionalId !== existing?.id || current !== existing.stripeSubscriptionId)) {
        throw new ListingChangedError(professionalId);
      }
      await tx.professional.update({ where: { id: professionalId }, data: billing });
    }
    await tx.user.update({
      where: { id: user.id },
      data: { professionalId, ...(user.role === 'customer' ? { role: 'provider' } : {}) },
    });
    // A new listing was made with its first payment's time already.
    if (firstPayment) await writePayment(tx, professionalId, firstPayment, { isFirst: !isNewListing });
    const wasWaitingForPayment = locked.status === 'pending_payment';
    await tx.application.update({
      where: { id: locked.id },
      data: {
        userId: user.id,
        professionalId,
        ...(wasWaitingForPayment ? { status: 'pending', paidAt: new Date() } : {}),
      },
    });
    const listing = isNewListing ? { postcode: locked.postcode, lat: null } : await tx.professional.findUniqueOrThrow({ where: { id: professionalId }, select: { postcode: true, lat: true } });
    return { application: locked, professionalId, listing };
  }, RECONCILE_TRANSACTION);

  // A new listing gets its map position like any other (product rule 19); the job skips a postcode already done.
  if (outcome.listing.lat === null) await deps.geocode({ professionalId: outcome.professionalId, postcode: outcome.listing.postcode });
  await sendApplicationReceived(deps, outcome.application);
  return { outcome: 'paid', professionalId: outcome.professionalId, unpaidInvoiceId: invoiceId && !firstPayment ? invoiceId : null };
}
