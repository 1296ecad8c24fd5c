// Where image files live (decisions/0009): a folder on this machine by default (MEDIA_DIR, under
// the data dir), or any S3-compatible bucket when S3_BUCKET is set (AWS S3, Cloudflare R2, MinIO,
// Backblaze B2...). Requests to the bucket are signed with AWS Signature V4 by aws4fetch, a small
// dependency-free signer over fetch. Names are content-hashed (core/media.ts), so a file is
// written once and never changed; the API serves both kinds the same way (/api/media/<name>).
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AwsClient } from 'aws4fetch';
import { isMediaFileName } from '../../../../core/media';

export interface MediaStorage {
  /** 'local' or 's3', for logs and the start banner. */
  readonly kind: 'local' | 's3';
  put(name: string, body: Buffer, contentType: string): Promise<void>;
  /** The file's bytes, or null when there is no such file. */
  get(name: string): Promise<Buffer | null>;
  delete(name: string): Promise<void>;
}

export interface MediaStorageConfig {
  MEDIA_DIR: string;
  S3_BUCKET?: string | undefined;
  S3_REGION?: string | undefined;
  S3_ENDPOINT?: string | undefined;
  S3_ACCESS_KEY_ID?: string | undefined;
  S3_SECRET_ACCESS_KEY?: string | undefined;
  S3_PREFIX?: string | undefined;
  S3_FORCE_PATH_STYLE?: boolean | undefined;
}

function checkName(name: string): void {
  // Names come from our own code, but the served path reaches here too: never a path, never '..'.
  if (!isMediaFileName(name)) throw new Error(`Not a media file name: ${name}`);
}

export function localMediaStorage(dir: string): MediaStorage {
  const root = path.resolve(dir);
  return {
    kind: 'local',
    async put(name, body) {
      checkName(name);
      await mkdir(root, { recursive: true });
      // Write then rename: a reader never sees half a file. The temporary name is the write's own:
      // two uploads of the same bytes at once write the same name, often in the same millisecond.
      const temp = path.join(root, `.${name}.${randomUUID()}.tmp`);
      await writeFile(temp, body);
      await rename(temp, path.join(root, name));
    },
    async get(name) {
      if (!isMediaFileName(name)) return null;
      try {
        return await readFile(path.join(root, name));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(name) {
      checkName(name);
      await rm(path.join(root, name), { force: true });
    },
  };
}

export function s3MediaStorage(config: Required<Pick<MediaStorageConfig, 'S3_BUCKET'>> & MediaStorageConfig): MediaStorage {
  const region = config.S3_REGION || 'us-east-1';
  const endpoint = (config.S3_ENDPOINT || `https://s3.${region}.amazonaws.com`).replace(/\/+$/, '');
  const prefix = (config.S3_PREFIX ?? '').replace(/^\/+/, '');
  const client = new AwsClient({
    accessKeyId: config.S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: config.S3_SECRET_ACCESS_KEY ?? '',
    service: 's3',
    region,
  });
  const objectUrl = (name: string): string => {
    const key = `${prefix}${name}`;
    if (config.S3_FORCE_PATH_STYLE ?? true) return `${endpoint}/${config.S3_BUCKET}/${key}`;
    const url = new URL(endpoint);
    return `${url.protocol}//${config.S3_BUCKET}.${url.host}/${key}`;
  };
  const fail = async (what: string, response: Response): Promise<never> => {
    const detail = (await response.text().catch(() => '')).slice(0, 300);
    throw new Error(`S3 ${what} failed: ${response.status} ${detail}`);
  };
  return {
    kind: 's3',
    async put(name, body, contentType) {
      checkName(name);
      const response = await client.fetch(objectUrl(name), {
        method: 'PUT',
        body: new Uint8Array(body),
        headers: { 'Content-Type': contentType, 'Cache-Control': 'public, max-age=31536000, immutable' },
      });
      if (!response.ok) await fail(`PUT ${name}`, response);
    },
    async get(name) {
      if (!isMediaFileName(name)) return null;
      const response = await client.fetch(objectUrl(name), { method: 'GET' });
      if (response.status === 404) return null;
      if (!response.ok) await fail(`GET ${name}`, response);
      return Buffer.from(await response.arrayBuffer());
    },
    async delete(name) {
      checkName(name);
      const response = await client.fetch(objectUrl(name), { method: 'DELETE' });
      if (!response.ok && response.status !== 404) await fail(`DELETE ${name}`, response);
    },
  };
}

/** S3 when a bucket is configured, else the local folder. */
export function createMediaStorage(config: MediaStorageConfig): MediaStorage {
  if (config.S3_BUCKET) return s3MediaStorage({ ...config, S3_BUCKET: config.S3_BUCKET });
  return localMediaStorage(config.MEDIA_DIR);
}
