// The product over TLS to PostgreSQL and Redis (docs/security.md, ASVS V12.3.1–V12.3.4; docs/deploy.md,
// "TLS and the proxy in front"): the API and the worker as real processes, given only what a
// deployment gives them (DATABASE_URL with sslmode=verify-full and the authority's certificate,
// REDIS_URL rediss:// with NODE_EXTRA_CA_CERTS), against a PostgreSQL and a Redis of the test's own
// that speak TLS (tests/support/tls.ts). Every connection the product opens to PostgreSQL is
// encrypted (pg_stat_ssl), Redis has no plain port at all, and a sign-in, a session and a job the
// worker runs all go through. Given an authority that did not sign the servers' certificate, the
// API refuses to talk to them rather than talk in the clear or to anyone.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../prisma/password';
import { cookiesFrom, postJson, solveCaptcha, TEST_PASSWORD } from '../../api/src/testing/accounts';
import { startApiProcess, startWorkerProcess, type ApiProcess, type ChildService } from '../support/fault-stack';
import { makeCertificates, startTlsPostgres, startTlsRedis, type TestCertificates, type TlsPostgres, type TlsRedis } from '../support/tls';

let certs: TestCertificates;
let postgres: TlsPostgres;
let redis: TlsRedis;
const running: ChildService[] = [];

beforeAll(async () => {
  certs = makeCertificates();
  [postgres, redis] = await Promise.all([startTlsPostgres(certs), startTlsRedis(certs)]);
}, 120_000);

afterAll(async () => {
  await Promise.all(running.map((child) => child.stop()));
  await Promise.all([postgres?.close(), redis?.close()]);
  if (certs) rmSync(certs.dir, { recursive: true, force: true });
});

/** What a deployment gives the API and the worker to reach both over verified TLS, trusting `caFile`. */
function tlsEnv(caFile: string): Record<string, string> {
  return { DATABASE_URL: postgres.url(caFile), REDIS_URL: redis.url, NODE_EXTRA_CA_CERTS: caFile };
}

async function withPlainPostgres<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: postgres.plainUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

describe('TLS to PostgreSQL and Redis', () => {
  it('runs the API and the worker over verified TLS: ready, a sign-in and its session, a job the worker runs; no connection in the clear', async () => {
    const mailDir = mkdtempSync(path.join(os.tmpdir(), 'itc-tls-mail-'));
    try {
      const api: ApiProcess = await startApiProcess({ ...tlsEnv(certs.caFile), LOGIN_LIMIT_PER_IP: '1000' });
      running.push(api);
      running.push(startWorkerProcess({ ...tlsEnv(certs.caFile), REDIS_PREFIX: api.env.REDIS_PREFIX!, PUBLIC_URL: api.env.PUBLIC_URL!, MAIL_DIR: mailDir }));

      await expect.poll(async () => (await api.fetch('/api/ready')).status, { timeout: 30_000 }).toBe(200);
      const ready = (await (await api.fetch('/api/ready')).json()) as { checks: Record<string, { status: string }> };
      expect(ready.checks.database?.status).toBe('ok');
      expect(ready.checks.redis?.status).toBe('ok');

      const email = `tls-${Date.now()}@example.com`;
      const hash = await hashPassword(TEST_PASSWORD);
      await withPlainPostgres((client) =>
        client.query("INSERT INTO users (email, name, password_hash, role, updated_at) VALUES ($1, 'TLS Person', $2, 'customer', now())", [email, hash]),
      );
      const signIn = await postJson(api, '/api/auth/login', { email, password: TEST_PASSWORD, captcha: await solveCaptcha(api) });
      expect(signIn.status).toBe(200);
      const me = await (await api.fetch('/api/auth/me', { headers: { Cookie: cookiesFrom(signIn) } })).json();
      expect(me).toMatchObject({ email });

      // A job through Redis that the worker runs against PostgreSQL: the reset link's e-mail.
      const reset = await postJson(api, '/api/auth/password-reset/request', { email, captcha: await solveCaptcha(api) });
      expect(reset.status).toBe(200);
      await expect.poll(() => readdirSync(mailDir).filter((name) => name.endsWith('.eml')).length, { timeout: 30_000 }).toBeGreaterThan(0);

      // Every connection of the API and the worker to this database is encrypted.
      const connections = await withPlainPostgres(async (client) => {
        const { rows } = await client.query<{ ssl: boolean; version: string | null }>(
          `SELECT s.ssl, s.version FROM pg_stat_ssl s JOIN pg_stat_activity a USING (pid)
           WHERE a.datname = 'itconnect' AND a.pid <> pg_backend_pid() AND a.backend_type = 'client backend'`,
        );
        return rows;
      });
      expect(connections.length).toBeGreaterThanOrEqual(3);
      expect(connections.filter((c) => !c.ssl)).toEqual([]);
      for (const connection of connections) expect(connection.version).toMatch(/^TLSv1\.[23]$/);
    } finally {
      rmSync(mailDir, { recursive: true, force: true });
    }
  }, 120_000);

  it('refuses servers whose certificate an authority it trusts did not sign: not ready, nothing sent in the clear', async () => {
    const api = await startApiProcess(tlsEnv(certs.otherCaFile));
    running.push(api);
    const answer = await api.fetch('/api/ready');
    expect(answer.status).toBe(503);
    const body = (await answer.json()) as { checks: Record<string, { status: string }> };
    expect(body.checks.database?.status).not.toBe('ok');
    expect(body.checks.redis?.status).not.toBe('ok');
    await api.stop();
    expect(api.output()).toMatch(/self[- ]signed certificate|unable to verify|certificate/i);
  }, 120_000);
});
