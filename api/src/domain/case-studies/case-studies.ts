// A provider's case studies (issue 34, product rule 46): read, save texts and order, add a photo,
// delete a photo. Photos go through the listing's media pipeline (../media: sniffed, resized, WebP,
// content-hashed keys) and are shared by reference (decisions/0028): media_references counts the
// keys in professionals.case_studies too (migration 20261129031000), so a file a case study names
// is never deleted for the gallery, and a file a case study drops goes only when nothing names it,
// after the change has committed, as a deleted listing photo's does (media-references.ts).
import { randomBytes } from 'node:crypto';
import type { CaseStudy } from '../../../../core/case-studies';
import { MAX_CASE_STUDY_PHOTOS } from '../../../../core/case-studies';
import { readCaseStudies, type CaseStudyEdit } from '../../../../core/case-study-input';
import { defaultPhotoAlt, MEDIA_TEXTS, mediaFileName, PHOTO_SIZES, type MediaImage } from '../../../../core/media';
import type { Prisma, PrismaClient } from '../../../../prisma/db';
import { AppError } from '../app-error';
import { processImage, type ProcessedImage } from '../media/image-pipeline';
import { deleteFilesIfUnused, lockKeyForUse, MEDIA_TRANSACTION } from '../media/media-references';
import type { MediaStorage } from '../media/media-storage';

interface Deps {
  prisma: PrismaClient;
  storage: MediaStorage;
}

export const CASE_STUDY_TEXTS = {
  notFound: 'That case study is not on your listing any more.',
  tooManyPhotos: `A case study can have at most ${MAX_CASE_STUDY_PHOTOS} photos. Remove one to add another.`,
  photoNotFound: 'That photo is not on this case study any more.',
} as const;

async function ownListing(prisma: PrismaClient | Prisma.TransactionClient, userId: number, lock = false) {
  const user = await prisma.user.findUnique({ where: { id: userId }, select: { professionalId: true } });
  if (user?.professionalId == null) throw new AppError('forbidden', MEDIA_TEXTS.noListing);
  if (lock) await prisma.$executeRaw`SELECT 1 FROM professionals WHERE id = ${user.professionalId} FOR UPDATE`;
  const row = await prisma.professional.findUnique({ where: { id: user.professionalId }, select: { id: true, companyName: true, caseStudies: true } });
  if (!row) throw new AppError('forbidden', MEDIA_TEXTS.noListing);
  return { id: row.id, companyName: row.companyName, caseStudies: readCaseStudies(row.caseStudies) };
}

const newId = () => randomBytes(9).toString('base64url');

function keysOf(caseStudies: readonly CaseStudy[]): Map<string, MediaImage> {
  return new Map(caseStudies.flatMap((study) => study.photos.map((photo) => [photo.key, photo] as const)));
}

type Edit = (caseStudies: CaseStudy[], companyName: string) => CaseStudy[];

/**
 * One change, in a transaction holding the listing's row lock; `adding`'s files are written inside
 * it under its key's shared lock. Photos the change drops are deleted after the commit, each only
 * when no listing names its key any more (its gallery, or another listing's).
 */
async function change(deps: Deps, userId: number, edit: Edit, adding?: ProcessedImage): Promise<CaseStudy[]> {
  const { after, removed } = await deps.prisma.$transaction(async (tx) => {
    const listing = await ownListing(tx, userId, true);
    const next = edit(listing.caseStudies, listing.companyName);
    if (adding) {
      await lockKeyForUse(tx, adding.key);
      await Promise.all(adding.files.map((file) => deps.storage.put(file.name, file.body, 'image/webp')));
    }
    await tx.professional.update({ where: { id: listing.id }, data: { caseStudies: next as unknown as Prisma.InputJsonValue } });
    const kept = keysOf(next);
    return { after: next, removed: [...keysOf(listing.caseStudies).keys()].filter((key) => !kept.has(key)) };
  }, MEDIA_TRANSACTION);
  for (const key of removed) {
    await deleteFilesIfUnused(deps, key, PHOTO_SIZES.map((size) => mediaFileName(key, size))).catch(() => undefined);
  }
  return after;
}

export async function getCaseStudies({ prisma }: Pick<Deps, 'prisma'>, userId: number): Promise<CaseStudy[]> {
  return (await ownListing(prisma, userId)).caseStudies;
}

/**
 * Saves the texts and order: a case study with a known id keeps its photos as the edit lists them
 * (kept, reordered, re-described or dropped; a key it does not have is refused); one without an id
 * (or whose id is gone) is new, with no photos.
 */
export async function saveCaseStudies(deps: Deps, userId: number, edits: readonly CaseStudyEdit[]): Promise<CaseStudy[]> {
  return change(deps, userId, (current) => {
    const byId = new Map(current.map((study) => [study.id, study]));
    const seen = new Set<string>();
    return edits.map((edit, at): CaseStudy => {
      const existing = edit.id !== undefined && !seen.has(edit.id) ? byId.get(edit.id) : undefined;
      if (!existing) {
        if (edit.photos.length > 0) throw new AppError('invalid_input', CASE_STUDY_TEXTS.photoNotFound, { fields: { [`caseStudies.${at}.photos`]: CASE_STUDY_TEXTS.photoNotFound } });
        return { id: newId(), title: edit.title, clientKind: edit.clientKind, summary: edit.summary, photos: [] };
      }
      seen.add(existing.id);
      const photos = new Map(existing.photos.map((photo) => [photo.key, photo]));
      const kept = [...new Map(edit.photos.map((p) => [p.key, p])).values()].map((p) => {
        const stored = photos.get(p.key);
        if (!stored) throw new AppError('invalid_input', CASE_STUDY_TEXTS.photoNotFound, { fields: { [`caseStudies.${at}.photos`]: CASE_STUDY_TEXTS.photoNotFound } });
        return { ...stored, alt: p.alt };
      });
      return { id: existing.id, title: edit.title, clientKind: edit.clientKind, summary: edit.summary, photos: kept };
    });
  });
}

export async function addCaseStudyPhoto(deps: Deps, userId: number, caseStudyId: string, bytes: Buffer, alt: string | undefined): Promise<CaseStudy[]> {
  // Cheap checks first: who may, which case study, and whether there is room, before decoding anything.
  const before = await ownListing(deps.prisma, userId);
  const study = before.caseStudies.find((s) => s.id === caseStudyId);
  if (!study) throw new AppError('not_found', CASE_STUDY_TEXTS.notFound);
  if (study.photos.length >= MAX_CASE_STUDY_PHOTOS) throw new AppError('conflict', CASE_STUDY_TEXTS.tooManyPhotos);
  const image = await processImage(bytes, 'photo');
  return change(
    deps,
    userId,
    (current, companyName) => {
      if (!current.some((s) => s.id === caseStudyId)) throw new AppError('not_found', CASE_STUDY_TEXTS.notFound);
      return current.map((s) => {
        if (s.id !== caseStudyId) return s;
        if (s.photos.some((p) => p.key === image.key)) return s;
        if (s.photos.length >= MAX_CASE_STUDY_PHOTOS) throw new AppError('conflict', CASE_STUDY_TEXTS.tooManyPhotos);
        return { ...s, photos: [...s.photos, { key: image.key, alt: alt ?? defaultPhotoAlt(companyName), width: image.width, height: image.height }] };
      });
    },
    image,
  );
}

export async function deleteCaseStudyPhoto(deps: Deps, userId: number, caseStudyId: string, key: string): Promise<CaseStudy[]> {
  return change(deps, userId, (current) => {
    const study = current.find((s) => s.id === caseStudyId);
    if (!study) throw new AppError('not_found', CASE_STUDY_TEXTS.notFound);
    if (!study.photos.some((p) => p.key === key)) throw new AppError('not_found', CASE_STUDY_TEXTS.photoNotFound);
    return current.map((s) => (s.id === caseStudyId ? { ...s, photos: s.photos.filter((p) => p.key !== key) } : s));
  });
}
