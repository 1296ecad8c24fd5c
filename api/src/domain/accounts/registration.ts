// Sign-up with a confirmed e-mail address (docs/security.md, item 6). Asking for an account stores a
// pending registration and enqueues send-registration-email; the worker e-mails the confirmation
// link, or, when the address already has an account, tells its owner so instead. The request does
// the same work either way (hash the password, one insert, one enqueue) and answers the same, so
// the form never says whether an address has an account. The account is created when the link is
// used: whoever uses it has shown they read that inbox.
import { AUTH_MESSAGES, REGISTRATION_TTL_MS, type CurrentUser } from '../../../../core/auth';
import { Prisma, type PrismaClient } from '../../../../prisma/db';
import { hashPassword } from '../../../../prisma/password';
import { hashToken } from '../../../../prisma/tokens';
import type { Queues } from '../../queue';
import { AppError } from '../app-error';
import { CURRENT_USER_SELECT, toCurrentUser } from './current-user';

export async function requestRegistration({
  prisma,
  queues,
  name,
  email,
  password,
  now = new Date(),
}: {
  prisma: PrismaClient;
  queues: Pick<Queues, 'enqueue'>;
  name: string;
  email: string;
  password: string;
  now?: Date;
}): Promise<void> {
  const passwordHash = await hashPassword(password);
  // Expired sign-ups hold a password hash and an address: each new one clears them away.
  await prisma.pendingRegistration.deleteMany({ where: { expiresAt: { lt: now } } });
  const row = await prisma.pendingRegistration.create({
    data: { email, name, passwordHash, expiresAt: new Date(now.getTime() + REGISTRATION_TTL_MS) },
    select: { id: true },
  });
  await queues.enqueue('sendRegistrationEmail', { pendingRegistrationId: row.id });
}

/** Creates the customer account of a confirmed sign-up; the route signs it in. */
export async function confirmRegistration({
  prisma,
  token,
  now = new Date(),
}: {
  prisma: PrismaClient;
  token: string;
  now?: Date;
}): Promise<CurrentUser> {
  const invalid = () => new AppError('bad_request', AUTH_MESSAGES.registrationInvalid);
  const pending = await prisma.pendingRegistration.findUnique({ where: { tokenHash: hashToken(token) } });
  if (!pending || pending.expiresAt <= now) throw invalid();
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
      return user;
    });
    return toCurrentUser(row);
  } catch (err) {
    // The address got an account meanwhile (another link, an application). Whoever holds this link
    // reads that inbox, so saying so reveals nothing to them.
    if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002') {
      throw new AppError('conflict', AUTH_MESSAGES.emailTaken, { fields: { email: AUTH_MESSAGES.emailTaken } });
    }
    throw err;
  }
}
