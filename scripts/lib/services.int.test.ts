// The fallbacks of findOrStartPostgres/findOrStartRedis (ITC_SKIP_LOCAL_SERVICES=1): an embedded
// PostgreSQL and a redis-server under a scratch .data folder, started, reused and stopped.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, describe, expect, it, onTestFailed } from 'vitest';
import { findRedisServerBinary } from './redis-server';
import { findOrStartPostgres, findOrStartRedis, withDatabase } from './services';

const dataDir = mkdtempSync(path.join(tmpdir(), 'itc-services-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function canRunPostgres(): boolean {
  if (process.getuid?.() !== 0) return true;
  try {
    execFileSync('id', ['-u', 'postgres'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function query(url: string, sql: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

describe.skipIf(!canRunPostgres())('embedded PostgreSQL', () => {
  it('initialises once, keeps data across restarts, and is reused while running', async () => {
    const options = { skipLocal: true, dataDir, databaseName: 'itc_test', embeddedPostgresPort: 15433 };
    const first = await findOrStartPostgres(options);
    onTestFailed(() => first.stop());
    expect(first).toMatchObject({ source: 'embedded PostgreSQL', startedHere: true });
    expect(first.url).toMatch(/^postgres:\/\/postgres:[^@]+@127\.0\.0\.1:\d+\/itc_test$/);
    await query(withDatabase(first.url, 'postgres'), 'CREATE DATABASE itc_test');
    await query(first.url, 'CREATE TABLE kept (n int); INSERT INTO kept VALUES (42)');

    // A second caller (another npm start, the e2e runner) reuses it and must not stop it.
    const second = await findOrStartPostgres(options);
    expect(second).toMatchObject({ url: first.url, startedHere: false });
    await second.stop();
    expect(await query(first.url, 'SELECT n FROM kept')).toEqual([{ n: 42 }]);

    await first.stop();
    const port = Number(new URL(first.url).port);
    await expect(query(first.url, 'SELECT 1')).rejects.toThrow();

    const restarted = await findOrStartPostgres({ ...options, embeddedPostgresPort: port });
    try {
      expect(restarted.startedHere).toBe(true);
      expect(await query(restarted.url, 'SELECT n FROM kept')).toEqual([{ n: 42 }]);
    } finally {
      await restarted.stop();
    }
  }, 90_000);
});

describe.skipIf(!findRedisServerBinary())('redis-server from PATH', () => {
  it('starts with a password on a free port, is reused while running, and stops', async () => {
    const first = await findOrStartRedis({ skipLocal: true, dataDir });
    try {
      expect(first).toMatchObject({ source: 'redis-server', startedHere: true });
      expect(first.url).toMatch(/^redis:\/\/:[^@]+@127\.0\.0\.1:\d+$/);
      const client = new Redis(first.url);
      try {
        expect(await client.ping()).toBe('PONG');
      } finally {
        client.disconnect();
      }
      const withoutPassword = new Redis(first.url.replace(/:[^:@]+@/, '@'), {
        lazyConnect: true,
        enableReadyCheck: false,
        maxRetriesPerRequest: 0,
        retryStrategy: () => null,
      });
      const errors: string[] = [];
      withoutPassword.on('error', (error: Error) => errors.push(error.message));
      await expect(withoutPassword.connect().then(() => withoutPassword.ping())).rejects.toThrow();
      expect(errors.join('\n')).toMatch(/NOAUTH/);
      withoutPassword.disconnect();

      const second = await findOrStartRedis({ skipLocal: true, dataDir });
      expect(second).toMatchObject({ url: first.url, startedHere: false });
    } finally {
      const pid = Number(execFileSync('pgrep', ['-f', `redis-server 127.0.0.1:${new URL(first.url).port}`], { encoding: 'utf8' }).trim().split('\n')[0]);
      await first.stop();
      expect(isRunning(pid)).toBe(false);
    }
  }, 30_000);
});
