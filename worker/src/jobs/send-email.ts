// send-email: renders one template (HTML and plain text) and sends it through the mail seam:
// SMTP when SMTP_URL is set, otherwise an .eml file under MAIL_DIR; once per idempotency key, for
// good (sent_emails). A failed send throws, so
// BullMQ retries it with the contract's exponential backoff; data that does not fit the template
// fails the job at once (UnrecoverableError), since no retry can fix it.
// deliverEmail is the same step for the jobs that make their own e-mail's secret link
// (send-password-reset, send-registration-email): the link exists only in the message.
import { UnrecoverableError } from 'bullmq';
import { JOBS, type EmailTemplate, type SendEmailPayload } from '../../../core/jobs';
import type { WorkerEnv } from '../../../core/env-schema';
import { createMailer, type Mailer, type SendResult } from '../mail/mailer';
import { renderTemplate } from '../mail/templates/templates';
import { defineJobHandler, type JobContext } from './job-handler';

/** One mailer per worker configuration (a worker process has one; tests start several). */
const mailers = new WeakMap<WorkerEnv, Mailer>();
function mailerFor(env: WorkerEnv): Mailer {
  let mailer = mailers.get(env);
  if (!mailer) {
    mailer = createMailer(env);
    mailers.set(env, mailer);
  }
  return mailer;
}

/** Renders `template` with `data` and sends it to `to`; the result names no link or content. */
export async function deliverEmail(
  { template, to, data }: { template: EmailTemplate; to: string; data: unknown },
  { env, job, logger }: Pick<JobContext, 'env' | 'job' | 'logger'>,
): Promise<SendResult & { template: string }> {
  const rendered = renderTemplate(template, data);
  if (!rendered.ok) throw new UnrecoverableError(`invalid data for e-mail template ${template}: ${rendered.problems.join('; ')}`);
  const result = await mailerFor(env).send({ ...rendered.email, to, jobId: String(job.id ?? job.name) });
  logger.info({ template, via: result.via }, 'e-mail sent');
  return { ...result, template };
}

/**
 * Sends the e-mail unless one with its idempotency key was sent before (sent_emails), then records
 * it. BullMQ's job id already keeps a job added twice to one run, but only while the finished job is
 * kept (a day or 1,000 jobs, core/jobs.ts): the table makes "once" last, whenever a Stripe event or
 * a retry asks again. At least once, never lost: a worker that dies after the message has left and
 * before the row is written sends it again when the job is retried (a second e-mail, never none).
 */
export async function sendEmail(payload: SendEmailPayload, ctx: Pick<JobContext, 'env' | 'job' | 'logger' | 'prisma'>) {
  const { prisma, logger } = ctx;
  const sent = await prisma.sentEmail.findUnique({ where: { idempotencyKey: payload.idempotencyKey } });
  if (sent) {
    logger.info({ template: payload.template, sentAt: sent.sentAt }, 'e-mail already sent: not again');
    return { via: 'already-sent' as const, template: payload.template, sentAt: sent.sentAt.toISOString() };
  }
  const result = await deliverEmail(payload, ctx);
  await prisma.sentEmail.createMany({ data: [{ idempotencyKey: payload.idempotencyKey, template: payload.template }], skipDuplicates: true });
  return result;
}

export const sendEmailHandler = defineJobHandler(JOBS.sendEmail, sendEmail);
