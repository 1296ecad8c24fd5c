// The admins' queue of credentials (issue 34, product rule 45, decision 0041): list by status
// (oldest pending first), approve or reject with a reason. Each decision is one transaction that
// locks the credential's row, so a double click or two admins at once decide once (the second gets
// 409); it records the reviewer and time and writes its audit row in the same transaction. The
// professional's e-mail is enqueued after the commit, once per credential (its idempotency key).
// Approving puts the check on the listing through the database's trigger (verified_checks and the
// directory's flags); a check whose expiry day has come is never approved.
import { CREDENTIAL_AUDIT_ACTIONS, credentialName, ukIsoDate, type AdminCredential, type CredentialDetails, type CredentialKind } from '../../../../core/credentials';
import type { CurrentUser } from '../../../../core/auth';
import type { AdminCredentialsQuery } from '../../../../core/credential-input';
import { Prisma, type PrismaClient } from '../../../../prisma/db';
import type { Queues } from '../../queue';
import { recordAudit } from '../admin/audit-log';
import { AppError } from '../app-error';
import { ADMIN_CREDENTIAL_INCLUDE, CREDENTIAL_MESSAGES, isoDay, toAdminCredential } from './credential-view';

export type AdminCredentialStatus = AdminCredentialsQuery['status'];

export async function listAdminCredentials({
  prisma,
  status,
  limit,
  offset,
}: {
  prisma: PrismaClient;
  status: AdminCredentialStatus;
  limit: number;
  offset: number;
}): Promise<{ items: AdminCredential[]; total: number }> {
  const where: Prisma.CredentialWhereInput = status === 'all' ? {} : { status };
  // The queue is oldest first (first come, first checked); decided ones are newest decision first.
  const orderBy: Prisma.CredentialOrderByWithRelationInput[] =
    status === 'pending' ? [{ submittedAt: 'asc' }, { id: 'asc' }] : [{ reviewedAt: { sort: 'desc', nulls: 'last' } }, { submittedAt: 'desc' }, { id: 'desc' }];
  const [rows, total] = await Promise.all([
    prisma.credential.findMany({ where, orderBy, take: limit, skip: offset, include: ADMIN_CREDENTIAL_INCLUDE }),
    prisma.credential.count({ where }),
  ]);
  return { items: rows.map(toAdminCredential), total };
}

type Tx = Prisma.TransactionClient;

async function lockPending(tx: Tx, credentialId: number) {
  await tx.$queryRaw`SELECT id FROM credentials WHERE id = ${credentialId} FOR UPDATE`;
  const credential = await tx.credential.findUnique({
    where: { id: credentialId },
    include: { professional: { select: { id: true, companyName: true, contactName: true, email: true } } },
  });
  if (!credential) throw new AppError('not_found', CREDENTIAL_MESSAGES.notFound);
  if (credential.status !== 'pending') throw new AppError('conflict', CREDENTIAL_MESSAGES.decided);
  return credential;
}

interface DecisionDeps {
  prisma: PrismaClient;
  queues: Pick<Queues, 'enqueue'>;
  admin: CurrentUser;
  publicUrl: string;
  now?: Date;
}

type Decision = { kind: 'approve' } | { kind: 'reject'; reason: string };

/** One decision: the row locked and still pending, the update and its audit row in one transaction, the e-mail after the commit. */
async function decideCredential({ prisma, queues, admin, publicUrl, now = new Date() }: DecisionDeps, credentialId: number, decision: Decision): Promise<AdminCredential> {
  const reason = decision.kind === 'reject' ? decision.reason : null;
  const isApproval = reason === null;
  const { credential, decided, what } = await prisma.$transaction(async (tx) => {
    const credential = await lockPending(tx, credentialId);
    const expiresOn = isoDay(credential.expiresOn);
    if (isApproval && expiresOn !== null && expiresOn <= ukIsoDate(now.getTime())) throw new AppError('conflict', CREDENTIAL_MESSAGES.expiredBeforeApproval);
    const decided = await tx.credential.update({
      where: { id: credentialId },
      data: { status: isApproval ? 'approved' : 'rejected', reviewedById: admin.id, reviewedAt: now, ...(isApproval ? {} : { rejectionReason: reason }) },
      include: ADMIN_CREDENTIAL_INCLUDE,
    });
    const what = credentialName(credential.kind as CredentialKind, credential.details as unknown as CredentialDetails);
    const of = `${what} of ${credential.professional.companyName} (credential ${credentialId})`;
    await recordAudit(tx, {
      actorId: admin.id,
      action: isApproval ? CREDENTIAL_AUDIT_ACTIONS.approve : CREDENTIAL_AUDIT_ACTIONS.reject,
      targetType: 'credential',
      targetId: credentialId,
      details: {
        summary: isApproval ? `Approved ${of}` : `Rejected ${of}: ${reason}`,
        professionalId: credential.professionalId,
        kind: credential.kind,
        ...(isApproval ? {} : { reason }),
      },
    });
    return { credential, decided, what };
  });
  const site = publicUrl.replace(/\/+$/, '');
  const { contactName, companyName, email } = credential.professional;
  await queues.enqueue('sendEmail', {
    template: isApproval ? 'credential-approved' : 'credential-rejected',
    to: email,
    data: isApproval
      ? { contactName, companyName, checkName: what, expiresOn: isoDay(credential.expiresOn), profileUrl: `${site}/professionals/${decided.professional.slug}` }
      : { contactName, companyName, checkName: what, reason, profileUrl: `${site}/profile` },
    idempotencyKey: `${isApproval ? 'credential-approved' : 'credential-rejected'}_${credentialId}`,
  });
  return toAdminCredential(decided);
}

export function approveCredential(deps: DecisionDeps, credentialId: number): Promise<AdminCredential> {
  return decideCredential(deps, credentialId, { kind: 'approve' });
}

export function rejectCredential(deps: DecisionDeps, credentialId: number, reason: string): Promise<AdminCredential> {
  return decideCredential(deps, credentialId, { kind: 'reject', reason });
}
