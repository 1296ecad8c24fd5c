import { startBenchApi } from './bench/api';
import { DirectoryQuery } from '../core/directory-query';
const services = ['Web Design', 'Cybersecurity', 'IT Consulting', 'Cloud Services', 'Network Setup', 'Data Recovery', 'Web Development', 'Home User Support'];
const places = ['Manchester', 'London', 'Leeds', 'Greater London', 'Bristol', 'Scotland', 'Kent', 'Birmingham'];
const postcodes = ['M1 1AE', 'SW1A 1AA', 'LS1 4DY', 'B1 1AA', 'EH1 1YZ', 'CF10 1AA', 'BS1 4DJ', 'G1 1XQ'];
const mixes: Record<string, Record<string, unknown>[]> = {
  svcloc: services.flatMap((service) => places.map((location) => ({ service, location }))),
  near: postcodes.flatMap((near) => [{ near }, { near, radiusMiles: 5 }, { near, radiusMiles: 25, service: 'Web Design' }]),
  rating: [3, 4, 4.5, 5].flatMap((minRating) => [{ minRating, maxHourlyRate: 40 }, { minRating, sort: 'newest' }, { minRating, service: 'DevOps' }, { minRating, location: 'Wales' }, { minRating, offset: 96 }]),
  text: ['web design', 'cloud', 'seo', 'it support', 'backup'].flatMap((search) => [{ search }, { search, location: 'London' }]),
};
const bench = await startBenchApi({ databaseUrl: 'postgresql://postgres@127.0.0.1:5432/itconnect_bench', redisPrefix: 'itc_micro_', cacheMb: 0, pool: 4 });
const dir = bench.api.deps.directory!;
for (const [name, qs] of Object.entries(mixes).filter(([n]) => !process.env.MIX || process.env.MIX === n)) {
  const parsed = qs.map((q) => DirectoryQuery.parse(Object.fromEntries(Object.entries(q).map(([k, v]) => [k, String(v)]))));
  for (const q of parsed) await dir.page(q);
  const t0 = performance.now();
  let n = 0;
  let total = 0;
  while (performance.now() - t0 < Number(process.env.MS ?? 2000)) for (const q of parsed) { const r = process.env.COUNT ? { total: (await dir.count(q))! } : await dir.page(q); total += r!.total; n++; }
  const t1 = performance.now();
  console.log(name, ((t1 - t0) * 1000 / n).toFixed(0), 'µs/page', 'avg total', Math.round(total / n));
}
await bench.close();
process.exit(0);
