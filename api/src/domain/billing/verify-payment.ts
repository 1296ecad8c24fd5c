// GET /api/verify-payment (/application-success): did the checkout of this application get paid?
// It reads Stripe's own state of the session, and when it is paid enqueues the same
// reconciliation the webhook's checkout.session.completed runs (core/jobs.ts reconcileCheckout),
// so whichever of the two comes first does the work and the other changes nothing.
import type Stripe from 'stripe';
import { NO_PAYMENT_NEEDED, type PaymentVerification } from '../../../../core/billing';
import type { PrismaClient } from '../../../../prisma/db';
import type { Queues } from '../../queue';
import { AppError } from '../app-error';

export async function verifyPayment({
  prisma,
  stripe,
  queues,
  sessionId,
  applicationId,
}: {
  prisma: PrismaClient;
  stripe: () => Promise<Stripe>;
  queues: Pick<Queues, 'enqueue'>;
  sessionId: string;
  applicationId: number;
}): Promise<PaymentVerification> {
  const application = await prisma.application.findUnique({
    where: { id: applicationId },
    select: { status: true, checkoutSessionId: true },
  });
  const isThisCheckout = application && (application.checkoutSessionId === sessionId || (sessionId === NO_PAYMENT_NEEDED && application.checkoutSessionId === null));
  if (!application || !isThisCheckout) throw new AppError('not_found', 'No payment was found for this application.');
  if (application.status !== 'pending_payment') return { success: true, applicationStatus: application.status };

  let session: Stripe.Checkout.Session;
  try {
    session = await (await stripe()).checkout.sessions.retrieve(sessionId);
  } catch (err) {
    throw new AppError('unavailable', 'Payment verification failed', { cause: err });
  }
  const isPaid = session.status === 'complete' && session.payment_status === 'paid';
  if (!isPaid) return { success: false, applicationStatus: 'pending_payment' };
  await queues.enqueue('reconcileCheckout', { sessionId });
  return { success: true, applicationStatus: 'pending' };
}
