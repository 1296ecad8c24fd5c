// Account settings on /profile (product rule 32): a user changes their name, their e-mail address
// (only once the link e-mailed to the new address is used: single-use, expiring, only its SHA-256
// stored, made and sent by the worker like a password-reset link, decision 0007) and their
// password (the current one required; the route then ends every other session).
import { randomBytes } from 'node:crypto';
import { ACCOUNT_MESSAGES, EMAIL_CHANGE_TTL_MS } from '../../../../core/account';
import type { CurrentUser } from '../../../../core/auth';
import { Prisma, type PrismaClient } from '../../../../prisma/db';
import { hashPassword, verifyPassword } from '../../../../prisma/password';
import { hashToken } from '../../../../prisma/tokens';
import type { Queues } from '../../queue';
import { AppError } from '../app-error';
import { CURRENT_USER_SELECT, toCurrentUser } from './current-user';

const wrongPassword = () =>
  new AppError('forbidden', ACCOUNT_MESSAGES.wrongCurrentPassword, { fields: { currentPassword: ACCOUNT_MESSAGES.wrongCurrentPassword } });

/** The current password, asked for again before a sensitive change; a wrong one is a 403 on the field. */
export async function checkCurrentPassword(prisma: PrismaClient, userId: number, password: string): Promise<{ email: string }> {
  const row = await prisma.user.findUnique({ where: { id: userId }, select: { passwordHash: true, email: true, isArchived: true } });
  if (!row || row.isArchived || !(await verifyPassword(password, row.passwordHash))) throw wrongPassword();
  return { email: row.email };
}

export async function changeName({ prisma, userId, name }: { prisma: PrismaClient; userId: number; name: string }): Promise<CurrentUser> {
  const row = await prisma.user.update({ where: { id: userId }, data: { name }, select: CURRENT_USER_SELECT });
  return toCurrentUser(row);
}

/**
 * Stores the request (new address, expiry) and enqueues send-email-change, which makes the link and
 * e-mails both addresses. The answer is the same whether or not another account has the new address
 * (that is only said to whoever opens the link, who holds that inbox).
 */
export async function requestEmailChange({
  prisma,
  queues,
  userId,
  email,
  currentPassword,
  now = new Date(),
}: {
  prisma: PrismaClient;
  queues: Pick<Queues, 'enqueue'>;
  userId: number;
  email: string;
  currentPassword: string;
  now?: Date;
}): Promise<void> {
  const current = await checkCurrentPassword(prisma, userId, currentPassword);
  if (current.email === email) throw new AppError('bad_request', ACCOUNT_MESSAGES.emailSame, { fields: { email: ACCOUNT_MESSAGES.emailSame } });
  const requestId = randomBytes(16).toString('base64url');
  await prisma.$transaction([
    // A newer request replaces every open one: only the latest link can change the address.
    prisma.emailChangeToken.updateMany({ where: { userId, usedAt: null }, data: { usedAt: now } }),
    prisma.emailChangeToken.create({ data: { userId, newEmail: email, requestId, expiresAt: new Date(now.getTime() + EMAIL_CHANGE_TTL_MS) } }),
  ]);
  await queues.enqueue('sendEmailChange', { requestId });
}

/** Uses the link: the address changes now, once. Returns the user whose sessions see the new address. */
export async function confirmEmailChange({
  prisma,
  token,
  now = new Date(),
}: {
  prisma: PrismaClient;
  token: string;
  now?: Date;
}): Promise<{ userId: number; email: string }> {
  const invalid = () => new AppError('bad_request', ACCOUNT_MESSAGES.emailChangeInvalid);
  const row = await prisma.emailChangeToken.findUnique({
    where: { tokenHash: hashToken(token) },
    select: { id: true, userId: true, newEmail: true, expiresAt: true, usedAt: true, user: { select: { isArchived: true } } },
  });
  if (!row || row.usedAt !== null || row.expiresAt <= now || row.user.isArchived) throw invalid();
  try {
    await prisma.$transaction(async (tx) => {
      // The conditional update is the single-use guarantee: of two concurrent confirmations one wins.
      const { count } = await tx.emailChangeToken.updateMany({ where: { id: row.id, usedAt: null }, data: { usedAt: now } });
      if (count !== 1) throw invalid();
      await tx.user.update({ where: { id: row.userId }, data: { email: row.newEmail } });
      // Reset links sent to the old address stop working with it.
      await tx.passwordResetToken.updateMany({ where: { userId: row.userId, usedAt: null }, data: { usedAt: now } });
    });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') {
      throw new AppError('conflict', ACCOUNT_MESSAGES.emailTaken);
    }
    throw error;
  }
  return { userId: row.userId, email: row.newEmail };
}

/** Checks the current password and sets the new one; the route then ends every other session. */
export async function changePassword({
  prisma,
  userId,
  currentPassword,
  newPassword,
  now = new Date(),
}: {
  prisma: PrismaClient;
  userId: number;
  currentPassword: string;
  newPassword: string;
  now?: Date;
}): Promise<void> {
  await checkCurrentPassword(prisma, userId, currentPassword);
  if (currentPassword === newPassword) {
    throw new AppError('bad_request', ACCOUNT_MESSAGES.passwordSame, { fields: { newPassword: ACCOUNT_MESSAGES.passwordSame } });
  }
  const passwordHash = await hashPassword(newPassword);
  await prisma.$transaction([
    prisma.user.update({ where: { id: userId }, data: { passwordHash } }),
    prisma.passwordResetToken.updateMany({ where: { userId, usedAt: null }, data: { usedAt: now } }),
  ]);
}
