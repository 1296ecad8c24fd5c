// geocode-professional end to end: a real BullMQ Queue with the core contract's job id and
// options → the worker running in-process (startWorker) → coordinates in PostgreSQL. The only fake
// is the external geocoder: a local Nominatim-compatible HTTP server.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Queue, type JobsOptions, type JobState } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WorkerEnv } from '../../../core/env-schema';
import { DEFAULT_JOB_OPTIONS, JOBS, queuePrefix, type GeocodeProfessionalPayload } from '../../../core/jobs';
import type { PrismaClient } from '../../../prisma/db';
import {
  cleanupRedis,
  createTestDatabase,
  getTestRedisUrl,
  uniqueRedisPrefix,
  type TestDatabase,
} from '../../../tests/support/services';
import { startWorker, type RunningWorker } from '../start-worker';

const USER_AGENT = 'ITConnect integration tests (contact: tests@itconnect.local)';
const M1_CENTROID = { lat: 53.4775, lng: -2.2362 };
const PRECISE_M1_1AE = { lat: 53.4808, lng: -2.2426 };
/** The contract's options with a short backoff so retries happen within the test. */
const FAST_RETRY: JobsOptions = { ...DEFAULT_JOB_OPTIONS, backoff: { type: 'exponential', delay: 50 } };

// ── A fake Nominatim ─────────────────────────────────────────────────────────────────────────
type FakeAnswer = { status: number; body: unknown; delayMs?: number };

interface FakeNominatim {
  url: string;
  requests: { path: string; query: URLSearchParams; userAgent: string | undefined }[];
  /** Answers in order; the last one repeats. */
  answers: FakeAnswer[];
  close(): Promise<void>;
}

async function startFakeNominatim(): Promise<FakeNominatim> {
  const fake: Omit<FakeNominatim, 'url' | 'close'> = { requests: [], answers: [{ status: 200, body: [] }] };
  const server: Server = createServer((req: IncomingMessage, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    fake.requests.push({ path: url.pathname, query: url.searchParams, userAgent: req.headers['user-agent'] });
    const answer = fake.answers.length > 1 ? fake.answers.shift()! : fake.answers[0]!;
    setTimeout(() => {
      const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
      res.writeHead(answer.status, { 'content-type': typeof answer.body === 'string' ? 'text/plain' : 'application/json' });
      res.end(text);
    }, answer.delayMs ?? 0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  });
}

const nominatimHit = (point: { lat: number; lng: number }) => [
  { lat: String(point.lat), lon: String(point.lng), display_name: 'M1 1AE, Manchester', address: { postcode: 'M1 1AE' } },
];

// ── Per-file services ────────────────────────────────────────────────────────────────────────
let db: TestDatabase;
let prisma: PrismaClient;
let prefix: string;
let queueRedis: Redis;
let queue: Queue;
let fake: FakeNominatim;
let running: RunningWorker | undefined;

beforeAll(async () => {
  db = await createTestDatabase();
  prisma = db.prisma;
  prefix = uniqueRedisPrefix();
  queueRedis = new Redis(getTestRedisUrl(), { maxRetriesPerRequest: null });
  queue = new Queue(JOBS.geocodeProfessional.queue, { connection: queueRedis, prefix: queuePrefix(prefix) });
  fake = await startFakeNominatim();
});

afterEach(async () => {
  await running?.close();
  running = undefined;
  fake.requests.length = 0;
  fake.answers = [{ status: 200, body: [] }];
});

afterAll(async () => {
  await queue?.close();
  await queueRedis?.quit();
  await fake?.close();
  if (prefix) await cleanupRedis(prefix);
  await db?.drop();
});

function workerEnv(overrides: Record<string, string> = {}): WorkerEnv {
  return WorkerEnv.parse({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: db.url,
    REDIS_URL: getTestRedisUrl(),
    REDIS_PREFIX: prefix,
    WORKER_CONCURRENCY: '2',
    GEOCODER: 'offline',
    GEOCODER_USER_AGENT: USER_AGENT,
    ...overrides,
  });
}

async function runWorker(overrides: Record<string, string> = {}): Promise<RunningWorker> {
  running = await startWorker({ env: workerEnv(overrides), prisma });
  return running;
}

/** Counts how many times the geocode Worker started processing a job (every attempt counts). */
function countRuns(worker: RunningWorker): { runs: number } {
  const counter = { runs: 0 };
  worker.workers.get('geocode')!.on('active', () => counter.runs++);
  return counter;
}

let seq = 0;
async function createProfessional(data: { postcode: string; lat?: number; lng?: number; geocodedPostcode?: string }) {
  seq++;
  const tag = `${Date.now().toString(36)}-${seq}`;
  return prisma.professional.create({
    data: {
      slug: `geo-test-${tag}`,
      companyName: `Geo Test ${tag}`,
      contactName: 'Test Person',
      email: `geo-${tag}@example.test`,
      description: 'A professional created by the geocode integration test.',
      services: ['Networking'],
      location: 'Manchester',
      region: 'Manchester',
      ...data,
    },
  });
}

async function enqueue(payload: GeocodeProfessionalPayload, options: JobsOptions = DEFAULT_JOB_OPTIONS) {
  return queue.add(JOBS.geocodeProfessional.name, payload, { ...options, jobId: JOBS.geocodeProfessional.jobId(payload) });
}

async function waitForJob(jobId: string, timeoutMs = 10_000): Promise<JobState | 'unknown'> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const state = await queue.getJobState(jobId);
    if (state === 'completed' || state === 'failed') return state;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${state} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function coordinatesOf(id: number) {
  return prisma.professional.findUniqueOrThrow({
    where: { id },
    select: { lat: true, lng: true, geocodedPostcode: true, geocodedAt: true },
  });
}

// ── Tests ────────────────────────────────────────────────────────────────────────────────────
describe('geocode-professional (offline outcode table)', () => {
  it('enqueue → worker → coordinates stored in PostgreSQL', async () => {
    const worker = await runWorker();
    const pro = await createProfessional({ postcode: 'M1 1AE' });
    const job = await enqueue({ professionalId: pro.id, postcode: pro.postcode });
    expect(job.id).toBe(`geocode_${pro.id}_M11AE`);

    expect(await waitForJob(job.id!)).toBe('completed');
    const row = await coordinatesOf(pro.id);
    expect(row).toMatchObject({ ...M1_CENTROID, geocodedPostcode: 'M1 1AE' });
    expect(row.geocodedAt).toBeInstanceOf(Date);
    expect((await queue.getJob(job.id!))!.returnvalue).toEqual({ outcome: 'geocoded', source: 'outcode', ...M1_CENTROID });
    await worker.close();
  });

  it('enqueueing the same payload twice processes it once', async () => {
    const worker = await runWorker();
    const counter = countRuns(worker);
    const pro = await createProfessional({ postcode: 'SW1A 1AA' });
    const payload = { professionalId: pro.id, postcode: pro.postcode };
    // The second add (same deterministic id, even written differently) is a no-op in BullMQ.
    const [first, second] = await Promise.all([enqueue(payload), enqueue({ ...payload, postcode: 'sw1a1aa' })]);
    expect(second.id).toBe(first.id);
    expect(await waitForJob(first.id!)).toBe('completed');
    const afterFirst = await coordinatesOf(pro.id);

    // Still deduplicated while the completed job is kept.
    await enqueue(payload);
    await new Promise((r) => setTimeout(r, 300));
    expect(counter.runs).toBe(1);
    expect(await queue.getJobCounts('completed', 'failed', 'waiting', 'delayed')).toMatchObject({ failed: 0, waiting: 0, delayed: 0 });

    // Once the completed job has been removed, a re-run finds the work done and changes nothing.
    await queue.remove(first.id!);
    const rerun = await enqueue(payload);
    expect(await waitForJob(rerun.id!)).toBe('completed');
    expect((await queue.getJob(rerun.id!))!.returnvalue).toEqual({ outcome: 'skipped', reason: 'already-geocoded' });
    expect(await coordinatesOf(pro.id)).toEqual(afterFirst);
  });

  it('an unknown postcode completes without retries and leaves the coordinates empty', async () => {
    const worker = await runWorker();
    const counter = countRuns(worker);
    // Coordinates of an earlier postcode must not survive a change to an unknown one.
    const pro = await createProfessional({ postcode: 'ZZ99 9ZZ', ...M1_CENTROID, geocodedPostcode: 'M1 1AE' });
    const job = await enqueue({ professionalId: pro.id, postcode: pro.postcode }, FAST_RETRY);
    expect(await waitForJob(job.id!)).toBe('completed');
    await new Promise((r) => setTimeout(r, 200));
    expect(counter.runs).toBe(1);
    expect((await queue.getJob(job.id!))!.returnvalue).toEqual({ outcome: 'unknown-postcode', postcode: 'ZZ99 9ZZ' });
    expect(await coordinatesOf(pro.id)).toMatchObject({ lat: null, lng: null, geocodedPostcode: 'ZZ99 9ZZ' });
  });

  it('skips a job whose postcode is no longer the professional\'s, and one whose professional is gone', async () => {
    await runWorker();
    const pro = await createProfessional({ postcode: 'EH1 1YZ' });
    const stale = await enqueue({ professionalId: pro.id, postcode: 'M1 1AE' });
    expect(await waitForJob(stale.id!)).toBe('completed');
    expect((await queue.getJob(stale.id!))!.returnvalue).toEqual({ outcome: 'skipped', reason: 'postcode-changed' });
    expect(await coordinatesOf(pro.id)).toMatchObject({ lat: null, lng: null, geocodedPostcode: null });

    const gone = await enqueue({ professionalId: 2_000_000_000, postcode: 'M1 1AE' });
    expect(await waitForJob(gone.id!)).toBe('completed');
    expect((await queue.getJob(gone.id!))!.returnvalue).toEqual({ outcome: 'skipped', reason: 'professional-gone' });
  });

  it('fails a malformed payload at once and keeps it for inspection', async () => {
    await runWorker();
    const job = await queue.add(JOBS.geocodeProfessional.name, { professionalId: 'x' }, { ...FAST_RETRY, jobId: 'geocode_malformed' });
    expect(await waitForJob(job.id!)).toBe('failed');
    const failed = (await queue.getJob(job.id!))!;
    expect(failed.attemptsMade).toBe(1);
    expect(failed.failedReason).toMatch(/invalid geocode-professional payload/);
  });
});

describe('geocode-professional (GEOCODER=openstreetmap against a fake Nominatim)', () => {
  const osm = () => ({ GEOCODER: 'openstreetmap', GEOCODER_URL: fake.url });

  it('uses the full postcode, with countrycodes=gb, limit=1 and our user-agent', async () => {
    await runWorker(osm());
    fake.answers = [{ status: 200, body: nominatimHit(PRECISE_M1_1AE) }];
    const pro = await createProfessional({ postcode: 'M1 1AE' });
    const job = await enqueue({ professionalId: pro.id, postcode: pro.postcode });
    expect(await waitForJob(job.id!)).toBe('completed');
    expect(await coordinatesOf(pro.id)).toMatchObject(PRECISE_M1_1AE);
    expect(fake.requests).toHaveLength(1);
    const request = fake.requests[0]!;
    expect(request.path).toBe('/search');
    expect(Object.fromEntries(request.query)).toMatchObject({ q: 'M1 1AE', countrycodes: 'gb', limit: '1', format: 'json' });
    expect(request.userAgent).toBe(USER_AGENT);
  });

  it('retries a transient failure (503) with backoff and then succeeds', async () => {
    const worker = await runWorker(osm());
    const counter = countRuns(worker);
    fake.answers = [
      { status: 503, body: 'Service Unavailable' },
      { status: 200, body: nominatimHit(PRECISE_M1_1AE) },
    ];
    const pro = await createProfessional({ postcode: 'M1 1AE' });
    const job = await enqueue({ professionalId: pro.id, postcode: pro.postcode }, FAST_RETRY);
    expect(await waitForJob(job.id!)).toBe('completed');
    expect(counter.runs).toBe(2);
    expect(fake.requests).toHaveLength(2);
    expect(await coordinatesOf(pro.id)).toMatchObject({ ...PRECISE_M1_1AE, geocodedPostcode: 'M1 1AE' });
    expect((await queue.getJob(job.id!))!.returnvalue).toMatchObject({ outcome: 'geocoded', source: 'postcode' });
  });

  it('keeps the job as failed when every attempt meets a transient failure', async () => {
    await runWorker(osm());
    fake.answers = [{ status: 429, body: 'Too Many Requests' }];
    const pro = await createProfessional({ postcode: 'M1 1AE' });
    const job = await enqueue({ professionalId: pro.id, postcode: pro.postcode }, { ...FAST_RETRY, attempts: 3 });
    expect(await waitForJob(job.id!)).toBe('failed');
    const failed = (await queue.getJob(job.id!))!;
    expect(failed.attemptsMade).toBe(3);
    expect(failed.failedReason).toMatch(/HTTP 429/);
    expect(fake.requests).toHaveLength(3);
    expect(await coordinatesOf(pro.id)).toMatchObject({ lat: null, lng: null });
  });

  it('falls back to the outcode centroid when Nominatim finds nothing', async () => {
    await runWorker(osm());
    fake.answers = [{ status: 200, body: [] }];
    const pro = await createProfessional({ postcode: 'M1 1AE' });
    const job = await enqueue({ professionalId: pro.id, postcode: pro.postcode }, FAST_RETRY);
    expect(await waitForJob(job.id!)).toBe('completed');
    expect(await coordinatesOf(pro.id)).toMatchObject(M1_CENTROID);
    expect((await queue.getJob(job.id!))!.returnvalue).toMatchObject({ outcome: 'geocoded', source: 'outcode' });
  });

  it('an unknown postcode is asked once, not retried, and leaves the coordinates empty', async () => {
    const worker = await runWorker(osm());
    const counter = countRuns(worker);
    fake.answers = [{ status: 200, body: [] }];
    const pro = await createProfessional({ postcode: 'ZZ99 9ZZ' });
    const job = await enqueue({ professionalId: pro.id, postcode: pro.postcode }, FAST_RETRY);
    expect(await waitForJob(job.id!)).toBe('completed');
    await new Promise((r) => setTimeout(r, 200));
    expect(counter.runs).toBe(1);
    expect(fake.requests).toHaveLength(1);
    expect(await coordinatesOf(pro.id)).toMatchObject({ lat: null, lng: null });
  });
});

describe('graceful close', () => {
  it('lets the active job finish, then stops taking jobs', async () => {
    const worker = await runWorker({ GEOCODER: 'openstreetmap', GEOCODER_URL: fake.url });
    fake.answers = [{ status: 200, body: nominatimHit(PRECISE_M1_1AE), delayMs: 400 }];
    const pro = await createProfessional({ postcode: 'M1 1AE' });
    const job = await enqueue({ professionalId: pro.id, postcode: pro.postcode }, FAST_RETRY);
    // Close while the job is waiting for the (slow) geocoder.
    const deadline = Date.now() + 5000;
    while (fake.requests.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(await queue.getJobState(job.id!)).toBe('active');
    await worker.close();
    expect(await queue.getJobState(job.id!)).toBe('completed');
    expect(await coordinatesOf(pro.id)).toMatchObject(PRECISE_M1_1AE);

    // Closed means closed: a new job waits for the next worker. close() is idempotent.
    const other = await createProfessional({ postcode: 'BT1 1AA' });
    const next = await enqueue({ professionalId: other.id, postcode: other.postcode });
    await new Promise((r) => setTimeout(r, 300));
    expect(await queue.getJobState(next.id!)).toBe('waiting');
    await worker.close();

    await runWorker();
    expect(await waitForJob(next.id!)).toBe('completed');
    expect(await coordinatesOf(other.id)).toMatchObject({ geocodedPostcode: 'BT1 1AA' });
  });
});
