// Password reset (product rule 10). A request only enqueues send-password-reset (core/jobs.ts): the
// worker looks the address up, makes a single-use token valid for 1 hour, stores its SHA-256 and
// e-mails the link. So the request does the same work, in the same time, whether or not the address
// has an account, and no job, log or queue holds a usable link. Setting a new password uses the
// token up (and every other outstanding token of that user); the route then ends every session.
import { randomBytes } from 'node:crypto';
import { AUTH_MESSAGES } from '../../../../core/auth';
import type { PrismaClient } from '../../../../prisma/db';
import { hashPassword } from '../../../../prisma/password';
import { hashToken } from '../../../../prisma/tokens';
import type { Queues } from '../../queue';
import { AppError } from '../app-error';

export async function requestPasswordReset({ queues, email }: { queues: Pick<Queues, 'enqueue'>; email: string }): Promise<void> {
  await queues.enqueue('sendPasswordReset', { email, requestId: randomBytes(16).toString('base64url') });
}

/** Sets the new password; returns the user whose sessions the caller must end. */
export async function resetPassword({
  prisma,
  token,
  password,
  now = new Date(),
}: {
  prisma: PrismaClient;
  token: string;
  password: string;
  now?: Date;
}): Promise<{ userId: number }> {
  const invalid = () => new AppError('bad_request', AUTH_MESSAGES.resetInvalid);
  const row = await prisma.passwordResetToken.findUnique({
    where: { tokenHash: hashToken(token) },
    select: { id: true, userId: true, expiresAt: true, usedAt: true, user: { select: { isArchived: true } } },
  });
  if (!row || row.usedAt !== null || row.expiresAt <= now || row.user.isArchived) throw invalid();
  const passwordHash = await hashPassword(password);
  await prisma.$transaction(async (tx) => {
    // The conditional update is the single-use guarantee: of two concurrent resets one wins.
    const { count } = await tx.passwordResetToken.updateMany({ where: { id: row.id, usedAt: null }, data: { usedAt: now } });
    if (count !== 1) throw invalid();
    await tx.passwordResetToken.updateMany({ where: { userId: row.userId, usedAt: null }, data: { usedAt: now } });
    await tx.user.update({ where: { id: row.userId }, data: { passwordHash } });
  });
  return { userId: row.userId };
}
