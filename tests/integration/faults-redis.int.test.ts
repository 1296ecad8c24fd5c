// Fault: Redis restarted under a running API and worker (issue 14, "Faults"). The test's own
// redis-server (append-only file on, as `npm start` runs it) is stopped and started again; the
// shared Redis is not touched. Meanwhile the routes that need Redis (sessions, sign-in, forms that
// check a captcha and queue an e-mail) answer 503 with a message, promptly, and routes that do not
// need it still answer; afterwards the same API process serves again without a restart, a session
// from before the restart still signs its user in, and a job queued before the restart is run, once.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createUser, postJson, solveCaptcha, TEST_PASSWORD, uniqueEmail } from '../../api/src/testing/accounts';
import { createTestDatabase, type TestDatabase } from '../support/services';
import { startApiProcess, startOwnRedis, startWorkerProcess, type ApiProcess, type ChildService, type OwnService } from '../support/fault-stack';
import { startTestSmtp, type TestSmtp } from '../support/smtp';

const ADMIN_EMAIL = 'site-team@example.com';

let db: TestDatabase;
let redis: OwnService;
let smtp: TestSmtp;
let api: ApiProcess;
let worker: ChildService;

beforeAll(async () => {
  [db, redis, smtp] = await Promise.all([createTestDatabase(), startOwnRedis(), startTestSmtp()]);
  api = await startApiProcess({ DATABASE_URL: db.url, REDIS_URL: redis.url, ADMIN_EMAIL, LOGIN_LIMIT_PER_IP: '1000', CONTACT_LIMIT_PER_IP: '1000' });
  worker = startWorkerProcess({
    DATABASE_URL: db.url,
    REDIS_URL: redis.url,
    REDIS_PREFIX: api.env.REDIS_PREFIX!,
    PUBLIC_URL: api.env.PUBLIC_URL!,
    SMTP_URL: smtp.url,
    ADMIN_EMAIL,
  });
}, 120_000);

afterAll(async () => {
  worker?.process.kill('SIGCONT');
  await worker?.stop('SIGKILL');
  await api?.stop('SIGKILL');
  await Promise.all([redis?.close(), smtp?.close(), db?.drop()]);
});

async function contact(subject: string): Promise<Response> {
  return postJson(api, '/api/contact', {
    name: 'Fault Tester',
    email: 'fault-tester@example.com',
    subject,
    message: 'Sent around a Redis restart.',
    captcha: await solveCaptcha(api),
  });
}

/** A request answered within `ms` (a route waiting on a dead Redis forever would fail here). */
async function timed(what: string, request: Promise<Response>, ms = 4_000): Promise<Response> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms)));
  try {
    return await Promise.race([request, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function expectUnavailable(res: Response): Promise<void> {
  expect(res.status).toBe(503);
  const body = (await res.json()) as { error: { code: string; message: string } };
  expect(body.error.code).toBe('unavailable');
  expect(body.error.message).toMatch(/temporarily unavailable/);
}

const mailsAbout = (subject: string) => smtp.to(ADMIN_EMAIL).filter((mail) => mail.text.includes(subject));

it('Redis restarted: 503 with a message meanwhile, the same API recovers, the session survives, no job is lost', { timeout: 120_000 }, async () => {
  const user = await createUser(db.prisma, { email: uniqueEmail('redis-fault') });
  const loginCaptcha = await solveCaptcha(api);
  const login = await postJson(api, '/api/auth/login', { email: user.email, password: TEST_PASSWORD, captcha: loginCaptcha });
  expect(login.status).toBe(200);
  const cookie = login.headers
    .getSetCookie()
    .map((header) => header.split(';')[0]!)
    .join('; ');
  const me = async () => api.fetch('/api/auth/me', { headers: { Cookie: cookie } });
  expect(((await (await me()).json()) as { email: string }).email).toBe(user.email);

  // A job in the queue when Redis goes: the worker is frozen, so it waits there.
  worker.process.kill('SIGSTOP');
  expect((await contact('Queued before the restart')).status).toBe(201);
  const captchaForLater = await solveCaptcha(api);

  await redis.stop();
  // The worker lives through the outage awake, reconnecting.
  worker.process.kill('SIGCONT');
  try {
    // Routes that need Redis: 503 with a message, promptly, however often they are asked.
    for (let round = 0; round < 3; round += 1) {
      await expectUnavailable(await timed('GET /api/auth/me', me()));
      await expectUnavailable(await timed('POST /api/auth/login', postJson(api, '/api/auth/login', { email: user.email, password: TEST_PASSWORD, captcha: captchaForLater })));
      await expectUnavailable(
        await timed('POST /api/contact', postJson(api, '/api/contact', { name: 'Fault Tester', email: 'fault-tester@example.com', subject: 'During the outage', message: 'Redis is down.', captcha: captchaForLater })),
      );
    }
    const ready = await timed('GET /api/ready', api.fetch('/api/ready'));
    expect(ready.status).toBe(503);
    // A route that does not need Redis still answers.
    expect((await timed('GET /api/professionals', api.fetch('/api/professionals?limit=1'))).status).toBe(200);
  } finally {
    await redis.start();
  }

  // The same API process, not restarted: ready again, and the session from before still signs in.
  await expect.poll(async () => (await api.fetch('/api/ready')).status, { timeout: 20_000, interval: 250 }).toBe(200);
  await expect.poll(async () => (await me()).status, { timeout: 20_000, interval: 250 }).toBe(200);
  expect(((await (await me()).json()) as { email: string } | null)?.email).toBe(user.email);
  expect((await contact('Queued after the restart')).status).toBe(201);
  // The captcha refused during the outage was never spent: it signs in now.
  expect((await postJson(api, '/api/auth/login', { email: user.email, password: TEST_PASSWORD, captcha: captchaForLater })).status).toBe(200);

  // Both jobs run, each once; the one queued before the restart was not lost.
  await expect.poll(() => mailsAbout('Queued before the restart').length, { timeout: 30_000, interval: 250 }).toBe(1);
  await expect.poll(() => mailsAbout('Queued after the restart').length, { timeout: 30_000, interval: 250 }).toBe(1);
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(mailsAbout('Queued before the restart')).toHaveLength(1);
  expect(mailsAbout('Queued after the restart')).toHaveLength(1);
  expect(mailsAbout('During the outage')).toHaveLength(0);
  expect(api.process.exitCode).toBeNull();
  expect(worker.process.exitCode).toBeNull();
});
