// Password reset (DECISIONS #10): a request makes a single-use token valid for 1 hour and e-mails a
// link; only the token's SHA-256 is stored. Setting a new password uses the token up (and every
// other outstanding token of that user); the route then ends every session of the user.
// A request answers the same whether or not the e-mail has an account (no account discovery).
import { createHash, randomBytes } from 'node:crypto';
import { AUTH_MESSAGES, PASSWORD_RESET_TTL_MS } from '../../../../core/auth';
import type { PrismaClient } from '../../../../prisma/db';
import { hashPassword } from '../../../../prisma/password';
import type { Queues } from '../../queue';
import { AppError } from '../app-error';

export function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function resetLink(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/reset-password?token=${encodeURIComponent(token)}`;
}

/** Returns whether an e-mail was queued (for logs and tests only; the caller answers the same). */
export async function requestPasswordReset({
  prisma,
  queues,
  publicUrl,
  email,
  now = new Date(),
}: {
  prisma: PrismaClient;
  queues: Pick<Queues, 'enqueue'>;
  publicUrl: string;
  email: string;
  now?: Date;
}): Promise<{ isQueued: boolean }> {
  const user = await prisma.user.findUnique({ where: { email }, select: { id: true, name: true, isArchived: true } });
  if (!user || user.isArchived) return { isQueued: false };
  const token = randomBytes(32).toString('base64url');
  const row = await prisma.passwordResetToken.create({
    data: { userId: user.id, tokenHash: hashResetToken(token), createdAt: now, expiresAt: new Date(now.getTime() + PASSWORD_RESET_TTL_MS) },
    select: { id: true },
  });
  // After the row is committed (CONVENTIONS #6); the job id makes a retry of this enqueue harmless.
  await queues.enqueue('sendEmail', {
    template: 'password-reset',
    to: email,
    data: { name: user.name, resetUrl: resetLink(publicUrl, token), expiresInMinutes: PASSWORD_RESET_TTL_MS / 60_000 },
    idempotencyKey: `password-reset_${row.id}`,
  });
  return { isQueued: true };
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
    where: { tokenHash: hashResetToken(token) },
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
