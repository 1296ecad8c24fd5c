// Backups of the database DATABASE_URL names (docs/deploy.md, Backups):
//   npm run db:backup [-- <file>]              pg_dump, custom format (default .data/backups/itconnect-<UTC time>.dump)
//   npm run db:restore -- <file> [--clean]     pg_restore into DATABASE_URL's database (created if missing;
//                                              one that has tables only with --clean)
// pg_dump/pg_restore must match the server's major version or be newer: PG_BIN_DIR names their
// folder when the ones found are older (scripts/lib/pg-backup.ts). Media (MEDIA_DIR or S3) are not
// in the database: back them up beside it.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { loadDotEnv } from '../lib/dotenv';
import { dataDir } from '../lib/paths';
import { databaseName, dumpDatabase, restoreDatabase } from '../lib/pg-backup';

const DEFAULT_URL = 'postgresql://postgres@127.0.0.1:5432/itconnect';

function redacted(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

async function main(): Promise<number> {
  loadDotEnv();
  const [command, ...rest] = process.argv.slice(2);
  const databaseUrl = process.env.DATABASE_URL || DEFAULT_URL;
  const files = rest.filter((arg) => !arg.startsWith('--'));
  switch (command) {
    case 'dump': {
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.resolve(files[0] ?? path.join(dataDir(), 'backups', `${databaseName(databaseUrl)}-${stamp}.dump`));
      mkdirSync(path.dirname(file), { recursive: true });
      const started = Date.now();
      const { bytes, tool } = await dumpDatabase({ databaseUrl, file });
      console.log(`Backed up ${redacted(databaseUrl)} to ${file} (${(bytes / 1024).toFixed(0)} KiB, ${((Date.now() - started) / 1000).toFixed(1)} s, ${tool}).`);
      return 0;
    }
    case 'restore': {
      if (!files[0]) {
        console.error('Usage: npm run db:restore -- <file> [--clean]');
        return 2;
      }
      const started = Date.now();
      const { created, tool } = await restoreDatabase({ databaseUrl, file: path.resolve(files[0]), clean: rest.includes('--clean') });
      console.log(`Restored ${files[0]} into ${redacted(databaseUrl)}${created ? ' (database created)' : ''} in ${((Date.now() - started) / 1000).toFixed(1)} s (${tool}).`);
      return 0;
    }
    default:
      console.error('Usage: npm run db:backup [-- <file>]  |  npm run db:restore -- <file> [--clean]');
      return 2;
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  },
);
