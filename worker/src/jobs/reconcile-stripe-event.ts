// reconcile-stripe-event and reconcile-checkout (core/jobs.ts): the worker's half of every payment.
// The event was stored by the API when Stripe delivered it (stripe_events); this reloads what it
// names from Stripe and writes the current state (worker/src/billing/reconcile.ts), then marks the
// event processed. A Stripe failure throws, so BullMQ retries with backoff (12 attempts: about an
// hour); running a job again writes nothing new.
import { UnrecoverableError } from 'bullmq';
import { JOBS } from '../../../core/jobs';
import { isAlreadyReflected, reconcileCheckout as reconcilePaidCheckout, reconcileEvent, subscriptionOfEvent, type StoredEvent } from '../billing/reconcile';
import { defineJobHandler, type JobContext } from './job-handler';

async function reconcileDeps(ctx: JobContext) {
  return { prisma: ctx.prisma, stripe: await ctx.stripe(), env: ctx.env, logger: ctx.logger, sendEmail: ctx.sendEmail, geocode: ctx.geocode };
}

/** Per subscription, the tail of this process's chain of jobs for it (see oneAtATime). */
const chains = new Map<string, Promise<unknown>>();

/**
 * Runs the jobs of one subscription one after another in this process: a checkout's, its
 * subscription's and its invoice's events arrive together, and the later ones then find the work
 * done (isAlreadyReflected) instead of all reading the same objects from Stripe at once. Only an
 * order within one process: correctness never depends on it (row locks and unique keys do that).
 */
function oneAtATime<T>(key: string | null, work: () => Promise<T>): Promise<T> {
  if (!key) return work();
  const result = (chains.get(key) ?? Promise.resolve()).then(work);
  const tail = result.catch(() => undefined);
  chains.set(key, tail);
  void tail.then(() => {
    if (chains.get(key) === tail) chains.delete(key);
  });
  return result;
}

export async function reconcileStripeEvent({ eventId }: { eventId: string }, ctx: JobContext): Promise<{ type: string; outcome: string }> {
  // Plain SQL on this path, which every event takes: a Prisma model query costs a few times more CPU.
  const [stored] = await ctx.prisma.$queryRaw<{ seq: bigint; type: string; payload: StoredEvent }[]>`SELECT seq, type, payload FROM stripe_events WHERE id = ${eventId}`;
  if (!stored) throw new UnrecoverableError(`event ${eventId} was never stored`);
  const event = stored.payload;
  const outcome = await oneAtATime(subscriptionOfEvent(event), async () =>
    (await isAlreadyReflected(ctx.prisma, event, stored.seq)) ? 'already-reflected' : reconcileEvent(await reconcileDeps(ctx), event),
  );
  await ctx.prisma.$executeRaw`UPDATE stripe_events SET processed_at = now() WHERE id = ${eventId}`;
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
