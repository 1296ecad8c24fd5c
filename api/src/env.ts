// The API's one parsed configuration. server.ts calls loadApiEnv() once at boot; everything else
// receives the parsed ApiEnv as a value. Nothing else in api/ reads process.env.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ApiEnv, parseEnv } from '../../core/env-schema';

export type { ApiEnv } from '../../core/env-schema';

export interface LoadEnvOptions {
  source?: NodeJS.ProcessEnv;
  /** The .env file to load when present (never in tests: they pass their own values). */
  envFile?: string;
  print?: (line: string) => void;
  exit?: (code: number) => never;
}

/** Loads `.env` when present (real environment variables win), parses, or names every bad key and exits 1. */
export function loadApiEnv(options: LoadEnvOptions = {}): ApiEnv {
  const source = options.source ?? process.env;
  const envFile = options.envFile ?? '.env';
  const print = options.print ?? ((line: string) => process.stderr.write(`${line}\n`));
  const exit = options.exit ?? ((code: number) => process.exit(code));

  if (source.NODE_ENV !== 'test' && source === process.env && existsSync(envFile)) {
    process.loadEnvFile(envFile);
  }
  const result = parseEnv(ApiEnv, source);
  const problems = result.ok ? placementProblems(result.env) : result.problems;
  if (result.ok && problems.length === 0) return result.env;

  print('The API cannot start: its configuration has problems (see .env.example):');
  for (const problem of problems) print(`  - ${problem}`);
  return exit(1);
}

/** Folders that must not overlap: everything under STATIC_DIR is served to anyone. */
export function placementProblems(env: Pick<ApiEnv, 'MAIL_DIR' | 'STATIC_DIR'> & Partial<Pick<ApiEnv, 'MEDIA_DIR' | 'EVIDENCE_DIR'>>): string[] {
  const staticDir = path.resolve(env.STATIC_DIR);
  const mailDir = path.resolve(env.MAIL_DIR);
  const problems: string[] = [];
  if (mailDir === staticDir || mailDir.startsWith(`${staticDir}${path.sep}`)) {
    problems.push('MAIL_DIR: must not be inside STATIC_DIR: the files there are served to anyone, and e-mails hold sign-in links.');
  }
  // Uploaded files are served only by /api/media (sniffed, re-encoded, with their own headers).
  const mediaDir = env.MEDIA_DIR === undefined ? null : path.resolve(env.MEDIA_DIR);
  if (mediaDir && (mediaDir === staticDir || mediaDir.startsWith(`${staticDir}${path.sep}`))) {
    problems.push('MEDIA_DIR: must not be inside STATIC_DIR: uploads are served by /api/media only.');
  }
  // Evidence is private (product rule 45): served only to its owner and admins by /api/evidence.
  const evidenceDir = env.EVIDENCE_DIR === undefined ? null : path.resolve(env.EVIDENCE_DIR);
  if (evidenceDir && (evidenceDir === staticDir || evidenceDir.startsWith(`${staticDir}${path.sep}`))) {
    problems.push('EVIDENCE_DIR: must not be inside STATIC_DIR: evidence files are private to their owner and admins.');
  }
  return problems;
}
