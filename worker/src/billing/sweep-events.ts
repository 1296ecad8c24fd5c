// Nothing paid is lost (issue 29): the API answers Stripe 200 once an event is stored, and Stripe
// then never sends it again. Should its job be lost before it runs (Redis lost its data, or a
// failover dropped the last writes), the event would wait for ever. Every worker looks for stored
// events still unprocessed a few minutes after they arrived and queues them again under their
// deterministic job id: one still waiting or running is not added twice, and a job run again
// changes nothing twice (reconcile.ts). The timer lives in the worker process, not in Redis, so it
// survives the very loss it repairs; each look also upserts the job schedulers again, which Redis
// held too, and queues again the e-mails of quote answers the API stored but could not queue
// (jobs/send-quote-answer-link.ts sweepQuoteAnswers).
import type { Logger } from 'pino';
import type { PrismaClient } from '../../../prisma/db';
import type { JobDeps } from '../jobs/job-handler';
import { sweepQuoteAnswers } from '../jobs/send-quote-answer-link';

/** The most events queued again in one look (a backlog is worked through over several). */
const SWEEP_BATCH = 500;

export async function sweepStripeEvents({ prisma, enqueue, olderThanMs, limit = SWEEP_BATCH }: { prisma: PrismaClient; enqueue: JobDeps['enqueue']; olderThanMs: number; limit?: number }): Promise<string[]> {
  const waiting = await prisma.$queryRaw<{ id: string }[]>`
    SELECT id FROM stripe_events
    WHERE processed_at IS NULL AND received_at < now() - make_interval(secs => ${olderThanMs / 1000})
    ORDER BY seq
    LIMIT ${limit}`;
  for (const { id } of waiting) await enqueue('reconcileStripeEvent', { eventId: id });
  return waiting.map((row) => row.id);
}

export interface EventSweeper {
  /** One look now (tests; the timer calls it too). */
  runOnce(): Promise<string[]>;
  stop(): void;
}

export function startEventSweeper({
  prisma,
  enqueue,
  logger,
  olderThanMs,
  everyMs,
  reschedule,
}: {
  prisma: PrismaClient;
  enqueue: JobDeps['enqueue'];
  logger: Logger;
  olderThanMs: number;
  everyMs: number;
  /** Upserts the job schedulers (idempotent). */
  reschedule: () => Promise<void>;
}): EventSweeper {
  let running: Promise<string[]> | null = null;
  const runOnce = () => {
    running ??= (async () => {
      try {
        const queued = await sweepStripeEvents({ prisma, enqueue, olderThanMs });
        if (queued.length > 0) logger.warn({ events: queued.length, first: queued[0] }, 'stored Stripe events had no job: queued again');
        const answers = await sweepQuoteAnswers({ prisma, enqueue, olderThanMs });
        if (answers > 0) logger.warn({ answers }, 'answers to requests for quotes were not e-mailed: queued again');
        await reschedule();
        return queued;
      } catch (err) {
        logger.warn({ err }, 'sweep of unprocessed Stripe events failed; trying again on the next look');
        return [];
      } finally {
        running = null;
      }
    })();
    return running;
  };
  const timer = setInterval(() => void runOnce(), everyMs);
  timer.unref();
  return { runOnce, stop: () => clearInterval(timer) };
}
