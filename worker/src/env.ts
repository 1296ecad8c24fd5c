// The worker's configuration, read once at boot: .env (if present, outside tests) under the real
// environment, validated with core's WorkerEnv. Nothing else in the worker reads process.env.
import { parseEnv, WorkerEnv } from '../../core/env-schema';

function loadDotEnv(): void {
  try {
    // Variables already in the environment win over the file (Node's loadEnvFile never overrides).
    process.loadEnvFile('.env');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
}

/** The parsed environment; on any bad or missing key prints every problem and exits with 1. */
export function readWorkerEnv(): WorkerEnv {
  if (process.env.NODE_ENV !== 'test') loadDotEnv();
  const result = parseEnv(WorkerEnv, process.env);
  if (result.ok) return result.env;
  console.error('worker: invalid environment (see .env.example):');
  for (const problem of result.problems) console.error(`  ${problem}`);
  process.exit(1);
}
