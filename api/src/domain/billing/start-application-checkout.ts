// Applying for a listing and paying for it (product rule 24, decision 0029):
//   POST /api/create-application-checkout   startApplicationCheckout
//   POST /api/application/checkout          continueApplicationCheckout (the same applicant again:
//                                           a lost tab, a declined card, straight after the e-mailed link)
// Nothing is charged here: the worker writes the payment when Stripe says the checkout was paid
// (worker/src/billing/). The rules:
//   - an application is always an account's own. A visitor without an account gives a password;
//     the form is kept with a sign-up (accounts/registration.ts) and a link is e-mailed to the
//     address: only its owner can turn it into an account with an application waiting for payment.
//     The answer is the same for every address, and nothing anyone else sends alters that sign-up
//     or an account's application;
//   - a signed-in user applies for their own account's address (the form shows it, read-only);
//   - one open application per address (a partial unique index holds it): one already paid and
//     waiting for review cannot be sent again; one still waiting for payment is updated and gets a
//     new checkout, and the checkout it had is expired first, so it can never be paid as well;
//   - a provider whose subscription is active updates their listing without paying again: the
//     application waits for an admin straight away; one whose renewal failed fixes their card in
//     Manage billing instead of paying for a second subscription;
//   - the postcode must be a real UK postcode district (the outcode table).
import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import { APPLY_MESSAGES, NO_PAYMENT_NEEDED, PendingApplication, type ApplicationCheckoutAnswer, type ApplicationCheckoutInput, type OpenApplication } from '../../../../core/billing';
import type { CurrentUser } from '../../../../core/auth';
import { loadOutcodeIndex } from '../../../../core/geo/outcodes.server';
import { Prisma, type PrismaClient } from '../../../../prisma/db';
import type { Queues } from '../../queue';
import { requestRegistration } from '../accounts/registration';
import { AppError } from '../app-error';
import { applicationColumns } from './application-columns';
import { closeCheckoutSession } from './close-checkout';
import { planPriceId } from './plan-price';

interface CheckoutDeps {
  prisma: PrismaClient;
  stripe: () => Promise<Stripe>;
  queues: Pick<Queues, 'enqueue'>;
  /** The site's address, without a trailing slash (return URLs). */
  publicUrl: string;
}

function invalid(field: string, message: string): AppError {
  return new AppError('invalid_input', message, { fields: { [field]: message } });
}

function isUniqueViolation(err: unknown): boolean {
  return err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002';
}

/** Another request for the same application changed it between our read and our write. */
const superseded = () => new AppError('conflict', APPLY_MESSAGES.checkoutSuperseded);

/** An application's version as read: its checkout and `updatedAt` (every write moves it on by at least 1 ms). */
interface ApplicationVersion {
  id: number;
  checkoutSessionId: string | null;
  updatedAt: Date;
}

/** The next version's `updatedAt`: later than the one read, so two writes are always told apart. */
const nextVersion = (read: ApplicationVersion) => new Date(Math.max(Date.now(), read.updatedAt.getTime() + 1));

type ApplicationData = ReturnType<typeof applicationColumns> & { userId: number; professionalId: number | null };

/**
 * Writes the application: a new one, or the waiting one updated, but only if it is still as we
 * read it (its checkout, the one we closed, and its version); a concurrent request that got there
 * first wins.
 */
async function saveApplication(prisma: PrismaClient, waiting: ApplicationVersion | null, data: ApplicationData & { status: 'pending' | 'pending_payment' }): Promise<ApplicationVersion> {
  if (!waiting) {
    try {
      return await prisma.application.create({ data: { ...data, checkoutSessionId: null }, select: { id: true, checkoutSessionId: true, updatedAt: true } });
    } catch (err) {
      if (isUniqueViolation(err)) throw superseded();
      throw err;
    }
  }
  const updatedAt = nextVersion(waiting);
  const { count } = await prisma.application.updateMany({
    where: { id: waiting.id, status: 'pending_payment', checkoutSessionId: waiting.checkoutSessionId, updatedAt: waiting.updatedAt },
    data: { ...data, checkoutSessionId: null, updatedAt },
  });
  if (count === 0) throw superseded();
  return { id: waiting.id, checkoutSessionId: null, updatedAt };
}

async function stripeClient(stripe: () => Promise<Stripe>): Promise<Stripe> {
  try {
    return await stripe();
  } catch (err) {
    throw new AppError('unavailable', APPLY_MESSAGES.checkoutFailed, { cause: err });
  }
}

/** Closes the checkout an application had, so that only one may ever be paid. */
async function closePreviousCheckout(client: Stripe, queues: CheckoutDeps['queues'], sessionId: string | null): Promise<void> {
  if (!sessionId) return;
  const closed = await closeCheckoutSession(client, sessionId);
  if (closed === 'unavailable') throw new AppError('unavailable', APPLY_MESSAGES.checkoutFailed);
  if (closed === 'paid') {
    // Paid a moment ago, before Stripe's event reached us: reconcile it now, and refuse a second charge.
    await queues.enqueue('reconcileCheckout', { sessionId });
    throw new AppError('conflict', APPLY_MESSAGES.alreadyPending);
  }
  // A Direct Debit with the bank may still be paid: a second payment now could be a second charge.
  if (closed === 'processing') throw new AppError('conflict', APPLY_MESSAGES.paymentProcessing);
}

/**
 * A Checkout Session in subscription mode for the application at its plan's price (core/plans: the
 * browser sends a plan, never an amount), given to the application only if no other request has
 * given it one since `claimed` (its version after the old checkout was let go).
 */
async function openCheckout(
  { prisma, publicUrl }: CheckoutDeps,
  client: Stripe,
  claimed: ApplicationVersion,
  { plan, email, stripeCustomerId }: { plan: PendingApplication['subscriptionType']; email: string; stripeCustomerId: string | null },
): Promise<ApplicationCheckoutAnswer> {
  let session: Stripe.Checkout.Session;
  try {
    const price = await planPriceId(client, plan);
    const metadata = { applicationId: String(claimed.id), plan };
    session = await client.checkout.sessions.create(
      {
        mode: 'subscription',
        line_items: [{ price, quantity: 1 }],
        ...(stripeCustomerId ? { customer: stripeCustomerId } : { customer_email: email }),
        client_reference_id: String(claimed.id),
        metadata,
        subscription_data: { metadata },
        success_url: `${publicUrl}/application-success?session_id={CHECKOUT_SESSION_ID}&application_id=${claimed.id}`,
        cancel_url: `${publicUrl}/apply?plan=${plan}`,
      },
      // The library's own retries of this call get the same session; another request, its own.
      { idempotencyKey: `checkout_${claimed.id}_${randomUUID()}` },
    );
  } catch (err) {
    throw new AppError('unavailable', APPLY_MESSAGES.checkoutFailed, { cause: err });
  }
  if (!session.url) throw new AppError('unavailable', APPLY_MESSAGES.checkoutFailed);
  const { count } = await prisma.application.updateMany({
    where: { id: claimed.id, status: 'pending_payment', checkoutSessionId: null, updatedAt: claimed.updatedAt },
    data: { checkoutSessionId: session.id },
  });
  if (count === 0) {
    // This session was never handed to anyone: closed, so that only the winner's can be paid.
    // Should even that fail, the worker refunds a checkout that is not its application's own.
    await closeCheckoutSession(client, session.id);
    throw superseded();
  }
  return { applicationId: claimed.id, checkoutUrl: session.url };
}

/** The signed-in user's open application (waiting for payment or for an admin), if any. */
function findOpenApplication(prisma: PrismaClient, user: CurrentUser) {
  return prisma.application.findFirst({
    // An application of a visitor from before addresses were proved has no account, only this address.
    where: { OR: [{ userId: user.id }, { email: user.email, userId: null }], status: { in: ['pending', 'pending_payment'] } },
    orderBy: { createdAt: 'desc' },
    select: { id: true, status: true, checkoutSessionId: true, updatedAt: true, plan: true, companyName: true, email: true },
  });
}

export async function startApplicationCheckout({ user, input, ...deps }: CheckoutDeps & { user: CurrentUser | null; input: ApplicationCheckoutInput }): Promise<ApplicationCheckoutAnswer> {
  const { prisma, queues } = deps;
  if (!loadOutcodeIndex().lookup(input.postcode)) throw invalid('postcode', APPLY_MESSAGES.postcodeUnknown);

  if (!user) {
    // A visitor: the form waits with a sign-up until the address's owner opens the e-mailed link.
    if (!input.password) throw invalid('password', APPLY_MESSAGES.passwordShort);
    await requestRegistration({ prisma, queues, name: input.contactName, email: input.email, password: input.password, application: PendingApplication.parse(input) });
    return { emailSent: true, message: APPLY_MESSAGES.confirmationSent };
  }

  const email = user.email;
  const professional = user.professionalId
    ? await prisma.professional.findUnique({ where: { id: user.professionalId }, select: { id: true, subscriptionStatus: true, stripeCustomerId: true } })
    : null;
  const listingOwner = await prisma.professional.findUnique({ where: { email }, select: { id: true } });
  if (listingOwner && listingOwner.id !== professional?.id) {
    throw new AppError('conflict', APPLY_MESSAGES.listingEmailTaken, { fields: { email: APPLY_MESSAGES.listingEmailTaken } });
  }
  // Its subscription still runs in Stripe (retrying the card): paying again would be a second one.
  if (professional?.subscriptionStatus === 'past_due') throw new AppError('conflict', APPLY_MESSAGES.pastDue);

  const waiting = await findOpenApplication(prisma, user);
  if (waiting?.status === 'pending') throw new AppError('conflict', APPLY_MESSAGES.alreadyPending);
  const client = await stripeClient(deps.stripe);
  await closePreviousCheckout(client, queues, waiting?.checkoutSessionId ?? null);

  const data: ApplicationData = { ...applicationColumns(input, email), userId: user.id, professionalId: professional?.id ?? null };
  // A listing already paid for: the update waits for an admin without a new payment.
  if (professional?.subscriptionStatus === 'active') {
    const application = await saveApplication(prisma, waiting, { ...data, status: 'pending' });
    return {
      applicationId: application.id,
      checkoutUrl: `${deps.publicUrl}/application-success?session_id=${NO_PAYMENT_NEEDED}&application_id=${application.id}`,
    };
  }
  const claimed = await saveApplication(prisma, waiting, { ...data, status: 'pending_payment' });
  return openCheckout(deps, client, claimed, { plan: input.subscriptionType, email, stripeCustomerId: professional?.stripeCustomerId ?? null });
}

/**
 * POST /api/application/checkout: a new checkout for the signed-in user's application waiting for
 * payment, as sent (the checkout it had is closed first). Straight after the e-mailed link, and
 * whenever the applicant comes back to pay.
 */
export async function continueApplicationCheckout({ user, ...deps }: CheckoutDeps & { user: CurrentUser }): Promise<ApplicationCheckoutAnswer> {
  const { prisma, queues } = deps;
  const waiting = await findOpenApplication(prisma, user);
  if (!waiting) throw new AppError('not_found', APPLY_MESSAGES.noApplicationWaiting);
  if (waiting.status === 'pending') throw new AppError('conflict', APPLY_MESSAGES.alreadyPending);
  const professional = user.professionalId ? await prisma.professional.findUnique({ where: { id: user.professionalId }, select: { subscriptionStatus: true, stripeCustomerId: true } }) : null;
  if (professional?.subscriptionStatus === 'past_due') throw new AppError('conflict', APPLY_MESSAGES.pastDue);
  const client = await stripeClient(deps.stripe);
  await closePreviousCheckout(client, queues, waiting.checkoutSessionId);
  // Let the old checkout go, as of the version read: a request racing this one finds it changed.
  const updatedAt = nextVersion(waiting);
  const { count } = await prisma.application.updateMany({
    where: { id: waiting.id, status: 'pending_payment', checkoutSessionId: waiting.checkoutSessionId, updatedAt: waiting.updatedAt },
    data: { checkoutSessionId: null, updatedAt, userId: user.id },
  });
  if (count === 0) throw superseded();
  return openCheckout(deps, client, { id: waiting.id, checkoutSessionId: null, updatedAt }, { plan: waiting.plan, email: user.email, stripeCustomerId: professional?.stripeCustomerId ?? null });
}

/** GET /api/application: the signed-in user's open application, for the page that offers to pay it. */
export async function openApplication({ prisma, user }: { prisma: PrismaClient; user: CurrentUser }): Promise<OpenApplication | null> {
  const open = await findOpenApplication(prisma, user);
  if (!open) return null;
  return { id: open.id, companyName: open.companyName, plan: open.plan, status: open.status === 'pending' ? 'pending' : 'pending_payment' };
}
