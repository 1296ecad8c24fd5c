// Finds or starts the PostgreSQL and Redis that `npm start` and the e2e runner use, in the order
// of docs/decisions/0002-how-start-finds-services.md:
//   PostgreSQL: DATABASE_URL → 127.0.0.1:5432 as user postgres → embedded PostgreSQL under
//               .data/postgres → a clear error
//   Redis:      REDIS_URL → 127.0.0.1:6379 → a redis-server from PATH under .data/redis →
//               a clear error naming three ways to get Redis
// ITC_SKIP_LOCAL_SERVICES=1 skips the standard-port probes (to exercise the fallbacks). Whatever
// is started here is stopped by the returned handle's stop(); what was found is left alone.
import pg from 'pg';
import { startEmbeddedPostgres } from './embedded-postgres';
import { findRedisServerBinary, startRedisServer } from './redis-server';
import { pingRedis } from './redis-ping';

export type PostgresSource = 'DATABASE_URL' | 'local PostgreSQL on 127.0.0.1:5432' | 'embedded PostgreSQL';
export type RedisSource = 'REDIS_URL' | 'local Redis on 127.0.0.1:6379' | 'redis-server';

export interface PostgresService {
  /** URL of the application database (it may not exist yet: migrations create it). */
  url: string;
  source: PostgresSource;
  /** Human description for the start banner, without the password. */
  description: string;
  /** True when this call started the server (and stop() will stop it). */
  startedHere: boolean;
  stop(): Promise<void>;
}

export interface RedisService {
  url: string;
  source: RedisSource;
  description: string;
  startedHere: boolean;
  stop(): Promise<void>;
}

export interface ServiceOptions {
  databaseUrl?: string | undefined;
  redisUrl?: string | undefined;
  skipLocal?: boolean;
  /** .data folder for the embedded PostgreSQL and redis-server. */
  dataDir: string;
  /** Name of the application database on a found or started server. */
  databaseName?: string;
  embeddedPostgresPort?: number;
  log?: (line: string) => void;
}

export const DEFAULT_DATABASE_NAME = 'itconnect';
const LOCAL_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';
const LOCAL_REDIS_URL = 'redis://127.0.0.1:6379';
const nothingToStop = async () => undefined;

/** The same server, another database: withDatabase('postgres://u@h/x', 'y') → 'postgres://u@h/y'. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(database)}`;
  return parsed.toString();
}

/** The URL with its password replaced by ***, for logs. */
export function redactUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

async function tryPostgres(url: string): Promise<{ ok: true } | { ok: false; code?: string; reason: string }> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
    return { ok: true };
  } catch (error) {
    const err = error as Error & { code?: string };
    return { ok: false, ...(err.code ? { code: err.code } : {}), reason: err.message };
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function findOrStartPostgres(options: ServiceOptions): Promise<PostgresService> {
  const log = options.log ?? (() => undefined);
  const database = options.databaseName ?? DEFAULT_DATABASE_NAME;

  if (options.databaseUrl) {
    const probe = await tryPostgres(options.databaseUrl);
    // 3D000: the database does not exist yet, which the migration step creates.
    if (!probe.ok && probe.code !== '3D000') {
      throw new Error(`DATABASE_URL is set (${redactUrl(options.databaseUrl)}) but PostgreSQL did not accept the connection: ${probe.reason}`);
    }
    return {
      url: options.databaseUrl,
      source: 'DATABASE_URL',
      description: `PostgreSQL from DATABASE_URL (${redactUrl(options.databaseUrl)})`,
      startedHere: false,
      stop: nothingToStop,
    };
  }

  if (!options.skipLocal) {
    const probe = await tryPostgres(LOCAL_POSTGRES_URL);
    if (probe.ok) {
      const url = withDatabase(LOCAL_POSTGRES_URL, database);
      return { url, source: 'local PostgreSQL on 127.0.0.1:5432', description: `local PostgreSQL on 127.0.0.1:5432, database ${database}`, startedHere: false, stop: nothingToStop };
    }
    if (probe.code) {
      // Something answers on 5432 but won't let user postgres in without a password: say so,
      // because the user may well want that server rather than an embedded one.
      log(`a PostgreSQL on 127.0.0.1:5432 refused user postgres (${probe.reason}); set DATABASE_URL to use it. Falling back to the embedded PostgreSQL.`);
    }
  }

  try {
    const embedded = await startEmbeddedPostgres({
      dataDir: options.dataDir,
      preferredPort: options.embeddedPostgresPort ?? 5433,
      log,
    });
    return {
      url: withDatabase(embedded.serverUrl, database),
      source: 'embedded PostgreSQL',
      description: `embedded PostgreSQL on 127.0.0.1:${embedded.port} (data in ${options.dataDir}/postgres), database ${database}`,
      startedHere: embedded.startedByUs,
      stop: embedded.stop,
    };
  } catch (error) {
    throw new Error(
      `No PostgreSQL available: DATABASE_URL is not set, ${options.skipLocal ? 'the local probe was skipped' : 'nothing usable answers on 127.0.0.1:5432'}, ` +
        `and the embedded PostgreSQL could not start:\n  ${(error as Error).message}\n` +
        'Ways to get one: set DATABASE_URL=postgres://user:password@host:5432/itconnect, install PostgreSQL ' +
        '(e.g. `apt-get install postgresql`), or run `docker compose up postgres` and set DATABASE_URL to it.',
    );
  }
}

export async function findOrStartRedis(options: ServiceOptions): Promise<RedisService> {
  const log = options.log ?? (() => undefined);

  if (options.redisUrl) {
    const probe = await pingRedis(options.redisUrl, 2000);
    if (!probe.ok) throw new Error(`REDIS_URL is set (${redactUrl(options.redisUrl)}) but Redis did not answer PING: ${probe.reason}`);
    return { url: options.redisUrl, source: 'REDIS_URL', description: `Redis from REDIS_URL (${redactUrl(options.redisUrl)})`, startedHere: false, stop: nothingToStop };
  }

  if (!options.skipLocal) {
    const probe = await pingRedis(LOCAL_REDIS_URL);
    if (probe.ok) {
      return { url: LOCAL_REDIS_URL, source: 'local Redis on 127.0.0.1:6379', description: 'local Redis on 127.0.0.1:6379', startedHere: false, stop: nothingToStop };
    }
    if (!/ECONNREFUSED|timed? ?out|ETIMEDOUT/i.test(probe.reason)) {
      log(`a Redis on 127.0.0.1:6379 answered but PING failed (${probe.reason}); set REDIS_URL to use it.`);
    }
  }

  const binary = findRedisServerBinary();
  if (binary) {
    const server = await startRedisServer({ binary, dataDir: options.dataDir, preferredPort: 6380, log });
    return {
      url: server.url,
      source: 'redis-server',
      description: `redis-server (${binary}) on 127.0.0.1:${server.port} (files in ${options.dataDir}/redis)`,
      startedHere: server.startedByUs,
      stop: server.stop,
    };
  }

  throw new Error(
    `No Redis available: REDIS_URL is not set, ${options.skipLocal ? 'the local probe was skipped' : 'nothing answers on 127.0.0.1:6379'}, and there is no redis-server on PATH.\n` +
      'Three ways to get Redis:\n' +
      '  1. install redis-server (Debian/Ubuntu: `sudo apt-get install redis-server`; macOS: `brew install redis`) and run npm start again;\n' +
      '  2. run `docker compose up -d redis` (it listens on 127.0.0.1:6379);\n' +
      '  3. set REDIS_URL=redis://host:6379 in .env to use a Redis elsewhere.',
  );
}
