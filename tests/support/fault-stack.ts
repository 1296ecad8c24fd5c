// Services a fault test may stop and start without disturbing anyone else (issue 14, "Faults"):
// its own redis-server and its own PostgreSQL cluster, in a temporary folder, on ports of their own,
// started the way `npm start` starts its local stand-ins (scripts/lib/redis-server.ts,
// scripts/lib/embedded-postgres.ts, decision 0002). The shared PostgreSQL and Redis on the standard
// ports are never touched. The API and the worker run as real child processes (api/src/server.ts,
// worker/src/main.ts), so a restart of a service is seen by the production connection code, and a
// SIGKILL is a real one.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { applyMigrations } from '../../scripts/db/migrate-engine';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../scripts/lib/embedded-postgres';
import { findFreePort } from '../../scripts/lib/ports';
import { findRedisServerBinary, startRedisServer, type RedisServer } from '../../scripts/lib/redis-server';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A free port somewhere in 20000–31999 (findFreePort looks upwards to 32767), so files running side by side rarely probe the same ones. */
export function somePort(): Promise<number> {
  return findFreePort(20_000 + Math.floor(Math.random() * 12_000));
}

export interface OwnService {
  url: string;
  /** Stops the server (Redis: SIGTERM, which writes its append-only file; PostgreSQL: fast shutdown). */
  stop(): Promise<void>;
  /** Starts it again on the same port with the same data. */
  start(): Promise<void>;
  /** Stops it and removes its folder. */
  close(): Promise<void>;
}

/** A redis-server of this test's own, with its append-only file on (sessions and queues survive a restart). */
export async function startOwnRedis(): Promise<OwnService> {
  const binary = findRedisServerBinary({ PATH: `${process.env.PATH ?? ''}${path.delimiter}/usr/bin${path.delimiter}/usr/local/bin` });
  if (!binary) throw new Error('The fault tests need redis-server on PATH (apt-get install redis-server).');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'itc-fault-redis-'));
  const preferredPort = await somePort();
  const quiet = () => undefined;
  let server: RedisServer = await startRedisServer({ binary, dataDir, preferredPort, log: quiet });
  const port = server.port;
  const service: OwnService = {
    url: server.url,
    stop: () => server.stop(),
    async start() {
      server = await startRedisServer({ binary, dataDir, preferredPort: port, log: quiet });
      if (server.port !== port) throw new Error(`redis-server came back on port ${server.port}, not ${port}`);
    },
    async close() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return service;
}

export interface OwnPostgres extends OwnService {
  /** A migrated database on this cluster (the url is that database's). */
  databaseUrl: string;
}

/**
 * A PostgreSQL cluster of this test's own (the embedded-postgres binaries) with one migrated
 * database. `settings` gives server settings, after putting what they name in the cluster's folder
 * (TLS's key and certificate: tests/support/tls.ts).
 */
export async function startOwnPostgres(options: { settings?: (dataDir: string) => Record<string, string> } = {}): Promise<OwnPostgres> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'itc-fault-pg-'));
  const quiet = () => undefined;
  const settings = options.settings?.(dataDir);
  let server: EmbeddedPostgres = await startEmbeddedPostgres({ dataDir, preferredPort: await somePort(), log: quiet, settings });
  const port = server.port;
  const databaseUrl = new URL(server.serverUrl);
  databaseUrl.pathname = '/itconnect';
  const admin = new pg.Client({ connectionString: server.serverUrl });
  await admin.connect();
  try {
    await admin.query('CREATE DATABASE itconnect');
  } finally {
    await admin.end();
  }
  await applyMigrations(databaseUrl.toString());
  return {
    url: server.serverUrl,
    databaseUrl: databaseUrl.toString(),
    stop: () => server.stop(),
    async start() {
      server = await startEmbeddedPostgres({ dataDir, preferredPort: port, log: quiet, settings });
      if (server.port !== port) throw new Error(`PostgreSQL came back on port ${server.port}, not ${port}`);
    },
    async close() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface ChildService {
  process: ChildProcess;
  /** Everything it wrote to stdout and stderr (its JSON log lines). */
  output(): string;
  /** Sends `signal` and waits for the exit (nothing when it has already exited). */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

function spawnService(entry: string, env: Record<string, string>): ChildService {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return {
    process: child,
    output: () => output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill(signal);
      await exited;
    },
  };
}

export interface ApiProcess extends ChildService {
  baseUrl: string;
  env: Record<string, string>;
  fetch(urlPath: string, init?: RequestInit): Promise<Response>;
}

export const FAULT_SESSION_KEY = 'fault-test-session-key-0123456789abcdefghij';

/** The API (api/src/server.ts) as a child process on a free port; resolves once /api/health answers. */
export async function startApiProcess(env: Record<string, string>): Promise<ApiProcess> {
  const port = await somePort();
  const fullEnv: Record<string, string> = {
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SESSION_KEYS: FAULT_SESSION_KEY,
    STATIC_DIR: '/nonexistent/itconnect-static',
    ALTCHA_COST: '100',
    REDIS_PREFIX: `itcf_${randomBytes(4).toString('hex')}`,
    ...env,
  };
  const child = spawnService('api/src/server.ts', fullEnv);
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.process.exitCode !== null) throw new Error(`the API exited during start-up:\n${child.output()}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await child.stop('SIGKILL');
      throw new Error(`the API did not answer within 60 s:\n${child.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { ...child, baseUrl, env: fullEnv, fetch: (urlPath, init) => fetch(`${baseUrl}${urlPath}`, init) };
}

/** The worker (worker/src/main.ts) as a child process. */
export function startWorkerProcess(env: Record<string, string>): ChildService {
  return spawnService('worker/src/main.ts', env);
}
