// `npm run bench:profile`: where the API's time goes for one search mix. Starts the bench API on
// the bench database (seeded by `npm run bench`), loads it with autocannon (workers: 1, so the load
// runs in its own thread) and records a CPU profile of the API's thread meanwhile; prints the
// functions with the most self time and writes bench/results/profile.cpuprofile (open it in
// Chrome's DevTools, Performance tab).
// Options (environment): PROFILE_PATHS (comma-separated paths; default: the service + location
// mix of `npm run bench`), PROFILE_CACHE_MB (0: the database path), PROFILE_SECONDS (8),
// BENCH_DATABASE (itconnect_bench), BENCH_CONNECTIONS (50).
import { writeFileSync } from 'node:fs';
import { Session, type Profiler } from 'node:inspector';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { startBenchApi } from './bench/api';
import { searchMixes } from './bench/mixes';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DATABASE = process.env.BENCH_DATABASE || 'itconnect_bench';
const SECONDS = Number(process.env.PROFILE_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const CACHE_MB = Number(process.env.PROFILE_CACHE_MB ?? 0);

function post<T>(session: Session, method: string, params: object = {}): Promise<T> {
  return new Promise((resolve, reject) => session.post(method, params, (error, result) => (error ? reject(error) : resolve(result as T))));
}

/** Self time per function (name and place), largest first. */
function selfTimes(profile: Profiler.Profile): { name: string; ms: number; share: number }[] {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const ticks = new Map<number, number>();
  for (const id of profile.samples ?? []) ticks.set(id, (ticks.get(id) ?? 0) + 1);
  const interval = (profile.endTime - profile.startTime) / 1000 / Math.max(1, profile.samples?.length ?? 1);
  const totals = new Map<string, number>();
  for (const [id, count] of ticks) {
    const frame = byNode.get(id)!.callFrame;
    const place = frame.url.startsWith('file:') ? path.relative(ROOT, fileURLToPath(frame.url)) : frame.url.startsWith('/') ? path.relative(ROOT, frame.url) : frame.url;
    const file = place ? `${place}:${frame.lineNumber + 1}` : '';
    const name = `${frame.functionName || '(anonymous)'} ${file}`.trim();
    totals.set(name, (totals.get(name) ?? 0) + count);
  }
  const all = profile.samples?.length ?? 1;
  return [...totals]
    .map(([name, count]) => ({ name, ms: count * interval, share: count / all }))
    .sort((a, b) => b.ms - a.ms);
}

async function main(): Promise<void> {
  const url = new URL(process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres');
  url.pathname = `/${DATABASE}`;
  url.search = '';
  const paths = process.env.PROFILE_PATHS ? process.env.PROFILE_PATHS.split(',') : searchMixes().find((mix) => mix.name === 'search: service + location')!.paths;
  const bench = await startBenchApi({ databaseUrl: url.toString(), redisPrefix: `itc_profile_${process.pid}_`, cacheMb: CACHE_MB, pool: 10 });
  const session = new Session();
  session.connect();
  try {
    for (const p of paths.slice(0, 8)) await fetch(`${bench.baseUrl}${p}`).then((r) => r.arrayBuffer());
    await post(session, 'Profiler.enable');
    await post(session, 'Profiler.setSamplingInterval', { interval: 200 });
    await post(session, 'Profiler.start');
    const result = await autocannon({
      url: bench.baseUrl,
      connections: CONNECTIONS,
      duration: SECONDS,
      workers: 1,
      headers: { 'accept-encoding': 'gzip' },
      requests: paths.map((p) => ({ method: 'GET' as const, path: p })),
    });
    const { profile } = await post<{ profile: Profiler.Profile }>(session, 'Profiler.stop');
    const out = path.join(ROOT, 'bench/results/profile.cpuprofile');
    writeFileSync(out, JSON.stringify(profile));
    console.log(`${paths.length} paths, ${CONNECTIONS} connections, ${SECONDS} s: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}`);
    const requests = Math.max(1, result.requests.total);
    console.log('self time per request (µs), share of the profile:');
    for (const row of selfTimes(profile).slice(0, 40)) {
      console.log(`${String(Math.round((row.ms * 1000) / requests)).padStart(6)} µs ${(row.share * 100).toFixed(1).padStart(5)}%  ${row.name}`);
    }
    console.log(`profile: ${path.relative(ROOT, out)}`);
  } finally {
    session.disconnect();
    await bench.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
