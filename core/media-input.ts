// What the API accepts for a listing's images (core/media.ts has the shapes and texts), and how it
// reads the stored `media` column: leniently, anything malformed reads as no image.
import { z } from 'zod';
import { MAX_ALT_LENGTH, MAX_PHOTOS, MEDIA_KEY_PATTERN, type ProfessionalMedia } from './media';
import { text } from './text';

export const MediaKey = z.string().regex(MEDIA_KEY_PATTERN, 'Unknown image');

/** A stored media value, read leniently: anything malformed reads as no image (the initials show). */
const StoredImage = z.object({ key: MediaKey, alt: z.string(), width: z.number().int(), height: z.number().int() });
const StoredMedia = z.object({
  logo: StoredImage.nullable().catch(null),
  photos: z.array(StoredImage).max(MAX_PHOTOS).catch([]),
});
export function readMedia(value: unknown): ProfessionalMedia {
  const parsed = StoredMedia.safeParse(value);
  return parsed.success ? parsed.data : { logo: null, photos: [] };
}

/** Alt text the provider writes for an image: what it shows, for people who cannot see it. */
export const AltText = text()
  .trim()
  .min(1, 'Please describe the image (alt text) for people who cannot see it')
  .max(MAX_ALT_LENGTH, `Alt text must be at most ${MAX_ALT_LENGTH} characters`);

export const AltUpdate = z.object({ alt: AltText });
export type AltUpdate = z.infer<typeof AltUpdate>;

/** The alt text an upload may carry in its query (?alt=); a default is used when it is left out. */
export const UploadQuery = z.object({ alt: AltText.optional() });

