// A redis-server from PATH, run under .data/redis for machines without a Redis of their own.
// Configured by a file (.data/redis/redis.conf, mode 600) so its password never shows in `ps`;
// loopback only; append-only file in .data/redis so sessions and queued jobs survive a restart.
// Like the embedded PostgreSQL it runs in its own process group and stops last, and one that is
// already running from the same folder is reused and left running.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { accessSync, constants, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { findFreePort } from './ports';
import { isAlive } from './processes';
import { pingRedis } from './redis-ping';

export interface RedisServer {
  url: string;
  port: number;
  pid: number;
  startedByUs: boolean;
  stop(): Promise<void>;
}

interface State {
  pid: number;
  port: number;
  password: string;
}

/** The first executable `redis-server` on PATH, or undefined. */
export function findRedisServerBinary(env: NodeJS.ProcessEnv = process.env): string | undefined {
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, 'redis-server');
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}


function urlFor(state: { port: number; password: string }): string {
  return `redis://:${encodeURIComponent(state.password)}@127.0.0.1:${state.port}`;
}

async function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (child.exitCode === null && child.signalCode === null) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 100));
  }
  return true;
}

export async function startRedisServer(options: {
  binary: string;
  dataDir: string;
  preferredPort: number;
  log: (line: string) => void;
}): Promise<RedisServer> {
  const dir = path.join(options.dataDir, 'redis');
  const stateFile = path.join(dir, 'state.json');
  mkdirSync(dir, { recursive: true });

  const previous = existsSync(stateFile) ? (JSON.parse(readFileSync(stateFile, 'utf8')) as State) : undefined;
  if (previous && isAlive(previous.pid) && (await pingRedis(urlFor(previous))).ok) {
    options.log(`reusing the redis-server already running (pid ${previous.pid}, port ${previous.port}); it keeps running after we stop`);
    return { url: urlFor(previous), port: previous.port, pid: previous.pid, startedByUs: false, stop: async () => undefined };
  }

  const password = previous?.password ?? randomBytes(24).toString('base64url');
  const port = await findFreePort(options.preferredPort);
  const confFile = path.join(dir, 'redis.conf');
  writeFileSync(
    confFile,
    [
      `port ${port}`,
      'bind 127.0.0.1',
      'protected-mode yes',
      `dir ${JSON.stringify(dir)}`,
      `requirepass ${password}`,
      'save ""',
      'appendonly yes',
      'appendfsync everysec',
      `logfile ${JSON.stringify(path.join(dir, 'redis.log'))}`,
      'daemonize no',
      // BullMQ requires that Redis never evicts its keys.
      'maxmemory-policy noeviction',
      '',
    ].join('\n'),
    { mode: 0o600 },
  );
  const child = spawn(options.binary, [confFile], { detached: true, stdio: 'ignore' });
  const pid = child.pid;
  if (pid === undefined) throw new Error(`Could not start ${options.binary}`);
  const url = urlFor({ port, password });

  const deadline = Date.now() + 15_000;
  for (;;) {
    if ((await pingRedis(url)).ok) break;
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`redis-server exited during start-up; see ${path.join(dir, 'redis.log')}`);
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`redis-server did not answer PING within 15 s; see ${path.join(dir, 'redis.log')}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  writeFileSync(stateFile, `${JSON.stringify({ pid, port, password } satisfies State)}\n`, { mode: 0o600 });

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM'); // redis flushes the append-only file and exits
      if (!(await waitForExit(child, 10_000))) {
        child.kill('SIGKILL');
        await waitForExit(child, 2_000);
      }
    })());
  return { url, port, pid, startedByUs: true, stop };
}
