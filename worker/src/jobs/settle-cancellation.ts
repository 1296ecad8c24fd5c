// settle-cancellation (core/jobs.ts): a listing cancelled through the site, after Stripe ended its
// plan: the 30-day refund when due and the cancellation e-mail, each exactly once
// (worker/src/billing/cancellation.ts). A Stripe failure throws, so BullMQ retries with backoff.
import { JOBS } from '../../../core/jobs';
import { settleSiteCancellation } from '../billing/cancellation';
import { defineJobHandler, type JobContext } from './job-handler';

export async function settleCancellation({ professionalId }: { professionalId: number }, ctx: JobContext): Promise<{ outcome: string }> {
  const deps = { prisma: ctx.prisma, stripe: await ctx.stripe(), logger: ctx.logger, sendEmail: ctx.sendEmail };
  return { outcome: await settleSiteCancellation(deps, professionalId) };
}

export const settleCancellationHandler = defineJobHandler(JOBS.settleCancellation, settleCancellation);
