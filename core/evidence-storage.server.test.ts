// Evidence storage (decision 0041): types sniffed from the bytes, random names that never come from
// the uploader, a folder of its own, and in a bucket the evidence/ prefix (never a media name).
import { createServer, type Server } from 'node:http';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, EVIDENCE_NAME_PATTERN, ukIsoDate } from './credentials';
import { createEvidenceStorage, localEvidenceStorage, newEvidenceName, sniffEvidenceType } from './evidence-storage.server';

let server: Server;
let endpoint: string;
const keys: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    keys.push(`${req.method} ${req.url}`);
    req.resume();
    req.on('end', () => res.writeHead(req.method === 'GET' ? 404 : 200).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('evidence storage', () => {
  it('sniffs PDF, PNG and JPEG from the bytes, and nothing else', () => {
    expect(sniffEvidenceType(Buffer.from('%PDF-1.7\n'))).toBe('application/pdf');
    expect(sniffEvidenceType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
    expect(sniffEvidenceType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffEvidenceType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffEvidenceType(Buffer.from('GIF89a'))).toBeNull();
    expect(sniffEvidenceType(Buffer.alloc(0))).toBeNull();
  });

  it('names files with 32 random hex characters', () => {
    const names = new Set(Array.from({ length: 50 }, newEvidenceName));
    expect(names.size).toBe(50);
    for (const name of names) expect(name).toMatch(EVIDENCE_NAME_PATTERN);
  });

  it('keeps files in its own folder and refuses anything that is not an evidence name', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'itc-evidence-unit-'));
    try {
      const storage = localEvidenceStorage(dir);
      const name = newEvidenceName();
      await storage.put(name, Buffer.from('%PDF-1.4'), 'application/pdf');
      expect(await readdir(dir)).toEqual([name]);
      expect((await storage.get(name))?.toString()).toBe('%PDF-1.4');
      expect(await storage.get('../secrets.json')).toBeNull();
      await expect(storage.put('0123456789abcdef01234567-96.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(/Not an evidence file name/);
      await storage.delete(name);
      expect(await storage.get(name)).toBeNull();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('uses the bucket’s evidence/ prefix under S3_PREFIX', async () => {
    const storage = createEvidenceStorage({ EVIDENCE_DIR: '/nonexistent', S3_BUCKET: 'itc', S3_ENDPOINT: endpoint, S3_PREFIX: 'media/', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 'b' });
    const name = newEvidenceName();
    await storage.put(name, Buffer.from('%PDF-'), 'application/pdf');
    expect(await storage.get(name)).toBeNull();
    expect(keys).toEqual([`PUT /itc/media/evidence/${name}`, `GET /itc/media/evidence/${name}`]);
  });
});

describe('UK days', () => {
  it('is the UK date, BST included', () => {
    expect(ukIsoDate(Date.parse('2026-07-01T23:30:00Z'))).toBe('2026-07-02');
    expect(ukIsoDate(Date.parse('2026-12-01T23:30:00Z'))).toBe('2026-12-01');
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});
