// What a benchmark counts besides time, so that a change is judged by what it saves and not only by
// wall-clock figures that another process on a shared machine can halve or double: the CPU time a
// process, or one thread of this process, used (Linux /proc), and the SQL statements a process sent
// to PostgreSQL (a pass-through that reads the wire protocol's messages).
import { readFileSync } from 'node:fs';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

const CLOCK_TICKS_PER_SECOND = 100;

/** utime + stime of a /proc `stat` file, in ms; null when it cannot be read (off Linux, a thread gone). */
function statCpuMs(file: string): number | null {
  try {
    const stat = readFileSync(file, 'utf8');
    // Fields after the command (which may hold spaces, inside parentheses): utime is the 14th, stime the 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** CPU time (user + system) a process has used so far, in ms; null off Linux. */
export function cpuMsOf(pid: number | undefined): number | null {
  return pid === undefined ? null : statCpuMs(`/proc/${pid}/stat`);
}

/** CPU time (user + system) one thread of this process has used so far, in ms; null off Linux. */
export function threadCpuMs(tid: number): number | null {
  return statCpuMs(`/proc/self/task/${tid}/stat`);
}

/** A thread of this process that is not the API's (a load generator, a writer, the SMTP sink). */
export interface OtherThread {
  cpuMs(): number | null;
}

export interface ApiCpuMeter {
  /** The API's CPU time since the meter started, ms: this process's less the other threads'; null when a thread's cannot be read. */
  stop(): number | null;
}

/**
 * The API's CPU time over a stretch of a run (decision 0034): the bench's process runs the API on
 * its main thread (with libuv's pool and V8's helpers), and its own load generators in threads of
 * their own, whose time is taken out. Every thread in `others` must have started.
 */
export function startApiCpuMeter(others: OtherThread[]): ApiCpuMeter {
  const processMs = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  };
  const othersMs = () => {
    let sum = 0;
    for (const thread of others) {
      const ms = thread.cpuMs();
      if (ms === null) return null;
      sum += ms;
    }
    return sum;
  };
  const processBefore = processMs();
  const othersBefore = othersMs();
  return {
    stop() {
      const othersAfter = othersMs();
      const processAfter = processMs();
      if (othersBefore === null || othersAfter === null) return null;
      return Math.max(0, processAfter - processBefore - (othersAfter - othersBefore));
    },
  };
}

export function loadAverage(): number | null {
  try {
    return Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
  } catch {
    return null;
  }
}

export interface StatementCounter {
  /** A postgres:// URL that reaches `databaseUrl` through the counter. */
  url: string;
  /** Statements executed so far (simple queries and extended-protocol executes). */
  statements(): number;
  close(): Promise<void>;
}

/** Counts one wire-protocol stream's messages from the client: after the startup message (no type byte), each is type + length. */
function messageCounter(onStatement: () => void): (chunk: Buffer) => void {
  let pending = Buffer.alloc(0);
  let started = false;
  return (chunk) => {
    pending = Buffer.concat([pending, chunk]);
    for (;;) {
      if (!started) {
        if (pending.length < 4) return;
        const length = pending.readInt32BE(0);
        if (pending.length < length) return;
        const code = pending.readInt32BE(4);
        pending = pending.subarray(length);
        // An SSL or GSS request is answered before the real startup message: that one comes next.
        if (code !== 80877103 && code !== 80877104) started = true;
        continue;
      }
      if (pending.length < 5) return;
      const type = String.fromCharCode(pending[0]!);
      const length = pending.readInt32BE(1);
      if (pending.length < 1 + length) return;
      if (type === 'Q' || type === 'E') onStatement();
      pending = pending.subarray(1 + length);
    }
  };
}

export async function startStatementCounter(databaseUrl: string): Promise<StatementCounter> {
  const target = new URL(databaseUrl);
  let count = 0;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    const countChunk = messageCounter(() => (count += 1));
    client.on('data', (chunk: Buffer) => {
      countChunk(chunk);
      upstream.write(chunk);
    });
    upstream.pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as AddressInfo).port);
  return {
    url: url.toString(),
    statements: () => count,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
