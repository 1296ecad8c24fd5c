// Worker process entry: read the environment, start the BullMQ workers, stop cleanly on SIGTERM or
// SIGINT (active jobs finish, then Redis and PostgreSQL close, exit 0); a second signal, a second or
// more later, forces exit.
// Run it with `node --import tsx worker/src/main.ts` or the esbuild bundle dist/worker/main.js,
// never through npx (signals would not reach it).
import { paymentsLine, paymentsMode } from '../../core/env-schema';
import { readWorkerEnv } from './env';
import { createLogger } from './logger';
import { startWorker } from './start-worker';

const env = readWorkerEnv();
const logger = createLogger(env);

/** Signals this soon after the first are the same stop request, not an impatient second one. */
const SAME_STOP_REQUEST_MS = 1000;

async function main(): Promise<void> {
  const worker = await startWorker({ env, logger });
  logger.info({ payments: paymentsMode(env) }, paymentsLine(env));
  let firstSignalAt: number | undefined;
  const stop = (signal: NodeJS.Signals) => {
    if (firstSignalAt !== undefined) {
      // Under `npm start` a terminal Ctrl-C reaches us (SIGINT, same process group) and the
      // supervisor's SIGTERM follows within milliseconds: that must not cut active jobs short.
      if (Date.now() - firstSignalAt < SAME_STOP_REQUEST_MS) return;
      logger.warn({ signal }, 'second signal: exiting without waiting for active jobs');
      process.exit(1);
    }
    firstSignalAt = Date.now();
    logger.info({ signal }, 'shutting down');
    worker.close().then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error({ err }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

main().catch((err: unknown) => {
  logger.fatal({ err }, 'worker failed to start');
  process.exit(1);
});
