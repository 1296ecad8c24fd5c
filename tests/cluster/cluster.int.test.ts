// `npm run start:cluster` as a whole (issue 14): scripts/start-cluster.ts run for real (--dev: the
// API and worker from source with tsx, --no-build: no pages, API answers only) on this file's
// database and Redis prefix: two API processes and two worker processes behind nginx, a real SMTP
// server, and "Stripe" (the stand-in as its own HTTP server, the production code path).
// Everything that must hold across instances is checked with requests landing on both APIs, each
// answer naming its instance in X-ITC-Upstream (nginx adds it):
//   sessions, a rate limit, maintenance mode, the directory answer cache's invalidation, one Stripe
//   event delivered to both APIs at once, one job enqueued by both, the retention schedule with
//   two workers, and each e-mail going out once.
// Needs nginx (Debian's package; .ci/run installs it). About 50 s on the 2-core machine (the cluster starts in 25–40 s of it).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent as HttpAgent, createServer, get as httpGet, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOBS, queuePrefix } from '../../core/jobs';
import { startStripeStandIn, type RunningStripeStandIn } from '../../stand-ins/stripe/stripe-stand-in';
import { createUser, postJson, signIn, solveCaptcha, uniqueEmail } from '../../api/src/testing/accounts';
import { createProfessional } from '../../api/src/testing/factories';
import { TEST_SESSION_KEY } from '../../api/src/testing/serve-test-app';
import { CREDENTIALS_SCHEDULER_ID, RETENTION_SCHEDULER_ID, SITEMAPS_SCHEDULER_ID, STRIPE_RECONCILIATION_SCHEDULER_ID } from '../../worker/src/schedules';
import { findNginx } from '../../scripts/lib/nginx';
import { findFreePort } from '../../scripts/lib/ports';
import { applicationBody } from '../support/billing-journeys';
import { cleanupRedis, createTestDatabase, getTestRedisUrl, uniqueRedisPrefix, type TestDatabase } from '../support/services';
import { startTestSmtp, type TestSmtp } from '../support/smtp';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const WEBHOOK_SECRET = 'whsec_test_itconnect_cluster';
// eslint-disable-next-line no-control-regex -- the escape that starts a colour code
const ANSI = /\x1b\[[0-9;]*m/g;

interface Door {
  url: string;
  fetch(p: string, init?: RequestInit): Promise<Response>;
}
const door = (url: string): Door => ({ url, fetch: (p, init) => fetch(`${url}${p}`, { ...init, redirect: 'manual' }) });

interface CapturedDelivery {
  body: string;
  signature: string;
  type: string;
  id: string;
}

let db: TestDatabase;
let smtp: TestSmtp;
let stripe: RunningStripeStandIn;
let capture: Server;
const captured: CapturedDelivery[] = [];
let redisPrefix: string;
let dataDir: string;
let cluster: ChildProcess;
const output: string[] = [];
let nginx: Door;
let apis: Door[] = [];
let redis: Redis;
const queues = new Map<string, Queue>();
let startedInMs = 0;

function queue(name: string): Queue {
  if (!queues.has(name)) queues.set(name, new Queue(name, { connection: redis, prefix: queuePrefix(redisPrefix) }));
  return queues.get(name)!;
}

/** "job completed" lines the workers logged, with the worker that ran each. */
function completedJobs(): { worker: string; jobId: string; job: string }[] {
  const jobs: { worker: string; jobId: string; job: string }[] = [];
  for (const line of output) {
    const match = /\[(worker\d)\].*job completed (\{.*\})\s*$/.exec(line);
    if (!match) continue;
    const fields = JSON.parse(match[2]!) as { jobId: string; job: string };
    jobs.push({ worker: match[1]!, jobId: fields.jobId, job: fields.job });
  }
  return jobs;
}

async function upstreamOf(res: Response): Promise<string> {
  await res.arrayBuffer();
  return res.headers.get('x-itc-upstream') ?? '';
}

beforeAll(async () => {
  if (!findNginx()) throw new Error('nginx is needed for the cluster test: apt-get install nginx (.ci/run does).');
  const started = Date.now();
  db = await createTestDatabase();
  smtp = await startTestSmtp();
  stripe = await startStripeStandIn({ retryDelaysMs: [100, 200, 400] });
  // Stripe's deliveries come here first: the test then hands each one to both APIs at once.
  capture = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const event = JSON.parse(body) as { id: string; type: string };
      captured.push({ body, signature: String(req.headers['stripe-signature']), id: event.id, type: event.type });
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => capture.listen(0, '127.0.0.1', resolve));
  await stripe.controls.setWebhook({ url: `http://127.0.0.1:${(capture.address() as AddressInfo).port}/`, secret: WEBHOOK_SECRET });

  redisPrefix = uniqueRedisPrefix();
  redis = new Redis(getTestRedisUrl(), { maxRetriesPerRequest: null });
  dataDir = await mkdtemp(path.join(tmpdir(), 'itc-cluster-'));
  const port = await findFreePort(20_000 + Math.floor(Math.random() * 10_000));
  const publicUrl = `http://127.0.0.1:${port}`;
  cluster = spawn(process.execPath, ['--import', 'tsx', 'scripts/start-cluster.ts', '--dev', '--no-build', '--no-seed'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      DATABASE_URL: db.url,
      REDIS_URL: getTestRedisUrl(),
      REDIS_PREFIX: redisPrefix,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: publicUrl,
      SESSION_KEYS: TEST_SESSION_KEY,
      ITC_DATA_DIR: dataDir,
      STATIC_DIR: '/nonexistent/itconnect-static',
      MAIL_DIR: path.join(dataDir, 'mail'),
      MEDIA_DIR: path.join(dataDir, 'media'),
      SMTP_URL: smtp.url,
      STRIPE_SECRET_KEY: stripe.apiKey,
      STRIPE_API_URL: stripe.url,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      ALTCHA_COST: '100',
      RESET_LIMIT_PER_EMAIL: '3',
      RATE_LIMIT_PER_MINUTE: '100000',
      LOGIN_LIMIT_PER_IP: '1000',
      APPLY_LIMIT_PER_IP: '1000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [cluster.stdout!, cluster.stderr!]) {
    let rest = '';
    stream.on('data', (chunk: Buffer) => {
      const lines = (rest + chunk.toString('utf8')).split('\n');
      rest = lines.pop() ?? '';
      output.push(...lines.map((line) => line.replace(ANSI, '')));
    });
  }
  const banner = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the cluster did not start within 90 s:\n${output.slice(-40).join('\n')}`)), 90_000);
    const poll = setInterval(() => {
      const line = output.find((l) => /nginx on .* → \d+ APIs/.test(l));
      if (line) {
        clearInterval(poll);
        clearTimeout(timer);
        resolve(line);
      }
    }, 100);
    cluster.once('exit', (code) => {
      clearInterval(poll);
      clearTimeout(timer);
      reject(new Error(`start-cluster exited with ${code}:\n${output.slice(-40).join('\n')}`));
    });
  });
  const apiAddresses = /APIs \(([^)]*)\)/.exec(banner)![1]!.split(', ');
  expect(apiAddresses).toHaveLength(2);
  apis = apiAddresses.map((address) => door(`http://${address}`));
  nginx = door(publicUrl);
  startedInMs = Date.now() - started;
}, 120_000);

afterAll(async () => {
  if (cluster && cluster.exitCode === null) {
    const exited = new Promise((resolve) => cluster.once('exit', resolve));
    cluster.kill('SIGTERM');
    await exited;
  }
  await Promise.all([...queues.values()].map((q) => q.close()));
  await cleanupRedis(redisPrefix);
  redis?.disconnect();
  await stripe?.close();
  await new Promise((resolve) => capture?.close(resolve));
  await smtp?.close();
  await db?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}, 60_000);

describe('two APIs and two workers behind nginx, on one PostgreSQL and one Redis', () => {
  it('nginx is the door: it spreads requests over both APIs and says which answered', async () => {
    const upstreams = new Set<string>();
    for (let i = 0; i < 6; i += 1) upstreams.add(await upstreamOf(await nginx.fetch('/api/health')));
    expect([...upstreams].sort()).toEqual(apis.map((api) => api.url.replace('http://', '')).sort());
    console.info(`cluster up in ${(startedInMs / 1000).toFixed(1)} s; APIs ${[...upstreams].join(', ')}`);
  });

  it('a directory search always goes to the same API (kept in one answer cache); different searches reach both', async () => {
    const stuck = new Set<string>();
    for (let i = 0; i < 4; i += 1) stuck.add(await upstreamOf(await nginx.fetch('/api/professionals?service=Web%20Design')));
    expect(stuck.size).toBe(1);
    const spread = new Set<string>();
    for (let page = 0; page < 20 && spread.size < 2; page += 1) spread.add(await upstreamOf(await nginx.fetch(`/api/professionals?offset=${page * 24}`)));
    expect(spread.size).toBe(2);
  });

  it("each API keeps an idle connection open longer than nginx keeps its upstream ones (60 s), so nginx never reuses one the API is closing", async () => {
    // Node announces its keep-alive timeout in every keep-alive answer. The API process once set
    // 5 s after creating its server, undoing http-server.ts's 65 s: nginx (and the load bench)
    // then sent requests on connections the API was closing (a 502 here, a reset there).
    for (const api of apis) {
      const keepAlive = await new Promise<string | undefined>((resolve, reject) => {
        const agent = new HttpAgent({ keepAlive: true });
        httpGet(`${api.url}/api/health`, { agent }, (res) => {
          res.resume();
          res.on('end', () => {
            agent.destroy();
            resolve(String(res.headers['keep-alive']));
          });
        }).on('error', reject);
      });
      expect(keepAlive).toBe('timeout=65');
    }
  });

  it('a session made on one API is the same session on the other, and signing out on one ends it on both', async () => {
    const user = await createUser(db.prisma, { role: 'customer' });
    const cookie = await signIn(apis[0]!, user.email);
    for (const api of apis) {
      const me = await api.fetch('/api/auth/me', { headers: { Cookie: cookie } });
      expect(me.status).toBe(200);
      expect(JSON.stringify(await me.json())).toContain(user.email);
    }
    expect((await postJson(apis[1]!, '/api/auth/logout', {}, cookie)).status).toBe(200);
    const after = await apis[0]!.fetch('/api/auth/me', { headers: { Cookie: cookie } });
    expect(JSON.stringify(await after.json())).not.toContain(user.email);
  });

  it('a rate limit counts requests on both APIs together (3 reset requests per address, wherever they land)', async () => {
    const email = uniqueEmail('limited');
    const answers: { status: number; upstream: string }[] = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await postJson(nginx, '/api/auth/password-reset/request', { email, captcha: 'not-solved' });
      answers.push({ status: res.status, upstream: await upstreamOf(res) });
    }
    // Counted (and then refused for the unsolved captcha), never for the limit, on both APIs.
    expect(answers.every((a) => a.status !== 429 && a.status < 500)).toBe(true);
    expect(new Set(answers.map((a) => a.upstream)).size).toBe(2);
    for (const api of apis) {
      const res = await postJson(api, '/api/auth/password-reset/request', { email, captcha: 'not-solved' });
      expect(res.status).toBe(429);
    }
  });

  it('maintenance mode switched on one API holds on both at once, and off again', async () => {
    const admin = await createUser(db.prisma, { role: 'admin' });
    const cookie = await signIn(apis[0]!, admin.email);
    const on = await postJson(apis[0]!, '/api/admin/maintenance/toggle', { enabled: true }, cookie);
    expect(on.status).toBe(200);
    const switched = Date.now();
    await expect.poll(async () => (await apis[1]!.fetch('/api/professionals')).status, { timeout: 3000, interval: 50 }).toBe(503);
    const tookMs = Date.now() - switched;
    expect((await apis[0]!.fetch('/api/professionals')).status).toBe(503);
    const off = await postJson(apis[1]!, '/api/admin/maintenance/toggle', { enabled: false }, cookie);
    expect(off.status).toBe(200);
    await expect.poll(async () => (await apis[0]!.fetch('/api/professionals')).status, { timeout: 3000, interval: 50 }).toBe(200);
    expect((await apis[1]!.fetch('/api/professionals')).status).toBe(200);
    console.info(`maintenance reached the other API in ${tookMs} ms`);
  });

  it("a profile edited through one API is fresh on both: the other API's answer cache forgets it (NOTIFY)", async () => {
    const listing = await createProfessional(db.prisma, { companyName: 'Cache Test IT', services: ['Cloud Services'] });
    const provider = await createUser(db.prisma, { role: 'provider', professionalId: listing.id });
    const read = async (api: Door) => ((await (await api.fetch(`/api/professionals/${listing.id}`)).json()) as { description: string }).description;
    // Both APIs answer (and keep) the old text.
    for (const api of apis) for (let i = 0; i < 2; i += 1) expect(await read(api)).toBe(listing.description);
    const cookie = await signIn(apis[0]!, provider.email);
    const description = 'Now also Microsoft 365 migrations for charities.';
    const res = await apis[0]!.fetch('/api/professionals/my-profile', {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
      body: JSON.stringify({
        companyName: listing.companyName,
        contactName: listing.contactName,
        description,
        services: listing.services,
        location: listing.location,
        region: listing.region,
        postcode: listing.postcode,
        hourlyRate: '50',
        rateType: 'hourly',
      }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    for (const api of apis) await expect.poll(() => read(api), { timeout: 3000, interval: 50 }).toBe(description);
  });

  it('one Stripe event delivered to both APIs at once, and one verification asked of both: one job run, one payment, one e-mail', { timeout: 60_000 }, async () => {
    // A customer applies (a visitor's form waits for the e-mailed link first: product rule 24).
    const customer = await createUser(db.prisma);
    const { password: _password, confirmPassword: _confirm, ...body } = applicationBody({ email: customer.email });
    const applied = await postJson(nginx, '/api/create-application-checkout', { ...body, captcha: await solveCaptcha(nginx) }, await signIn(nginx, customer.email));
    expect(applied.status, await applied.clone().text()).toBe(200);
    const { applicationId } = (await applied.json()) as { applicationId: number };
    const { checkoutSessionId } = await db.prisma.application.findUniqueOrThrow({ where: { id: applicationId } });
    await stripe.controls.pay(checkoutSessionId!);
    await stripe.controls.waitForDeliveries();
    const events = captured.filter((d) => d.body.includes(checkoutSessionId!));
    expect(events.map((e) => e.type)).toContain('checkout.session.completed');

    // /application-success's verification asked of both APIs at once (each enqueues the checkout's
    // reconciliation under one job id), then every Stripe delivery to both APIs at the same moment.
    const verified = await Promise.all(apis.map((api) => api.fetch(`/api/verify-payment?session_id=${checkoutSessionId}&application_id=${applicationId}`)));
    const delivered = await Promise.all(
      events.flatMap((event) =>
        apis.map((api) =>
          api.fetch('/api/stripe/webhook', { method: 'POST', headers: { 'Content-Type': 'application/json', 'Stripe-Signature': event.signature }, body: event.body }),
        ),
      ),
    );
    const answers = [...verified, ...delivered];
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));

    const stripeQueue = queue('stripe');
    await expect.poll(async () => (await stripeQueue.getJobCounts('waiting', 'active', 'delayed')) as Record<string, number>, { timeout: 30_000 }).toEqual({
      waiting: 0,
      active: 0,
      delayed: 0,
    });
    for (const event of events) {
      expect(await db.prisma.stripeEvent.count({ where: { id: event.id } })).toBe(1);
    }
    // Each job id ran once, on one of the two workers.
    const wanted = new Set([`checkout_${checkoutSessionId}`, ...events.filter((e) => e.type === 'checkout.session.completed').map((e) => `stripe-event_${e.id}`)]);
    await expect.poll(() => completedJobs().filter((j) => wanted.has(j.jobId)).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(wanted.size);
    const runs = completedJobs().filter((j) => wanted.has(j.jobId));
    expect(runs.map((j) => j.jobId).sort()).toEqual([...wanted].sort());
    for (const id of wanted) expect((await stripeQueue.getJob(id))?.attemptsMade).toBe(1);

    expect(await db.prisma.payment.count({ where: { professional: { email: body.email } } })).toBe(1);
    expect(await db.prisma.professional.count({ where: { email: body.email } })).toBe(1);
    expect((await db.prisma.application.findUniqueOrThrow({ where: { id: applicationId } })).status).toBe('pending');
    await expect.poll(() => smtp.to(body.email).length, { timeout: 20_000 }).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(smtp.to(body.email)).toHaveLength(1);
    console.info(`stripe jobs: ${runs.map((j) => `${j.jobId} on ${j.worker}`).join('; ')}`);
  });

  it('each daily schedule is registered once by the two workers, and the retention run happens once', { timeout: 40_000 }, async () => {
    const maintenance = queue(JOBS.anonymiseArchivedAccounts.queue);
    const schedulers = await maintenance.getJobSchedulers();
    expect(schedulers.map((s) => s.key).sort()).toEqual([RETENTION_SCHEDULER_ID, STRIPE_RECONCILIATION_SCHEDULER_ID, SITEMAPS_SCHEDULER_ID, CREDENTIALS_SCHEDULER_ID].sort());
    // The clock's next runs (a build-sitemaps the change feed added may wait beside them).
    const scheduled = async () => (await maintenance.getDelayed()).filter((job) => job.repeatJobKey);
    const delayed = await scheduled();
    expect(delayed.map((job) => job.name).sort()).toEqual([JOBS.anonymiseArchivedAccounts.name, JOBS.reconcileWithStripe.name, JOBS.buildSitemaps.name, JOBS.watchCredentials.name].sort());
    // Its time has come: the next retention run, due now.
    await delayed.find((job) => job.name === JOBS.anonymiseArchivedAccounts.name)!.promote();
    const name = JOBS.anonymiseArchivedAccounts.name;
    await expect.poll(() => completedJobs().filter((j) => j.job === name).length, { timeout: 20_000 }).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(completedJobs().filter((j) => j.job === name)).toHaveLength(1);
    // And each schedule goes on once: one next run of each waits.
    expect(await maintenance.getJobSchedulers()).toHaveLength(4);
    expect(await scheduled()).toHaveLength(4);
  });

  it('both workers take jobs (the queues are shared, not copied)', () => {
    const workers = new Set(completedJobs().map((j) => j.worker));
    expect(completedJobs().length).toBeGreaterThan(0);
    // With a handful of jobs one worker may have taken all; what matters is no job id ran twice.
    // Except by design: jobs removed once done (geocoding, rating and reply-time recalculations;
    // core/jobs.ts) may be asked for again after they finished (the checkout's webhook and its
    // verification each ask for the new listing's geocoding), and they are idempotent on their own.
    const rerunnable = new Set(['geocode-professional', 'recalculate-rating', 'recalculate-reply-time']);
    const ids = completedJobs().filter((j) => !rerunnable.has(j.job)).map((j) => j.jobId);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i), 'job ids completed twice').toEqual([]);
    console.info(`jobs completed: ${ids.length}, by ${[...workers].join(' and ')}`);
  });
});
