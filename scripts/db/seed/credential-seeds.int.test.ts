// The demo's credentials (issue 34): a spread of every kind approved, some pending with their files
// in the evidence storage, two rejected with reasons, some expired, one expiring within 30 days;
// the approved ones in force on their listings; the same again when reseeded with --force.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, CREDENTIAL_KINDS, ukIsoDate } from '../../../core/credentials';
import { localEvidenceStorage } from '../../../core/evidence-storage.server';
import { cleanupRedis, createTestDatabase, getTestRedisUrl, uniqueRedisPrefix, type TestDatabase } from '../../../tests/support/services';
import { seedDemoData } from './demo-seed';

let db: TestDatabase;
let dir: string;
const redisPrefix = uniqueRedisPrefix();

beforeAll(async () => {
  db = await createTestDatabase();
  dir = await mkdtemp(path.join(tmpdir(), 'itc-demo-evidence-'));
  await seedDemoData({ databaseUrl: db.url, redisUrl: getTestRedisUrl(), redisPrefix, evidenceStorage: localEvidenceStorage(dir) });
});

afterAll(async () => {
  await db?.drop();
  await cleanupRedis(redisPrefix);
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function summary() {
  const rows = await db.prisma.credential.findMany({ include: { evidence: true } });
  const by = (status: string) => rows.filter((r) => r.status === status);
  return { rows, by };
}

describe('demo credentials', () => {
  it('spreads over the listings: every kind approved, pending with files, rejected with reasons, expired, one expiring soon', async () => {
    const { by } = await summary();
    const today = ukIsoDate(Date.now());
    expect(new Set(by('approved').map((r) => r.kind))).toEqual(new Set(CREDENTIAL_KINDS));
    expect(by('pending').length).toBeGreaterThanOrEqual(3);
    expect(by('rejected')).toHaveLength(2);
    for (const r of by('rejected')) expect(r.rejectionReason).toMatch(/Please/);
    expect(by('expired').length).toBeGreaterThanOrEqual(1);
    for (const r of by('expired')) {
      expect(r.expiresOn!.toISOString().slice(0, 10) <= today).toBe(true);
      expect(r.endedAt!.getTime()).toBeLessThan(Date.now());
    }
    const soon = by('approved').filter((r) => r.expiresOn && r.expiresOn.toISOString().slice(0, 10) <= addDays(today, 30));
    expect(soon).toHaveLength(1);

    // Pending ones that need evidence carry real files in the evidence storage.
    const files = new Set(await readdir(dir));
    const pendingFiles = by('pending').flatMap((r) => r.evidence);
    expect(pendingFiles.length).toBeGreaterThanOrEqual(2);
    for (const file of pendingFiles) {
      expect(files.has(file.name)).toBe(true);
      const head = (await readFile(path.join(dir, file.name))).subarray(0, 5).toString('latin1');
      expect(file.contentType === 'application/pdf' ? head : head.slice(1, 4)).toBe(file.contentType === 'application/pdf' ? '%PDF-' : 'PNG');
    }

    // In force on their listings, through the database's trigger.
    const insured = await db.prisma.professional.count({ where: { isInsured: true } });
    const withChecks = await db.prisma.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM professionals WHERE jsonb_array_length(verified_checks) > 0`;
    expect(insured).toBeGreaterThan(0);
    expect(withChecks[0]!.n).toBeGreaterThan(10);
  });

  it('is the same when reseeded with --force', async () => {
    const before = (await summary()).rows.map((r) => [r.kind, r.status, r.details, r.evidence.map((e) => e.name)]);
    await seedDemoData({ databaseUrl: db.url, redisUrl: getTestRedisUrl(), redisPrefix, force: true, evidenceStorage: localEvidenceStorage(dir) });
    const after = (await summary()).rows.map((r) => [r.kind, r.status, r.details, r.evidence.map((e) => e.name)]);
    expect(after).toEqual(before);
    expect(await db.prisma.evidenceFile.count({ where: { professionalId: null } })).toBe(0);
  });
});
