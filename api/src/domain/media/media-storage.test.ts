// The storage adapter: the local folder, and S3 against a small fake S3 server (an outside
// service, so a fake is allowed) that keeps objects in memory and checks each request is signed.
import { createServer, type Server } from 'node:http';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMediaStorage, localMediaStorage, type MediaStorage } from './media-storage';

const NAME = '0123456789abcdef01234567-96.webp';

let server: Server;
let endpoint: string;
const objects = new Map<string, { body: Buffer; type: string; cache: string }>();
const seen: { method: string; url: string; auth: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const auth = req.headers.authorization ?? '';
      seen.push({ method: req.method!, url: req.url!, auth });
      if (!auth.startsWith('AWS4-HMAC-SHA256 Credential=AKIDTEST/') || !req.headers['x-amz-date']) {
        res.writeHead(403).end('<Error><Code>AccessDenied</Code></Error>');
        return;
      }
      const key = req.url!;
      if (req.method === 'PUT') {
        objects.set(key, { body: Buffer.concat(chunks), type: String(req.headers['content-type']), cache: String(req.headers['cache-control']) });
        res.writeHead(200).end();
      } else if (req.method === 'GET') {
        const object = objects.get(key);
        if (!object) res.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>');
        else res.writeHead(200, { 'Content-Type': object.type }).end(object.body);
      } else if (req.method === 'DELETE') {
        objects.delete(key);
        res.writeHead(204).end();
      } else res.writeHead(405).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

async function roundTrip(storage: MediaStorage): Promise<void> {
  expect(await storage.get(NAME)).toBeNull();
  await storage.put(NAME, Buffer.from('webp bytes'), 'image/webp');
  expect((await storage.get(NAME))?.toString()).toBe('webp bytes');
  await storage.delete(NAME);
  expect(await storage.get(NAME)).toBeNull();
  await storage.delete(NAME);
  // Only media file names: never a path.
  expect(await storage.get('../secrets.json')).toBeNull();
  await expect(storage.put('../x-96.webp', Buffer.from(''), 'image/webp')).rejects.toThrow(/Not a media file name/);
}

describe('media storage', () => {
  it('keeps files in a local folder by default', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'itc-media-store-'));
    try {
      const storage = createMediaStorage({ MEDIA_DIR: dir });
      expect(storage.kind).toBe('local');
      await roundTrip(storage);
      await roundTrip(localMediaStorage(path.join(dir, 'made-on-first-put')));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('writes the same file many times at once in a local folder (two uploads of the same bytes)', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'itc-media-store-'));
    try {
      const storage = localMediaStorage(dir);
      await Promise.all(Array.from({ length: 20 }, () => storage.put(NAME, Buffer.from('same bytes'), 'image/webp')));
      expect((await storage.get(NAME))?.toString()).toBe('same bytes');
      expect((await readdir(dir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('uses an S3-compatible bucket when S3_BUCKET is set, with signed requests under the prefix', async () => {
    const storage = createMediaStorage({
      MEDIA_DIR: '/nonexistent',
      S3_BUCKET: 'itc-media',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'eu-west-2',
      S3_ACCESS_KEY_ID: 'AKIDTEST',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_PREFIX: 'media/',
      S3_FORCE_PATH_STYLE: true,
    });
    expect(storage.kind).toBe('s3');
    await storage.put(NAME, Buffer.from('webp bytes'), 'image/webp');
    expect(objects.get(`/itc-media/media/${NAME}`)).toMatchObject({ type: 'image/webp', cache: 'public, max-age=31536000, immutable' });
    expect(seen.at(-1)!.auth).toContain('/eu-west-2/s3/aws4_request');
    objects.clear();
    await roundTrip(storage);

    const unsigned = createMediaStorage({ MEDIA_DIR: '/x', S3_BUCKET: 'itc-media', S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: 'WRONG', S3_SECRET_ACCESS_KEY: 's' });
    await expect(unsigned.put(NAME, Buffer.from('x'), 'image/webp')).rejects.toThrow(/S3 PUT .* failed: 403/);
  });
});
