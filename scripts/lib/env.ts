// What the start script, the seed and the e2e runner read from the environment, parsed once with
// zod (one parsed config per process). The API and the worker validate their own environments (core/env-schema).
// DATABASE_URL and REDIS_URL are optional here: without them the scripts find or start services.
import { z } from 'zod';
import { parseEnv } from '../../core/env-schema';

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .default('')
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

export const ScriptEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATABASE_URL: optional(z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' })),
  REDIS_URL: optional(z.url({ protocol: /^rediss?$/, error: 'must be a redis:// URL' })),
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, _ and - only')
    .default('itc'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  /** Defaults to http://localhost:<PORT>. */
  PUBLIC_URL: optional(z.url()),
  /** Generated into .data/secrets.json in development when unset; required in production. */
  SESSION_KEYS: optional(z.string()),
  /** Skip the probes of 127.0.0.1:5432 and :6379 and go straight to embedded PostgreSQL / redis-server. */
  ITC_SKIP_LOCAL_SERVICES: flag,
  /** Port the embedded PostgreSQL tries first (the next free one is used if it is taken). */
  ITC_EMBEDDED_PG_PORT: z.coerce.number().int().min(1024).max(65535).default(5433),
  /** Where local state lives (embedded PostgreSQL, redis-server files, dev secrets). */
  ITC_DATA_DIR: z.string().default('.data'),
});
export type ScriptEnv = z.infer<typeof ScriptEnv>;

/** Parses the environment or throws one error that names every bad key. */
export function readScriptEnv(source: NodeJS.ProcessEnv = process.env): ScriptEnv {
  const result = parseEnv(ScriptEnv, source);
  if (!result.ok) {
    throw new Error(`Invalid environment:\n  ${result.problems.join('\n  ')}`);
  }
  return result.env;
}
