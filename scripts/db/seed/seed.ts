// `npm run db:seed [-- --force]`: demo data for development (npm start does this by itself on
// the first run). Uses DATABASE_URL/REDIS_URL when set, otherwise finds or starts PostgreSQL and
// Redis like npm start, applies migrations, seeds when the professionals table is empty, and
// prints the demo accounts. --force replaces earlier demo rows. Refused in production.
import { createMediaStorage } from '../../../api/src/domain/media/media-storage';
import { MediaEnv } from '../../../core/env-schema';
import { applyMigrations } from '../migrate-engine';
import { loadDotEnv } from '../../lib/dotenv';
import { readScriptEnv } from '../../lib/env';
import { createLogger } from '../../lib/log';
import path from 'node:path';
import { dataDir } from '../../lib/paths';
import { findOrStartPostgres, findOrStartRedis } from '../../lib/services';
import { formatDemoAccounts, seedDemoData } from './demo-seed';

const log = createLogger('seed');

async function main(): Promise<number> {
  const force = process.argv.includes('--force');
  loadDotEnv();
  const env = readScriptEnv();
  if (env.NODE_ENV === 'production') {
    log.error('refusing to load demo data with NODE_ENV=production (fake listings on a real site).');
    return 1;
  }
  const dir = dataDir();
  const stops: (() => Promise<void>)[] = [];
  try {
    const postgres = await findOrStartPostgres({
      databaseUrl: env.DATABASE_URL,
      skipLocal: env.ITC_SKIP_LOCAL_SERVICES,
      dataDir: dir,
      embeddedPostgresPort: env.ITC_EMBEDDED_PG_PORT,
      log: log.info,
    });
    stops.push(postgres.stop);
    const redis = await findOrStartRedis({ redisUrl: env.REDIS_URL, skipLocal: env.ITC_SKIP_LOCAL_SERVICES, dataDir: dir, log: log.info });
    stops.push(redis.stop);
    log.info(`using ${postgres.description} and ${redis.description}`);

    const applied = await applyMigrations(postgres.url);
    if (applied.length > 0) log.info(`applied migrations: ${applied.join(', ')}`);

    const result = await seedDemoData({
      databaseUrl: postgres.url,
      redisUrl: redis.url,
      redisPrefix: env.REDIS_PREFIX,
      force,
      nodeEnv: env.NODE_ENV,
      // Without Stripe keys the site takes payments through its test-mode stand-in (decision 0008).
      stripeStandIn: !process.env.STRIPE_SECRET_KEY,
      log: log.info,
      // The same place npm start gives the API (the data dir's media/ unless MEDIA_DIR or S3_BUCKET).
      mediaStorage: createMediaStorage(MediaEnv.parse({ ...process.env, MEDIA_DIR: process.env.MEDIA_DIR || path.join(dir, 'media') })),
    });
    if (!result.seeded) {
      log.warn(`not seeding: ${result.reason}`);
      return force ? 1 : 0;
    }
    for (const line of formatDemoAccounts(result.accounts)) console.log(line);
    return 0;
  } finally {
    for (const stop of stops.reverse()) await stop();
  }
}

main().then(
  // The migration engine leaves a timer running: exit explicitly.
  (code) => process.exit(code),
  (error: unknown) => {
    log.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
