// Readiness: can this process do its work right now? Each dependency is checked at once, each within
// a short timeout (a hung dependency must not hang the probe), and reported with its status and how
// long it took:
//   database             PostgreSQL answers `SELECT 1`                                   required
//   redis                Redis answers PING (sessions, rate limits, the queues)          required
//   directoryChanges     the LISTEN connection behind the answer cache is live           not required
//   siteSettingsChanges  the LISTEN connection behind the maintenance switch is live     not required
//   workers              at least one worker is connected to the queues (BullMQ)        not required
// Only a required one failing makes the process unready (503): without a change feed the API still
// answers correctly (the directory from the database, the switch read each second), and jobs wait in
// Redis for a worker. The worker's SMTP is the worker's own business (it retries its jobs).
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { PrismaClient } from '../../../../prisma/db';

export type CheckStatus = 'ok' | 'timeout' | 'error' | 'down' | 'off';

export interface CheckResult {
  status: CheckStatus;
  required: boolean;
  /** How long the check took (ms); absent for checks that read state already in memory. */
  latencyMs?: number;
  /** A sentence for anything but ok. */
  message?: string;
}

export interface Readiness {
  isReady: boolean;
  checks: Record<string, CheckResult>;
}

/** Something that LISTENs and knows whether it is live (prisma/listen.ts). */
export interface LiveFeed {
  readonly live: boolean;
}

export interface ReadinessDeps {
  prisma: PrismaClient;
  redis: Redis;
  /** null: that feed is off by configuration (DIRECTORY_CACHE_MB=0). */
  feeds?: { directoryChanges: LiveFeed | null; siteSettingsChanges: LiveFeed | null };
  /** The in-memory directory index (decision 0019); null when DIRECTORY_INDEX=off. */
  directoryIndex?: { readonly ready: boolean; readonly size: number } | null;
  /** A queue to ask for its connected workers. */
  workerQueue?: Queue;
  timeoutMs?: number;
}

export async function checkReadiness({ prisma, redis, feeds, directoryIndex, workerQueue, timeoutMs = 1000 }: ReadinessDeps): Promise<Readiness> {
  const [database, redisResult, workers] = await Promise.all([
    timed(prisma.$queryRaw`SELECT 1`, timeoutMs, true, 'PostgreSQL'),
    timed(redis.ping(), timeoutMs, true, 'Redis'),
    workerQueue ? timed(workerQueue.getWorkersCount(), timeoutMs, false, 'the worker count', (n) => (n > 0 ? null : 'no worker is connected to the queues')) : null,
  ]);
  const checks: Record<string, CheckResult> = { database, redis: redisResult };
  if (feeds) {
    checks.directoryChanges = feedCheck(feeds.directoryChanges, 'the directory change feed');
    checks.siteSettingsChanges = feedCheck(feeds.siteSettingsChanges, 'the site settings change feed');
  }
  if (directoryIndex !== undefined) {
    checks.directoryIndex = !directoryIndex
      ? { status: 'off', required: false, message: 'the directory index is off by configuration: searches use the database' }
      : directoryIndex.ready
        ? { status: 'ok', required: false, message: `${directoryIndex.size} live listings in memory` }
        : { status: 'down', required: false, message: 'the directory index is loading: searches use the database meanwhile' };
  }
  if (workers) checks.workers = workers;
  const isReady = Object.values(checks).every((check) => !check.required || check.status === 'ok');
  return { isReady, checks };
}

function feedCheck(feed: LiveFeed | null, name: string): CheckResult {
  if (!feed) return { status: 'off', required: false, message: `${name} is off by configuration` };
  return feed.live ? { status: 'ok', required: false } : { status: 'down', required: false, message: `${name} is reconnecting` };
}

async function timed<T>(
  work: PromiseLike<T>,
  timeoutMs: number,
  required: boolean,
  name: string,
  judge: (value: T) => string | null = () => null,
): Promise<CheckResult> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<CheckResult>((resolve) => {
    timer = setTimeout(() => resolve({ status: 'timeout', required, message: `${name}: no answer within ${timeoutMs / 1000} s` }), timeoutMs);
  });
  const latency = () => Math.round((performance.now() - started) * 10) / 10;
  const outcome = Promise.resolve(work).then(
    (value): CheckResult => {
      const problem = judge(value);
      return problem ? { status: 'down', required, latencyMs: latency(), message: problem } : { status: 'ok', required, latencyMs: latency() };
    },
    (err: unknown): CheckResult => ({ status: 'error', required, latencyMs: latency(), message: `${name}: ${err instanceof Error ? err.message : 'error'}` }),
  );
  try {
    return await Promise.race([outcome, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
