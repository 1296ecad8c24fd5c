// POST /api/create-application-checkout: a professional's application, stored (pending_payment),
// and a Stripe Checkout Session in subscription mode for its plan at the plan's price (core/plans:
// the browser sends a plan, never an amount). Nothing is charged here and no account is made: the
// worker does that when Stripe says the checkout was paid (worker/src/billing/). Rules:
//   - a visitor without an account gives a password; the account (with that password) is created
//     on payment. An address that already has an account must sign in first;
//   - an application already paid and waiting for review cannot be sent again (no second charge);
//     one still waiting for payment is updated and gets a new checkout;
//   - a provider whose subscription is active updates their listing without paying again: the
//     application waits for an admin straight away;
//   - the postcode must be a real UK postcode district (the outcode table).
import type Stripe from 'stripe';
import { APPLY_MESSAGES, type ApplicationCheckoutAnswer, type ApplicationCheckoutInput } from '../../../../core/billing';
import type { CurrentUser } from '../../../../core/auth';
import { loadOutcodeIndex } from '../../../../core/geo/outcodes.server';
import type { Prisma, PrismaClient } from '../../../../prisma/db';
import { hashPassword } from '../../../../prisma/password';
import { AppError } from '../app-error';
import { planPriceId } from './plan-price';

const SOCIAL_COLUMNS = ['linkedin', 'github', 'facebook', 'instagram', 'twitter', 'youtube', 'tiktok', 'trustpilot'] as const;

/** The application's columns from the form (social links also as their own columns, one per platform). */
function applicationData(input: ApplicationCheckoutInput) {
  const ratePence = input.isProjectBased || !input.hourlyRate ? null : Math.round(Number(input.hourlyRate) * 100);
  const social = Object.fromEntries(SOCIAL_COLUMNS.map((platform) => [platform, input.socialLinks.find((l) => l.platform === platform)?.url ?? null]));
  const website = input.website ?? input.socialLinks.find((l) => l.platform === 'website')?.url ?? null;
  return {
    companyName: input.companyName,
    contactName: input.contactName,
    email: input.email,
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

export async function startApplicationCheckout({
  prisma,
  stripe,
  publicUrl,
  user,
  input,
}: {
  prisma: PrismaClient;
  stripe: () => Promise<Stripe>;
  publicUrl: string;
  user: CurrentUser | null;
  input: ApplicationCheckoutInput;
}): Promise<ApplicationCheckoutAnswer> {
  if (!loadOutcodeIndex().lookup(input.postcode)) throw invalid('postcode', APPLY_MESSAGES.postcodeUnknown);
  if (!user && !input.password) throw invalid('password', APPLY_MESSAGES.passwordShort);

  if (!user) {
    const account = await prisma.user.findUnique({ where: { email: input.email }, select: { id: true } });
    if (account) throw new AppError('conflict', APPLY_MESSAGES.emailTaken, { fields: { email: APPLY_MESSAGES.emailTaken } });
  }
  const professional = user?.professionalId
    ? await prisma.professional.findUnique({
        where: { id: user.professionalId },
        select: { id: true, subscriptionStatus: true, stripeCustomerId: true },
      })
    : null;
  const listingOwner = await prisma.professional.findUnique({ where: { email: input.email }, select: { id: true } });
  if (listingOwner && listingOwner.id !== professional?.id) {
    throw new AppError('conflict', APPLY_MESSAGES.emailTaken, { fields: { email: APPLY_MESSAGES.emailTaken } });
  }

  const waiting = await prisma.application.findFirst({
    where: { OR: [{ email: input.email }, ...(user ? [{ userId: user.id }] : [])], status: { in: ['pending', 'pending_payment'] } },
    orderBy: { createdAt: 'desc' },
    select: { id: true, status: true },
  });
  if (waiting?.status === 'pending') throw new AppError('conflict', APPLY_MESSAGES.alreadyPending);

  const data = {
    ...applicationData(input),
    userId: user?.id ?? null,
    professionalId: professional?.id ?? null,
    passwordHash: input.password && !user ? await hashPassword(input.password) : null,
  };

  // A listing already paid for: the update waits for an admin without a new payment.
  if (professional?.subscriptionStatus === 'active') {
    const application = waiting
      ? await prisma.application.update({ where: { id: waiting.id }, data: { ...data, status: 'pending', checkoutSessionId: null } })
      : await prisma.application.create({ data: { ...data, status: 'pending' } });
    return {
      applicationId: application.id,
      checkoutUrl: `${publicUrl}/application-success?session_id=no-payment-needed&application_id=${application.id}`,
    };
  }

  const application = waiting
    ? await prisma.application.update({ where: { id: waiting.id }, data: { ...data, status: 'pending_payment' }, select: { id: true, updatedAt: true } })
    : await prisma.application.create({ data: { ...data, status: 'pending_payment' }, select: { id: true, updatedAt: true } });

  let session: Stripe.Checkout.Session;
  try {
    const client = await stripe();
    const price = await planPriceId(client, input.subscriptionType);
    const metadata = { applicationId: String(application.id), plan: input.subscriptionType };
    session = await client.checkout.sessions.create(
      {
        mode: 'subscription',
        line_items: [{ price, quantity: 1 }],
        ...(professional?.stripeCustomerId ? { customer: professional.stripeCustomerId } : { customer_email: input.email }),
        client_reference_id: String(application.id),
        metadata,
        subscription_data: { metadata },
        success_url: `${publicUrl}/application-success?session_id={CHECKOUT_SESSION_ID}&application_id=${application.id}`,
        cancel_url: `${publicUrl}/apply?plan=${input.subscriptionType}`,
      },
      // One checkout per version of the application: a retried request gets the same session.
      { idempotencyKey: `checkout_${application.id}_${application.updatedAt.getTime()}` },
    );
  } catch (err) {
    throw new AppError('unavailable', APPLY_MESSAGES.checkoutFailed, { cause: err });
  }
  if (!session.url) throw new AppError('unavailable', APPLY_MESSAGES.checkoutFailed);
  await prisma.application.update({ where: { id: application.id }, data: { checkoutSessionId: session.id } });
  return { applicationId: application.id, checkoutUrl: session.url };
}
