// A provider's own credentials (issue 34, product rule 45): submit one with its evidence, list
// them, withdraw one. A submission is checked by core/credential-input.ts against today's UK date;
// its evidence must be the provider's own files not yet attached to anything, and the credential
// and its files are written in one transaction that locks those files' rows, so one file is never
// attached twice. Withdrawing ends a pending or approved check at once (the database's trigger
// takes it off the listing) and is audited with the owner as actor.
import type { CurrentUser } from '../../../../core/auth';
import { CREDENTIAL_AUDIT_ACTIONS, credentialName, type MyCredential } from '../../../../core/credentials';
import type { CredentialSubmission } from '../../../../core/credential-input';
import { Prisma, type PrismaClient } from '../../../../prisma/db';
import { recordAudit } from '../admin/audit-log';
import { AppError } from '../app-error';
import { CREDENTIAL_INCLUDE, CREDENTIAL_MESSAGES, dayDate, toMyCredential } from './credential-view';
import { listingOf } from './evidence-files';

export async function submitCredential({ prisma }: { prisma: PrismaClient }, user: CurrentUser, input: CredentialSubmission): Promise<MyCredential> {
  const professionalId = listingOf(user);
  const row = await prisma.$transaction(async (tx) => {
    if (input.evidence.length > 0) {
      const files = await tx.$queryRaw<{ name: string }[]>`
        SELECT name FROM evidence_files
         WHERE name IN (${Prisma.join(input.evidence)}) AND professional_id = ${professionalId} AND credential_id IS NULL
         FOR UPDATE`;
      if (files.length !== input.evidence.length) {
        throw new AppError('invalid_input', CREDENTIAL_MESSAGES.evidenceNotYours, { fields: { evidence: CREDENTIAL_MESSAGES.evidenceNotYours } });
      }
    }
    const credential = await tx.credential.create({
      data: { professionalId, kind: input.kind, details: input.details as Prisma.InputJsonObject, expiresOn: dayDate(input.expiresOn) },
    });
    if (input.evidence.length > 0) await tx.evidenceFile.updateMany({ where: { name: { in: input.evidence } }, data: { credentialId: credential.id } });
    return tx.credential.findUniqueOrThrow({ where: { id: credential.id }, include: CREDENTIAL_INCLUDE });
  });
  return toMyCredential(row);
}

/** Newest first. */
export async function listMyCredentials({ prisma }: { prisma: PrismaClient }, user: CurrentUser): Promise<MyCredential[]> {
  if (user.professionalId === null) return [];
  const rows = await prisma.credential.findMany({
    where: { professionalId: user.professionalId },
    orderBy: [{ submittedAt: 'desc' }, { id: 'desc' }],
    include: CREDENTIAL_INCLUDE,
  });
  return rows.map(toMyCredential);
}

export async function withdrawCredential(
  { prisma, now = new Date() }: { prisma: PrismaClient; now?: Date },
  user: CurrentUser,
  credentialId: number,
): Promise<MyCredential> {
  const row = await prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM credentials WHERE id = ${credentialId} FOR UPDATE`;
    const credential = await tx.credential.findUnique({ where: { id: credentialId }, include: { professional: { select: { companyName: true } } } });
    // Someone else's is not found, exactly as a missing one.
    if (!credential || user.professionalId === null || credential.professionalId !== user.professionalId) throw new AppError('not_found', CREDENTIAL_MESSAGES.notFound);
    if (credential.status !== 'pending' && credential.status !== 'approved') throw new AppError('conflict', CREDENTIAL_MESSAGES.notWithdrawable);
    const updated = await tx.credential.update({ where: { id: credentialId }, data: { status: 'withdrawn', endedAt: now }, include: CREDENTIAL_INCLUDE });
    await recordAudit(tx, {
      actorId: user.id,
      action: CREDENTIAL_AUDIT_ACTIONS.withdraw,
      targetType: 'credential',
      targetId: credentialId,
      details: {
        summary: `${credential.professional.companyName} withdrew ${credentialName(updated.kind as never, updated.details as never)} (credential ${credentialId}, was ${credential.status})`,
        professionalId: credential.professionalId,
      },
    });
    return updated;
  });
  return toMyCredential(row);
}
