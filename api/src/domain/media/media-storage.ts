// Where image files live (decisions/0009): a folder on this machine by default (MEDIA_DIR, under
// the data dir), or any S3-compatible bucket when S3_BUCKET is set (AWS S3, Cloudflare R2, MinIO,
// Backblaze B2...). The storage itself is core/file-storage.server.ts, shared with the private
// evidence of credentials (core/evidence-storage.server.ts), which keeps its own folder or prefix.
// Names are content-hashed (core/media.ts), so a file is written once and never changed; the API
// serves both kinds the same way (/api/media/<name>).
import { localFileStorage, s3FileStorage, type FileStorage, type S3Config } from '../../../../core/file-storage.server';
import { isMediaFileName } from '../../../../core/media';

export type MediaStorage = FileStorage;

export interface MediaStorageConfig extends Partial<Omit<S3Config, 'S3_BUCKET'>> {
  MEDIA_DIR: string;
  S3_BUCKET?: string | undefined;
}

const RULES = { isName: isMediaFileName, what: 'a media file', cacheControl: 'public, max-age=31536000, immutable' };

export function localMediaStorage(dir: string): MediaStorage {
  return localFileStorage(dir, RULES);
}

export function s3MediaStorage(config: S3Config & MediaStorageConfig): MediaStorage {
  return s3FileStorage(config, RULES);
}

/** S3 when a bucket is configured, else the local folder. */
export function createMediaStorage(config: MediaStorageConfig): MediaStorage {
  if (config.S3_BUCKET) return s3MediaStorage({ ...config, S3_BUCKET: config.S3_BUCKET });
  return localMediaStorage(config.MEDIA_DIR);
}
