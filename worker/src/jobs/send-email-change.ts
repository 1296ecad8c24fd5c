// send-email-change (core/jobs.ts, product rule 32): the e-mails of a change of address asked for on
// /profile. For a request still open (not used, not expired, account not archived): makes a
// single-use token, stores only its SHA-256 on the request, e-mails the link to the NEW address,
// and tells the CURRENT address that a change was asked for (it takes effect only once the link is
// used). The link exists only in the e-mail, never in job data, return values or logs.
// A retry after the e-mails went out (sent_at set) sends nothing.
import { EMAIL_CHANGE_TTL_MS } from '../../../core/account';
import { JOBS, type SendEmailChangePayload } from '../../../core/jobs';
import { hashToken, newToken } from '../../../prisma/tokens';
import { siteLink } from '../mail/site-link';
import { defineJobHandler, type JobContext } from './job-handler';
import { deliverEmail } from './send-email';

export type SendEmailChangeResult = { sent: false; reason: 'gone' | 'already-sent' | 'closed' } | { sent: true; via: 'smtp' | 'folder' };

export async function sendEmailChange(
  { requestId }: SendEmailChangePayload,
  ctx: Pick<JobContext, 'env' | 'job' | 'logger' | 'prisma'>,
): Promise<SendEmailChangeResult> {
  const { prisma, env } = ctx;
  const request = await prisma.emailChangeToken.findUnique({
    where: { requestId },
    select: { id: true, newEmail: true, expiresAt: true, usedAt: true, sentAt: true, user: { select: { name: true, email: true, isArchived: true } } },
  });
  if (!request) return { sent: false, reason: 'gone' };
  if (request.sentAt) return { sent: false, reason: 'already-sent' };
  if (request.usedAt || request.expiresAt <= new Date() || request.user.isArchived) return { sent: false, reason: 'closed' };

  const token = newToken();
  await prisma.emailChangeToken.update({ where: { id: request.id }, data: { tokenHash: hashToken(token) } });
  const expiresInHours = Math.max(1, Math.round((request.expiresAt.getTime() - Date.now()) / 3_600_000));
  const result = await deliverEmail(
    {
      template: 'confirm-email-change',
      to: request.newEmail,
      data: {
        name: request.user.name,
        confirmUrl: siteLink(env.PUBLIC_URL, `/confirm-email-change?token=${encodeURIComponent(token)}`),
        expiresInHours: Math.min(expiresInHours, EMAIL_CHANGE_TTL_MS / 3_600_000),
      },
    },
    ctx,
  );
  // The second e-mail of the job gets its own name in the mail folder.
  const noticeCtx = { ...ctx, job: { ...ctx.job, id: `${ctx.job.id ?? ctx.job.name}_notice` } as typeof ctx.job };
  await deliverEmail(
    {
      template: 'email-change-requested',
      to: request.user.email,
      data: { name: request.user.name, newEmail: request.newEmail, resetUrl: siteLink(env.PUBLIC_URL, '/forgot-password') },
    },
    noticeCtx,
  );
  await prisma.emailChangeToken.update({ where: { id: request.id }, data: { sentAt: new Date() } });
  return { sent: true, via: result.via };
}

export const sendEmailChangeHandler = defineJobHandler(JOBS.sendEmailChange, sendEmailChange);
