// Per-test-file services for integration tests (*.int.test.ts). Each file gets its own database,
// cloned from the migrated template, and its own Redis key prefix, so files run in parallel and no
// test depends on an empty database. The services themselves come from global-setup.ts.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import Redis from 'ioredis';
import { inject } from 'vitest';
import { createPrisma, type PrismaClient } from '../../prisma/db';

export interface TestDatabase {
  name: string;
  url: string;
  prisma: PrismaClient;
  /** Disconnects the client and drops the database. */
  drop(): Promise<void>;
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function adminQuery(sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: withDatabase(inject('pgServerUrl'), 'postgres') });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** A fresh, fully migrated database for this test file (about 0.1 s). */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `${inject('runDatabasePrefix')}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`CREATE DATABASE "${name}" TEMPLATE "${inject('templateDatabase')}"`);
  const url = withDatabase(inject('pgServerUrl'), name);
  const prisma = createPrisma(url, { max: 4 });
  return {
    name,
    url,
    prisma,
    async drop() {
      await prisma.$disconnect();
      await adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

/** An empty database (no migrations) for tests of the migration tooling itself. */
export async function createEmptyDatabase(): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `${inject('runDatabasePrefix')}_empty_${randomBytes(4).toString('hex')}`;
  await adminQuery(`CREATE DATABASE "${name}"`);
  return {
    name,
    url: withDatabase(inject('pgServerUrl'), name),
    drop: () => adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

export function getTestRedisUrl(): string {
  return inject('redisUrl');
}

/** A REDIS_PREFIX no other test file uses. */
export function uniqueRedisPrefix(): string {
  return `itct_${randomBytes(5).toString('hex')}`;
}

/** Deletes every key under the prefix (sessions, rate limits, BullMQ queues). */
export async function cleanupRedis(prefix: string): Promise<void> {
  const redis = new Redis(getTestRedisUrl(), { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
