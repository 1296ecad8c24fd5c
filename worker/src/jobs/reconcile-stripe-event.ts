// reconcile-stripe-event and reconcile-checkout (core/jobs.ts): the worker's half of every payment.
// The event was stored by the API when Stripe delivered it (stripe_events); this reloads what it
// names from Stripe and writes the current state (worker/src/billing/reconcile.ts), then marks the
// event processed. A Stripe failure throws, so BullMQ retries with backoff (12 attempts: about an
// hour); running a job again writes nothing new.
import { UnrecoverableError } from 'bullmq';
import { JOBS } from '../../../core/jobs';
import { reconcileCheckout as reconcilePaidCheckout, reconcileEvent } from '../billing/reconcile';
import { defineJobHandler, type JobContext } from './job-handler';

async function reconcileDeps(ctx: JobContext) {
  return { prisma: ctx.prisma, stripe: await ctx.stripe(), env: ctx.env, logger: ctx.logger, sendEmail: ctx.sendEmail, geocode: ctx.geocode };
}

export async function reconcileStripeEvent({ eventId }: { eventId: string }, ctx: JobContext): Promise<{ type: string; outcome: string }> {
  const stored = await ctx.prisma.stripeEvent.findUnique({ where: { id: eventId } });
  if (!stored) throw new UnrecoverableError(`event ${eventId} was never stored`);
  const event = stored.payload as { id: string; type: string; data: { object: { id?: string; object?: string } } };
  const outcome = await reconcileEvent(await reconcileDeps(ctx), event);
  await ctx.prisma.stripeEvent.update({ where: { id: eventId }, data: { processedAt: new Date() } });
  return { type: stored.type, outcome };
}

export async function reconcileCheckout({ sessionId }: { sessionId: string }, ctx: JobContext): Promise<{ outcome: string }> {
  return { outcome: await reconcilePaidCheckout(await reconcileDeps(ctx), sessionId) };
}

/**
 * Reconciling mostly waits on Stripe, not on this machine: the stripe queue runs four times as many
 * jobs at once as the others, so a burst of events does not queue up behind a few slow calls.
 */
const workerOptions = (env: { WORKER_CONCURRENCY: number }) => ({ concurrency: env.WORKER_CONCURRENCY * 4 });

export const reconcileStripeEventHandler = defineJobHandler(JOBS.reconcileStripeEvent, reconcileStripeEvent, { workerOptions });
export const reconcileCheckoutHandler = defineJobHandler(JOBS.reconcileCheckout, reconcileCheckout, { workerOptions });
