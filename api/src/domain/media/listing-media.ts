// A provider's own listing images (product rule 34): add or replace the logo, add photos (at most
// MAX_PHOTOS), change alt text, delete. The files are written before the row change commits and
// the old files deleted after it has committed, so a visitor never gets a name that has no file.
// Files are shared by reference (decisions/0028): another listing may use the same bytes, so old
// files go only when no listing names their key (media-references.ts). The row change is an
// UPDATE of professionals, whose trigger NOTIFYs the directory's answer cache (decisions/0005):
// cards, profiles and JSON-LD show the new image at once.
import {
  defaultLogoAlt,
  defaultPhotoAlt,
  LOGO_SIZES,
  MAX_PHOTOS,
  MEDIA_TEXTS,
  mediaFileName,
  PHOTO_SIZES,
  type MediaImage,
  type ProfessionalMedia,
} from '../../../../core/media';
import { readMedia } from '../../../../core/media-input';
import type { Prisma, PrismaClient } from '../../../../prisma/db';
import { AppError } from '../app-error';
import { processImage, type ImageKind, type ProcessedImage } from './image-pipeline';
import { deleteFilesIfUnused, lockKeyForUse, MEDIA_TRANSACTION } from './media-references';
import type { MediaStorage } from './media-storage';

interface Deps {
  prisma: PrismaClient;
  storage: MediaStorage;
}

async function ownListing(prisma: PrismaClient | Prisma.TransactionClient, userId: number, lock = false) {
  const user = await prisma.user.findUnique({ where: { id: userId }, select: { professionalId: true } });
  if (user?.professionalId == null) throw new AppError('forbidden', MEDIA_TEXTS.noListing);
  if (lock) await prisma.$executeRaw`SELECT 1 FROM professionals WHERE id = ${user.professionalId} FOR UPDATE`;
  const row = await prisma.professional.findUnique({ where: { id: user.professionalId }, select: { id: true, companyName: true, media: true } });
  if (!row) throw new AppError('forbidden', MEDIA_TEXTS.noListing);
  return { id: row.id, companyName: row.companyName, media: readMedia(row.media) };
}

function filesOf(image: MediaImage, kind: ImageKind): string[] {
  return (kind === 'logo' ? LOGO_SIZES : PHOTO_SIZES).map((size) => mediaFileName(image.key, size));
}

type Edit = (media: ProfessionalMedia, companyName: string) => { media: ProfessionalMedia; removed: { image: MediaImage; kind: ImageKind }[] };

/**
 * One change of the signed-in provider's listing, in a transaction holding the row lock. `adding`
 * is an upload's processed image: its files are written inside the transaction, under its key's
 * shared lock, after the edit has accepted it (a refused seventh photo writes nothing). Files of
 * images the edit removed are deleted after the commit, each only when no listing uses it.
 */
async function change(deps: Deps, userId: number, edit: Edit, adding?: ProcessedImage): Promise<ProfessionalMedia> {
  const { media, removed } = await deps.prisma.$transaction(async (tx) => {
    const listing = await ownListing(tx, userId, true);
    const result = edit(listing.media, listing.companyName);
    if (adding) {
      await lockKeyForUse(tx, adding.key);
      // Written even when the listing already shows this image: puts back files lost before
      // references were kept (content-hashed, so the bytes are the same).
      await Promise.all(adding.files.map((file) => deps.storage.put(file.name, file.body, 'image/webp')));
    }
    await tx.professional.update({ where: { id: listing.id }, data: { media: result.media as unknown as Prisma.InputJsonValue } });
    return result;
  }, MEDIA_TRANSACTION);
  // After the commit: the rows no longer name the removed keys. One at a time, so a request never
  // holds two keys' locks; a failure here never fails the change already made.
  for (const { image, kind } of removed) {
    await deleteFilesIfUnused(deps, image.key, filesOf(image, kind)).catch(() => undefined);
  }
  return media;
}

export async function getListingMedia({ prisma }: Pick<Deps, 'prisma'>, userId: number): Promise<ProfessionalMedia> {
  return (await ownListing(prisma, userId)).media;
}

export async function uploadListingImage(deps: Deps, userId: number, kind: ImageKind, bytes: Buffer, alt: string | undefined): Promise<ProfessionalMedia> {
  // Cheap checks first: who may, and whether there is room, before decoding anything.
  const before = await ownListing(deps.prisma, userId);
  if (kind === 'photo' && before.media.photos.length >= MAX_PHOTOS) throw new AppError('conflict', MEDIA_TEXTS.tooManyPhotos);
  const image = await processImage(bytes, kind);
  return change(
    deps,
    userId,
    (media, companyName) => {
      if (kind === 'logo') {
        const logo = { key: image.key, alt: alt ?? media.logo?.alt ?? defaultLogoAlt(companyName), width: image.width, height: image.height };
        return { media: { ...media, logo }, removed: media.logo ? [{ image: media.logo, kind }] : [] };
      }
      if (media.photos.some((p) => p.key === image.key)) return { media, removed: [] };
      if (media.photos.length >= MAX_PHOTOS) throw new AppError('conflict', MEDIA_TEXTS.tooManyPhotos);
      const photo = { key: image.key, alt: alt ?? defaultPhotoAlt(companyName), width: image.width, height: image.height };
      return { media: { ...media, photos: [...media.photos, photo] }, removed: [] };
    },
    image,
  );
}

export async function setLogoAlt(deps: Deps, userId: number, alt: string): Promise<ProfessionalMedia> {
  return change(deps, userId, (media) => {
    if (!media.logo) throw new AppError('not_found', MEDIA_TEXTS.noLogo);
    return { media: { ...media, logo: { ...media.logo, alt } }, removed: [] };
  });
}

export async function deleteLogo(deps: Deps, userId: number): Promise<ProfessionalMedia> {
  return change(deps, userId, (media) => {
    if (!media.logo) throw new AppError('not_found', MEDIA_TEXTS.noLogo);
    return { media: { ...media, logo: null }, removed: [{ image: media.logo, kind: 'logo' }] };
  });
}

export async function setPhotoAlt(deps: Deps, userId: number, key: string, alt: string): Promise<ProfessionalMedia> {
  return change(deps, userId, (media) => {
    if (!media.photos.some((p) => p.key === key)) throw new AppError('not_found', MEDIA_TEXTS.photoNotFound);
    return { media: { ...media, photos: media.photos.map((p) => (p.key === key ? { ...p, alt } : p)) }, removed: [] };
  });
}

export async function deletePhoto(deps: Deps, userId: number, key: string): Promise<ProfessionalMedia> {
  return change(deps, userId, (media) => {
    const photo = media.photos.find((p) => p.key === key);
    if (!photo) throw new AppError('not_found', MEDIA_TEXTS.photoNotFound);
    return { media: { ...media, photos: media.photos.filter((p) => p.key !== key) }, removed: [{ image: photo, kind: 'photo' }] };
  });
}
