// Maintenance mode enforced by the server (product rule 12), against two API instances on one
// database (as two processes behind a load balancer): the switch made on one is seen by the other
// at once; anonymous API calls get the 503 JSON and pages the SPA with 503; admins, and beta
// testers with the unlock cookie, pass; the gate's unlock, sign-in, the current user, the captcha,
// health checks and the Stripe webhook keep working; wrong codes are refused and limited per IP; a
// new access code ends earlier unlocks. With two-step verification (product rule 35), through the
// real sign-in: an admin whose session ended signs in again (password, then code) and switches
// maintenance off; a customer who does so is still a visitor; an admin who has not turned it on yet
// gets in with the beta testers' code to do so.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAINTENANCE_MESSAGES, type MaintenanceStatus } from '../../../core/admin';
import { TOTP_PERIOD_SECONDS, TWO_STEP_MESSAGES, type TwoStepSetup } from '../../../core/two-step';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/services';
import { currentCode } from '../domain/accounts/two-step';
import { createMaintenanceState } from '../domain/maintenance/maintenance-state';
import type { NotificationFeed } from '../../../prisma/listen';
import Stripe from 'stripe';
import { cookiesFrom, createUser, postJson, signIn, solveCaptcha, TEST_PASSWORD } from '../testing/accounts';
import { serveTestApp, type TestApp } from '../testing/serve-test-app';
import { awayFromStepEdge } from '../testing/two-step';
import { pino } from 'pino';

const ENV_CODE = 'beta-testers-2026';
const WEBHOOK_SECRET = 'whsec_maintenance_gate_test';
const SPA_SHELL = '<div id="root">the SPA shell</div>';

let db: TestDatabase;
let a: TestApp;
let b: TestApp;
let staticDir: string;
let admin: string;
/** The environment of the two processes `a` and `b`. */
let GATE_ENV: Record<string, string>;

beforeAll(async () => {
  db = await createTestDatabase();
  staticDir = await mkdtemp(path.join(tmpdir(), 'itc-gate-static-'));
  await writeFile(path.join(staticDir, 'index.html'), `<!doctype html><html><head><title>t</title></head><body>${SPA_SHELL}</body></html>`);
  const env = {
    LOGIN_LIMIT_PER_IP: '1000',
    RATE_LIMIT_PER_MINUTE: '100000',
    STATIC_DIR: staticDir,
    MAINTENANCE_ACCESS_CODE: ENV_CODE,
    MAINTENANCE_UNLOCK_LIMIT_PER_IP: '1000',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  };
  GATE_ENV = env;
  a = await serveTestApp({ database: db, env });
  // A second process of the same deployment: same database, same Redis keys (sessions, limits).
  b = await serveTestApp({ database: db, env: { ...env, REDIS_PREFIX: a.env.REDIS_PREFIX } });
  admin = await signIn(a, (await createUser(db.prisma, { role: 'admin', name: 'Gate Admin' })).email);
});

afterAll(async () => {
  await a?.close();
  await b?.close();
  await db?.drop();
  if (staticDir) await rm(staticDir, { recursive: true, force: true });
});

function toggle(enabled: boolean, app = a) {
  return postJson(app, '/api/admin/maintenance/toggle', { enabled }, admin);
}

/** The status of an anonymous directory call (the SPA's start-up probe) on `app`. */
async function probe(app: TestApp, cookie?: string): Promise<number> {
  const res = await app.fetch('/api/professionals', cookie ? { headers: { Cookie: cookie } } : {});
  await res.arrayBuffer();
  return res.status;
}

describe('maintenance mode', () => {
  it('is switched by an admin and seen at once by another API process', async () => {
    expect(await probe(b)).toBe(200);
    const res = await toggle(true);
    expect(res.status).toBe(200);
    expect((await res.json()) as MaintenanceStatus).toEqual({ enabled: true, accessCodeSource: 'environment' });
    // The other process hears PostgreSQL's notification within milliseconds; allow a scheduler's slack.
    const started = Date.now();
    await expect.poll(() => probe(b), { timeout: 2000, interval: 20 }).toBe(503);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await probe(a)).toBe(503);
    const status = await a.fetch('/api/admin/maintenance/status', { headers: { Cookie: admin } });
    expect(await status.json()).toEqual({ enabled: true, accessCodeSource: 'environment' });
  });

  it('answers anonymous API calls with 503 and the JSON message, and pages with the SPA at 503', async () => {
    const api = await b.fetch('/api/professionals');
    expect(api.status).toBe(503);
    expect(api.headers.get('Retry-After')).toBe('300');
    expect(await api.json()).toEqual({ error: { code: 'unavailable', message: MAINTENANCE_MESSAGES.unavailable } });
    for (const page of ['/', '/professionals', '/apply']) {
      const res = await b.fetch(page);
      expect(res.status, page).toBe(503);
      const html = await res.text();
      expect(html).toContain(SPA_SHELL);
      expect(html).toContain(`<title>${MAINTENANCE_MESSAGES.gateTitle.replace("'", '&#39;')} | ITConnect</title>`);
    }
    // Writes too (a sign-up, an application): refused before they do anything.
    expect((await postJson(b, '/api/auth/register', {})).status).toBe(503);
  });

  it('keeps the gate, sign-in, the current user, the captcha, the config, health checks and the Stripe webhook reachable', async () => {
    for (const p of ['/api/health', '/api/ready', '/api/auth/me', '/api/site-config', '/api/captcha/challenge']) {
      const res = await b.fetch(p);
      expect(res.status, p).toBe(200);
      await res.arrayBuffer();
    }
    const customer = await createUser(db.prisma, { role: 'customer' });
    const login = await postJson(b, '/api/auth/login', { email: customer.email, password: TEST_PASSWORD, captcha: await solveCaptcha(b) });
    expect(login.status).toBe(200);
    // Signed in, a customer is still a visitor to the gate.
    expect(await probe(b, cookiesFrom(login))).toBe(503);
    expect((await postJson(b, '/api/auth/logout', {}, cookiesFrom(login))).status).toBe(200);

    const payload = JSON.stringify({ id: 'evt_during_maintenance', object: 'event', type: 'customer.created', data: { object: { id: 'cus_x', object: 'customer' } } });
    const webhook = await b.fetch('/api/stripe/webhook', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) },
      body: payload,
    });
    expect(webhook.status).toBe(200);
    expect(await db.prisma.stripeEvent.count({ where: { id: 'evt_during_maintenance' } })).toBe(1);
  });

  it('lets an admin use the whole site', async () => {
    expect(await probe(b, admin)).toBe(200);
    expect((await b.fetch('/api/admin/stats', { headers: { Cookie: admin } })).status).toBe(200);
    const page = await b.fetch('/professionals', { headers: { Cookie: admin } });
    expect(page.status).toBe(200);
  });

  it('lets an admin through only with two-step verification on where admins need it (product rule 35)', async () => {
    // Maintenance mode is still on from the first test.
    const strict = await serveTestApp({ database: db, env: { ...GATE_ENV, ADMIN_TWO_STEP_REQUIRED: 'true', REDIS_PREFIX: a.env.REDIS_PREFIX } });
    try {
      const user = await createUser(db.prisma, { role: 'admin', name: 'Password-only Admin' });
      const cookie = await signIn(strict, user.email);
      expect(await probe(strict, cookie)).toBe(503);
      await db.prisma.user.update({ where: { id: user.id }, data: { totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', totpEnabledAt: new Date() } });
      expect(await probe(strict, cookie)).toBe(200);
    } finally {
      await strict.close();
    }
  });

  it('refuses a wrong access code with the spec’s message, and lets a beta tester in with the right one for 7 days', async () => {
    const wrong = await postJson(b, '/api/maintenance/unlock', { password: 'not-the-code' });
    expect(wrong.status).toBe(403);
    expect((await wrong.json()).error.message).toBe(MAINTENANCE_MESSAGES.accessDenied);
    expect(wrong.headers.getSetCookie()).toEqual([]);
    const empty = await postJson(b, '/api/maintenance/unlock', { password: '' });
    expect(empty.status).toBe(422);
    expect((await empty.json()).error.message).toBe(MAINTENANCE_MESSAGES.accessCodeRequired);

    const right = await postJson(b, '/api/maintenance/unlock', { password: ENV_CODE });
    expect(right.status).toBe(200);
    const setCookie = right.headers.getSetCookie();
    const unlock = setCookie.find((c) => c.startsWith('itc_access='))!;
    expect(unlock).toMatch(/httponly/i);
    expect(unlock).toMatch(/samesite=lax/i);
    const expires = new Date(/expires=([^;]+)/i.exec(unlock)![1]!).getTime();
    expect(Math.abs(expires - (Date.now() + 7 * 24 * 3600 * 1000))).toBeLessThan(60_000);
    expect(setCookie.some((c) => c.startsWith('itc_access.sig='))).toBe(true);
    const beta = cookiesFrom(right);
    // Signed with the session keys every process shares: the other process honours it too.
    expect(await probe(a, beta)).toBe(200);
    expect(await probe(b, beta)).toBe(200);
    expect((await b.fetch('/apply', { headers: { Cookie: beta } })).status).toBe(200);
    // Not an admin, though.
    expect((await b.fetch('/api/admin/stats', { headers: { Cookie: beta } })).status).toBe(401);

    // A cookie edited by hand (its signature no longer matches) opens nothing.
    const tampered = beta.replace(/itc_access=([^;]+)/, (_m, value: string) => `itc_access=${value.replace(/\.\d+$/, '.9999999999')}`);
    expect(await probe(b, tampered)).toBe(503);
  });

  it('in production over https, the unlock cookie carries the __Host- prefix (ASVS V3.3.3) and opens the gate', async () => {
    const prod = await serveTestApp({
      database: db,
      env: { ...GATE_ENV, REDIS_PREFIX: a.env.REDIS_PREFIX, NODE_ENV: 'production', PUBLIC_URL: 'https://itconnect.example', TRUST_PROXY_HOPS: '1' },
    });
    try {
      // The site is still in maintenance from the tests above.
      const https = { 'X-Forwarded-Proto': 'https', 'X-Forwarded-For': '203.0.113.40' };
      await expect.poll(async () => (await prod.fetch('/api/professionals', { headers: https })).status, { timeout: 2000, interval: 20 }).toBe(503);
      const right = await prod.fetch('/api/maintenance/unlock', {
        method: 'POST',
        headers: { ...https, 'Content-Type': 'application/json' },
        body: JSON.stringify({ password: ENV_CODE }),
      });
      expect(right.status).toBe(200);
      const setCookie = right.headers.getSetCookie();
      expect(setCookie.map((c) => c.split('=')[0]).sort()).toEqual(['__Host-itc_access', '__Host-itc_access.sig']);
      for (const c of setCookie) {
        expect(c).toMatch(/;\s*secure/i);
        expect(c).toMatch(/;\s*path=\/(;|$)/i);
        expect(c).not.toMatch(/domain=/i);
      }
      expect((await prod.fetch('/api/professionals', { headers: { ...https, Cookie: cookiesFrom(right) } })).status).toBe(200);
    } finally {
      await prod.close();
    }
  });

  it('ends earlier unlocks when an admin sets a new code (stored hashed, audited), which then replaces the environment’s', async () => {
    const before = cookiesFrom(await postJson(b, '/api/maintenance/unlock', { password: ENV_CODE }));
    expect(await probe(b, before)).toBe(200);
    const short = await postJson(a, '/api/admin/maintenance/access-code', { code: 'abc' }, admin);
    expect(short.status).toBe(422);
    const set = await postJson(a, '/api/admin/maintenance/access-code', { code: 'new-code-for-testers' }, admin);
    expect(set.status).toBe(200);
    expect(await set.json()).toEqual({ enabled: true, accessCodeSource: 'admin' });
    const stored = await db.prisma.siteSetting.findUniqueOrThrow({ where: { id: 1 } });
    expect(stored.accessCodeHash).toMatch(/^\$argon2id\$/);
    expect(stored.accessCodeHash).not.toContain('new-code-for-testers');

    await expect.poll(() => probe(b, before), { timeout: 2000, interval: 20 }).toBe(503);
    expect((await postJson(b, '/api/maintenance/unlock', { password: ENV_CODE })).status).toBe(403);
    const after = await postJson(b, '/api/maintenance/unlock', { password: 'new-code-for-testers' });
    expect(after.status).toBe(200);
    expect(await probe(b, cookiesFrom(after))).toBe(200);
  });

  it('limits code attempts per IP', async () => {
    const limited = await serveTestApp({ database: db, env: { STATIC_DIR: staticDir, MAINTENANCE_UNLOCK_LIMIT_PER_IP: '3' } });
    try {
      for (let i = 0; i < 3; i++) expect((await postJson(limited, '/api/maintenance/unlock', { password: `guess-${i}` })).status).toBe(403);
      const blocked = await postJson(limited, '/api/maintenance/unlock', { password: 'new-code-for-testers' });
      expect(blocked.status).toBe(429);
      expect((await blocked.json()).error.message).toMatch(/^Too many requests\. Please try again in \d+ (seconds?|minutes?)\.$/);
      expect(blocked.headers.get('Retry-After')).toMatch(/^\d+$/);
    } finally {
      await limited.close();
    }
  });

  it('is switched off again: everyone is back, and every switch is in the audit log', async () => {
    const res = await toggle(false, b);
    expect(res.status).toBe(200);
    await expect.poll(() => probe(a), { timeout: 2000, interval: 20 }).toBe(200);
    expect(await probe(b)).toBe(200);
    expect((await b.fetch('/')).status).toBe(200);
    const actions = (await db.prisma.auditLog.findMany({ orderBy: { id: 'asc' }, include: { actor: true } })).map((row) => [row.action, row.actor?.name]);
    expect(actions).toEqual([
      ['maintenance.on', 'Gate Admin'],
      ['maintenance.access-code', 'Gate Admin'],
      ['maintenance.off', 'Gate Admin'],
    ]);
  });
});

describe('the settings kept in memory', () => {
  it('follow a change made in psql (the trigger notifies), and read again within a second while the feed is down', async () => {
    const logger = pino({ level: 'silent' });
    const live = createMaintenanceState({ prisma: db.prisma, databaseUrl: db.url, logger });
    const listeners: ((payload: string | null) => void)[] = [];
    const down: NotificationFeed = { live: false, onChange: (l) => listeners.push(l), close: async () => undefined };
    const fallback = createMaintenanceState({ prisma: db.prisma, databaseUrl: db.url, logger, feed: down });
    try {
      await expect.poll(async () => (await live.settings()).enabled, { timeout: 2000 }).toBe(false);
      expect((await fallback.settings()).enabled).toBe(false);
      await db.prisma.$executeRaw`UPDATE site_settings SET maintenance_enabled = true WHERE id = 1`;
      await expect.poll(async () => (await live.settings()).enabled, { timeout: 2000, interval: 20 }).toBe(true);
      // Without notifications: the old value for at most a second, then the stored one.
      await expect.poll(async () => (await fallback.settings()).enabled, { timeout: 2500, interval: 100 }).toBe(true);
    } finally {
      await db.prisma.$executeRaw`UPDATE site_settings SET maintenance_enabled = false WHERE id = 1`;
      await live.close();
      await fallback.close();
    }
  });
});

describe('two-step sign-in while maintenance is on (product rules 12 and 35), through the real sign-in', () => {
  const STEP_MS = TOTP_PERIOD_SECONDS * 1000;
  const BETA_CODE = 'beta-testers-two-step';
  let own: TestDatabase;
  /** As in production: admins need two-step verification. */
  let prod: TestApp;
  let gateAdmin: { id: number; email: string; secret: string };
  let customer: { id: number; email: string; secret: string; recoveryCodes: string[] };

  /** Turns two-step verification on through Account settings' calls; answers the secret, recovery codes and renewed session. */
  async function turnOnTwoStep(email: string, cookie?: string) {
    const session = cookie ?? (await signIn(prod, email));
    const setupRes = await postJson(prod, '/api/account/two-step/setup', { currentPassword: TEST_PASSWORD }, session);
    expect(setupRes.status).toBe(200);
    const { secret } = (await setupRes.json()) as TwoStepSetup;
    await awayFromStepEdge();
    // The previous step's code, so that a sign-in's code made now is later than any accepted.
    const enableRes = await postJson(prod, '/api/account/two-step/enable', { code: currentCode(secret, Date.now() - STEP_MS) }, session);
    expect(enableRes.status).toBe(200);
    const { recoveryCodes } = (await enableRes.json()) as { recoveryCodes: string[] };
    return { secret, recoveryCodes, cookie: cookiesFrom(enableRes) };
  }

  /** The password step of a sign-in with two-step verification on: the cookie of the sign-in waiting for its code. */
  async function passwordStep(email: string): Promise<string> {
    const res = await postJson(prod, '/api/auth/login', { email, password: TEST_PASSWORD, captcha: await solveCaptcha(prod) });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ twoStepRequired: true, message: TWO_STEP_MESSAGES.codeRequired });
    return cookiesFrom(res);
  }

  async function me(cookie: string): Promise<{ id: number } | null> {
    const res = await prod.fetch('/api/auth/me', { headers: { Cookie: cookie } });
    expect(res.status).toBe(200);
    return (await res.json()) as { id: number } | null;
  }

  beforeAll(async () => {
    own = await createTestDatabase();
    prod = await serveTestApp({
      database: own,
      env: {
        ADMIN_TWO_STEP_REQUIRED: 'true',
        LOGIN_LIMIT_PER_IP: '1000',
        LOGIN_FAILURES_PER_SOURCE: '1000',
        RATE_LIMIT_PER_MINUTE: '100000',
        STATIC_DIR: staticDir,
        MAINTENANCE_ACCESS_CODE: BETA_CODE,
      },
    });
    // Both turned it on before maintenance (nobody but an admin can during it).
    const adminRow = await createUser(own.prisma, { role: 'admin', name: 'Two-step Admin' });
    const adminTwoStep = await turnOnTwoStep(adminRow.email);
    gateAdmin = { id: adminRow.id, email: adminRow.email, secret: adminTwoStep.secret };
    const customerRow = await createUser(own.prisma, { role: 'customer' });
    customer = { id: customerRow.id, email: customerRow.email, ...(await turnOnTwoStep(customerRow.email)) };
    // The admin switches maintenance on, and then that session ends.
    expect((await postJson(prod, '/api/admin/maintenance/toggle', { enabled: true }, adminTwoStep.cookie)).status).toBe(200);
    expect((await postJson(prod, '/api/auth/logout', {}, adminTwoStep.cookie)).status).toBe(200);
    expect(await probe(prod, adminTwoStep.cookie)).toBe(503);
  });

  afterAll(async () => {
    await prod?.close();
    await own?.drop();
  });

  it('signs a customer in with a code or a recovery code, who is then a visitor like any other', async () => {
    await awayFromStepEdge();
    const withCode = await postJson(prod, '/api/auth/login/two-step', { code: currentCode(customer.secret) }, await passwordStep(customer.email));
    expect(withCode.status).toBe(200);
    const signedIn = cookiesFrom(withCode);
    expect(await me(signedIn)).toMatchObject({ id: customer.id });
    const api = await prod.fetch('/api/account/two-step', { headers: { Cookie: signedIn } });
    expect(api.status).toBe(503);
    expect((await api.json()).error.message).toBe(MAINTENANCE_MESSAGES.unavailable);
    expect(await probe(prod, signedIn)).toBe(503);

    const withRecovery = await postJson(prod, '/api/auth/login/two-step', { recoveryCode: customer.recoveryCodes[0] }, await passwordStep(customer.email));
    expect(withRecovery.status).toBe(200);
    expect(await me(cookiesFrom(withRecovery))).toMatchObject({ id: customer.id });
    expect(await probe(prod, cookiesFrom(withRecovery))).toBe(503);
  });

  it('keeps an admin without it out, until the beta testers’ code lets them in to turn it on', async () => {
    const user = await createUser(own.prisma, { role: 'admin', name: 'Password-only Admin' });
    const session = await signIn(prod, user.email);
    expect(await me(session)).toMatchObject({ id: user.id });
    expect((await postJson(prod, '/api/account/two-step/setup', { currentPassword: TEST_PASSWORD }, session)).status).toBe(503);
    const unlock = await postJson(prod, '/api/maintenance/unlock', { password: BETA_CODE });
    expect(unlock.status).toBe(200);
    const { cookie } = await turnOnTwoStep(user.email, `${session}; ${cookiesFrom(unlock)}`);
    // Their renewed session alone (no unlock cookie) now passes, as an admin's.
    expect(await probe(prod, cookie)).toBe(200);
    expect((await prod.fetch('/api/admin/maintenance/status', { headers: { Cookie: cookie } })).status).toBe(200);
  });

  it('signs an admin in again with password and code, who then switches maintenance off', async () => {
    const pending = await passwordStep(gateAdmin.email);
    expect(await me(pending)).toBeNull();
    expect(await probe(prod, pending)).toBe(503);
    await awayFromStepEdge();
    const second = await postJson(prod, '/api/auth/login/two-step', { code: currentCode(gateAdmin.secret) }, pending);
    expect(second.status).toBe(200);
    expect(await second.json()).toMatchObject({ id: gateAdmin.id, role: 'admin', twoStepEnabled: true });
    const signedIn = cookiesFrom(second);
    expect(await probe(prod, signedIn)).toBe(200);

    const off = await postJson(prod, '/api/admin/maintenance/toggle', { enabled: false }, signedIn);
    expect(off.status).toBe(200);
    expect(await off.json()).toEqual({ enabled: false, accessCodeSource: 'environment' });
    await expect.poll(() => probe(prod), { timeout: 2000, interval: 20 }).toBe(200);
  });
});
