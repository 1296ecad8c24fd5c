// send-password-reset (core/jobs.ts): the part of a password-reset request that must not happen
// on the request path. Looks the address up; for a live account, makes a single-use token valid
// for 1 hour, stores only its SHA-256 (keyed by the request) and e-mails the link. For an unknown
// or archived address it does nothing: the person who asked was told the same either way.
// The link exists only in the e-mail: not in the job's data, its return value or the logs.
// A retry after the e-mail went out (sent_at set) sends nothing; a retry after a failed send makes
// a new token for the same request, so the one link that reaches the inbox is the one that works.
import { PASSWORD_RESET_TTL_MS } from '../../../core/auth';
import { JOBS, type SendPasswordResetPayload } from '../../../core/jobs';
import { hashToken, newToken } from '../../../prisma/tokens';
import { siteLink } from '../mail/site-link';
import { defineJobHandler, type JobContext } from './job-handler';
import { deliverEmail } from './send-email';

export type SendPasswordResetResult = { sent: false; reason: 'no-account' | 'already-sent' } | { sent: true; via: 'smtp' | 'folder' };

export async function sendPasswordReset(
  { email, requestId }: SendPasswordResetPayload,
  ctx: Pick<JobContext, 'env' | 'job' | 'logger' | 'prisma'>,
): Promise<SendPasswordResetResult> {
  const { prisma, env } = ctx;
  const user = await prisma.user.findUnique({ where: { email }, select: { id: true, name: true, isArchived: true } });
  if (!user || user.isArchived) return { sent: false, reason: 'no-account' };
  const earlier = await prisma.passwordResetToken.findUnique({ where: { requestId }, select: { sentAt: true } });
  if (earlier?.sentAt) return { sent: false, reason: 'already-sent' };

  const token = newToken();
  const expiresAt = new Date(Date.now() + PASSWORD_RESET_TTL_MS);
  await prisma.passwordResetToken.upsert({
    where: { requestId },
    create: { userId: user.id, requestId, tokenHash: hashToken(token), expiresAt },
    update: { tokenHash: hashToken(token), expiresAt },
  });
  const result = await deliverEmail(
    {
      template: 'password-reset',
      to: email,
      data: {
        name: user.name,
        resetUrl: siteLink(env.PUBLIC_URL, `/reset-password?token=${encodeURIComponent(token)}`),
        expiresInMinutes: PASSWORD_RESET_TTL_MS / 60_000,
      },
    },
    ctx,
  );
  await prisma.passwordResetToken.update({ where: { requestId }, data: { sentAt: new Date() } });
  return { sent: true, via: result.via };
}

export const sendPasswordResetHandler = defineJobHandler(JOBS.sendPasswordReset, sendPasswordReset);
