// What `npm start` (scripts/start.ts) and `npm run start:cluster` (scripts/start-cluster.ts) do
// before they run any API or worker, in one place:
//   1. read .env; make dev secrets (.data/secrets.json) unless SESSION_KEYS is set
//   2. build what is missing or stale (Vite → dist/frontend; esbuild → dist/api, dist/worker)
//   3. find or start PostgreSQL and Redis (services.ts, docs/decisions/0002-how-start-finds-services.md)
//   4. apply migrations; seed demo data if there are no professionals yet (first run; never in
//      production)
// and the environment and command lines their children get, with the Stripe stand-in's when it
// takes payments (payments.ts: started by the caller, before the API and the worker).
import path from 'node:path';
import { createMediaStorage } from '../../api/src/domain/media/media-storage';
import { STRIPE_WEBHOOK_PATH } from '../../api/src/middleware/same-origin';
import { MediaEnv } from '../../core/env-schema';
import { applyMigrations } from '../db/migrate-engine';
import { enqueueMissingGeocodes, seedDemoData, type DemoAccount } from '../db/seed/demo-seed';
import { ensureBuilt } from './build';
import { loadDotEnv } from './dotenv';
import { readScriptEnv, type ScriptEnv } from './env';
import type { Logger } from './log';
import { dataDir, DIST_DIR, ROOT } from './paths';
import { isStandInPayments, planStandIn, productionPaymentProblems, type StandInPlan } from './payments';
import { isPortFree } from './ports';
import { resolveSessionKeys } from './secrets';
import { findOrStartPostgres, findOrStartRedis } from './services';
import type { Supervisor } from './supervisor';

export interface StackOptions {
  log: Logger;
  supervisor: Supervisor;
  /** API and worker from source with tsx: only the front end is built. */
  isDev: boolean;
  /** Rebuild even when the build looks fresh (--rebuild). */
  rebuild: boolean;
  /** Build nothing (--no-build): the API then serves the API alone, no pages (tests). */
  noBuild?: boolean;
  /** Load no demo data (--no-seed). */
  noSeed: boolean;
}

export interface PreparedStack {
  env: ScriptEnv;
  publicUrl: string;
  /** Environment shared by every API and worker child (each API adds its own PORT/HOST). */
  childEnv: NodeJS.ProcessEnv;
  /** The Stripe stand-in to start (its environment is in childEnv already), or null with Stripe keys. */
  standIn: StandInPlan | null;
  /** Demo accounts when the seed ran now (first run), to print once. */
  accounts: DemoAccount[];
}

/** A path relative to the checkout when it is inside it, otherwise absolute. */
export function displayPath(target: string): string {
  const relative = path.relative(ROOT, target);
  return relative.startsWith('..') ? target : relative;
}

/** A host to reach a listener on from this machine: a wildcard address is reached through the loopback. */
export function reachableHost(host: string): string {
  const own = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return own.includes(':') ? `[${own}]` : own;
}

/** Steps 1–4 above. Returns null when a stop was requested meanwhile. */
export async function prepareStack(options: StackOptions): Promise<PreparedStack | null> {
  const { log, supervisor } = options;
  const fromDotEnv = loadDotEnv();
  if (fromDotEnv.length > 0) log.info(`read ${fromDotEnv.length} settings from .env`);
  const env = readScriptEnv();
  const dir = dataDir();
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  // Logos and photos: the data dir's media/ unless MEDIA_DIR or an S3 bucket says otherwise; the
  // seed and the API use the same place.
  const mediaDir = process.env.MEDIA_DIR || path.join(dir, 'media');
  const mediaStorage = createMediaStorage(MediaEnv.parse({ ...process.env, MEDIA_DIR: mediaDir }));
  // Evidence of credentials (decision 0041): private, apart from media; the API, the worker and the
  // seed use the same place.
  const evidenceDir = process.env.EVIDENCE_DIR || path.join(dir, 'evidence');
  // A production start names everything it lacks at once, before anything is built or started.
  const missing = [
    ...(env.NODE_ENV === 'production' && !env.SESSION_KEYS ? ['SESSION_KEYS: is required in production (comma-separated, 32+ characters each), e.g. SESSION_KEYS=$(openssl rand -base64 48)'] : []),
    ...productionPaymentProblems(process.env),
  ];
  if (missing.length > 0) throw new Error(`NODE_ENV=production, and the environment lacks what production needs:\n  - ${missing.join('\n  - ')}`);
  const { sessionKeys, source: keySource } = resolveSessionKeys({ fromEnv: env.SESSION_KEYS, nodeEnv: env.NODE_ENV, dataDir: dir });
  if (keySource === 'generated') log.info(`generated development session keys in ${path.join(displayPath(dir), 'secrets.json')}`);
  if (!(await isPortFree(env.PORT, env.HOST))) {
    throw new Error(`Port ${env.PORT} on ${env.HOST} is already in use (another npm start?). Stop it or set PORT=… (e.g. PORT=3001 npm start).`);
  }

  if (!options.noBuild) {
    await ensureBuilt({
      frontendOnly: options.isDev,
      force: options.rebuild,
      log: log.info,
      runStep: (name, command, commandArgs) => supervisor.runStep(name, command, commandArgs, { cwd: ROOT }),
    });
  }
  if (supervisor.isStopping) return null;

  const serviceOptions = { skipLocal: env.ITC_SKIP_LOCAL_SERVICES, dataDir: dir, log: log.info };
  const postgres = await findOrStartPostgres({ ...serviceOptions, databaseUrl: env.DATABASE_URL, embeddedPostgresPort: env.ITC_EMBEDDED_PG_PORT });
  if (postgres.startedHere) supervisor.addCleanup('stopped PostgreSQL', postgres.stop);
  log.info(`PostgreSQL: ${postgres.description}`);
  const redis = await findOrStartRedis({ ...serviceOptions, redisUrl: env.REDIS_URL });
  if (redis.startedHere) supervisor.addCleanup('stopped redis-server', redis.stop);
  log.info(`Redis: ${redis.description}`);
  if (supervisor.isStopping) return null;

  const applied = await applyMigrations(postgres.url);
  log.info(applied.length > 0 ? `applied migrations: ${applied.join(', ')}` : 'database schema is up to date');

  let accounts: DemoAccount[] = [];
  if (env.NODE_ENV === 'production') {
    log.info('production: no demo data is loaded (create the first admin with npm run admin:create)');
  } else if (!options.noSeed) {
    const result = await seedDemoData({ databaseUrl: postgres.url, redisUrl: redis.url, redisPrefix: env.REDIS_PREFIX, nodeEnv: env.NODE_ENV, stripeStandIn: isStandInPayments(), log: log.info, mediaStorage });
    if (result.seeded) accounts = result.accounts;
  }
  if (accounts.length === 0) {
    const queued = await enqueueMissingGeocodes({ databaseUrl: postgres.url, redisUrl: redis.url, redisPrefix: env.REDIS_PREFIX });
    if (queued > 0) log.info(`${queued} professionals have no map position yet: geocoding queued`);
  }
  if (supervisor.isStopping) return null;

  // The stand-in delivers its webhooks where Stripe would: the site's door (nginx in a cluster).
  const apiUrl = `http://${reachableHost(env.HOST)}:${env.PORT}`;
  const standIn = isStandInPayments()
    ? await planStandIn({ dataDir: dir, host: env.HOST, publicUrl, webhookUrl: `${apiUrl}${STRIPE_WEBHOOK_PATH}` })
    : null;
  if (standIn) log.info(`payments: the Stripe stand-in on port ${standIn.port} (test mode: no real payments; set the STRIPE_* keys to take real ones)`);
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: env.NODE_ENV,
    DATABASE_URL: postgres.url,
    REDIS_URL: redis.url,
    REDIS_PREFIX: env.REDIS_PREFIX,
    SESSION_KEYS: sessionKeys,
    PORT: String(env.PORT),
    HOST: env.HOST,
    PUBLIC_URL: publicUrl,
    STATIC_DIR: process.env.STATIC_DIR || path.join(DIST_DIR, 'frontend'),
    MEDIA_DIR: mediaDir,
    EVIDENCE_DIR: evidenceDir,
    ...standIn?.env,
  };
  return { env, publicUrl, childEnv, standIn, accounts };
}

/**
 * Node flags of every API process:
 * - a young generation of 64 MB semi-spaces. Each directory answer computed per request is
 *   short-lived garbage (~50 MB/s at 1,200 searches a second); with V8's default size much of it
 *   was promoted and the old generation, which holds the directory index (~400 MB at 100,000
 *   listings), was collected again and again: p99 160–230 ms against 50–146 ms
 *   (docs/decisions/0019-directory-index-in-memory.md);
 * - an old generation let grow to twice its live size before the next full collection
 *   (`--heap-growing-percent=100`): V8 chose ~1.15 for this heap, so a full collection (a 20–30 ms
 *   pause and ~50 ms of marking steps on this thread) came every 2–3 s under uncached searches;
 *   with the flag, once in 40 s of them (docs/decisions/0024-api-old-generation-growth.md).
 * Also in the Dockerfile, docker-compose.yml and package.json's bench scripts (the bench runs the
 * API in its own process).
 */
export const API_NODE_FLAGS = ['--max-semi-space-size=64', '--heap-growing-percent=100'] as const;

/** The command lines of the API and the worker: from source with tsx (--dev) or the esbuild bundles. */
export function serverCommands(isDev: boolean): { api: string[]; worker: string[] } {
  return isDev
    ? { api: [...API_NODE_FLAGS, '--import', 'tsx', 'api/src/server.ts'], worker: ['--import', 'tsx', 'worker/src/main.ts'] }
    : { api: [...API_NODE_FLAGS, '--enable-source-maps', 'dist/api/server.js'], worker: ['--enable-source-maps', 'dist/worker/main.js'] };
}
