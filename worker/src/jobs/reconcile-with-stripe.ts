// reconcile-with-stripe (core/jobs.ts): the daily check of our billing records against Stripe's,
// added by the worker's job scheduler (worker/src/schedules.ts). worker/src/billing/
// daily-reconciliation.ts does the work; running it again repairs nothing twice.
import { JOBS } from '../../../core/jobs';
import { reconcileWithStripe } from '../billing/daily-reconciliation';
import { defineJobHandler, type JobContext } from './job-handler';

export async function reconcileWithStripeJob(_payload: unknown, ctx: JobContext): Promise<{ checked: number; repaired: number; flagged: number }> {
  const report = await reconcileWithStripe({
    prisma: ctx.prisma,
    stripe: await ctx.stripe(),
    env: ctx.env,
    logger: ctx.logger,
    sendEmail: ctx.sendEmail,
    geocode: ctx.geocode,
    adminEmail: ctx.env.ADMIN_EMAIL,
  });
  return { checked: report.checked, repaired: report.repaired.length, flagged: report.flagged.length };
}

export const reconcileWithStripeHandler = defineJobHandler(JOBS.reconcileWithStripe, reconcileWithStripeJob);
