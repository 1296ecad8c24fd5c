// Whose account an application is (product rule 24, decision 0029): the API's approval and the
// worker's paid checkout both ask. Every application since addresses were proved is an account's
// own, made when its owner used the e-mailed link. One a visitor sent before that has none: the
// account made for it has no usable password, so only the address's owner can ever use it, through
// a password reset, which proves the address. None is made from anything a visitor typed.
import type { Application, Prisma } from './generated/client';
import { UNUSABLE_PASSWORD_HASH } from './password';

const ACCOUNT_FIELDS = { id: true, role: true, professionalId: true } as const;

export async function findOrMakeApplicantAccount(tx: Prisma.TransactionClient, application: Pick<Application, 'userId' | 'email' | 'contactName'>) {
  if (application.userId !== null) {
    const user = await tx.user.findUnique({ where: { id: application.userId }, select: ACCOUNT_FIELDS });
    if (user) return user;
  }
  return (
    (await tx.user.findUnique({ where: { email: application.email }, select: ACCOUNT_FIELDS })) ??
    tx.user.create({ data: { email: application.email, name: application.contactName, passwordHash: UNUSABLE_PASSWORD_HASH, role: 'customer' }, select: ACCOUNT_FIELDS })
  );
}
