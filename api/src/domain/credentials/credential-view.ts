// How a credential row leaves the API (core/credentials.ts MyCredential, AdminCredential), and
// the words its failures answer with. Shared by the owner's routes and the admin's queue.
import {
  companyNamesMatch,
  type AdminCredential,
  type CredentialDetails,
  type CredentialKind,
  type CredentialStatus,
  type EvidenceFileInfo,
  type EvidenceType,
  type MyCredential,
} from '../../../../core/credentials';
import type { Prisma } from '../../../../prisma/db';

export const CREDENTIAL_MESSAGES = {
  notFound: 'Credential not found',
  noListing: 'Your account has no listing yet: checks are added to a listing once it is approved.',
  evidenceNotYours: 'Upload the file again: one of these files is not one you uploaded, or it is already attached.',
  notWithdrawable: 'Only a check waiting for review or approved can be withdrawn.',
  decided: 'This check has already been decided.',
  expiredBeforeApproval: 'This check’s expiry day has come: it cannot be approved. Reject it and ask for a current one.',
  evidenceNotFound: 'No such file.',
  wrongType: 'Upload a PDF, PNG or JPEG file (the certificate or schedule of insurance).',
  tooLarge: 'The file is too large: upload one of at most 10 MB.',
  empty: 'The file is empty.',
} as const;

export const EVIDENCE_SELECT = { name: true, originalName: true, contentType: true, size: true } as const;

export const CREDENTIAL_INCLUDE = {
  evidence: { select: EVIDENCE_SELECT, orderBy: { uploadedAt: 'asc' } },
} as const satisfies Prisma.CredentialInclude;

export const ADMIN_CREDENTIAL_INCLUDE = {
  ...CREDENTIAL_INCLUDE,
  professional: { select: { id: true, slug: true, companyName: true, isApproved: true, subscriptionStatus: true } },
  reviewedBy: { select: { name: true } },
} as const satisfies Prisma.CredentialInclude;

type CredentialRow = Prisma.CredentialGetPayload<{ include: typeof CREDENTIAL_INCLUDE }>;
type AdminCredentialRow = Prisma.CredentialGetPayload<{ include: typeof ADMIN_CREDENTIAL_INCLUDE }>;

/** A DATE column → 'YYYY-MM-DD' (Prisma reads it as UTC midnight). */
export function isoDay(date: Date | null): string | null {
  return date === null ? null : date.toISOString().slice(0, 10);
}

/** 'YYYY-MM-DD' → the Date a DATE column is written from. */
export function dayDate(isoDate: string | null): Date | null {
  return isoDate === null ? null : new Date(`${isoDate}T00:00:00Z`);
}

export function toEvidenceInfo(file: { name: string; originalName: string; contentType: string; size: number }): EvidenceFileInfo {
  return { name: file.name, originalName: file.originalName, contentType: file.contentType as EvidenceType, size: file.size };
}

export function toMyCredential(row: CredentialRow): MyCredential {
  return {
    id: row.id,
    kind: row.kind as CredentialKind,
    status: row.status as CredentialStatus,
    details: row.details as unknown as CredentialDetails,
    expiresOn: isoDay(row.expiresOn),
    submittedAt: row.submittedAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    rejectionReason: row.rejectionReason,
    endedAt: row.endedAt?.toISOString() ?? null,
    evidence: row.evidence.map(toEvidenceInfo),
  };
}

export function toAdminCredential(row: AdminCredentialRow): AdminCredential {
  const mine = toMyCredential(row);
  const details = row.details as { registeredName?: unknown };
  return {
    ...mine,
    professional: {
      id: row.professional.id,
      slug: row.professional.slug,
      companyName: row.professional.companyName,
      isLive: row.professional.isApproved && row.professional.subscriptionStatus === 'active',
    },
    namesMatch: row.kind === 'companies_house' && typeof details.registeredName === 'string' ? companyNamesMatch(details.registeredName, row.professional.companyName) : null,
    reviewedBy: row.reviewedBy?.name ?? null,
  };
}
