// `npm run test:e2e [-- <playwright args>]`: the built product on a fresh database, driven by
// Playwright in Debian's Chromium.
//   1. check Chromium is installed (npx playwright install cannot download here)
//   2. build what is stale (the same step as npm start)
//   3. find or start PostgreSQL and Redis (scripts/lib/services.ts)
//   4. create and migrate a new database itconnect_e2e_<time>_<pid>, seed the demo data into it,
//      with a Redis prefix of its own, so a running `npm start` or another run is untouched
//   5. start a stand-in tile server for the map (tile-server.ts), the Stripe stand-in (its own
//      process, as npm start runs it: scripts/lib/payments.ts), the built API (port 3100 or the
//      next free one) and the worker; wait for /api/ready
//   6. run `playwright test -c tests/e2e/playwright.config.ts <args>` with E2E_BASE_URL,
//      E2E_DATABASE_URL, the Redis URL and prefix, and what the fixtures need to make sessions
//      directly (the API's session keys, whether it asks two-step verification of admins)
//   7. stop the processes, drop the database and the Redis keys; exit with Playwright's code.
import { ApiEnv, adminTwoStepRequired } from '../../core/env-schema';
import { localMediaStorage } from '../../api/src/domain/media/media-storage';
import { STRIPE_WEBHOOK_PATH } from '../../api/src/middleware/same-origin';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { applyMigrations } from '../../scripts/db/migrate-engine';
import { seedDemoData } from '../../scripts/db/seed/demo-seed';
import { ensureBuilt } from '../../scripts/lib/build';
import { loadDotEnv } from '../../scripts/lib/dotenv';
import { readScriptEnv } from '../../scripts/lib/env';
import { colour, createLogger } from '../../scripts/lib/log';
import { dataDir, DIST_DIR, ROOT } from '../../scripts/lib/paths';
import { isStandInPayments, planStandIn, startStandIn } from '../../scripts/lib/payments';
import { findFreePort } from '../../scripts/lib/ports';
import { waitForReady } from '../../scripts/lib/ready';
import { findOrStartPostgres, findOrStartRedis, withDatabase } from '../../scripts/lib/services';
import { API_NODE_FLAGS } from '../../scripts/lib/stack';
import { Supervisor } from '../../scripts/lib/supervisor';
import { startTileServer } from './tile-server';

const log = createLogger('e2e');
const supervisor = new Supervisor(log);
supervisor.installSignalHandlers();

function checkChromium(): void {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (existsSync(chromium)) return;
  throw new Error(
    `Chromium is not installed at ${chromium}. The e2e tests use Debian's Chromium (Playwright cannot download its own browser here):\n` +
      '  sudo apt-get update && sudo apt-get install -y chromium\n' +
      'or set CHROMIUM_PATH to another Chromium or Chrome binary.',
  );
}

async function dropDatabase(serverUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres') });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(database)} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

async function deleteRedisKeys(redisUrl: string, prefix: string): Promise<number> {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  let deleted = 0;
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) deleted += await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
  return deleted;
}

async function main(): Promise<number> {
  checkChromium();
  loadDotEnv();
  const env = readScriptEnv();
  await ensureBuilt({ log: log.info, runStep: (name, command, args) => supervisor.runStep(name, command, args, { cwd: ROOT }) });

  const serviceOptions = { skipLocal: env.ITC_SKIP_LOCAL_SERVICES, dataDir: dataDir(), log: log.info };
  const postgres = await findOrStartPostgres({ ...serviceOptions, databaseUrl: env.DATABASE_URL, embeddedPostgresPort: env.ITC_EMBEDDED_PG_PORT });
  if (postgres.startedHere) supervisor.addCleanup('stopped PostgreSQL', postgres.stop);
  const redis = await findOrStartRedis({ ...serviceOptions, redisUrl: env.REDIS_URL });
  if (redis.startedHere) supervisor.addCleanup('stopped redis-server', redis.stop);
  log.info(`PostgreSQL: ${postgres.description.replace(/, database \w+$/, '')}`);
  log.info(`Redis: ${redis.description}`);

  const stamp = `${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}_${process.pid}`;
  const database = `itconnect_e2e_${stamp}`;
  const databaseUrl = withDatabase(postgres.url, database);
  const redisPrefix = `itc_e2e_${stamp}`;
  // Cleanups run newest first: the database and keys go before the servers that hold them.
  supervisor.addCleanup(`dropped database ${database}`, () => dropDatabase(postgres.url, database));
  supervisor.addCleanup(`deleted Redis keys ${redisPrefix}*`, () => deleteRedisKeys(redis.url, redisPrefix).then(() => undefined));

  log.info(`creating database ${database} and Redis prefix ${redisPrefix}`);
  await applyMigrations(databaseUrl);
  // Demo and uploaded images. Their names are content hashes, so runs share one folder and the seed
  // draws its demo images only on the first run (scripts/db/seed/demo-media.ts).
  const mediaDir = path.join(dataDir(), 'e2e-media');
  const seeded = await seedDemoData({ databaseUrl, redisUrl: redis.url, redisPrefix, nodeEnv: 'test', stripeStandIn: isStandInPayments(), log: log.info, mediaStorage: localMediaStorage(mediaDir) });
  if (!seeded.seeded) throw new Error(`The fresh database was not seeded: ${seeded.reason}`);

  // The map's tiles come from a local stand-in (an outside service; the machine may be offline).
  const tiles = await startTileServer();
  supervisor.addCleanup('stopped the tile stand-in', () => new Promise<void>((resolve) => tiles.server.close(() => resolve())));

  const port = await findFreePort(3100);
  const baseUrl = `http://127.0.0.1:${port}`;
  const mailDir = path.join(dataDir(), 'e2e-mail', stamp);
  const standIn = isStandInPayments() ? await planStandIn({ dataDir: dataDir(), host: '127.0.0.1', publicUrl: baseUrl, webhookUrl: `${baseUrl}${STRIPE_WEBHOOK_PATH}` }) : null;
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    // NODE_ENV=test: the processes skip .env, so nothing from a developer's setup leaks in.
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redis.url,
    REDIS_PREFIX: redisPrefix,
    SESSION_KEYS: randomBytes(48).toString('base64url'),
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    STATIC_DIR: path.join(DIST_DIR, 'frontend'),
    MAIL_DIR: mailDir,
    MEDIA_DIR: mediaDir,
    // Headless Chromium solves the captcha slowly: a tiny cost keeps journeys fast.
    ALTCHA_COST: '200',
    // Every journey's browser signs in from 127.0.0.1: the per-address sign-in limit (20 per 15
    // minutes, a brake on guessing from one network, tested in api/src/routes/auth.int.test.ts)
    // would refuse the suite's own sign-ins.
    LOGIN_LIMIT_PER_IP: '1000',
    // Likewise the applications (two calls per journey: the form, then the checkout after the
    // e-mailed link) and the sign-up links' confirmations.
    APPLY_LIMIT_PER_IP: '1000',
    RESET_SUBMIT_LIMIT_PER_IP: '1000',
    // And the requests for quotes (issue 32), asked from 127.0.0.1 by every project's journey.
    QUOTE_LIMIT_PER_IP: '1000',
    MAP_TILE_URL: tiles.urlTemplate,
    ...standIn?.env,
  };
  const startedAt = Date.now();
  if (standIn) await startStandIn(supervisor, standIn, childEnv);
  supervisor.spawnService('API', process.execPath, [...API_NODE_FLAGS, '--enable-source-maps', 'dist/api/server.js'], { cwd: ROOT, env: childEnv, prefix: colour.cyan('[api]   ') });
  supervisor.spawnService('worker', process.execPath, ['--enable-source-maps', 'dist/worker/main.js'], { cwd: ROOT, env: childEnv, prefix: colour.magenta('[worker]') });
  const ready = await waitForReady(`${baseUrl}/api/ready`, { timeoutMs: 60_000, isCancelled: () => supervisor.isStopping });
  if (!ready.ok) throw new Error(`The API did not become ready within 60 s (${ready.reason}).`);
  log.info(`product running at ${baseUrl}; running Playwright`);

  const playwrightCli = path.join(ROOT, 'node_modules', '@playwright', 'test', 'cli.js');
  // The fixtures make sessions as the API's sign-in does (fixtures.ts signInAs): signed with its keys,
  // and for admins under its two-step rule (the API's own reading of its environment).
  const adminTwoStep = adminTwoStepRequired({ NODE_ENV: 'test', ADMIN_TWO_STEP_REQUIRED: ApiEnv.shape.ADMIN_TWO_STEP_REQUIRED.parse(childEnv.ADMIN_TWO_STEP_REQUIRED) });
  return supervisor.run('playwright', process.execPath, [playwrightCli, 'test', '-c', 'tests/e2e/playwright.config.ts', ...process.argv.slice(2)], {
    cwd: ROOT,
    env: {
      ...process.env,
      E2E_MAIL_FOLDER: mailDir,
      E2E_BASE_URL: baseUrl,
      E2E_DATABASE_URL: databaseUrl,
      E2E_REDIS_URL: redis.url,
      E2E_REDIS_PREFIX: redisPrefix,
      E2E_SESSION_KEYS: childEnv.SESSION_KEYS,
      E2E_ADMIN_TWO_STEP_REQUIRED: String(adminTwoStep),
      E2E_STARTED_AT: String(startedAt),
    },
  });
}

main().then(
  (code) => supervisor.shutdown(code),
  (error: unknown) => {
    if (supervisor.isStopping) return;
    log.error(error instanceof Error ? error.message : String(error));
    void supervisor.shutdown(1);
  },
);
