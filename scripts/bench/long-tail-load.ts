// Worker-thread entry (scripts/bench/thread.ts) of the long-tail mix's load: autocannon at N
// connections for S seconds, each request's path drawn from the long-tail searches with the Zipf
// sampler (seeded; one draw sequence shared by all connections, so they do not march through the
// same order together as a fixed request list would make them). Posts the figures when done.
// With warmSeconds, the same searches (another seed) run first, in this thread, so the measured
// run's load generator is as warm as the API; their figures are posted as { kind: 'warmed' } the
// moment the measured run starts.
import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';
import { loadFigures, type LoadFigures } from './load-runner';
import { zipfSampler } from './long-tail-urls';

export interface LongTailLoadInput {
  /** Marks the thread's data, so that importing this module elsewhere (tests) runs nothing. */
  role: 'long-tail-load';
  baseUrl: string;
  paths: string[];
  connections: number;
  seconds: number;
  exponent: number;
  seed: number;
  /** Seconds of warm-up before the measured run (0: none), drawn with warmSeed. */
  warmSeconds: number;
  warmSeed: number;
}

export interface LongTailLoadResult extends LoadFigures {
  /** Distinct searches asked during the run (of paths.length). */
  distinctAsked: number;
  /** Share of the requests that went to the 1% most popular searches. */
  topPercentShare: number;
}

async function run(input: LongTailLoadInput, seconds: number, seed: number): Promise<LongTailLoadResult> {
  const draw = zipfSampler({ n: input.paths.length, exponent: input.exponent, seed });
  const asked = new Set<number>();
  const topRanks = Math.max(1, Math.floor(input.paths.length / 100));
  let drawn = 0;
  let top = 0;
  const options = { url: input.baseUrl, connections: input.connections, duration: seconds };
  const raw = await autocannon({
    ...options,
    headers: { 'accept-encoding': 'gzip' },
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          const rank = draw();
          asked.add(rank);
          drawn += 1;
          if (rank < topRanks) top += 1;
          request.path = input.paths[rank]!;
          return request;
        },
      },
    ],
  });
  return {
    ...loadFigures(raw, options),
    distinctAsked: asked.size,
    topPercentShare: drawn ? Math.round((1000 * top) / drawn) / 10 : 0,
  };
}

if (parentPort && (workerData as { role?: string } | null)?.role === 'long-tail-load') {
  const port = parentPort;
  const input = workerData as LongTailLoadInput;
  void (async () => {
    if (input.warmSeconds > 0) {
      const warmed = await run(input, input.warmSeconds, input.warmSeed);
      port.postMessage({ kind: 'warmed', value: warmed });
    }
    port.postMessage({ kind: 'result', value: await run(input, input.seconds, input.seed) });
  })();
}
