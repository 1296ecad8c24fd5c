// Where credentials' evidence files live (issue 34, product rule 45, decision 0041): private, so
// apart from the public media. A folder of its own (EVIDENCE_DIR, beside MEDIA_DIR under the data
// dir) or, with S3_BUCKET, the prefix `<S3_PREFIX>evidence/` of the same bucket: public media are
// served by /api/media/<name>, whose names (core/media.ts) can never reach that prefix, and only
// GET /api/evidence/<name> reads these, to the owner and to admins. Names are 32 random hex
// characters (EVIDENCE_NAME_PATTERN), never the uploader's. The API stores and serves them; the
// worker deletes them on the retention schedule: both use this one implementation.
import { randomBytes } from 'node:crypto';
import { EVIDENCE_NAME_PATTERN, type EvidenceType } from './credentials';
import { localFileStorage, s3FileStorage, type FileStorage, type S3Config } from './file-storage.server';

export type EvidenceStorage = FileStorage;

export interface EvidenceStorageConfig extends Partial<Omit<S3Config, 'S3_BUCKET'>> {
  EVIDENCE_DIR: string;
  S3_BUCKET?: string | undefined;
}

/** The prefix under S3_PREFIX that evidence objects are kept under. */
export const EVIDENCE_S3_PREFIX = 'evidence/';

const RULES = {
  isName: (name: string) => EVIDENCE_NAME_PATTERN.test(name),
  what: 'an evidence file',
  cacheControl: 'private, no-store',
};

export function localEvidenceStorage(dir: string): EvidenceStorage {
  return localFileStorage(dir, RULES);
}

/** S3 (under its own prefix) when a bucket is configured, else EVIDENCE_DIR. */
export function createEvidenceStorage(config: EvidenceStorageConfig): EvidenceStorage {
  if (config.S3_BUCKET) return s3FileStorage({ ...config, S3_BUCKET: config.S3_BUCKET }, RULES, EVIDENCE_S3_PREFIX);
  return localEvidenceStorage(config.EVIDENCE_DIR);
}

/** A new stored name: 32 random hex characters. */
export function newEvidenceName(): string {
  return randomBytes(16).toString('hex');
}

/** The file's type from its first bytes (PDF, PNG or JPEG), or null for anything else. */
export function sniffEvidenceType(bytes: Buffer): EvidenceType | null {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return null;
}
