// send-email: renders one template (HTML and plain text) and sends it through the mail seam:
// SMTP when SMTP_URL is set, otherwise an .eml file under MAIL_DIR. A failed send throws, so
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

export function sendEmail(payload: SendEmailPayload, ctx: Pick<JobContext, 'env' | 'job' | 'logger'>) {
  return deliverEmail(payload, ctx);
}

export const sendEmailHandler = defineJobHandler(JOBS.sendEmail, sendEmail);
