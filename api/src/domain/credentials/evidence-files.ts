// Evidence files of credentials (issue 34, product rule 45, decision 0041): uploaded by a provider
// before submitting (the bytes, their type sniffed, never taken from the name), stored under a
// random name in the private evidence storage (core/evidence-storage.server.ts) with a row naming
// the provider's listing, and read back only by that provider or an admin. Anyone else is told
// exactly what a missing file tells them: 404, so nothing is revealed.
import type { CurrentUser } from '../../../../core/auth';
import { EVIDENCE_NAME_PATTERN, type EvidenceFileInfo } from '../../../../core/credentials';
import { newEvidenceName, sniffEvidenceType, type EvidenceStorage } from '../../../../core/evidence-storage.server';
import type { PrismaClient } from '../../../../prisma/db';
import { AppError } from '../app-error';
import { CREDENTIAL_MESSAGES, toEvidenceInfo } from './credential-view';

export const MAX_ORIGINAL_NAME = 200;

/** The uploader's file name as kept: no folders, no control characters, at most 200 characters. */
export function cleanOriginalName(raw: string | undefined, fallback: string): string {
  const base = (raw ?? '').split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const cleaned = base.replace(/[\u0000-\u001f\u007f"<>|*?:]/g, '').replace(/\s+/g, ' ').trim().slice(0, MAX_ORIGINAL_NAME);
  return cleaned && cleaned !== '.' && cleaned !== '..' ? cleaned : fallback;
}

const FALLBACK_NAMES = { 'application/pdf': 'evidence.pdf', 'image/png': 'evidence.png', 'image/jpeg': 'evidence.jpg' } as const;

/** The provider's listing, or a clear 409 for an account without one. */
export function listingOf(user: CurrentUser): number {
  if (user.professionalId === null) throw new AppError('conflict', CREDENTIAL_MESSAGES.noListing);
  return user.professionalId;
}

export async function uploadEvidence(
  { prisma, storage }: { prisma: PrismaClient; storage: EvidenceStorage },
  user: CurrentUser,
  bytes: Buffer,
  originalName: string | undefined,
): Promise<EvidenceFileInfo> {
  const professionalId = listingOf(user);
  if (bytes.length === 0) throw new AppError('invalid_input', CREDENTIAL_MESSAGES.empty, { fields: { file: CREDENTIAL_MESSAGES.empty } });
  const contentType = sniffEvidenceType(bytes);
  if (!contentType) throw new AppError('unsupported_media_type', CREDENTIAL_MESSAGES.wrongType, { fields: { file: CREDENTIAL_MESSAGES.wrongType } });
  const name = newEvidenceName();
  // The file first: a row never names a file that is not there. A file whose row failed is an
  // orphan the retention run cannot see; the row's insert failing is a bug, not a user's input.
  await storage.put(name, bytes, contentType);
  const row = await prisma.evidenceFile.create({
    data: { name, professionalId, contentType, size: bytes.length, originalName: cleanOriginalName(originalName, FALLBACK_NAMES[contentType]) },
  });
  return toEvidenceInfo(row);
}

export interface EvidenceDownload {
  body: Buffer;
  contentType: string;
  originalName: string;
}

/** The file, to the provider whose listing it belongs to and to admins; anyone else: 404. */
export async function readEvidence(
  { prisma, storage }: { prisma: PrismaClient; storage: EvidenceStorage },
  user: CurrentUser | null,
  name: string,
): Promise<EvidenceDownload> {
  const notFound = () => new AppError('not_found', CREDENTIAL_MESSAGES.evidenceNotFound);
  if (!user || !EVIDENCE_NAME_PATTERN.test(name)) throw notFound();
  const row = await prisma.evidenceFile.findUnique({ where: { name } });
  if (!row) throw notFound();
  const isOwner = user.role === 'provider' && user.professionalId !== null && row.professionalId === user.professionalId;
  if (!isOwner && user.role !== 'admin') throw notFound();
  const body = await storage.get(name);
  if (!body) throw notFound();
  return { body, contentType: row.contentType, originalName: row.originalName };
}
