// Backups end to end (issue 14): `npm run db:backup` (scripts/db/backup.ts, pg_dump's custom
// format) of a database with data, the database dropped, `npm run db:restore` into it again, and
// the API on the restored database serves the same directory, the same profile, and a user signs in.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createPrisma, type PrismaClient } from '../../prisma/db';
import { createUser, signIn } from '../../api/src/testing/accounts';
import { createProfessional, createReview } from '../../api/src/testing/factories';
import { serveTestApp, type TestApp } from '../../api/src/testing/serve-test-app';
import { createTestDatabase, type TestDatabase } from '../support/services';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const run = promisify(execFile);

let db: TestDatabase;
let dir: string;
let restored: PrismaClient | undefined;

beforeAll(async () => {
  db = await createTestDatabase();
  dir = await mkdtemp(path.join(tmpdir(), 'itc-backup-'));
});

afterAll(async () => {
  await restored?.$disconnect();
  await db?.drop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** What a visitor sees: the directory's first page, and one profile by its address. */
async function whatTheSiteServes(t: TestApp, slug: string) {
  const directory = await t.fetch('/api/professionals');
  const profile = await t.fetch(`/api/professionals/slug/${slug}`);
  expect(directory.status).toBe(200);
  expect(profile.status).toBe(200);
  return { directory: await directory.json(), profile: await profile.json() };
}

async function backupCli(args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/db/backup.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: db.url },
  });
  return stdout;
}

async function tableCounts(url: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ tablename: string }>("SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename");
    const counts: Record<string, number> = {};
    for (const { tablename } of tables) {
      const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${tablename}"`);
      counts[tablename] = rows[0]!.n;
    }
    return counts;
  } finally {
    await client.end();
  }
}

it('dump, drop, restore: the site serves the same data and a user signs in', { timeout: 90_000 }, async () => {
  const started = Date.now();
  const listings = [];
  for (const [companyName, region] of [
    ['Backup Bytes Ltd', 'Manchester'],
    ['Restore Networks', 'Leeds'],
    ['Archive IT', 'Bristol'],
  ] as const) {
    listings.push(await createProfessional(db.prisma, { companyName, region, location: region }));
  }
  await createReview(db.prisma, { professionalId: listings[0]!.id, rating: 5 });
  await createReview(db.prisma, { professionalId: listings[0]!.id, rating: 4 });
  const customer = await createUser(db.prisma, { role: 'customer' });

  const before = await serveTestApp({ database: db });
  const served = await whatTheSiteServes(before, listings[0]!.slug);
  expect(JSON.stringify(served.directory)).toContain('Backup Bytes Ltd');
  await signIn(before, customer.email);
  await before.close();
  const countsBefore = await tableCounts(db.url);
  expect(countsBefore.professionals).toBe(3);

  // Dump.
  const file = path.join(dir, 'itconnect.dump');
  const dumped = await backupCli(['dump', file]);
  expect(dumped).toContain('Backed up');
  const bytes = (await stat(file)).size;
  expect(bytes).toBeGreaterThan(10_000);

  // Drop.
  await db.prisma.$disconnect();
  const admin = new pg.Client({ connectionString: db.url.replace(/\/[^/?]+(\?|$)/, '/postgres$1') });
  await admin.connect();
  await admin.query(`DROP DATABASE "${db.name}" WITH (FORCE)`);
  expect((await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [db.name])).rowCount).toBe(0);
  await admin.end();

  // Restore (the database is created again).
  const restoredOut = await backupCli(['restore', file]);
  expect(restoredOut).toContain('database created');
  // A second restore over it is refused without --clean.
  await expect(backupCli(['restore', file])).rejects.toThrow(/already has tables/);
  // With --clean it replaces what the backup holds (a restore over a damaged copy).
  expect(await backupCli(['restore', file, '--clean'])).toContain('Restored');

  expect(await tableCounts(db.url)).toEqual(countsBefore);
  restored = createPrisma(db.url, { max: 4 });
  const after = await serveTestApp({ database: { url: db.url, prisma: restored } });
  try {
    expect(await whatTheSiteServes(after, listings[0]!.slug)).toEqual(served);
    const cookie = await signIn(after, customer.email);
    const me = await after.fetch('/api/auth/me', { headers: { Cookie: cookie } });
    expect(JSON.stringify(await me.json())).toContain(customer.email);
  } finally {
    await after.close();
  }
  console.info(
    `backup: ${Object.values(countsBefore).reduce((a, b) => a + b, 0)} rows in ${Object.keys(countsBefore).length} tables, dump ${(bytes / 1024).toFixed(0)} KiB; ` +
      `seed, dump, drop, restore and checks in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
});
