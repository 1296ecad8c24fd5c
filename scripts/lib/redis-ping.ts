// One PING to a Redis URL with a short timeout and no retries, for probing where Redis is.
import { Redis } from 'ioredis';

export async function pingRedis(url: string, timeoutMs = 1000): Promise<{ ok: true } | { ok: false; reason: string }> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    enableOfflineQueue: false,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    const answer = await client.ping();
    return answer === 'PONG' ? { ok: true } : { ok: false, reason: `PING answered ${answer}` };
  } catch (error) {
    return { ok: false, reason: (error as Error).message };
  } finally {
    client.disconnect();
  }
}
