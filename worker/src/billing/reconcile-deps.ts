// What reconciling with Stripe needs (worker/src/billing/): given by the reconcile jobs.
import type Stripe from 'stripe';
import type { Logger } from 'pino';
import type { WorkerEnv } from '../../../core/env-schema';
import type { GeocodeProfessionalPayload, SendEmailPayload } from '../../../core/jobs';
import type { PrismaClient } from '../../../prisma/db';

export interface ReconcileDeps {
  prisma: PrismaClient;
  stripe: Stripe;
  env: Pick<WorkerEnv, 'PUBLIC_URL'>;
  logger: Logger;
  /** Sends an e-mail once per idempotency key (the send-email job, enqueued after our writes commit). */
  sendEmail(payload: SendEmailPayload): Promise<void>;
  /** Geocodes a listing's postcode (the geocode-professional job). */
  geocode(payload: GeocodeProfessionalPayload): Promise<void>;
}

export function siteUrl(env: Pick<WorkerEnv, 'PUBLIC_URL'>, path: string): string {
  return `${env.PUBLIC_URL.replace(/\/+$/, '')}${path}`;
}
