// settle-rejected-application (core/jobs.ts): enqueued by the API after an admin's rejection
// commits. Refunds a new applicant's payment or closes an unpaid checkout, then e-mails the reason
// (worker/src/billing/settle-rejected-application.ts). A Stripe failure throws, so BullMQ retries
// (12 attempts, about an hour); a repeated run refunds nothing twice and sends one e-mail.
import { JOBS } from '../../../core/jobs';
import { settleRejectedApplication } from '../billing/settle-rejected-application';
import { defineJobHandler, type JobContext } from './job-handler';

export async function settleRejectedApplicationJob({ applicationId }: { applicationId: number }, ctx: JobContext) {
  const deps = { prisma: ctx.prisma, stripe: await ctx.stripe(), env: ctx.env, logger: ctx.logger, sendEmail: ctx.sendEmail, geocode: ctx.geocode };
  return settleRejectedApplication(deps, applicationId);
}

export const settleRejectedApplicationHandler = defineJobHandler(JOBS.settleRejectedApplication, settleRejectedApplicationJob);
