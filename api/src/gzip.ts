// gzip for the API's JSON answers (the answer cache's kept bytes, the compress middleware), in
// libuv's thread pool, with the settings both share.
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);

/** At or above this, a body is large (a map's points, mostly): one pass, fastest level. */
export const LARGE_BODY_BYTES = 64 * 1024;
/** zlib's default output chunk; a large body gets one chunk for all its output (up to this cap). */
const DEFAULT_CHUNK_BYTES = 16 * 1024;
const MAX_CHUNK_BYTES = 8 * 1024 * 1024;

/**
 * The body gzipped at `level`, or at level 1 when it is large. Measured on a 2.6 MB map answer
 * (docs/performance.md): level 6 took 67–82 ms of a core, level 1 18 ms, for 10% more bytes
 * (790 KB against 720 KB). A large body's output comes back in one chunk: with zlib's 16 KB chunks
 * each 16 KB of output was another trip through the thread pool and a callback on the API's thread
 * (48 for that map), 10% of that thread under the load bench.
 */
export function gzipBody(body: Buffer | string, level: number): Promise<Buffer> {
  const bytes = typeof body === 'string' ? Buffer.byteLength(body) : body.length;
  if (bytes < LARGE_BODY_BYTES) return gzipAsync(body, { level, chunkSize: DEFAULT_CHUNK_BYTES });
  return gzipAsync(body, { level: 1, chunkSize: Math.min(bytes + 1024, MAX_CHUNK_BYTES) });
}
