// send-registration-email (core/jobs.ts): the e-mail that finishes a sign-up. For an address with
// no account: a single-use confirmation link (token made here, only its SHA-256 stored on the
// pending registration), valid until the registration expires. For an address that already has an
// account: a note to its owner instead, and the pending registration is dropped. Either way the
// person who signed up was told the same thing (api/src/domain/accounts/registration.ts). A sign-up
// that came with an application (/apply) gets the application's wording and a link that goes on
// to payment (product rule 24).
// Idempotent: a registration already e-mailed (sent_at set), confirmed or expired sends nothing.
import { REGISTRATION_TTL_MS } from '../../../core/auth';
import { PendingApplication } from '../../../core/billing';
import { PLANS } from '../../../core/plans';
import { JOBS, type SendRegistrationEmailPayload } from '../../../core/jobs';
import { hashToken, newToken } from '../../../prisma/tokens';
import { siteLink } from '../mail/site-link';
import { defineJobHandler, type JobContext } from './job-handler';
import { deliverEmail } from './send-email';

export type SendRegistrationEmailResult =
  | { sent: false; reason: 'gone' | 'already-sent' | 'expired' }
  | { sent: 'confirmation' | 'account-exists'; via: 'smtp' | 'folder' };

export async function sendRegistrationEmail(
  { pendingRegistrationId }: SendRegistrationEmailPayload,
  ctx: Pick<JobContext, 'env' | 'job' | 'logger' | 'prisma'>,
): Promise<SendRegistrationEmailResult> {
  const { prisma, env } = ctx;
  const pending = await prisma.pendingRegistration.findUnique({ where: { id: pendingRegistrationId } });
  if (!pending) return { sent: false, reason: 'gone' };
  if (pending.sentAt) return { sent: false, reason: 'already-sent' };
  if (pending.expiresAt <= new Date()) return { sent: false, reason: 'expired' };

  const application = pending.application === null ? null : PendingApplication.safeParse(pending.application);
  if (application && !application.success) throw new Error(`pending registration ${pending.id}: its application does not read back: ${application.error.message}`);
  const applied = application?.data ?? null;
  const owner = await prisma.user.findUnique({ where: { email: pending.email }, select: { name: true } });
  if (owner) {
    const result = await deliverEmail(
      {
        template: 'account-exists',
        to: pending.email,
        data: {
          name: owner.name,
          signInUrl: siteLink(env.PUBLIC_URL, applied ? '/login?next=%2Fapply' : '/login'),
          resetUrl: siteLink(env.PUBLIC_URL, '/forgot-password'),
          ...(applied ? { companyName: applied.companyName } : {}),
        },
      },
      ctx,
    );
    await prisma.pendingRegistration.deleteMany({ where: { id: pending.id } });
    return { sent: 'account-exists', via: result.via };
  }

  const token = newToken();
  await prisma.pendingRegistration.update({ where: { id: pending.id }, data: { tokenHash: hashToken(token) } });
  const expiresInHours = REGISTRATION_TTL_MS / 3_600_000;
  const result = await deliverEmail(
    applied
      ? {
          template: 'confirm-application',
          to: pending.email,
          data: {
            name: pending.name,
            companyName: applied.companyName,
            plan: PLANS[applied.subscriptionType].shortPrice,
            confirmUrl: siteLink(env.PUBLIC_URL, `/confirm-email?token=${encodeURIComponent(token)}&for=application`),
            expiresInHours,
          },
        }
      : {
          template: 'confirm-registration',
          to: pending.email,
          data: { name: pending.name, confirmUrl: siteLink(env.PUBLIC_URL, `/confirm-email?token=${encodeURIComponent(token)}`), expiresInHours },
        },
    ctx,
  );
  await prisma.pendingRegistration.update({ where: { id: pending.id }, data: { sentAt: new Date() } });
  return { sent: 'confirmation', via: result.via };
}

export const sendRegistrationEmailHandler = defineJobHandler(JOBS.sendRegistrationEmail, sendRegistrationEmail);
