// A local SMTP server that accepts every message and keeps only a count: where the long-tail mix's
// worker sends its e-mails (approvals, new reviews), so they cost what sending costs and nothing
// leaves the machine. It runs in a thread of its own (scripts/bench/thread.ts): on the API's thread
// it took time the API then did not have (decision 0023), and its CPU is left out of the API's.
import type { AddressInfo } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import { SMTPServer } from 'smtp-server';
import type { OtherThread } from './meters';
import { startThread } from './thread';

export interface SmtpSink {
  url: string;
  received(): Promise<number>;
  /** Its thread, whose CPU time is not the API's. */
  thread: OtherThread;
  close(): Promise<void>;
}

type SinkMessage = { kind: 'listening'; url: string } | { kind: 'count'; value: number };

export async function startSmtpSink(): Promise<SmtpSink> {
  let listening: (url: string) => void = () => undefined;
  const url = new Promise<string>((resolve) => (listening = resolve));
  const counts: ((value: number) => void)[] = [];
  const thread = startThread<never>(new URL(import.meta.url), { role: 'smtp-sink' }, (message) => {
    const m = message as SinkMessage;
    if (m.kind === 'listening') listening(m.url);
    else if (m.kind === 'count') counts.shift()?.(m.value);
  });
  // The thread never posts a result: it ends when stopped, which rejects `result` (handled here).
  thread.result.catch(() => undefined);
  return {
    url: await Promise.race([url, thread.result]),
    thread,
    received: () =>
      new Promise<number>((resolve) => {
        counts.push(resolve);
        thread.post({ kind: 'count' });
      }),
    close: () => thread.stop(),
  };
}

function runSink(port: NonNullable<typeof parentPort>): void {
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        count += 1;
        callback();
      });
    },
  });
  port.on('message', (message: { kind?: string }) => {
    if (message?.kind === 'count') port.postMessage({ kind: 'count', value: count } satisfies SinkMessage);
  });
  server.listen(0, '127.0.0.1', () => {
    const { port: tcpPort } = server.server.address() as AddressInfo;
    port.postMessage({ kind: 'listening', url: `smtp://127.0.0.1:${tcpPort}` } satisfies SinkMessage);
  });
}

if (parentPort && (workerData as { role?: string } | null)?.role === 'smtp-sink') runSink(parentPort);
