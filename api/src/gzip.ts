// gzip for the API's JSON answers (the answer cache's kept bytes, the compress middleware), with
// the settings both share: level 1, on the API's thread for a small body, in libuv's thread pool in
// one pass for a large one.
import { promisify } from 'node:util';
import { gzip, gzipSync } from 'node:zlib';

const gzipAsync = promisify(gzip);

/** At or above this, a body is large (a map's points, mostly): the thread pool, one output chunk. */
export const LARGE_BODY_BYTES = 64 * 1024;
/** zlib's default output chunk. */
const DEFAULT_CHUNK_BYTES = 16 * 1024;
const MAX_CHUNK_BYTES = 8 * 1024 * 1024;
/** zlib's fastest level: a few per cent more bytes than its default 6, a quarter to a half of the time. */
export const GZIP_LEVEL = 1;

/**
 * The body gzipped at level 1 (docs/performance.md, "Visitors at once"):
 * - **Small** (under 64 KB: searches, profiles, home): at once, on this thread. Handing a small
 *   body to the thread pool cost the API's thread more than compressing it here: 55–90 µs to set
 *   up a zlib stream and queue the work, then its callbacks, ~190 µs in all under the load bench,
 *   where level 1 on this thread takes 30–80 µs for 3–23 KB (level 6: 40–430 µs). Under
 *   `npm run bench:load` this took the API from 48.9 to 47.3–47.8 s of CPU a minute, p99 160 →
 *   129–141 ms. Level 6 made 5% fewer bytes (8.2 KB against 8.7 KB for a page of 40 listings).
 * - **Large** (a map's points): in the thread pool, in one pass whose output comes back in one
 *   chunk. A 2.6 MB map took 18 ms at level 1 against 67–82 ms at level 6, for 10% more bytes;
 *   with zlib's 16 KB chunks each 16 KB of output was another trip through the pool and a callback
 *   on the API's thread (48 for that map), 10% of that thread under the load bench.
 */
export function gzipBody(body: Buffer | string): Promise<Buffer> {
  const bytes = typeof body === 'string' ? Buffer.byteLength(body) : body.length;
  if (bytes < LARGE_BODY_BYTES) return Promise.resolve(gzipSync(body, { level: GZIP_LEVEL, chunkSize: DEFAULT_CHUNK_BYTES }));
  return gzipAsync(body, { level: GZIP_LEVEL, chunkSize: Math.min(bytes + 1024, MAX_CHUNK_BYTES) });
}
