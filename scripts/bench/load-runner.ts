// The load generator of `npm run bench`'s cache-on and cache-off mixes and of every part's ceiling
// (ceiling.ts): autocannon in a thread of its own (thread.ts), off the API's event loop, kept for
// the whole part so its code is compiled once, as the API's is. A run asks a list of paths in turn
// on each of N connections for S seconds, accepting gzip as browsers do. Beside the figures it
// gives the API's CPU time over the run: the process's, less this thread's and the other bench
// threads' named (meters.ts, decision 0034).
import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';
import { startApiCpuMeter, type OtherThread } from './meters';
import { startThread } from './thread';

export interface LoadRequest {
  baseUrl: string;
  paths: string[];
  connections: number;
  seconds: number;
}

export interface LoadFigures {
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Answers per second over the run (all answers ÷ its duration). */
  reqPerSec: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

export interface LoadRun extends LoadFigures {
  /** The API's CPU time over the run, ms (null off Linux). */
  apiCpuMs: number | null;
  apiCpuMsPerRequest: number | null;
}

export interface LoadRunner {
  run(request: LoadRequest): Promise<LoadRun>;
  /** The runner's own thread, to leave out of the API's CPU time elsewhere (the long tail). */
  thread: OtherThread;
  stop(): Promise<void>;
}

type RunnerMessage =
  | { kind: 'ready' }
  | { kind: 'ran'; id: number; figures: LoadFigures }
  | { kind: 'failed'; id: number; message: string };

/** API CPU ms per answer, to the hundredth; null without a CPU time or an answer. */
export function cpuMsPerRequest(apiCpuMs: number | null, requests: number): number | null {
  return apiCpuMs === null || requests <= 0 ? null : Math.round((apiCpuMs / requests) * 100) / 100;
}

/**
 * The figures of an autocannon run made off the main thread, where it answers with raw, encoded
 * histograms: aggregated here (autocannon's own aggregateResult, not in its types).
 */
export function loadFigures(raw: unknown, options: { url: string; connections: number; duration: number }): LoadFigures {
  const result = (autocannon as unknown as { aggregateResult(results: unknown[], opts: unknown): autocannon.Result }).aggregateResult([raw], options);
  return {
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    reqPerSec: Math.round(result.requests.total / Math.max(result.duration, 1e-3)),
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

/** `others`: bench threads besides the runner's that run meanwhile (their CPU is not the API's). */
export async function startLoadRunner({ others = [] }: { others?: OtherThread[] } = {}): Promise<LoadRunner> {
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  const pending = new Map<number, { resolve: (figures: LoadFigures) => void; reject: (error: Error) => void }>();
  const thread = startThread<never>(new URL(import.meta.url), { role: 'load-runner' }, (message) => {
    const m = message as RunnerMessage;
    if (m.kind === 'ready') return markReady();
    const waiting = pending.get(m.id);
    pending.delete(m.id);
    if (m.kind === 'ran') waiting?.resolve(m.figures);
    else waiting?.reject(new Error(`load run failed: ${m.message}`));
  });
  // The thread never posts a result: `result` only rejects, when the thread fails or is stopped
  // (handled here; a run waiting then fails with it).
  thread.result.catch(() => undefined);
  await Promise.race([ready, thread.result]);
  let nextId = 0;
  return {
    thread,
    run: async (request) => {
      const id = (nextId += 1);
      const figures = new Promise<LoadFigures>((resolve, reject) => pending.set(id, { resolve, reject }));
      const meter = startApiCpuMeter([thread, ...others]);
      thread.post({ kind: 'run', id, request });
      const run = await Promise.race([figures, thread.result]);
      const apiCpuMs = meter.stop();
      return { ...run, apiCpuMs, apiCpuMsPerRequest: cpuMsPerRequest(apiCpuMs, run.requests) };
    },
    stop: () => thread.stop(),
  };
}

async function runLoad(request: LoadRequest): Promise<LoadFigures> {
  const options = { url: request.baseUrl, connections: request.connections, duration: request.seconds };
  const raw = await autocannon({
    ...options,
    headers: { 'accept-encoding': 'gzip' },
    requests: request.paths.map((p) => ({ method: 'GET' as const, path: p })),
  });
  return loadFigures(raw, options);
}

if (parentPort && (workerData as { role?: string } | null)?.role === 'load-runner') {
  const port = parentPort;
  port.on('message', (message: { kind?: string; id: number; request: LoadRequest }) => {
    if (message?.kind !== 'run') return;
    runLoad(message.request).then(
      (figures) => port.postMessage({ kind: 'ran', id: message.id, figures } satisfies RunnerMessage),
      (error: unknown) => port.postMessage({ kind: 'failed', id: message.id, message: error instanceof Error ? error.message : String(error) } satisfies RunnerMessage),
    );
  });
  port.postMessage({ kind: 'ready' } satisfies RunnerMessage);
}
