// Integration-test services, prepared once per `vitest run`:
//   PostgreSQL: TEST_DATABASE_URL → 127.0.0.1:5432 → a testcontainers container (Docker) → a clear failure.
//   Redis:      TEST_REDIS_URL    → 127.0.0.1:6379 → a testcontainers container (Docker) → a clear failure.
// Then a template database is migrated once (named by a hash of the migrations, so it is reused
// until they change); each test file clones it (tests/support/services.ts), ~0.1 s a file.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import Redis from 'ioredis';
import type { TestProject } from 'vitest/node';
import { applyMigrations, readMigrationsList } from '../../scripts/db/migrate-engine';
import { postgresAnswers } from '../../scripts/lib/processes';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Server URL of the test PostgreSQL (its database part is replaced per file). */
    pgServerUrl: string;
    templateDatabase: string;
    /** Prefix of the databases this run creates, dropped at teardown. */
    runDatabasePrefix: string;
    redisUrl: string;
  }
}

const stopCallbacks: (() => Promise<unknown>)[] = [];

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

function canConnectPostgres(url: string): Promise<boolean> {
  return postgresAnswers(withDatabase(url, 'postgres'), 2000);
}

async function canConnectRedis(url: string): Promise<boolean> {
  const redis = new Redis(url, { lazyConnect: true, connectTimeout: 2000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

async function dockerAvailable(): Promise<boolean> {
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await getContainerRuntimeClient();
    return true;
  } catch {
    return false;
  }
}

async function resolvePostgres(): Promise<string> {
  const candidates = [process.env.TEST_DATABASE_URL, 'postgresql://postgres@127.0.0.1:5432/postgres'].filter(Boolean) as string[];
  for (const url of candidates) if (await canConnectPostgres(url)) return url;
  if (await dockerAvailable()) {
    const { GenericContainer, Wait } = await import('testcontainers');
    const container = await new GenericContainer('postgres:16-alpine')
      .withEnvironment({ POSTGRES_HOST_AUTH_METHOD: 'trust' })
      .withExposedPorts(5432)
      .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/, 2))
      .start();
    stopCallbacks.push(() => container.stop());
    return `postgresql://postgres@${container.getHost()}:${container.getMappedPort(5432)}/postgres`;
  }
  throw new Error(
    'Integration tests need PostgreSQL: set TEST_DATABASE_URL, run one on 127.0.0.1:5432 (user postgres, trust auth), or install Docker for testcontainers.',
  );
}

async function resolveRedis(): Promise<string> {
  const candidates = [process.env.TEST_REDIS_URL, 'redis://127.0.0.1:6379'].filter(Boolean) as string[];
  for (const url of candidates) if (await canConnectRedis(url)) return url;
  if (await dockerAvailable()) {
    const { GenericContainer } = await import('testcontainers');
    const container = await new GenericContainer('redis:7-alpine').withExposedPorts(6379).start();
    stopCallbacks.push(() => container.stop());
    return `redis://${container.getHost()}:${container.getMappedPort(6379)}`;
  }
  throw new Error(
    'Integration tests need Redis: set TEST_REDIS_URL, run one on 127.0.0.1:6379 (e.g. `redis-server --daemonize yes`), or install Docker for testcontainers.',
  );
}

async function migrationsHash(): Promise<string> {
  const list = await readMigrationsList();
  const hash = createHash('sha256');
  for (const dir of list.migrationDirectories) {
    hash.update(dir.path);
    hash.update(dir.migrationFile.content.tag === 'ok' ? dir.migrationFile.content.value : '');
  }
  hash.update(await readFile(path.resolve(import.meta.dirname, '../../prisma/schema.prisma'), 'utf8'));
  return hash.digest('hex').slice(0, 12);
}

/** Creates (once per migrations hash) the migrated template database. Serialised with an advisory lock. */
async function prepareTemplate(serverUrl: string): Promise<string> {
  const name = `itc_test_tpl_${await migrationsHash()}`;
  const admin = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres') });
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock(724100)');
    const { rows } = await admin.query<{ datname: string; made: string | null }>(
      "SELECT datname, shobj_description(oid, 'pg_database') AS made FROM pg_database WHERE datname LIKE 'itc_test_tpl_%'",
    );
    if (rows.some((r) => r.datname === name)) return name;
    // Other templates belong to other migrations: older commits, or another checkout of the
    // project testing at the same time on this machine (git worktrees), whose running files may be
    // cloning theirs right now. So only templates made more than a day ago are dropped.
    const dayAgo = Date.now() - 24 * 3600 * 1000;
    for (const r of rows) {
      if (Number(r.made?.replace(/^made /, '')) > dayAgo) continue;
      await admin.query(`DROP DATABASE IF EXISTS "${r.datname}" WITH (FORCE)`);
    }
    const building = `${name}_building`;
    await admin.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${building}"`);
    await applyMigrations(withDatabase(serverUrl, building));
    await admin.query(`ALTER DATABASE "${building}" RENAME TO "${name}"`);
    await admin.query(`COMMENT ON DATABASE "${name}" IS 'made ${Date.now()}'`);
    return name;
  } finally {
    await admin.query('SELECT pg_advisory_unlock(724100)').catch(() => undefined);
    await admin.end();
  }
}

export default async function setup(project: TestProject) {
  const [pgServerUrl, redisUrl] = await Promise.all([resolvePostgres(), resolveRedis()]);
  const templateDatabase = await prepareTemplate(pgServerUrl);
  const runDatabasePrefix = `itc_t_${process.pid}_${Date.now().toString(36)}`;
  project.provide('pgServerUrl', pgServerUrl);
  project.provide('templateDatabase', templateDatabase);
  project.provide('runDatabasePrefix', runDatabasePrefix);
  project.provide('redisUrl', redisUrl);

  return async () => {
    const admin = new pg.Client({ connectionString: withDatabase(pgServerUrl, 'postgres') });
    await admin.connect();
    const { rows } = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [
      `${runDatabasePrefix}%`,
    ]);
    for (const r of rows) await admin.query(`DROP DATABASE IF EXISTS "${r.datname}" WITH (FORCE)`);
    await admin.end();
    await Promise.all(stopCallbacks.map((stop) => stop()));
  };
}
