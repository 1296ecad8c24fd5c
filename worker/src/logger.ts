// Structured JSON logs (pino) on stdout, one line per event, level from LOG_LEVEL.
import { pino, type Logger } from 'pino';
import type { WorkerEnv } from '../../core/env-schema';

export function createLogger(env: Pick<WorkerEnv, 'LOG_LEVEL'>): Logger {
  return pino({ name: 'worker', level: env.LOG_LEVEL, base: { service: 'worker', pid: process.pid } });
}
