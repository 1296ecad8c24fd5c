// POST /api/create-application-checkout: a professional's application, stored (pending_payment),
// and a Stripe Checkout Session in subscription mode for its plan at the plan's price (core/plans:
// the browser sends a plan, never an amount). Nothing is charged here and no account is made: the
// worker does that when Stripe says the checkout was paid (worker/src/billing/). Rules (product
// rule 24):
//   - a visitor without an account gives a password; the account (with that password) is created
//     on payment. An address that already has an account must sign in first; a signed-in user
//     applies with their account's address;
//   - one open application per address (a partial unique index holds it): one already paid and
//     waiting for review cannot be sent again; one still waiting for payment is updated and gets a
//     new checkout, and the checkout it had is expired first, so it can never be paid as well;
//   - a provider whose subscription is active updates their listing without paying again: the
//     application waits for an admin straight away; one whose renewal failed fixes their card in
//     Manage billing instead of paying for a second subscription;
//   - the postcode must be a real UK postcode district (the outcode table).
import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import { APPLY_MESSAGES, NO_PAYMENT_NEEDED, type ApplicationCheckoutAnswer, type ApplicationCheckoutInput } from '../../../../core/billing';
import type { CurrentUser } from '../../../../core/auth';
import { loadOutcodeIndex } from '../../../../core/geo/outcodes.server';
import { Prisma, type PrismaClient } from '../../../../prisma/db';
import { hashPassword } from '../../../../prisma/password';
import type { Queues } from '../../queue';
import { AppError } from '../app-error';
import { closeCheckoutSession } from './close-checkout';
import { planPriceId } from './plan-price';

const SOCIAL_COLUMNS = ['linkedin', 'github', 'facebook', 'instagram', 'twitter', 'youtube', 'tiktok', 'trustpilot'] as const;

/** The application's columns from the form (social links also as their own columns, one per platform). */
function applicationData(input: ApplicationCheckoutInput, email: string) {
  const ratePence = input.isProjectBased || !input.hourlyRate ? null : Math.round(Number(input.hourlyRate) * 100);
  const social = Object.fromEntries(SOCIAL_COLUMNS.map((platform) => [platform, input.socialLinks.find((l) => l.platform === platform)?.url ?? null]));
  const website = input.website ?? input.socialLinks.find((l) => l.platform === 'website')?.url ?? null;
  return {
    companyName: input.companyName,
    contactName: input.contactName,
    email,
    phone: input.phone ?? null,
    website,
    description: input.description,
    services: input.services,
    location: input.location,
    region: input.region,
    postcode: input.postcode,
    ratePence,
    rateType: ratePence === null ? null : (input.rateType ?? 'hourly'),
    isProjectBased: input.isProjectBased,
    employeeCount: input.employeeCount ?? null,
    businessType: input.businessType ?? null,
    socialLinks: input.socialLinks as Prisma.InputJsonValue,
    plan: input.subscriptionType,
    ...social,
  } satisfies Prisma.ApplicationUncheckedCreateInput;
}

function invalid(field: string, message: string): AppError {
  return new AppError('invalid_input', message, { fields: { [field]: message } });
}

function isUniqueViolation(err: unknown): boolean {
  return err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002';
}

/** Another request for the same address changed its application between our read and our write. */
const superseded = () => new AppError('conflict', APPLY_MESSAGES.checkoutSuperseded);

type ApplicationData = ReturnType<typeof applicationData> & { userId: number | null; professionalId: number | null; passwordHash: string | null };

/**
 * Writes the application: a new one, or the waiting one updated, but only if it is still as we
 * read it (its checkout, the one we closed, and its version); a concurrent request that got there
 * first wins. Every write moves `updatedAt` on by at least 1 ms, so it tells versions apart.
 */
async function saveApplication(
  prisma: PrismaClient,
  waiting: { id: number; checkoutSessionId: string | null; updatedAt: Date } | null,
  data: ApplicationData & { status: 'pending' | 'pending_payment' },
): Promise<{ id: number; updatedAt: Date }> {
  if (!waiting) {
    try {
      return await prisma.application.create({ data: { ...data, checkoutSessionId: null }, select: { id: true, updatedAt: true } });
    } catch (err) {
      if (isUniqueViolation(err)) throw superseded();
      throw err;
    }
  }
  const updatedAt = new Date(Math.max(Date.now(), waiting.updatedAt.getTime() + 1));
  const { count } = await prisma.application.updateMany({
    where: { id: waiting.id, status: 'pending_payment', checkoutSessionId: waiting.checkoutSessionId, updatedAt: waiting.updatedAt },
    data: { ...data, checkoutSessionId: null, updatedAt },
  });
  if (count === 0) throw superseded();
  return { id: waiting.id, updatedAt };
}

export async function startApplicationCheckout({
  prisma,
  stripe,
  queues,
  publicUrl,
  user,
  input,
}: {
  prisma: PrismaClient;
  stripe: () => Promise<Stripe>;
  queues: Pick<Queues, 'enqueue'>;
  publicUrl: string;
  user: CurrentUser | null;
  input: ApplicationCheckoutInput;
}): Promise<ApplicationCheckoutAnswer> {
  if (!loadOutcodeIndex().lookup(input.postcode)) throw invalid('postcode', APPLY_MESSAGES.postcodeUnknown);
  if (!user && !input.password) throw invalid('password', APPLY_MESSAGES.passwordShort);
  // A signed-in user applies for their own account (the form shows its address, read-only).
  const email = user?.email ?? input.email;

  if (!user) {
    const account = await prisma.user.findUnique({ where: { email }, select: { id: true } });
    if (account) throw new AppError('conflict', APPLY_MESSAGES.emailTaken, { fields: { email: APPLY_MESSAGES.emailTaken } });
  }
  const professional = user?.professionalId
    ? await prisma.professional.findUnique({
        where: { id: user.professionalId },
        select: { id: true, subscriptionStatus: true, stripeCustomerId: true },
      })
    : null;
  const listingOwner = await prisma.professional.findUnique({ where: { email }, select: { id: true } });
  if (listingOwner && listingOwner.id !== professional?.id) {
    throw new AppError('conflict', APPLY_MESSAGES.emailTaken, { fields: { email: APPLY_MESSAGES.emailTaken } });
  }
  // Its subscription still runs in Stripe (retrying the card): paying again would be a second one.
  if (professional?.subscriptionStatus === 'past_due') throw new AppError('conflict', APPLY_MESSAGES.pastDue);

  const waiting = await prisma.application.findFirst({
    where: { OR: [{ email }, ...(user ? [{ userId: user.id }] : [])], status: { in: ['pending', 'pending_payment'] } },
    orderBy: { createdAt: 'desc' },
    select: { id: true, status: true, checkoutSessionId: true, updatedAt: true },
  });
  if (waiting?.status === 'pending') throw new AppError('conflict', APPLY_MESSAGES.alreadyPending);

  let client: Stripe;
  try {
    client = await stripe();
  } catch (err) {
    throw new AppError('unavailable', APPLY_MESSAGES.checkoutFailed, { cause: err });
  }
  // The checkout the waiting application had is closed before anything else: only one may ever be paid.
  if (waiting?.checkoutSessionId) {
    const closed = await closeCheckoutSession(client, waiting.checkoutSessionId);
    if (closed === 'unavailable') throw new AppError('unavailable', APPLY_MESSAGES.checkoutFailed);
    if (closed === 'paid') {
      // Paid a moment ago, before Stripe's event reached us: reconcile it now, and refuse a second charge.
      await queues.enqueue('reconcileCheckout', { sessionId: waiting.checkoutSessionId });
      throw new AppError('conflict', APPLY_MESSAGES.alreadyPending);
    }
  }

  const data: ApplicationData = {
    ...applicationData(input, email),
    userId: user?.id ?? null,
    professionalId: professional?.id ?? null,
    passwordHash: input.password && !user ? await hashPassword(input.password) : null,
  };

  // A listing already paid for: the update waits for an admin without a new payment.
  if (professional?.subscriptionStatus === 'active') {
    const application = await saveApplication(prisma, waiting, { ...data, status: 'pending' });
    return {
      applicationId: application.id,
      checkoutUrl: `${publicUrl}/application-success?session_id=${NO_PAYMENT_NEEDED}&application_id=${application.id}`,
    };
  }

  const application = await saveApplication(prisma, waiting, { ...data, status: 'pending_payment' });
  let session: Stripe.Checkout.Session;
  try {
    const price = await planPriceId(client, input.subscriptionType);
    const metadata = { applicationId: String(application.id), plan: input.subscriptionType };
    session = await client.checkout.sessions.create(
      {
        mode: 'subscription',
        line_items: [{ price, quantity: 1 }],
        ...(professional?.stripeCustomerId ? { customer: professional.stripeCustomerId } : { customer_email: email }),
        client_reference_id: String(application.id),
        metadata,
        subscription_data: { metadata },
        success_url: `${publicUrl}/application-success?session_id={CHECKOUT_SESSION_ID}&application_id=${application.id}`,
        cancel_url: `${publicUrl}/apply?plan=${input.subscriptionType}`,
      },
      // The library's own retries of this call get the same session; another request, its own.
      { idempotencyKey: `checkout_${application.id}_${randomUUID()}` },
    );
  } catch (err) {
    throw new AppError('unavailable', APPLY_MESSAGES.checkoutFailed, { cause: err });
  }
  if (!session.url) throw new AppError('unavailable', APPLY_MESSAGES.checkoutFailed);
  // Only if no other request has given the application a checkout since we saved it.
  const { count } = await prisma.application.updateMany({
    where: { id: application.id, status: 'pending_payment', checkoutSessionId: null, updatedAt: application.updatedAt },
    data: { checkoutSessionId: session.id },
  });
  if (count === 0) {
    // This session was never handed to anyone: closed, so that only the winner's can be paid.
    // Should even that fail, the worker refunds a checkout that is not its application's own.
    await closeCheckoutSession(client, session.id);
    throw superseded();
  }
  return { applicationId: application.id, checkoutUrl: session.url };
}
