// Readiness: can this process do its work right now? PostgreSQL answers `SELECT 1` and Redis
// answers PING, each within a short timeout (a hung dependency must not hang the probe).
import type { Redis } from 'ioredis';
import type { PrismaClient } from '../../../../prisma/db';

export type CheckResult = 'ok' | 'timeout' | 'error';

export interface Readiness {
  isReady: boolean;
  checks: { database: CheckResult; redis: CheckResult };
}

export async function checkReadiness({
  prisma,
  redis,
  timeoutMs = 1000,
}: {
  prisma: PrismaClient;
  redis: Redis;
  timeoutMs?: number;
}): Promise<Readiness> {
  const [database, redisResult] = await Promise.all([
    withTimeout(prisma.$queryRaw`SELECT 1`, timeoutMs),
    withTimeout(redis.ping(), timeoutMs),
  ]);
  return { isReady: database === 'ok' && redisResult === 'ok', checks: { database, redis: redisResult } };
}

async function withTimeout(work: PromiseLike<unknown>, timeoutMs: number): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<CheckResult>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  const outcome = Promise.resolve(work).then(
    (): CheckResult => 'ok',
    (): CheckResult => 'error',
  );
  try {
    return await Promise.race([outcome, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
