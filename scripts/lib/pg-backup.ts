// Backups of the database with PostgreSQL's own tools (scripts/db/backup.ts, docs/deploy.md):
// pg_dump in its custom format (compressed, restorable selectively and in parallel) and pg_restore.
// Both must be at least the server's major version (pg_dump refuses a newer server), so the tools
// are chosen to match: PG_BIN_DIR → /usr/lib/postgresql/<server major>/bin (Debian, Ubuntu) → the
// first on PATH, if new enough. Uploaded media (MEDIA_DIR or the S3 bucket) are not in the
// database: back them up beside it.
import { execFile, spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

export type PgTool = 'pg_dump' | 'pg_restore';

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export function databaseName(url: string): string {
  const name = decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
  if (!name) throw new Error('DATABASE_URL names no database (postgres://…/<database>).');
  return name;
}

/** The server's major version (e.g. 16), asked of the server itself. */
export async function serverMajorVersion(databaseUrl: string): Promise<number> {
  // The database may not exist yet (a restore into a new one): ask the server's `postgres` database.
  const client = new pg.Client({ connectionString: withDatabase(databaseUrl, 'postgres') });
  await client.connect();
  try {
    const { rows } = await client.query<{ server_version_num: string }>('SHOW server_version_num');
    return Math.floor(Number(rows[0]!.server_version_num) / 10_000);
  } finally {
    await client.end();
  }
}

async function toolMajorVersion(binary: string): Promise<number | null> {
  try {
    const { stdout } = await run(binary, ['--version']);
    const match = /\(PostgreSQL\)\s+(\d+)/.exec(stdout);
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/** A pg_dump or pg_restore at least as new as the server, or an error that says how to get one. */
export async function findPgTool(tool: PgTool, serverMajor: number, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const candidates = [
    ...(env.PG_BIN_DIR ? [path.join(env.PG_BIN_DIR, tool)] : []),
    `/usr/lib/postgresql/${serverMajor}/bin/${tool}`,
    ...(env.PATH ?? '').split(path.delimiter).filter(Boolean).map((dir) => path.join(dir, tool)),
  ];
  const seen: string[] = [];
  for (const candidate of candidates) {
    if (!existsSync(candidate)) continue;
    const major = await toolMajorVersion(candidate);
    if (major !== null && major >= serverMajor) return candidate;
    seen.push(`${candidate} (${major ?? 'unknown version'})`);
  }
  throw new Error(
    `No ${tool} for PostgreSQL ${serverMajor} or newer${seen.length ? `: found only ${seen.join(', ')}` : ''}. ` +
      `Install the client tools of the server's version (Debian/Ubuntu: postgresql-client-${serverMajor}) or set PG_BIN_DIR to their folder.`,
  );
}

function runTool(binary: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${path.basename(binary)} exited with ${code}:\n${stderr.trim()}`));
    });
  });
}

/**
 * Dumps the database to `file` (custom format; without owners and grants, so it restores into a
 * database owned by any role). Returns the file's size in bytes.
 */
export async function dumpDatabase({ databaseUrl, file }: { databaseUrl: string; file: string }): Promise<{ bytes: number; tool: string }> {
  const tool = await findPgTool('pg_dump', await serverMajorVersion(databaseUrl));
  await runTool(tool, ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${databaseUrl}`]);
  return { bytes: statSync(file).size, tool };
}

/** Whether the database exists and holds tables of its own (in the public schema). */
async function databaseState(databaseUrl: string): Promise<'missing' | 'empty' | 'has-tables'> {
  const admin = new pg.Client({ connectionString: withDatabase(databaseUrl, 'postgres') });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [databaseName(databaseUrl)]);
    if (!rowCount) return 'missing';
  } finally {
    await admin.end();
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'");
    return rows[0]!.n > 0 ? 'has-tables' : 'empty';
  } finally {
    await client.end();
  }
}

/**
 * Restores `file` into the database DATABASE_URL names, creating it when it does not exist. A
 * database that already has tables is refused unless `clean` is set (then what the dump holds is
 * dropped and recreated first: pg_restore --clean). Stops at the first error.
 */
export async function restoreDatabase({ databaseUrl, file, clean = false }: { databaseUrl: string; file: string; clean?: boolean }): Promise<{ created: boolean; tool: string }> {
  if (!existsSync(file)) throw new Error(`No such backup file: ${file}`);
  const tool = await findPgTool('pg_restore', await serverMajorVersion(databaseUrl));
  const state = await databaseState(databaseUrl);
  if (state === 'has-tables' && !clean) {
    throw new Error(`Database "${databaseName(databaseUrl)}" already has tables. Restore into a new database, or pass --clean to replace what the backup holds.`);
  }
  if (state === 'missing') {
    const admin = new pg.Client({ connectionString: withDatabase(databaseUrl, 'postgres') });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE "${databaseName(databaseUrl).replace(/"/g, '""')}"`);
    } finally {
      await admin.end();
    }
  }
  const args = ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${databaseUrl}`];
  if (clean) args.push('--clean', '--if-exists');
  await runTool(tool, [...args, file]);
  return { created: state === 'missing', tool };
}
