// Reads `.env` into process.env without overriding what the shell already set, so
// `PORT=4000 npm start` beats a PORT line in .env. Uses Node's own parser (node:util parseEnv).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { ROOT } from './paths';

/** Returns the keys taken from the file (empty when there is no .env). */
export function loadDotEnv(file = path.join(ROOT, '.env'), target: NodeJS.ProcessEnv = process.env): string[] {
  if (!existsSync(file)) return [];
  const parsed = parseEnv(readFileSync(file, 'utf8'));
  const taken: string[] = [];
  for (const [key, value] of Object.entries(parsed)) {
    if (value === undefined || target[key] !== undefined) continue;
    target[key] = value;
    taken.push(key);
  }
  return taken;
}
