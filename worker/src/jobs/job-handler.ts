// What a processor file under worker/src/jobs/ exports: the core contract it consumes (queue, name,
// payload schema) and a function of the parsed payload. The worker parses the payload for it, so a
// processor never sees unvalidated data, and a payload that fails the schema fails the job at once
// (UnrecoverableError): retrying cannot fix a malformed job.
import { UnrecoverableError, type Job, type WorkerOptions } from 'bullmq';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { WorkerEnv } from '../../../core/env-schema';
import type { GeocodeProfessionalPayload, JobKey, JobPayload, QueueName, SendEmailPayload } from '../../../core/jobs';
import type { PrismaClient } from '../../../prisma/db';
import type Stripe from 'stripe';
import type { PostcodeGeocoder } from '../geocoding/postcode-geocoder';

/** The adapters every processor may use; built once per worker process by startWorker. */
export interface JobDeps {
  env: WorkerEnv;
  prisma: PrismaClient;
  geocoder: PostcodeGeocoder;
  /** Stripe, or the API's test-mode stand-in (billing/stripe-client.ts), made on first use. */
  stripe(): Promise<Stripe>;
  /** Enqueues a send-email job (its id is the idempotency key: enqueueing twice sends once). */
  sendEmail(payload: SendEmailPayload): Promise<void>;
  /** Enqueues a geocode-professional job (one per professional and postcode). */
  geocode(payload: GeocodeProfessionalPayload): Promise<void>;
  /**
   * Enqueues any job of core/jobs.ts with its contract's id and options, after the caller's own
   * writes (a job that changes reviews adds recalculate-rating, deduplicated per professional).
   */
  enqueue<K extends JobKey>(key: K, payload: JobPayload<K>): Promise<void>;
}

export interface JobContext extends JobDeps {
  job: Job;
  /** Already carries queue, job id, name and attempt. */
  logger: Logger;
}

interface JobContract<S extends z.ZodType> {
  queue: QueueName;
  name: string;
  payload: S;
}

export interface JobHandler {
  queue: QueueName;
  name: string;
  run(data: unknown, ctx: JobContext): Promise<unknown>;
  /** Options for the Worker of this handler's queue (e.g. a rate limit the upstream service needs). */
  workerOptions?(env: WorkerEnv): Pick<WorkerOptions, 'limiter' | 'concurrency'>;
}

export function defineJobHandler<S extends z.ZodType>(
  contract: JobContract<S>,
  process: (payload: z.infer<S>, ctx: JobContext) => Promise<unknown>,
  extra: Pick<JobHandler, 'workerOptions'> = {},
): JobHandler {
  return {
    queue: contract.queue,
    name: contract.name,
    ...extra,
    async run(data, ctx) {
      const parsed = contract.payload.safeParse(data);
      if (!parsed.success) {
        const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(payload)'}: ${i.message}`);
        throw new UnrecoverableError(`invalid ${contract.name} payload: ${problems.join('; ')}`);
      }
      return process(parsed.data, ctx);
    },
  };
}
