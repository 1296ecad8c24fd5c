// POST /api/stripe/webhook: the event's signature is checked on the raw body with Stripe's own
// library, the event is stored once by its id (stripe_events) and, when it is a type the worker
// reconciles and not yet reconciled, a reconcile-stripe-event job is enqueued under the event's id;
// the answer is 200 at once. The worker does the rest (reloading what the event names from Stripe),
// so a delivery twice or out of order changes nothing twice, and an event stored but not yet
// enqueued (a crash in between) is enqueued by Stripe's next delivery. Other types are stored as
// processed: kept for the record, never queued.
import type Stripe from 'stripe';
import { z } from 'zod';
import { isReconciledStripeEvent } from '../../../../core/billing';
import { ReconcileStripeEventPayload } from '../../../../core/jobs';
import type { PrismaClient } from '../../../../prisma/db';
import type { Queues } from '../../queue';
import { AppError } from '../app-error';

/**
 * What storing an event needs: Stripe's event id (the one the reconcile job takes, core/jobs.ts)
 * and a type. Checked before the event is stored: a signed event with another id was once stored
 * and then refused by the job's schema (422), so Stripe would retry an event already kept.
 */
const StoredEventShape = z.object({ id: ReconcileStripeEventPayload.shape.eventId, type: z.string().min(1).max(255) });

export async function receiveWebhook({
  prisma,
  webhooks,
  queues,
  secret,
  rawBody,
  signature,
}: {
  prisma: PrismaClient;
  webhooks: Stripe['webhooks'];
  queues: Pick<Queues, 'add'>;
  secret: string | null;
  rawBody: Buffer;
  signature: string | undefined;
}): Promise<{ eventId: string; isNew: boolean }> {
  if (!secret) throw new AppError('unavailable', 'Stripe webhooks are not configured (STRIPE_WEBHOOK_SECRET).');
  if (!signature) throw new AppError('bad_request', 'Missing Stripe-Signature header.');
  let event: Stripe.Event;
  try {
    event = webhooks.constructEvent(rawBody, signature, secret);
  } catch {
    throw new AppError('bad_request', 'The webhook signature could not be verified.');
  }
  // A signed body is still only JSON: one that is not an event (`false`, an object without an id)
  // is refused, not a 500 (found by the fuzz, tests/fuzz).
  if (!StoredEventShape.safeParse(event).success) throw new AppError('bad_request', 'The webhook body is not a Stripe event (an object with an evt_ id and a type).');
  // One plain statement (the webhook is the hottest write path): stored once, whoever delivers it,
  // answering whether it is new and whether it still waits for the worker.
  const isReconciled = isReconciledStripeEvent(event.type);
  const [row] = await prisma.$queryRaw<{ is_new: boolean; is_waiting: boolean }[]>`
    WITH stored AS (
      INSERT INTO stripe_events (id, type, payload, processed_at)
      VALUES (${event.id}, ${event.type}, ${rawBody.toString('utf8')}::jsonb, ${isReconciled ? null : new Date()})
      ON CONFLICT (id) DO NOTHING
      RETURNING processed_at
    )
    SELECT true AS is_new, processed_at IS NULL AS is_waiting FROM stored
    UNION ALL
    SELECT false, processed_at IS NULL FROM stripe_events WHERE id = ${event.id} AND NOT EXISTS (SELECT 1 FROM stored)`;
  if (row?.is_waiting) await queues.add('reconcileStripeEvent', { eventId: event.id });
  return { eventId: event.id, isNew: row?.is_new ?? false };
}
