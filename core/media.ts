// A listing's face (product rule 34): a logo and up to MAX_PHOTOS photos of work, uploaded by the
// listing's provider on /profile. The API sniffs, resizes and re-encodes every upload to WebP at
// the fixed sizes below (api/src/domain/media/, decisions/0009) and stores the files under
// content-hashed names, served from /api/media/<name> with immutable cache headers. The
// professional's `media` column holds only the keys and the alt text the provider wrote. Zod-free
// for the SPA's cards; the schemas are in core/media-input.ts.

export const MAX_PHOTOS = 6;
/** Largest upload accepted, in bytes (before resizing). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const MAX_ALT_LENGTH = 200;

/** The fixed sizes every upload is made into (pixels: a logo's square side, a photo's longest side). */
export const LOGO_SIZES = [96, 256] as const;
export const PHOTO_SIZES = [480, 1200] as const;
export const LOGO_SMALL = 96;
export const LOGO_LARGE = 256;
export const PHOTO_SMALL = 480;
export const PHOTO_LARGE = 1200;
export type LogoSize = (typeof LOGO_SIZES)[number];
export type PhotoSize = (typeof PHOTO_SIZES)[number];

/** A stored image's key: hex of the SHA-256 of the bytes it was made from (and the pipeline's version). */
export const MEDIA_KEY_PATTERN = /^[0-9a-f]{24}$/;

export interface MediaImage {
  key: string;
  alt: string;
  /** Width and height of the largest size made (photos keep their proportions). */
  width: number;
  height: number;
}

export interface ProfessionalMedia {
  logo: MediaImage | null;
  photos: MediaImage[];
}

export const EMPTY_MEDIA: ProfessionalMedia = { logo: null, photos: [] };

/** The name of one size's file: content-hashed, so it never changes and is cached for a year. */
export function mediaFileName(key: string, size: number): string {
  return `${key}-${size}.webp`;
}

/** Where the browser loads one size of an image. */
export function mediaUrl(key: string, size: number): string {
  return `/api/media/${mediaFileName(key, size)}`;
}

/** `<key>-<size>.webp`, one of the sizes made; anything else is not a media file. */
export const MEDIA_FILE_PATTERN = /^([0-9a-f]{24})-(\d{2,4})\.webp$/;
const ALL_SIZES = new Set<number>([...LOGO_SIZES, ...PHOTO_SIZES]);
export function isMediaFileName(name: string): boolean {
  const match = MEDIA_FILE_PATTERN.exec(name);
  return match !== null && ALL_SIZES.has(Number(match[2]));
}

export const MEDIA_TEXTS = {
  tooLarge: `The image is too large: the limit is ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`,
  empty: 'Please choose an image file to upload.',
  wrongType: 'This file is not a JPEG, PNG or WebP image. Please upload a photo or logo in one of those formats.',
  unreadable: 'This image could not be read. It may be damaged; please try another file.',
  tooManyPixels: 'This image has too many pixels (over 40 megapixels). Please upload a smaller one.',
  tooManyPhotos: `You can show up to ${MAX_PHOTOS} photos. Delete one before adding another.`,
  noListing: 'Only a provider with a listing can add images.',
  photoNotFound: 'That photo is not on your listing any more.',
  noLogo: 'Your listing has no logo.',
} as const;

export function defaultLogoAlt(companyName: string): string {
  return `${companyName} logo`;
}
export function defaultPhotoAlt(companyName: string): string {
  return `Work by ${companyName}`;
}
