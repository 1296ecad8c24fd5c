import { canConnect } from './ports';
// Polls a readiness URL (the API's /api/ready: PostgreSQL and Redis reachable) until it answers
// 200 (and, when the caller asks, its body says what it waits for), the timeout passes, or the
// caller cancels (a shutdown started meanwhile).
export async function waitForReady(
  url: string,
  options: { timeoutMs: number; intervalMs?: number; isCancelled?: () => boolean; until?: (body: unknown) => boolean },
): Promise<{ ok: true } | { ok: false; reason: string }> {
  const deadline = Date.now() + options.timeoutMs;
  let reason = 'no answer yet';
  while (Date.now() < deadline) {
    if (options.isCancelled?.()) return { ok: false, reason: 'cancelled' };
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.status === 200 && (!options.until || options.until(await response.json()))) return { ok: true };
      reason = response.status === 200 ? `${url} is not yet what was waited for` : `${url} answered ${response.status}`;
    } catch (error) {
      reason = `${url}: ${(error as Error).message}`;
    }
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 250));
  }
  return { ok: false, reason };
}

/** Polls until something accepts TCP connections on host:port, the timeout passes, or the caller cancels. */
export async function waitForListening(port: number, host: string, options: { timeoutMs: number; isCancelled?: () => boolean }): Promise<boolean> {
  const deadline = Date.now() + options.timeoutMs;
  while (Date.now() < deadline) {
    if (options.isCancelled?.()) return false;
    if (await canConnect(port, host, 500)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}
