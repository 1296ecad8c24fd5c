// GET /api/metrics (issue 14, item 6): who may read it (an admin's session, or METRICS_TOKEN as a
// bearer token; nobody else, also while the site is in maintenance), and what it reports: request
// latency per route pattern, error counts per route, queue depths read at scrape time, and the
// answer cache's hits and misses. Job durations (written by the worker) are checked with a real
// worker in tests/integration/request-id.int.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/services';
import { createUser, postJson, signIn } from '../testing/accounts';
import { createProfessional } from '../testing/factories';
import { serveTestApp, type TestApp } from '../testing/serve-test-app';

const TOKEN = 'metrics-token-0123456789abcdefghijklmnopqrstuv';

let db: TestDatabase;
let t: TestApp;
let admin: string;
let customer: string;

beforeAll(async () => {
  db = await createTestDatabase();
  t = await serveTestApp({ database: db, env: { METRICS_TOKEN: TOKEN, RATE_LIMIT_PER_MINUTE: '100000', LOGIN_LIMIT_PER_IP: '1000' } });
  admin = await signIn(t, (await createUser(db.prisma, { role: 'admin' })).email);
  customer = await signIn(t, (await createUser(db.prisma, { role: 'customer' })).email);
});

afterAll(async () => {
  await t?.close();
  await db?.drop();
});

const scrape = (headers: Record<string, string> = {}) => t.fetch('/api/metrics', { headers });
const withToken = (token = TOKEN) => ({ Authorization: `Bearer ${token}` });

/** The value of one sample line (`name{labels} value`), or undefined. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const labelText = line.slice(name.length + 1, line.lastIndexOf('}'));
    if (wanted.every((pair) => labelText.split(',').includes(pair))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

describe('GET /api/metrics access', () => {
  it('refuses anonymous callers, other roles and a wrong token, with a message', async () => {
    const anonymous = await scrape();
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()).error.message).toBe('Please sign in to continue.');
    expect((await scrape({ Cookie: customer })).status).toBe(403);
    expect((await scrape(withToken(`${TOKEN}x`))).status).toBe(401);
    expect((await scrape(withToken(TOKEN.slice(0, -1)))).status).toBe(401);
    expect((await scrape({ Authorization: TOKEN })).status).toBe(401);
  });

  it('answers an admin session and the token in Prometheus text format, never cached', async () => {
    for (const headers of [{ Cookie: admin }, withToken()]) {
      const res = await scrape(headers);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(res.headers.get('cache-control')).toMatch(/no-store/);
      expect(await res.text()).toMatch(/^# TYPE itc_http_request_duration_seconds histogram$/m);
    }
  });

  it('lets the token and admins through the maintenance gate, nobody else', async () => {
    expect((await postJson(t, '/api/admin/maintenance/toggle', { enabled: true }, admin)).status).toBe(200);
    try {
      expect((await scrape(withToken())).status).toBe(200);
      expect((await scrape({ Cookie: admin })).status).toBe(200);
      expect((await scrape(withToken(`${TOKEN}x`))).status).toBe(503);
      expect((await scrape({ Cookie: customer })).status).toBe(503);
    } finally {
      expect((await postJson(t, '/api/admin/maintenance/toggle', { enabled: false }, admin)).status).toBe(200);
    }
  });
});

describe('what /api/metrics reports', () => {
  it('request latency and errors per route pattern, never per raw URL', async () => {
    const pro = await createProfessional(db.prisma);
    expect((await t.fetch(`/api/professionals/slug/${pro.slug}`)).status).toBe(200);
    expect((await t.fetch('/api/professionals/slug/no-such-slug-1')).status).toBe(404);
    expect((await t.fetch('/api/professionals/slug/no-such-slug-2')).status).toBe(404);
    expect((await t.fetch('/api/no-such-endpoint-at-all')).status).toBe(404);

    const text = await (await scrape(withToken())).text();
    const route = { method: 'GET', route: '/api/professionals/slug/:slug' };
    expect(sample(text, 'itc_http_request_duration_seconds_count', route)).toBe(3);
    expect(sample(text, 'itc_http_errors_total', { ...route, class: '4xx' })).toBe(2);
    expect(sample(text, 'itc_http_errors_total', { method: 'GET', route: '/api/(no route)', class: '4xx' })).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(pro.slug);
    expect(text).not.toContain('no-such-slug');
    expect(text).not.toContain('no-such-endpoint');
  });

  it('queue depths per queue and state, read at scrape time', async () => {
    const before = await (await scrape(withToken())).text();
    expect(sample(before, 'itc_queue_jobs', { queue: 'ratings', state: 'waiting' })).toBe(0);
    await t.api.queues.enqueue('recalculateRating', { professionalId: 987654 });
    const after = await (await scrape(withToken())).text();
    expect(sample(after, 'itc_queue_jobs', { queue: 'ratings', state: 'waiting' })).toBe(1);
    for (const queue of ['geocode', 'email', 'stripe', 'ratings', 'maintenance']) {
      for (const state of ['waiting', 'active', 'delayed', 'failed']) expect(sample(after, 'itc_queue_jobs', { queue, state }), `${queue} ${state}`).toBeDefined();
    }
  });

  it("the answer cache's hits and misses", async () => {
    const read = async () => {
      const text = await (await scrape(withToken())).text();
      return { hits: Number(/^itc_answer_cache_hits_total (\d+)$/m.exec(text)?.[1]), misses: Number(/^itc_answer_cache_misses_total (\d+)$/m.exec(text)?.[1]) };
    };
    const search = '/api/professionals?service=Cloud%20Services&limit=5';
    const before = await read();
    expect((await t.fetch(search)).status).toBe(200);
    const computed = await read();
    expect(computed.misses).toBeGreaterThan(before.misses);
    expect((await t.fetch(search)).status).toBe(200);
    const served = await read();
    expect(served.misses).toBe(computed.misses);
    expect(served.hits).toBeGreaterThan(computed.hits);
  });
});
