// DATABASE_LISTEN_URL (docs/deploy.md, PgBouncer): the API's LISTEN connections (answer cache,
// maintenance mode) use it, its queries keep using DATABASE_URL. Here the LISTEN URL goes through a
// TCP pass-through that the test cuts: the change feed goes down and comes back, while queries on
// the direct DATABASE_URL go on answering.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createProfessional } from '../../api/src/testing/factories';
import { serveTestApp, type TestApp } from '../../api/src/testing/serve-test-app';
import { createTestDatabase, type TestDatabase } from '../support/services';
import { startTripwireProxy, type TripwireProxy } from '../support/tripwire-proxy';

let db: TestDatabase;
let proxy: TripwireProxy;
let t: TestApp;

beforeAll(async () => {
  db = await createTestDatabase();
  const direct = new URL(db.url);
  proxy = await startTripwireProxy({ target: { host: direct.hostname, port: Number(direct.port || 5432) }, trip: () => false });
  const viaProxy = new URL(db.url);
  viaProxy.hostname = proxy.host;
  viaProxy.port = String(proxy.port);
  t = await serveTestApp({ database: db, env: { DATABASE_LISTEN_URL: viaProxy.toString() } });
});

afterAll(async () => {
  await t?.close();
  await proxy?.close();
  await db?.drop();
});

it('LISTEN goes through DATABASE_LISTEN_URL, queries through DATABASE_URL', async () => {
  const answers = t.api.deps.answers;
  await expect.poll(() => answers.stats().live, { timeout: 10_000 }).toBe(true);
  const listing = await createProfessional(db.prisma);
  proxy.cut();
  // The feed noticed its connection go (nothing is cached meanwhile) ...
  await expect.poll(() => answers.stats().live, { timeout: 10_000, interval: 20 }).toBe(false);
  // ... while the API's queries, on the direct URL, were never cut.
  const res = await t.fetch(`/api/professionals/${listing.id}`);
  expect(res.status).toBe(200);
  // The feed listens again through the same address.
  await expect.poll(() => answers.stats().live, { timeout: 10_000 }).toBe(true);
});
