// Turns an uploaded file into the fixed WebP sizes of core/media.ts (decisions/0009). The file's
// type is decided by its first bytes, never by its name or the Content-Type the browser sent;
// sharp then decodes it (refusing damaged files and pixel bombs), turns it upright by its EXIF
// orientation and re-encodes it. sharp writes no metadata unless asked (we never ask), so EXIF,
// GPS positions, XMP and ICC profiles of the original are gone from every file we store.
import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { LOGO_SIZES, MEDIA_TEXTS, mediaFileName, PHOTO_SIZES } from '../../../../core/media';
import { AppError } from '../app-error';

/** Bumped when the output of this pipeline changes, so new files get new names. */
const PIPELINE_VERSION = 'v1';
const MAX_INPUT_PIXELS = 40_000_000;

export type ImageKind = 'logo' | 'photo';
export type SniffedType = 'jpeg' | 'png' | 'webp';

/** The image type the bytes say, or null: JPEG (FF D8 FF), PNG (89 'PNG' CR LF 1A LF), WebP (RIFF….WEBP). */
export function sniffImageType(bytes: Buffer): SniffedType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

export interface ProcessedImage {
  key: string;
  width: number;
  height: number;
  /** One WebP file per size, named `<key>-<size>.webp`. */
  files: { name: string; body: Buffer }[];
}

/**
 * Checks and converts an upload; every refusal is a 4xx AppError with a message for the provider.
 * `key` names files made from a source the caller already hashed (the demo seed's SVGs).
 */
export async function processImage(bytes: Buffer, kind: ImageKind, options: { key?: string } = {}): Promise<ProcessedImage> {
  if (bytes.length === 0) throw new AppError('bad_request', MEDIA_TEXTS.empty);
  const sniffed = sniffImageType(bytes);
  if (!sniffed) throw new AppError('unsupported_media_type', MEDIA_TEXTS.wrongType);

  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw new AppError('invalid_input', MEDIA_TEXTS.unreadable, { cause: error });
  }
  if (metadata.format !== sniffed) throw new AppError('unsupported_media_type', MEDIA_TEXTS.wrongType);
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_INPUT_PIXELS || (metadata.pages ?? 1) > 1) {
    throw new AppError('invalid_input', metadata.pages && metadata.pages > 1 ? MEDIA_TEXTS.wrongType : MEDIA_TEXTS.tooManyPixels);
  }

  const key = options.key ?? createHash('sha256').update(PIPELINE_VERSION).update(kind).update(bytes).digest('hex').slice(0, 24);
  const sizes = kind === 'logo' ? LOGO_SIZES : PHOTO_SIZES;
  try {
    const files: ProcessedImage['files'] = [];
    let width = 0;
    let height = 0;
    for (const size of sizes) {
      const pipeline = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
      const resized =
        kind === 'logo'
          ? pipeline.resize(size, size, { fit: 'contain', background: { r: 255, g: 255, b: 255, alpha: 0 } })
          : pipeline.resize(size, size, { fit: 'inside', withoutEnlargement: true });
      const { data, info } = await resized.webp({ quality: 82, effort: 2 }).toBuffer({ resolveWithObject: true });
      files.push({ name: mediaFileName(key, size), body: data });
      width = info.width;
      height = info.height;
    }
    return { key, width, height, files };
  } catch (error) {
    throw new AppError('invalid_input', MEDIA_TEXTS.unreadable, { cause: error });
  }
}
