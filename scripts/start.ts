// `npm start` (and `npm run dev` = `--dev`): the whole product on one machine, from a fresh clone.
//   1. read .env; make dev secrets (.data/secrets.json) unless SESSION_KEYS is set
//   2. build what is missing or stale (Vite → dist/frontend; esbuild → dist/api, dist/worker)
//   3. find or start PostgreSQL and Redis (scripts/lib/services.ts, docs/decisions/0002-how-start-finds-services.md)
//   4. apply migrations; seed demo data if there are no professionals yet (first run; never in
//      production)
//   5. run the API and the worker as two child processes, print the URL once /api/ready answers
// Ctrl-C or SIGTERM stops the children, then the database and Redis we started (supervisor.ts).
// --dev runs api/ and worker/ from source with tsx (no server bundle).
// Options: --dev, --no-seed, --rebuild, --raw-logs.
import { createMediaStorage } from '../api/src/domain/media/media-storage';
import { MediaEnv } from '../core/env-schema';
import path from 'node:path';
import { applyMigrations } from './db/migrate-engine';
import { enqueueMissingGeocodes, formatDemoAccounts, seedDemoData, type DemoAccount } from './db/seed/demo-seed';
import { ensureBuilt } from './lib/build';
import { loadDotEnv } from './lib/dotenv';
import { readScriptEnv } from './lib/env';
import { colour, createLogger } from './lib/log';
import { dataDir, DIST_DIR, ROOT } from './lib/paths';
import { isPortFree } from './lib/ports';
import { waitForReady } from './lib/ready';
import { resolveSessionKeys } from './lib/secrets';
import { findOrStartPostgres, findOrStartRedis } from './lib/services';
import { Supervisor } from './lib/supervisor';

const log = createLogger('start');
const args = new Set(process.argv.slice(2));
const isDev = args.has('--dev');
const supervisor = new Supervisor(log);
supervisor.installSignalHandlers();

/** A path relative to the checkout when it is inside it, otherwise absolute. */
function displayPath(target: string): string {
  const relative = path.relative(ROOT, target);
  return relative.startsWith('..') ? target : relative;
}

async function main(): Promise<void> {
  const started = Date.now();
  const fromDotEnv = loadDotEnv();
  if (fromDotEnv.length > 0) log.info(`read ${fromDotEnv.length} settings from .env`);
  const env = readScriptEnv();
  const dir = dataDir();
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  // Logos and photos: the data dir's media/ unless MEDIA_DIR or an S3 bucket says otherwise; the
  // seed and the API use the same place.
  const mediaDir = process.env.MEDIA_DIR || path.join(dir, 'media');
  const mediaStorage = createMediaStorage(MediaEnv.parse({ ...process.env, MEDIA_DIR: mediaDir }));
  const { sessionKeys, source: keySource } = resolveSessionKeys({ fromEnv: env.SESSION_KEYS, nodeEnv: env.NODE_ENV, dataDir: dir });
  if (keySource === 'generated') log.info(`generated development session keys in ${path.join(displayPath(dir), 'secrets.json')}`);
  if (!(await isPortFree(env.PORT, env.HOST))) {
    throw new Error(`Port ${env.PORT} on ${env.HOST} is already in use (another npm start?). Stop it or set PORT=… (e.g. PORT=3001 npm start).`);
  }

  await ensureBuilt({
    frontendOnly: isDev,
    force: args.has('--rebuild'),
    log: log.info,
    runStep: (name, command, commandArgs) => supervisor.runStep(name, command, commandArgs, { cwd: ROOT }),
  });
  if (supervisor.isStopping) return;

  const serviceOptions = { skipLocal: env.ITC_SKIP_LOCAL_SERVICES, dataDir: dir, log: log.info };
  const postgres = await findOrStartPostgres({ ...serviceOptions, databaseUrl: env.DATABASE_URL, embeddedPostgresPort: env.ITC_EMBEDDED_PG_PORT });
  if (postgres.startedHere) supervisor.addCleanup('stopped PostgreSQL', postgres.stop);
  log.info(`PostgreSQL: ${postgres.description}`);
  const redis = await findOrStartRedis({ ...serviceOptions, redisUrl: env.REDIS_URL });
  if (redis.startedHere) supervisor.addCleanup('stopped redis-server', redis.stop);
  log.info(`Redis: ${redis.description}`);
  if (supervisor.isStopping) return;

  const applied = await applyMigrations(postgres.url);
  log.info(applied.length > 0 ? `applied migrations: ${applied.join(', ')}` : 'database schema is up to date');

  let accounts: DemoAccount[] = [];
  if (env.NODE_ENV === 'production') {
    log.info('production: no demo data is loaded (create the first admin with npm run admin:create)');
  } else if (!args.has('--no-seed')) {
    const result = await seedDemoData({ databaseUrl: postgres.url, redisUrl: redis.url, redisPrefix: env.REDIS_PREFIX, nodeEnv: env.NODE_ENV, stripeStandIn: !process.env.STRIPE_SECRET_KEY, log: log.info, mediaStorage });
    if (result.seeded) accounts = result.accounts;
  }
  if (accounts.length === 0) {
    const queued = await enqueueMissingGeocodes({ databaseUrl: postgres.url, redisUrl: redis.url, redisPrefix: env.REDIS_PREFIX });
    if (queued > 0) log.info(`${queued} professionals have no map position yet: geocoding queued`);
  }
  if (supervisor.isStopping) return;

  const apiHost = env.HOST === '0.0.0.0' || env.HOST === '::' ? '127.0.0.1' : env.HOST;
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
    // Where the worker reaches the API (its test-mode payment provider lives there).
    API_URL: process.env.API_URL || `http://${apiHost.includes(':') ? `[${apiHost}]` : apiHost}:${env.PORT}`,
    STATIC_DIR: process.env.STATIC_DIR || path.join(DIST_DIR, 'frontend'),
    MEDIA_DIR: mediaDir,
  };
  const node = process.execPath;
  const [apiArgs, workerArgs] = isDev
    ? [['--import', 'tsx', 'api/src/server.ts'], ['--import', 'tsx', 'worker/src/main.ts']]
    : [['--enable-source-maps', 'dist/api/server.js'], ['--enable-source-maps', 'dist/worker/main.js']];
  const rawLogs = args.has('--raw-logs');
  supervisor.spawnService('API', node, apiArgs, { cwd: ROOT, env: childEnv, prefix: colour.cyan('[api]   '), rawLogs });
  supervisor.spawnService('worker', node, workerArgs, { cwd: ROOT, env: childEnv, prefix: colour.magenta('[worker]'), rawLogs });

  const ready = await waitForReady(`http://${apiHost.includes(':') ? `[${apiHost}]` : apiHost}:${env.PORT}/api/ready`, {
    timeoutMs: 60_000,
    isCancelled: () => supervisor.isStopping,
  });
  if (supervisor.isStopping) return;
  if (!ready.ok) throw new Error(`The API did not become ready within 60 s (${ready.reason}).`);

  const banner = [
    '',
    colour.green(colour.bold(`ITConnect is running at ${publicUrl}`)) + colour.dim(`  (ready in ${((Date.now() - started) / 1000).toFixed(1)} s${isDev ? ', development mode' : ''})`),
    ...(accounts.length > 0 ? ['', ...formatDemoAccounts(accounts)] : []),
    colour.dim('Press Ctrl-C to stop.'),
    '',
  ];
  console.log(banner.join('\n'));
}

main().catch((error: unknown) => {
  if (supervisor.isStopping) return;
  log.error(error instanceof Error ? error.message : String(error));
  void supervisor.shutdown(1);
});
