// `npm run bench:webhooks`: Stripe's webhooks at full tilt against the API, with the worker
// reconciling them (docs/performance.md: webhook p99 ≤ 50 ms, received → reconciled p99 ≤ 2 s).
//   1. a fresh database (itconnect_bench_webhooks) and Redis prefix; "Stripe" is the stand-in as
//      its own server (the production path: STRIPE_SECRET_KEY set), delivering nothing itself;
//   2. the scenario in the stand-in, exactly BENCH_EVENTS events (2,000): applications paid at
//      checkout (each a customer, subscription, paid invoice and checkout.session.completed), a
//      quarter of them renewed, a tenth failing a renewal, a tenth cancelled, and the last few
//      events made up with cancellations (one event each);
//   3. the API and the worker as their own processes (as deployed);
//   4. every event fired at POST /api/stripe/webhook, signed as Stripe signs, BENCH_CONCURRENCY at
//      a time (BENCH_RATE per second at most, when set), 20% of them twice and 10% out of order;
//   5. waits until the stripe queue is empty, then reports the webhook's p50/p99 and req/s, and
//      received → reconciled (each event's row: received → processed) p50/p99, and checks that
//      every paid invoice is exactly one payment row, with the right amount, and nothing else was
//      paid. Beside the times, what does not depend on what else the machine is doing: the CPU the
//      worker and the API used, and the calls the worker made to "Stripe" and the SQL statements it
//      sent, per reconciled event; and the load average, to read the times by.
// Before the measured burst, the events of BENCH_WARMUP more checkouts are delivered and reconciled
// (the processes warm, as in a running deployment); they are not in the figures.
// Writes bench/results/webhooks.json. Options (environment): BENCH_EVENTS (2000), BENCH_CONCURRENCY
// (8, about what Stripe sends one endpoint at once), BENCH_RATE (0: unpaced), BENCH_WARMUP (10).
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import pg from 'pg';
import Stripe from 'stripe';
import { startStripeStandIn } from '../stand-ins/stripe/stripe-stand-in';
import { signatureHeader } from '../stand-ins/stripe/webhooks';
import { RECONCILED_STRIPE_EVENTS } from '../core/billing';
import { queuePrefix } from '../core/jobs';
import { PLANS } from '../core/plans';
import { createPrisma } from '../prisma/db';
import { cpuMsOf, loadAverage, startStatementCounter } from './bench/meters';
import { applyMigrations } from './db/migrate-engine';
import { findFreePort } from './lib/ports';
import { waitForReady } from './lib/ready';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const EVENTS = Number(process.env.BENCH_EVENTS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
/** Deliveries per second at most (0: as fast as the API accepts them). */
const RATE = Number(process.env.BENCH_RATE ?? 0);
/** Checkouts whose events warm the API and the worker up first, outside the figures. */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 10);
const WEBHOOK_SECRET = 'whsec_bench_webhooks';
const BUDGET = { webhookP99Ms: 50, reconciledP99Ms: 2000 };

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function serverUrl(database: string): string {
  const url = new URL(process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres');
  url.pathname = `/${database}`;
  url.search = '';
  return url.toString();
}

async function freshDatabase(): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl('postgres') });
  await admin.connect();
  try {
    await admin.query('DROP DATABASE IF EXISTS itconnect_bench_webhooks WITH (FORCE)');
    await admin.query('CREATE DATABASE itconnect_bench_webhooks');
  } finally {
    await admin.end();
  }
  const url = serverUrl('itconnect_bench_webhooks');
  await applyMigrations(url);
  return url;
}

/** A deterministic shuffle of 10% of the list: each chosen event swaps with one a few places later. */
function disorder<T>(items: T[]): T[] {
  const out = [...items];
  for (let i = 0; i < out.length - 5; i += 10) {
    const j = i + 1 + (i % 5);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

async function main(): Promise<void> {
  const databaseUrl = await freshDatabase();
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const redisPrefix = `itc_bench_webhooks_${process.pid}`;
  const prisma = createPrisma(databaseUrl, { max: 10 });
  // Calls to "Stripe" during the measured burst, by kind ('GET /v1/subscriptions/:id').
  const stripeCalls = new Map<string, number>();
  let isCounting = false;
  const stand = await startStripeStandIn({
    onRequest: (method, path) => {
      if (!isCounting) return;
      const kind = `${method} ${path.replace(/\/(cs_test|sub|in|pi|ch|cus|price|prod|re|inpay|evt|bps)_[A-Za-z0-9]+/g, '/:id')}`;
      stripeCalls.set(kind, (stripeCalls.get(kind) ?? 0) + 1);
    },
  });
  const stripe = new Stripe(stand.apiKey, { host: '127.0.0.1', port: stand.port, protocol: 'http' });

  // 2. The scenario, as the API would have started it: applications with their checkout sessions.
  console.log(`scenario: ${EVENTS} events of paid checkouts, renewals, failed renewals, cancellations ...`);
  const price = await stripe.prices.create({ currency: 'gbp', unit_amount: PLANS.monthly.pricePence, recurring: { interval: 'month' }, product_data: { name: 'bench' }, lookup_key: 'itconnect_listing_monthly' });
  const payCheckout = async (i: number): Promise<string> => {
    // As the API leaves it once the applicant has used the e-mailed link: an account and its application.
    const email = `bench-webhooks-${i}@example.test`;
    const user = await prisma.user.create({ data: { email, name: `Bench ${i}`, role: 'customer', passwordHash: '!no-password' } });
    const application = await prisma.application.create({
      data: {
        userId: user.id,
        companyName: `Bench Webhooks ${i}`,
        contactName: `Bench ${i}`,
        email,
        description: 'A webhook bench listing.',
        services: ['Remote Support'],
        location: 'Leeds',
        region: 'Leeds',
        postcode: 'LS1 4DY',
        plan: 'monthly',
        status: 'pending_payment',
      },
    });
    const metadata = { applicationId: String(application.id), plan: 'monthly' };
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: price.id, quantity: 1 }],
      customer_email: application.email,
      client_reference_id: String(application.id),
      metadata,
      subscription_data: { metadata },
      success_url: 'http://localhost/ok',
      cancel_url: 'http://localhost/cancel',
    });
    await prisma.application.update({ where: { id: application.id }, data: { checkoutSessionId: session.id } });
    const paid = await stand.controls.pay(session.id);
    return String(paid.subscription);
  };
  // Warm-up: a few checkouts whose events go first and are not measured (JIT, connection pools and
  // Prisma's query compiler warm, as in a running deployment).
  for (let i = 0; i < WARMUP; i += 1) await payCheckout(1_000_000 + i);
  const warmupEvents = await stand.controls.events();
  const eventCount = async () => (await stand.controls.events()).length - warmupEvents.length;
  // Whole checkouts (with their renewals, failures and cancellations) while a whole one still fits
  // (at most 11 events), then single-event cancellations up to exactly EVENTS.
  const subscriptions: string[] = [];
  const cancelled = new Set<string>();
  const scenario = { checkouts: 0, renewals: 0, failedRenewals: 0, cancellations: 0 };
  for (let i = 0; (await eventCount()) + 11 <= EVENTS; i += 1) {
    const subscription = await payCheckout(i);
    subscriptions.push(subscription);
    scenario.checkouts += 1;
    if (i % 4 === 0) {
      await stand.controls.renew(subscription);
      scenario.renewals += 1;
    }
    if (i % 10 === 1) {
      await stand.controls.failNextRenewal(subscription);
      await stand.controls.renew(subscription);
      scenario.failedRenewals += 1;
    }
    if (i % 10 === 2) {
      await stripe.subscriptions.cancel(subscription);
      cancelled.add(subscription);
      scenario.cancellations += 1;
    }
  }
  for (const subscription of subscriptions) {
    if ((await eventCount()) >= EVENTS) break;
    if (cancelled.has(subscription)) continue;
    await stripe.subscriptions.cancel(subscription);
    cancelled.add(subscription);
    scenario.cancellations += 1;
  }
  const events = (await stand.controls.events()).slice(warmupEvents.length);
  if (events.length !== EVENTS) throw new Error(`the scenario made ${events.length} events, not ${EVENTS}`);
  const duplicated = events.flatMap((event, i) => (i % 5 === 0 ? [event, event] : [event]));
  const firing = disorder(duplicated);
  console.log(`${events.length} events, ${firing.length} deliveries (20% twice, 10% out of order)`);

  // 3. The API and the worker as their own processes, as deployed (the load comes from here).
  const port = await findFreePort(3400);
  const baseUrl = `http://127.0.0.1:${port}`;
  const childEnv = {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: redisPrefix,
    SESSION_KEYS: 'bench-session-key-0123456789abcdefghijklmnopqrstuvwxyz',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    STATIC_DIR: '/nonexistent/itconnect-static',
    RATE_LIMIT_PER_MINUTE: '100000000',
    STRIPE_SECRET_KEY: stand.apiKey,
    STRIPE_API_URL: stand.url,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    MAIL_DIR: path.join(ROOT, '.data', 'bench-mail'),
  };
  // The worker's statements to PostgreSQL are counted on their way.
  const statements = await startStatementCounter(databaseUrl);
  const spawnProcess = (entry: string, env: NodeJS.ProcessEnv = childEnv) =>
    spawn(process.execPath, [...(process.env.BENCH_PROFILE && entry.startsWith(process.env.BENCH_PROFILE) ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : []), '--import', 'tsx', entry], { cwd: ROOT, env, stdio: ['ignore', 'inherit', 'inherit'] });
  const apiProcess = spawnProcess('api/src/server.ts');
  const worker = process.env.BENCH_NO_WORKER === '1' ? spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']) : spawnProcess('worker/src/main.ts', { ...childEnv, DATABASE_URL: statements.url });
  const ready = await waitForReady(`${baseUrl}/api/ready`, { timeoutMs: 60_000, isCancelled: () => false });
  if (!ready.ok) throw new Error(`the API did not start: ${ready.reason}`);
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
  const queue = new Queue('stripe', { connection: redis, prefix: queuePrefix(redisPrefix) });

  const deliver = async (event: unknown): Promise<Response> => {
    const payload = JSON.stringify(event);
    const res = await fetch(`${baseUrl}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signatureHeader(payload, WEBHOOK_SECRET) },
      body: payload,
    });
    await res.arrayBuffer();
    return res;
  };
  const drained = async () => {
    for (;;) {
      if (process.env.BENCH_NO_WORKER === '1') return;
      const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
      if (Object.values(counts).every((n) => n === 0)) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };

  try {
    for (const event of warmupEvents) await deliver(event);
    await drained();
    console.log(`warmed up with ${warmupEvents.length} events of ${WARMUP} checkouts`);

    // 4. Fire.
    const before = { worker: cpuMsOf(worker.pid), api: cpuMsOf(apiProcess.pid), statements: statements.statements(), load: loadAverage() };
    isCounting = true;
    const latencies: number[] = [];
    let errors = 0;
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (let i = next++; i < firing.length; i = next++) {
          if (RATE > 0) {
            const due = started + (i * 1000) / RATE;
            const wait = due - performance.now();
            if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
          }
          const t0 = performance.now();
          const res = await deliver(firing[i]);
          latencies.push(performance.now() - t0);
          if (res.status !== 200) errors += 1;
        }
      }),
    );
    const firedSeconds = (performance.now() - started) / 1000;

    // 5. Wait for the worker, then measure and check.
    await drained();
    isCounting = false;
    const after = { worker: cpuMsOf(worker.pid), api: cpuMsOf(apiProcess.pid), statements: statements.statements(), load: loadAverage() };
    // Received (the row's insert) → reconciled (the worker marks it processed), for every event the
    // worker reconciles (the others are stored as processed by the webhook and would count as 0 ms).
    const timings = await prisma.$queryRaw<{ ms: number }[]>`
      SELECT (extract(epoch FROM processed_at - received_at) * 1000)::float8 AS ms FROM stripe_events
      WHERE processed_at IS NOT NULL AND type = ANY(${[...RECONCILED_STRIPE_EVENTS]}::text[])
        AND NOT (id = ANY(${warmupEvents.map((e) => e.id)}::text[]))`;
    const reconciled = timings.map((row) => Math.round(row.ms)).sort((a, b) => a - b);
    const failed = (await queue.getJobCounts('failed')).failed ?? 0;
    latencies.sort((a, b) => a - b);

    const paidInvoices = (await stripe.invoices.list({ status: 'paid', limit: 100 }).autoPagingToArray({ limit: 10_000 })).map((inv) => ({ id: inv.id!, amount: inv.amount_paid }));
    const payments = await prisma.payment.findMany({ select: { stripeInvoiceId: true, amountPence: true } });
    const byInvoice = new Map(payments.map((p) => [p.stripeInvoiceId, p.amountPence]));
    const missing = paidInvoices.filter((inv) => byInvoice.get(inv.id) !== inv.amount).length;
    const extra = payments.filter((p) => !paidInvoices.some((inv) => inv.id === p.stripeInvoiceId)).length;
    const pending = (await prisma.application.count({ where: { status: 'pending' } })) - WARMUP;
    const perEvent = (n: number | null) => (n === null || reconciled.length === 0 ? null : Math.round((n / reconciled.length) * 100) / 100);
    const workerCpuMs = before.worker === null || after.worker === null ? null : after.worker - before.worker;
    const apiCpuMs = before.api === null || after.api === null ? null : after.api - before.api;
    const stripeCallCount = [...stripeCalls.values()].reduce((sum, n) => sum + n, 0);
    const sqlStatements = after.statements - before.statements;

    const result = {
      date: new Date().toISOString(),
      concurrency: CONCURRENCY,
      ratePerSecond: RATE || 'unpaced',
      scenario,
      events: events.length,
      deliveries: firing.length,
      webhook: {
        p50Ms: Math.round(percentile(latencies, 50) * 10) / 10,
        p99Ms: Math.round(percentile(latencies, 99) * 10) / 10,
        reqPerSec: Math.round(firing.length / firedSeconds),
        errors,
      },
      receivedToReconciled: { p50Ms: percentile(reconciled, 50), p99Ms: percentile(reconciled, 99), reconciledEvents: reconciled.length, failed },
      // Per reconciled event (the types the worker reconciles), during the burst and its draining.
      worker: {
        cpuMs: workerCpuMs,
        cpuMsPerEvent: perEvent(workerCpuMs),
        stripeCalls: stripeCallCount,
        stripeCallsPerEvent: perEvent(stripeCallCount),
        stripeCallsByKind: Object.fromEntries([...stripeCalls].sort((a, b) => b[1] - a[1])),
        sqlStatements,
        sqlStatementsPerEvent: perEvent(sqlStatements),
      },
      api: { cpuMs: apiCpuMs, cpuMsPerDelivery: apiCpuMs === null ? null : Math.round((apiCpuMs / firing.length) * 100) / 100 },
      loadAverage: { before: before.load, after: after.load, cores: availableParallelism() },
      payments: { paidInvoices: paidInvoices.length, recorded: payments.length, missingOrWrong: missing, extra },
      applicationsWaitingForReview: `${pending} of ${scenario.checkouts}`,
      budget: BUDGET,
      met: {
        webhookP99: percentile(latencies, 99) <= BUDGET.webhookP99Ms,
        reconciledP99: percentile(reconciled, 99) <= BUDGET.reconciledP99Ms,
        everyPaymentOnce: missing === 0 && extra === 0 && payments.length === paidInvoices.length,
      },
    };
    console.log(JSON.stringify(result, null, 2));
    mkdirSync(path.join(ROOT, 'bench', 'results'), { recursive: true });
    writeFileSync(path.join(ROOT, 'bench', 'results', 'webhooks.json'), `${JSON.stringify(result, null, 2)}\n`);
    if (!result.met.everyPaymentOnce) process.exitCode = 1;
  } finally {
    for (const child of [worker, apiProcess]) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    await queue.close();
    const keys = await redis.keys(`${redisPrefix}*`);
    const bullKeys = await redis.keys(`${queuePrefix(redisPrefix)}*`);
    if (keys.length + bullKeys.length > 0) await redis.del(...keys, ...bullKeys);
    await redis.quit();
    await prisma.$disconnect();
    await statements.close();
    await stand.close();
  }
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
