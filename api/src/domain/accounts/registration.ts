// Sign-up with a confirmed e-mail address (docs/security.md, item 6). Asking for an account stores a
// pending registration and enqueues send-registration-email; the worker e-mails the confirmation
// link, or, when the address already has an account, tells its owner so instead. The request does
// the same work either way (hash the password, one insert, one enqueue) and answers the same, so
// the form never says whether an address has an account. The account is created when the link is
// used, with the password chosen at sign-up, which whoever uses the link must give again: they
// have shown they read that inbox and that the sign-up is theirs (decision 0029). A visitor's
// application for a listing comes with its sign-up (/apply): it becomes the new account's
// application, waiting for payment, in the same transaction (product rule 24).
import { AUTH_MESSAGES, REGISTRATION_TTL_MS, type CurrentUser } from '../../../../core/auth';
import { APPLY_MESSAGES, PendingApplication } from '../../../../core/billing';
import { Prisma, type PrismaClient } from '../../../../prisma/db';
import { hashPassword, verifyPassword } from '../../../../prisma/password';
import { hashToken } from '../../../../prisma/tokens';
import type { Queues } from '../../queue';
import { AppError } from '../app-error';
import { applicationColumns } from '../billing/application-columns';
import { CURRENT_USER_SELECT, toCurrentUser } from './current-user';

export async function requestRegistration({
  prisma,
  queues,
  name,
  email,
  password,
  application,
  now = new Date(),
}: {
  prisma: PrismaClient;
  queues: Pick<Queues, 'enqueue'>;
  name: string;
  email: string;
  password: string;
  /** A visitor's application for a listing (/apply), kept until the link is used. */
  application?: PendingApplication;
  now?: Date;
}): Promise<void> {
  const passwordHash = await hashPassword(password);
  // Expired sign-ups hold a password hash and an address: each new one clears them away.
  await prisma.pendingRegistration.deleteMany({ where: { expiresAt: { lt: now } } });
  const row = await prisma.pendingRegistration.create({
    data: { email, name, passwordHash, expiresAt: new Date(now.getTime() + REGISTRATION_TTL_MS), ...(application ? { application: application as Prisma.InputJsonValue } : {}) },
    select: { id: true },
  });
  await queues.enqueue('sendRegistrationEmail', { pendingRegistrationId: row.id });
}

/** The sign-up a link belongs to, while it is valid; null otherwise. */
export async function pendingRegistrationOf(prisma: PrismaClient, token: string, now = new Date()) {
  const pending = await prisma.pendingRegistration.findUnique({ where: { tokenHash: hashToken(token) } });
  return pending && pending.expiresAt > now ? pending : null;
}

/**
 * Creates the customer account of a confirmed sign-up (the route signs it in) and, when the
 * sign-up came with an application, that application, waiting for payment: `applicationId`.
 */
export async function confirmRegistration({
  prisma,
  token,
  password,
  now = new Date(),
}: {
  prisma: PrismaClient;
  token: string;
  /** The password chosen at sign-up, given again. */
  password: string;
  now?: Date;
}): Promise<{ user: CurrentUser; applicationId: number | null }> {
  const invalid = () => new AppError('bad_request', AUTH_MESSAGES.registrationInvalid);
  const pending = await pendingRegistrationOf(prisma, token, now);
  if (!pending) throw invalid();
  if (!(await verifyPassword(password, pending.passwordHash))) {
    throw new AppError('bad_request', AUTH_MESSAGES.registrationWrongPassword, { fields: { password: AUTH_MESSAGES.registrationWrongPassword } });
  }
  // Kept as it was checked at /apply; checked again, as anything read back from storage.
  const application = pending.application === null ? null : PendingApplication.parse(pending.application);
  try {
    const row = await prisma.$transaction(async (tx) => {
      // Deleting the row is the single-use guarantee: of two concurrent confirmations one wins.
      const { count } = await tx.pendingRegistration.deleteMany({ where: { id: pending.id } });
      if (count !== 1) throw invalid();
      const user = await tx.user.create({
        // Public sign-up creates a customer, whatever role the form asked for (spec section 6).
        data: { email: pending.email, name: pending.name, passwordHash: pending.passwordHash, role: 'customer' },
        select: CURRENT_USER_SELECT,
      });
      await tx.pendingRegistration.deleteMany({ where: { email: pending.email } });
      if (!application) return { user, applicationId: null };
      // An unpaid application a visitor sent before addresses were proved made no account and holds
      // only this address: the address's owner replaces it (its checkout, if ever paid, is refunded
      // by the worker as one that is no application's own).
      await tx.application.deleteMany({ where: { email: pending.email, userId: null, status: 'pending_payment' } });
      // One open application per address: another account's (whose address this was) stays as it is.
      const open = await tx.application.findFirst({ where: { email: pending.email, status: { in: ['pending', 'pending_payment'] } }, select: { id: true } });
      if (open) throw new AppError('conflict', APPLY_MESSAGES.applicationOpen);
      const created = await tx.application.create({ data: { ...applicationColumns(application, pending.email), userId: user.id, status: 'pending_payment' }, select: { id: true } });
      return { user, applicationId: created.id };
    });
    return { user: toCurrentUser(row.user), applicationId: row.applicationId };
  } catch (err) {
    // The address got an account meanwhile (another link). Whoever holds this link reads that
    // inbox, so saying so reveals nothing to them.
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002') {
      throw new AppError('conflict', AUTH_MESSAGES.emailTaken, { fields: { email: AUTH_MESSAGES.emailTaken } });
    }
    throw err;
  }
}
