// The ceiling of a bench part (decision 0034): the answers a second this machine gives, at this
// moment, through the same HTTP stack, in the same process layout and at the same concurrency as
// the part's mixes, when an answer costs nothing to find. A mix's share of it is what the mix's own
// work leaves of that; the share, unlike req/s, holds from one machine to another.
//
// The route is the bench's own, GET /api/bench-ceiling: startBenchApi (api.ts) passes it to
// createApp as an extra router, so it exists only in the bench's process, never in the product. It
// sits behind the app's whole chain as deployed (request id, log, metrics, errors, security
// headers, canonical paths, compression, the rate limit, the session, the maintenance gate, the
// API's body handling and router, the public guard) and sends, with sendAnswer as a kept directory
// answer is sent, one prepared answer: the gzip bytes, ETag and headers of a real search
// (CEILING_SOURCE_PATH), taken from the part's own API when it starts. The app's lightest route,
// /api/health, does not fit: the rate limit skips it, and its few bytes are sent unzipped.
import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import type { Middleware } from 'koa';
import { AppError } from '../../api/src/domain/app-error';
import { createRouter } from '../../api/src/routes/create-router';
import { sendAnswer } from '../../api/src/routes/send-answer';
import type { LoadRun, LoadRunner } from './load-runner';
import { searchMixes } from './mixes';
import { ceilingFigures, type CeilingFigures } from './report';

export const CEILING_PATH = '/api/bench-ceiling';
/** The search whose answer the ceiling sends: the first of the first mix (service + location: Web Design in Manchester). */
export const CEILING_SOURCE_PATH = searchMixes()[0]!.paths[0]!;

type PreparedAnswer = Parameters<typeof sendAnswer>[1];

export interface CeilingRoute {
  router: ReturnType<typeof createRouter>;
  /** Takes the answer to send from the API at baseUrl (the source search, gzip accepted). */
  prepare(baseUrl: string): Promise<{ gzipBytes: number; jsonBytes: number }>;
}

/** `publicAccess`: the app's public guard, every route's first middleware. */
export function ceilingRoute(publicAccess: Middleware): CeilingRoute {
  let prepared: PreparedAnswer | null = null;
  const router = createRouter();
  router.get(CEILING_PATH.replace(/^\/api/, ''), publicAccess, (ctx) => {
    if (!prepared) throw new AppError('unavailable', 'The bench has not prepared the ceiling’s answer yet.');
    sendAnswer(ctx, prepared);
  });
  return {
    router,
    async prepare(baseUrl) {
      const { status, headers, body } = await new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
        const req = request(`${baseUrl}${CEILING_SOURCE_PATH}`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
          res.on('error', reject);
        });
        req.on('error', reject);
        req.end();
      });
      if (status !== 200 || headers['content-encoding'] !== 'gzip' || typeof headers.etag !== 'string') {
        throw new Error(`the ceiling's source answer ${CEILING_SOURCE_PATH} came back ${status}, ${headers['content-encoding'] ?? 'not gzipped'}: it must be a gzipped answer with an ETag`);
      }
      const own: Record<string, string> = {};
      for (const name of ['x-total-count', 'cache-control']) {
        const value = headers[name];
        if (typeof value === 'string') own[name] = value;
      }
      const json = gunzipSync(body);
      prepared = { json, gzip: body, etag: headers.etag, headers: own, scope: { kind: 'any' }, bytes: body.length };
      return { gzipBytes: body.length, jsonBytes: json.length };
    },
  };
}

/** Seconds of the ceiling before (and again after) a part's mixes, at each concurrency. */
export const CEILING_SECONDS = Number(process.env.BENCH_CEILING_SECONDS ?? 5);

/** The unmeasured warm-up before the first ceiling: runs of this many seconds ... */
const WARM_RUN_SECONDS = 2;
/** ... at least this many (an API just started spends its first seconds compiling and collecting what its start left) ... */
const WARM_RUNS_MIN = 5;
/** ... then until the API's CPU per answer of two runs in a row is within this of each other ... */
const WARM_SETTLED = 0.1;
/** ... or this many runs in all. */
const WARM_RUNS_MAX = 15;

/**
 * The ceiling at each concurrency, one run each. With `warm`, first the unmeasured warm-up above:
 * right after its start an API spent several times its later CPU per answer (compiling its hot
 * code, collecting the index's load), so a ceiling measured then was not its ceiling (decision
 * 0034). Returns the runs, and how many seconds the warm-up took.
 */
export async function measureCeilings(runner: LoadRunner, baseUrl: string, concurrencies: number[], warm: boolean): Promise<{ runs: Map<number, LoadRun>; warmSeconds: number }> {
  let warmRuns = 0;
  if (warm) {
    let previous: number | null = null;
    let settled = false;
    while (warmRuns < WARM_RUNS_MAX && !(settled && warmRuns >= WARM_RUNS_MIN)) {
      const ms = (await runner.run({ baseUrl, paths: [CEILING_PATH], connections: Math.max(...concurrencies), seconds: WARM_RUN_SECONDS })).apiCpuMsPerRequest;
      warmRuns += 1;
      settled = previous !== null && ms !== null && Math.abs(ms - previous) <= WARM_SETTLED * previous;
      previous = ms;
    }
  }
  const runs = new Map<number, LoadRun>();
  for (const connections of concurrencies) {
    const run = await runner.run({ baseUrl, paths: [CEILING_PATH], connections, seconds: CEILING_SECONDS });
    if (run.requests === 0 || run.non2xx > 0 || run.errors > 0) throw new Error(`the ceiling at ${connections} connections failed: ${run.requests} answers, ${run.non2xx} not 2xx, ${run.errors} errors`);
    runs.set(connections, run);
  }
  return { runs, warmSeconds: warmRuns * WARM_RUN_SECONDS };
}

/** A part's ceiling at one concurrency: what its mixes are judged against, and the runs it came from. */
export interface PartCeiling {
  figures: CeilingFigures;
  before: LoadRun;
  after: LoadRun;
}

/** The ceilings of a part by concurrency, from its runs before and after the mixes. */
export function partCeilings(before: Map<number, LoadRun>, after: Map<number, LoadRun>): Map<number, PartCeiling> {
  const out = new Map<number, PartCeiling>();
  for (const [connections, run] of before) {
    const later = after.get(connections);
    if (!later) throw new Error(`no ceiling after the mixes at ${connections} connections`);
    out.set(connections, { figures: ceilingFigures(connections, run.reqPerSec, later.reqPerSec), before: run, after: later });
  }
  return out;
}
