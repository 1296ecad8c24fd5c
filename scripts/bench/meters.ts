// What a benchmark counts besides time, so that a change is judged by what it saves and not only by
// wall-clock figures that another process on a shared machine can halve or double: the CPU time a
// process used (Linux /proc), and the SQL statements a process sent to PostgreSQL (a pass-through
// that reads the wire protocol's messages).
import { readFileSync } from 'node:fs';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

const CLOCK_TICKS_PER_SECOND = 100;

/** CPU time (user + system) a process has used so far, in ms; null off Linux. */
export function cpuMsOf(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command (which may hold spaces, inside parentheses): utime is the 14th, stime the 15th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
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
