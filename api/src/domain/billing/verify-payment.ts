// GET /api/verify-payment (/application-success): did the checkout of this application get paid?
// It reads Stripe's own state of the session (and, for a delayed payment such as a Bacs Direct
// Debit, whether it is still with the bank: 'processing', not a failure), and when it is paid enqueues the same
// reconciliation the webhook's checkout.session.completed runs (core/jobs.ts reconcileCheckout),
// so whichever of the two comes first does the work and the other changes nothing. An update that
// needed no payment (session_id=no-payment-needed) is answered to its own account only.
import type Stripe from 'stripe';
import { APPLY_MESSAGES, NO_PAYMENT_NEEDED, type PaymentVerification } from '../../../../core/billing';
import { AUTH_MESSAGES, type CurrentUser } from '../../../../core/auth';
import type { PrismaClient } from '../../../../prisma/db';
import type { Queues } from '../../queue';
import { AppError } from '../app-error';
import { checkoutPayment, type CheckoutPayment } from './close-checkout';

export const NOT_YOUR_APPLICATION = 'Only the account that sent this application can see it.';
const NOT_FOUND = 'No payment was found for this application.';

/**
 * An application that needed no payment has no checkout whose id proves the caller paid for it:
 * only its own account (or an admin) may read its status.
 */
async function verifyUpdate(prisma: PrismaClient, viewer: CurrentUser | null, applicationId: number): Promise<PaymentVerification> {
  if (!viewer) throw new AppError('unauthenticated', AUTH_MESSAGES.signInRequired);
  const application = await prisma.application.findUnique({ where: { id: applicationId }, select: { status: true, checkoutSessionId: true, userId: true } });
  if (!application || application.checkoutSessionId !== null) throw new AppError('not_found', NOT_FOUND);
  if (application.userId !== viewer.id && viewer.role !== 'admin') throw new AppError('forbidden', NOT_YOUR_APPLICATION);
  return { success: application.status !== 'pending_payment', applicationStatus: application.status };
}

export async function verifyPayment({
  prisma,
  stripe,
  queues,
  viewer,
  sessionId,
  applicationId,
}: {
  prisma: PrismaClient;
  stripe: () => Promise<Stripe>;
  queues: Pick<Queues, 'enqueue'>;
  /** The signed-in user, if any (an update that needed no payment is shown to its owner only). */
  viewer: CurrentUser | null;
  sessionId: string;
  applicationId: number;
}): Promise<PaymentVerification> {
  if (sessionId === NO_PAYMENT_NEEDED) return verifyUpdate(prisma, viewer, applicationId);
  const application = await prisma.application.findUnique({
    where: { id: applicationId },
    select: { status: true, checkoutSessionId: true },
  });
  // The checkout's id (in the address Stripe sent the payer back to) is what the caller shows.
  if (!application || application.checkoutSessionId !== sessionId) throw new AppError('not_found', NOT_FOUND);
  if (application.status !== 'pending_payment') return { success: true, applicationStatus: application.status };

  let payment: CheckoutPayment;
  try {
    payment = (await checkoutPayment(await stripe(), sessionId)).payment;
  } catch (err) {
    throw new AppError('unavailable', APPLY_MESSAGES.verificationFailed, { cause: err });
  }
  // A delayed payment says where it is; a checkout left open or expired is simply not paid.
  if (payment === 'processing' || payment === 'failed') return { success: false, applicationStatus: 'pending_payment', paymentStatus: payment };
  if (payment !== 'paid') return { success: false, applicationStatus: 'pending_payment' };
  await queues.enqueue('reconcileCheckout', { sessionId });
  return { success: true, applicationStatus: 'pending' };
}
