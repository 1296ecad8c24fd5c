// Where the start script, the build and the e2e runner keep things. Everything local to one
// checkout lives under .data/ (git-ignored): the embedded PostgreSQL cluster, a redis-server's
// files, generated dev secrets, e-mails written in development.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const DIST_DIR = path.join(ROOT, 'dist');

/** `.data/` of the checkout; ITC_DATA_DIR moves it (tests of the start script use a scratch one). */
export function dataDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(ROOT, env.ITC_DATA_DIR || '.data');
}
