// Where stored files live: a folder on this machine, or any S3-compatible bucket (AWS S3,
// Cloudflare R2, MinIO, Backblaze B2...), signed with AWS Signature V4 by aws4fetch, a small
// dependency-free signer over fetch. One implementation for both kinds of file the product keeps:
// listings' public images (api/src/domain/media/media-storage.ts, decision 0009) and the private
// evidence of credentials (evidence-storage.server.ts, decision 0041), each with its own folder or
// prefix and its own rule for names. Node only (the API, the worker and the scripts).
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AwsClient } from 'aws4fetch';

export interface FileStorage {
  /** 'local' or 's3', for logs and the start banner. */
  readonly kind: 'local' | 's3';
  put(name: string, body: Buffer, contentType: string): Promise<void>;
  /** The file's bytes, or null when there is no such file (or the name cannot be one). */
  get(name: string): Promise<Buffer | null>;
  delete(name: string): Promise<void>;
}

export interface S3Config {
  S3_BUCKET: string;
  S3_REGION?: string | undefined;
  S3_ENDPOINT?: string | undefined;
  S3_ACCESS_KEY_ID?: string | undefined;
  S3_SECRET_ACCESS_KEY?: string | undefined;
  S3_PREFIX?: string | undefined;
  S3_FORCE_PATH_STYLE?: boolean | undefined;
}

export interface StorageRules {
  /** Whether a name may be stored or read: never a path, never '..' (served paths reach here too). */
  isName(name: string): boolean;
  /** What it says in errors: 'a media file', 'an evidence file'. */
  what: string;
  /** The Cache-Control stored with an S3 object. */
  cacheControl: string;
}

function checker(rules: StorageRules): (name: string) => void {
  return (name) => {
    if (!rules.isName(name)) throw new Error(`Not ${rules.what} name: ${name}`);
  };
}

export function localFileStorage(dir: string, rules: StorageRules): FileStorage {
  const root = path.resolve(dir);
  const checkName = checker(rules);
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
      if (!rules.isName(name)) return null;
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

/** `extraPrefix` goes after S3_PREFIX: evidence is kept under its own prefix in the same bucket. */
export function s3FileStorage(config: S3Config, rules: StorageRules, extraPrefix = ''): FileStorage {
  const region = config.S3_REGION || 'us-east-1';
  const endpoint = (config.S3_ENDPOINT || `https://s3.${region}.amazonaws.com`).replace(/\/+$/, '');
  const prefix = `${(config.S3_PREFIX ?? '').replace(/^\/+/, '')}${extraPrefix}`;
  const checkName = checker(rules);
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
        headers: { 'Content-Type': contentType, 'Cache-Control': rules.cacheControl },
      });
      if (!response.ok) await fail(`PUT ${name}`, response);
    },
    async get(name) {
      if (!rules.isName(name)) return null;
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
