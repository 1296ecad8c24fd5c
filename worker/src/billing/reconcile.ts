// Reconciling our records with Stripe (docs/decisions/0008). Every function here is given only an
// id, reloads the object's CURRENT state from Stripe and writes what that state means; none trusts
// an event's body. So the order in which events arrive, and how often, does not matter: running any
// of them again, or after a later one, writes the same rows.
//   checkout session paid  → the application waits for an admin; its account (created now for a
//                            new applicant, with the password given at /apply) becomes a provider
//                            with a professional (not yet approved); Stripe ids stored; the first
//                            payment recorded; "application received" e-mailed once
//   invoice paid           → a payment row (unique by invoice id, amounts in pence)
//   invoice payment failed → "payment failed" e-mailed once per invoice (the subscription's own
//                            state, past_due, hides the listing)
//   subscription changed   → the listing's subscription status, plan and period end
//   subscription deleted   → cancelled (the listing leaves the directory); e-mailed when it was
//                            not cancelled through the site (the site's cancellation e-mails itself)
//   charge refunded        → the payment's refunded amount (Stripe's total, so never counted twice)
import type Stripe from 'stripe';
import type { Logger } from 'pino';
import { isPlanId, formatPounds, type PlanId } from '../../../core/plans';
import { slugify } from '../../../core/slug';
import { isReconciledStripeEvent } from '../../../core/billing';
import type { WorkerEnv } from '../../../core/env-schema';
import type { GeocodeProfessionalPayload, SendEmailPayload } from '../../../core/jobs';
import type { Prisma, PrismaClient } from '../../../prisma/db';

export interface ReconcileDeps {
  prisma: PrismaClient;
  stripe: Stripe;
  env: Pick<WorkerEnv, 'PUBLIC_URL'>;
  logger: Logger;
  /** Sends an e-mail once per idempotency key (the send-email job, enqueued after our writes commit). */
  sendEmail(payload: SendEmailPayload): Promise<void>;
  /** Geocodes a listing's postcode (the geocode-professional job). */
  geocode(payload: GeocodeProfessionalPayload): Promise<void>;
}

type SubscriptionStatus = 'inactive' | 'active' | 'past_due' | 'cancelled';

/** What a Stripe subscription's status means for the listing. */
export function listingStatus(status: Stripe.Subscription.Status): SubscriptionStatus {
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

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

function fromUnix(seconds: number | null | undefined): Date | null {
  return typeof seconds === 'number' ? new Date(seconds * 1000) : null;
}

function planOfSubscription(subscription: Stripe.Subscription): PlanId {
  const fromMetadata = subscription.metadata?.plan;
  if (isPlanId(fromMetadata)) return fromMetadata;
  return subscription.items.data[0]?.price.recurring?.interval === 'year' ? 'yearly' : 'monthly';
}

function periodEndOf(subscription: Stripe.Subscription): Date | null {
  return fromUnix(subscription.items.data[0]?.current_period_end);
}

function siteUrl(env: Pick<WorkerEnv, 'PUBLIC_URL'>, path: string): string {
  return `${env.PUBLIC_URL.replace(/\/+$/, '')}${path}`;
}

/** A slug for a new listing: its company name, made unique with a number. */
async function uniqueSlug(tx: Prisma.TransactionClient, companyName: string): Promise<string> {
  const base = slugify(companyName) || 'it-professional';
  const taken = new Set(
    (await tx.professional.findMany({ where: { slug: { startsWith: base } }, select: { slug: true } })).map((p) => p.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

// ---------------------------------------------------------------------------------------------
// Checkout sessions (new applications)

/**
 * A paid checkout of an application: the account and its (unapproved) listing, the Stripe ids,
 * the application waiting for review, the first payment. Does nothing for a session not paid yet.
 */
export async function reconcileCheckoutSession(deps: ReconcileDeps, sessionId: string): Promise<string> {
  const { prisma, stripe, logger } = deps;
  // Its subscription's and invoice's events arrive with it and each may get here: once the
  // application is past payment with its listing, the work is done (only the e-mail is made sure of:
  // a worker may have died between committing and queueing it).
  const known = await prisma.application.findFirst({ where: { checkoutSessionId: sessionId }, select: { id: true, status: true, professionalId: true, email: true, contactName: true, companyName: true } });
  if (known && known.status !== 'pending_payment' && known.professionalId !== null) {
    await sendApplicationReceived(deps, known);
    return 'already-reconciled';
  }
  const session = await stripe.checkout.sessions.retrieve(sessionId);
  if (session.status !== 'complete' || session.payment_status !== 'paid') return 'not-paid';
  const applicationId = Number(session.metadata?.applicationId ?? session.client_reference_id);
  const subscriptionId = idOf(session.subscription);
  const customerId = idOf(session.customer);
  if (!Number.isInteger(applicationId) || !subscriptionId || !customerId) {
    logger.warn({ sessionId }, 'paid checkout session without application, subscription or customer: ignored');
    return 'not-ours';
  }
  const subscription = await stripe.subscriptions.retrieve(subscriptionId);
  // The first invoice is read before the transaction, so the application is never seen waiting for
  // review without the payment that put it there: both are written together below.
  const invoiceId = idOf(subscription.latest_invoice);
  const firstInvoice = invoiceId ? await stripe.invoices.retrieve(invoiceId, { expand: ['payments'] }) : null;
  const firstPayment = firstInvoice && subscriptionOfInvoice(firstInvoice) === subscription.id ? await paymentOfInvoice(stripe, firstInvoice, subscription) : null;

  const outcome = await prisma.$transaction(async (tx) => {
    // One at a time per application: the session's, its subscription's and its invoice's events
    // arrive together, and each may get here; the second waits, then finds the work done.
    await tx.$queryRaw`SELECT id FROM applications WHERE id = ${applicationId} FOR UPDATE`;
    const application = await tx.application.findUnique({ where: { id: applicationId } });
    if (!application) return { kind: 'no-application' as const };

    // The account: the one that applied, or a new one with the password given at /apply.
    let userId = application.userId;
    if (userId === null) {
      const existing = await tx.user.findUnique({ where: { email: application.email }, select: { id: true } });
      userId =
        existing?.id ??
        (
          await tx.user.create({
            data: { email: application.email, name: application.contactName, passwordHash: application.passwordHash ?? '!no-password', role: 'customer' },
            select: { id: true },
          })
        ).id;
    }
    const user = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { id: true, role: true, professionalId: true } });

    // The listing: the user's own, else the application's, else a new one made from the application.
    let professionalId = user.professionalId ?? application.professionalId;
    const plan = planOfSubscription(subscription);
    const billing = {
      stripeCustomerId: customerId,
      stripeSubscriptionId: subscription.id,
      subscriptionStatus: listingStatus(subscription.status),
      subscriptionType: plan,
      currentPeriodEnd: periodEndOf(subscription),
    };
    if (professionalId === null) {
      const created = await tx.professional.create({
        data: {
          slug: await uniqueSlug(tx, application.companyName),
          companyName: application.companyName,
          contactName: application.contactName,
          email: application.email,
          phone: application.phone,
          website: application.website,
          description: application.description,
          services: application.services,
          location: application.location,
          region: application.region,
          postcode: application.postcode,
          ratePence: application.ratePence,
          rateType: application.rateType,
          hourlyRatePence:
            application.ratePence === null ? null : application.rateType === 'daily' ? Math.round(application.ratePence / 8) : application.ratePence,
          isProjectBased: application.isProjectBased,
          employeeCount: application.employeeCount,
          businessType: application.businessType,
          linkedin: application.linkedin,
          github: application.github,
          facebook: application.facebook,
          instagram: application.instagram,
          twitter: application.twitter,
          youtube: application.youtube,
          tiktok: application.tiktok,
          trustpilot: application.trustpilot,
          isApproved: false,
          ...billing,
        },
        select: { id: true },
      });
      professionalId = created.id;
    } else {
      // Only the subscription this checkout made is written: a newer one is not overwritten by an old event.
      await tx.professional.updateMany({
        where: { id: professionalId, OR: [{ stripeSubscriptionId: null }, { stripeSubscriptionId: subscription.id }] },
        data: billing,
      });
    }
    await tx.user.update({
      where: { id: user.id },
      data: { professionalId, ...(user.role === 'customer' ? { role: 'provider' } : {}) },
    });
    if (firstPayment) await writePayment(tx, professionalId, firstPayment);
    const wasWaitingForPayment = application.status === 'pending_payment';
    await tx.application.update({
      where: { id: application.id },
      data: {
        userId: user.id,
        professionalId,
        passwordHash: null,
        ...(wasWaitingForPayment ? { status: 'pending', paidAt: new Date() } : {}),
      },
    });
    const listing = await tx.professional.findUniqueOrThrow({ where: { id: professionalId }, select: { postcode: true, lat: true } });
    return { kind: 'done' as const, application, professionalId, listing };
  });

  if (outcome.kind === 'no-application') {
    logger.warn({ sessionId, applicationId }, 'paid checkout for an application that does not exist');
    return 'no-application';
  }
  // A new listing gets its map position like any other (product rule 19); the job skips a postcode already done.
  if (outcome.listing.lat === null) await deps.geocode({ professionalId: outcome.professionalId, postcode: outcome.listing.postcode });
  // An unpaid first invoice (a failed renewal by the time this runs) has its own outcome.
  if (invoiceId && !firstPayment) await reconcileInvoice(deps, invoiceId, subscription);
  await sendApplicationReceived(deps, outcome.application);
  return 'paid';
}

function sendApplicationReceived(deps: ReconcileDeps, application: { id: number; email: string; contactName: string; companyName: string }): Promise<void> {
  return deps.sendEmail({
    template: 'application-received',
    to: application.email,
    data: { contactName: application.contactName, companyName: application.companyName },
    idempotencyKey: `application-received_${application.id}`,
  });
}

// ---------------------------------------------------------------------------------------------
// Subscriptions

/** The listing a subscription pays for: by its id, else by the metadata our code put on it. */
async function professionalOf(deps: ReconcileDeps, subscription: Stripe.Subscription): Promise<{ id: number } | null> {
  const { prisma } = deps;
  const bySubscription = await prisma.professional.findUnique({ where: { stripeSubscriptionId: subscription.id }, select: { id: true } });
  if (bySubscription) return bySubscription;
  const professionalId = Number(subscription.metadata?.professionalId);
  if (Number.isInteger(professionalId) && professionalId > 0) {
    return prisma.professional.findUnique({ where: { id: professionalId }, select: { id: true } });
  }
  const applicationId = Number(subscription.metadata?.applicationId);
  if (Number.isInteger(applicationId) && applicationId > 0) {
    // Its checkout may not be reconciled yet (events out of order): do that first.
    const application = await prisma.application.findUnique({ where: { id: applicationId }, select: { checkoutSessionId: true, professionalId: true } });
    if (application?.checkoutSessionId && application.professionalId === null) await reconcileCheckoutSession(deps, application.checkoutSessionId);
    const again = await prisma.application.findUnique({ where: { id: applicationId }, select: { professionalId: true } });
    return again?.professionalId ? { id: again.professionalId } : null;
  }
  return null;
}

/** `fresh`: the subscription as just retrieved by the caller (saves asking Stripe again). */
export async function reconcileSubscription(deps: ReconcileDeps, subscriptionId: string, fresh?: Stripe.Subscription): Promise<string> {
  const { prisma, stripe, logger } = deps;
  const subscription = fresh ?? (await stripe.subscriptions.retrieve(subscriptionId));
  const owner = await professionalOf(deps, subscription);
  if (!owner) {
    logger.info({ subscriptionId, status: subscription.status }, 'subscription of no listing (yet): nothing to write');
    return 'no-listing';
  }
  const status = listingStatus(subscription.status);
  const professional = await prisma.professional.findUniqueOrThrow({
    where: { id: owner.id },
    select: { id: true, stripeSubscriptionId: true, subscriptionStatus: true, cancelledAt: true, contactName: true, companyName: true, email: true },
  });
  // An old subscription's news never overrides the listing's current one.
  const isCurrent = professional.stripeSubscriptionId === null || professional.stripeSubscriptionId === subscription.id;
  if (!isCurrent && status !== 'active') return 'old-subscription';
  if (status === 'inactive' && professional.stripeSubscriptionId === null) return 'not-paid-yet';
  await prisma.professional.update({
    where: { id: professional.id },
    data: {
      stripeSubscriptionId: subscription.id,
      stripeCustomerId: idOf(subscription.customer),
      subscriptionStatus: status,
      subscriptionType: planOfSubscription(subscription),
      currentPeriodEnd: periodEndOf(subscription),
    },
  });
  if (status === 'cancelled' && professional.cancelledAt === null) {
    // Ended outside the site (Stripe's portal or dashboard, or unpaid too long): tell the owner.
    await deps.sendEmail({
      template: 'subscription-cancelled',
      to: professional.email,
      data: { contactName: professional.contactName, companyName: professional.companyName },
      idempotencyKey: `subscription-cancelled_${subscription.id}`,
    });
  }
  return status;
}

// ---------------------------------------------------------------------------------------------
// Invoices and charges

function subscriptionOfInvoice(invoice: Stripe.Invoice): string | null {
  return idOf(invoice.parent?.subscription_details?.subscription ?? null);
}

async function paymentIntentOfInvoice(stripe: Stripe, invoice: Stripe.Invoice): Promise<string | null> {
  const listed = invoice.payments?.data ?? (await stripe.invoicePayments.list({ invoice: invoice.id!, limit: 10 })).data;
  const paid = listed.find((p) => p.status === 'paid') ?? listed[0];
  return idOf(paid?.payment?.payment_intent ?? null);
}

/** What a paid invoice pays, ready to write; null when the invoice is not paid. */
async function paymentOfInvoice(stripe: Stripe, invoice: Stripe.Invoice, subscription: Stripe.Subscription): Promise<PaidInvoice | null> {
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

type PaidInvoice = Omit<Prisma.PaymentUncheckedCreateInput, 'professionalId'> & { paidAt: Date };

/** The unique invoice id makes this write once, whoever gets here first and however often. */
async function writePayment(db: Prisma.TransactionClient, professionalId: number, paid: PaidInvoice): Promise<void> {
  await db.payment.upsert({
    where: { stripeInvoiceId: paid.stripeInvoiceId },
    create: { ...paid, professionalId },
    update: { stripePaymentIntentId: paid.stripePaymentIntentId ?? undefined },
  });
  await db.professional.updateMany({
    where: { id: professionalId, OR: [{ firstPaidAt: null }, { firstPaidAt: { gt: paid.paidAt } }] },
    data: { firstPaidAt: paid.paidAt },
  });
}

/** `fresh`: the invoice's subscription as just retrieved by the caller (saves asking Stripe again). */
export async function reconcileInvoice(deps: ReconcileDeps, invoiceId: string, fresh?: Stripe.Subscription): Promise<string> {
  const { prisma, stripe, logger } = deps;
  const invoice = await stripe.invoices.retrieve(invoiceId, { expand: ['payments'] });
  const subscriptionId = subscriptionOfInvoice(invoice);
  if (!subscriptionId) return 'not-a-subscription-invoice';
  const subscription = fresh?.id === subscriptionId ? fresh : await stripe.subscriptions.retrieve(subscriptionId);
  const owner = await professionalOf(deps, subscription);
  if (!owner) {
    logger.info({ invoiceId, subscriptionId }, 'invoice of no listing (yet): nothing to write');
    return 'no-listing';
  }

  const paid = await paymentOfInvoice(stripe, invoice, subscription);
  if (paid) {
    await writePayment(prisma, owner.id, paid);
    await reconcileSubscription(deps, subscriptionId, subscription);
    return 'paid';
  }

  if (invoice.status === 'open' && (invoice.attempt_count ?? 0) > 0) {
    await reconcileSubscription(deps, subscriptionId, subscription);
    const professional = await prisma.professional.findUniqueOrThrow({ where: { id: owner.id }, select: { email: true, contactName: true, companyName: true } });
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
  const charge = await stripe.charges.retrieve(chargeId);
  const paymentIntentId = idOf(charge.payment_intent);
  if (!paymentIntentId) return 'no-payment-intent';
  const payment = await prisma.payment.findFirst({
    where: { stripePaymentIntentId: paymentIntentId },
    include: { professional: { select: { email: true, contactName: true, companyName: true, cancelledAt: true } } },
  });
  if (!payment) return 'no-payment';
  if (payment.refundedPence === charge.amount_refunded) return 'unchanged';
  await prisma.payment.update({ where: { id: payment.id }, data: { refundedPence: charge.amount_refunded } });
  // A refund made through the site's cancellation is in that e-mail already.
  if (charge.amount_refunded > payment.refundedPence && payment.professional.cancelledAt === null) {
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

/** What an event is about, by type: the handler reloads that object from Stripe. */
export async function reconcileEvent(deps: ReconcileDeps, event: { id: string; type: string; data: { object: { id?: string; object?: string } } }): Promise<string> {
  const object = event.data.object;
  const id = object.id;
  if (!id) return 'no-object';
  const type = event.type;
  if (!isReconciledStripeEvent(type)) return 'ignored';
  switch (type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return reconcileCheckoutSession(deps, id);
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
