// The webhook's answers to signed bodies that are not Stripe events (found by the fuzz,
// tests/fuzz): 400 with a message, nothing stored. Signatures themselves: tests/integration/billing.int.test.ts.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/services';
import Stripe from 'stripe';
import { serveTestApp, type TestApp } from '../testing/serve-test-app';

let db: TestDatabase;
let t: TestApp;

beforeAll(async () => {
  db = await createTestDatabase();
  t = await serveTestApp({ database: db, env: { STRIPE_WEBHOOK_SECRET: 'whsec_test_webhook_shapes' } });
});

afterAll(async () => {
  await t?.close();
  await db?.drop();
});

it.each([
  ['false', 'a JSON value that is not an object'],
  ['{"type":"invoice.paid"}', 'an event without an id'],
  ['{"id":"not-an-event-id","type":"invoice.paid"}', 'an id the reconcile job refuses (it was stored, then answered 422)'],
  ['{"id":"evt_123","type":7}', 'a type that is not text'],
])('refuses the signed body %s (%s) with 400 and stores nothing', async (body) => {
  const res = await t.fetch('/api/stripe/webhook', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': Stripe.webhooks.generateTestHeaderString({ payload: body, secret: t.api.deps.payments.webhookSecret! }) },
    body,
  });
  expect(res.status).toBe(400);
  expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/not a Stripe event/);
  expect(await db.prisma.stripeEvent.count()).toBe(0);
});
