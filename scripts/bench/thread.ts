// A TypeScript module run in a worker thread (its own event loop, so load or probes are not timed
// on the API's loop in this process). Node 20 does not pass tsx's loader to a worker's ESM entry:
// the thread registers it first, then imports the module. Messages the module posts as
// { kind: 'result', value } settle the promise; every other message goes to onMessage.
// The thread first tells its Linux thread id, so the bench can read the CPU time the thread used
// and leave it out of the API's (meters.ts, decision 0034): the bench's threads share the API's
// process. A thread lives until stopped, so that its time can still be read after its work.
import { Worker } from 'node:worker_threads';
import { threadCpuMs } from './meters';

export interface BenchThread<T> {
  result: Promise<T>;
  post(message: unknown): void;
  /** Settles once the thread runs and has told its id (before it loads its module). */
  started: Promise<void>;
  /** CPU time (user + system) this thread has used so far, in ms; null off Linux or before the thread has started. */
  cpuMs(): number | null;
  stop(): Promise<void>;
}

const TID_MESSAGE = 'bench-thread-tid';

export function startThread<T>(entry: URL, workerData: unknown, onMessage: (message: unknown) => void = () => undefined): BenchThread<T> {
  const code = [
    `let tid = null;`,
    `try { tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop()); } catch {}`,
    `const { parentPort } = require('node:worker_threads');`,
    `parentPort.postMessage({ kind: ${JSON.stringify(TID_MESSAGE)}, tid });`,
    // Listening keeps the thread (and its CPU time in /proc) until it is stopped, also once its module is done.
    `parentPort.on('message', () => undefined);`,
    `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}); })`,
  ].join('\n');
  const worker = new Worker(code, { eval: true, workerData });
  let tid: number | null = null;
  let markStarted: () => void = () => undefined;
  const started = new Promise<void>((resolve) => (markStarted = resolve));
  const result = new Promise<T>((resolve, reject) => {
    worker.on('message', (message: { kind?: string; value?: unknown; tid?: number | null }) => {
      if (message?.kind === TID_MESSAGE) {
        tid = Number.isInteger(message.tid) ? message.tid! : null;
        markStarted();
      } else if (message?.kind === 'result') resolve(message.value as T);
      else onMessage(message);
    });
    worker.on('error', reject);
    worker.on('exit', (exitCode) => reject(new Error(`bench thread ${entry.pathname} exited (${exitCode}) without a result`)));
  });
  return {
    result,
    post: (message) => worker.postMessage(message),
    started,
    cpuMs: () => (tid === null ? null : threadCpuMs(tid)),
    stop: async () => {
      await worker.terminate();
    },
  };
}
