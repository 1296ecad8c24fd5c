// A TypeScript module run in a worker thread (its own event loop, so load or probes are not timed
// on the API's loop in this process). Node 20 does not pass tsx's loader to a worker's ESM entry:
// the thread registers it first, then imports the module. Messages the module posts as
// { kind: 'result', value } settle the promise; every other message goes to onMessage.
import { Worker } from 'node:worker_threads';

export interface BenchThread<T> {
  result: Promise<T>;
  post(message: unknown): void;
  stop(): Promise<void>;
}

export function startThread<T>(entry: URL, workerData: unknown, onMessage: (message: unknown) => void = () => undefined): BenchThread<T> {
  const code = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}); })`;
  const worker = new Worker(code, { eval: true, workerData });
  const result = new Promise<T>((resolve, reject) => {
    worker.on('message', (message: { kind?: string; value?: unknown }) => {
      if (message?.kind === 'result') resolve(message.value as T);
      else onMessage(message);
    });
    worker.on('error', reject);
    worker.on('exit', (exitCode) => reject(new Error(`bench thread ${entry.pathname} exited (${exitCode}) without a result`)));
  });
  return {
    result,
    post: (message) => worker.postMessage(message),
    stop: async () => {
      await worker.terminate();
    },
  };
}
