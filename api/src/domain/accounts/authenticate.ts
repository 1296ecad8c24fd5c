// Accounts: sign-in and archive (sign-up is registration.ts). Commands take plain data and return
// the CurrentUser; the routes own the session. Unknown e-mail and wrong password answer the same message and spend
// the same hashing time (a dummy hash is verified for unknown e-mails), so neither the answer nor
// its timing says whether an account exists. An archived account is refused (403) only after its
// password verified, so that answer leaks nothing to someone without the password.
import { AUTH_MESSAGES, type CurrentUser } from '../../../../core/auth';
import type { PrismaClient } from '../../../../prisma/db';
import { hashPassword, needsRehash, verifyPassword } from '../../../../prisma/password';
import { AppError } from '../app-error';
import { CURRENT_USER_SELECT, toCurrentUser } from './current-user';

let dummyHash: Promise<string> | undefined;
/** A real password hash of a random password, made once: verifying against it costs what a real check costs. */
function getDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(`dummy-${Math.random()}-${Date.now()}`);
  return dummyHash;
}

/** A failure names the account (for the security log) only when the address has one. */
export type SignInResult = { ok: true; user: CurrentUser } | { ok: false; reason: 'invalid' | 'archived'; userId?: number };

export async function checkCredentials({
  prisma,
  email,
  password,
}: {
  prisma: PrismaClient;
  email: string;
  password: string;
}): Promise<SignInResult> {
  const row = await prisma.user.findUnique({
    where: { email },
    select: { ...CURRENT_USER_SELECT, passwordHash: true },
  });
  if (!row) {
    await verifyPassword(password, await getDummyHash());
    return { ok: false, reason: 'invalid' };
  }
  if (!(await verifyPassword(password, row.passwordHash))) return { ok: false, reason: 'invalid', userId: row.id };
  if (row.isArchived) return { ok: false, reason: 'archived', userId: row.id };
  if (needsRehash(row.passwordHash)) {
    await prisma.user.update({ where: { id: row.id }, data: { passwordHash: await hashPassword(password) } });
  }
  return { ok: true, user: toCurrentUser(row) };
}

/**
 * Deleting an account archives it (spec section 4), once its password has been given again (so a
 * forged request or an unattended session cannot do it); the route then ends every session.
 */
export async function archiveAccount({ prisma, userId, password }: { prisma: PrismaClient; userId: number; password: string }): Promise<void> {
  const row = await prisma.user.findUnique({ where: { id: userId }, select: { passwordHash: true } });
  if (!row || !(await verifyPassword(password, row.passwordHash))) {
    throw new AppError('forbidden', AUTH_MESSAGES.wrongPassword, { fields: { password: AUTH_MESSAGES.wrongPassword } });
  }
  await prisma.user.updateMany({
    where: { id: userId, isArchived: false },
    data: { isArchived: true, archivedAt: new Date() },
  });
}
