// The holes found by probing the running site, each as the request that found it (docs/security.md).
// Item 1 (guards and path spellings) is route-guards.int.test.ts; item 6 (account enumeration,
// secrets in jobs) is tests/integration/account-emails.int.test.ts, since it needs the worker.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/support/services';
import { toAppError } from './middleware/errors';
import { FORBIDDEN_KEY_MESSAGE } from './middleware/json-body';
import { CROSS_SITE_MESSAGE } from './middleware/same-origin';
import { createUser, postJson, signIn, solveCaptcha, TEST_PASSWORD, uniqueEmail } from './testing/accounts';
import { rawRequest } from './testing/raw-request';
import { createProfessional } from './testing/factories';
import { serveTestApp, type TestApp } from './testing/serve-test-app';
import { until } from './testing/until';

let db: TestDatabase;
const apps: TestApp[] = [];

async function app(env: Record<string, string> = {}): Promise<TestApp> {
  const t = await serveTestApp({ database: db, env: { RATE_LIMIT_PER_MINUTE: '100000', ...env } });
  apps.push(t);
  return t;
}

beforeAll(async () => {
  db = await createTestDatabase();
});

afterAll(async () => {
  for (const t of apps) await t.close();
  await db?.drop();
});

async function login(t: TestApp, email: string, password: string, headers: Record<string, string> = {}): Promise<Response> {
  return t.fetch('/api/auth/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ email, password, captcha: await solveCaptcha(t) }),
  });
}

describe('2. proxy trust', () => {
  it('behind one proxy, the client address is the one the proxy added: a spoofed leftmost X-Forwarded-For changes nothing', async () => {
    const t = await app({ TRUST_PROXY_HOPS: '1', LOGIN_LIMIT_PER_IP: '2' });
    const user = await createUser(db.prisma);
    const from = (spoofed: string, client: string) => ({ 'X-Forwarded-For': `${spoofed}, ${client}` });
    expect((await login(t, user.email, TEST_PASSWORD, from('1.1.1.1', '203.0.113.9'))).status).toBe(200);
    expect((await login(t, user.email, TEST_PASSWORD, from('2.2.2.2', '203.0.113.9'))).status).toBe(200);
    // Same client, yet another made-up address in front: still the same budget, now spent.
    expect((await login(t, user.email, TEST_PASSWORD, from('3.3.3.3', '203.0.113.9'))).status).toBe(429);
    // Another client behind the same proxy has its own budget.
    expect((await login(t, user.email, TEST_PASSWORD, from('3.3.3.3', '203.0.113.10'))).status).toBe(200);
  });

  it('with no proxy configured, X-Forwarded-For is ignored altogether', async () => {
    const t = await app({ LOGIN_LIMIT_PER_IP: '1' });
    const user = await createUser(db.prisma);
    expect((await login(t, user.email, TEST_PASSWORD, { 'X-Forwarded-For': '198.51.100.1' })).status).toBe(200);
    expect((await login(t, user.email, TEST_PASSWORD, { 'X-Forwarded-For': '198.51.100.2' })).status).toBe(429);
  });

  it('in production behind a TLS proxy, sign-in sets a Secure cookie instead of failing with 500', async () => {
    const t = await app({ NODE_ENV: 'production', PUBLIC_URL: 'https://itconnect.example', TRUST_PROXY_HOPS: '1' });
    const user = await createUser(db.prisma);
    const res = await login(t, user.email, TEST_PASSWORD, { 'X-Forwarded-For': '203.0.113.20', 'X-Forwarded-Proto': 'https' });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().find((c) => c.startsWith('__Host-sid='))).toMatch(/;\s*secure/i);
    // Reached around the proxy over plain http: a clear 400, not a 500.
    const direct = await login(t, user.email, TEST_PASSWORD);
    expect(direct.status).toBe(400);
    expect((await direct.json()).error.message).toBe('Please use the site over HTTPS.');
  });
});

describe('3. failed sign-ins cannot lock the owner out', () => {
  it('refuses the source that keeps failing, while the owner signs in from another address', async () => {
    const t = await app({ TRUST_PROXY_HOPS: '1', LOGIN_FAILURES_PER_SOURCE: '3', LOGIN_SLOWDOWN_AFTER: '1000', LOGIN_LIMIT_PER_IP: '1000' });
    const owner = await createUser(db.prisma);
    const attacker = { 'X-Forwarded-For': '203.0.113.66' };
    for (let i = 0; i < 3; i += 1) expect((await login(t, owner.email, 'a wrong guess', attacker)).status).toBe(401);
    // The attacker's source is now refused for this account, even with the right password ...
    expect((await login(t, owner.email, TEST_PASSWORD, attacker)).status).toBe(429);
    expect((await login(t, owner.email, 'another guess', attacker)).status).toBe(429);
    // ... and so is another address of the same IPv6 /64.
    for (let i = 0; i < 3; i += 1) await login(t, owner.email, 'a wrong guess', { 'X-Forwarded-For': '2001:db8:7:7::1' });
    expect((await login(t, owner.email, TEST_PASSWORD, { 'X-Forwarded-For': '2001:db8:7:7::abcd' })).status).toBe(429);
    // The owner, from home, is not locked out.
    expect((await login(t, owner.email, TEST_PASSWORD, { 'X-Forwarded-For': '198.51.100.23' })).status).toBe(200);
  });

  it('slows every attempt on an account under a spread-out attack, without refusing the owner', async () => {
    const t = await app({ TRUST_PROXY_HOPS: '1', LOGIN_FAILURES_PER_SOURCE: '5', LOGIN_SLOWDOWN_AFTER: '4', LOGIN_SLOWDOWN_MS: '400', LOGIN_LIMIT_PER_IP: '1000' });
    const owner = await createUser(db.prisma);
    for (let i = 0; i < 4; i += 1) {
      expect((await login(t, owner.email, 'a wrong guess', { 'X-Forwarded-For': `203.0.113.${100 + i}` })).status).toBe(401);
    }
    const captcha = await solveCaptcha(t);
    const started = performance.now();
    const res = await t.fetch('/api/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': '198.51.100.24' },
      body: JSON.stringify({ email: owner.email, password: TEST_PASSWORD, captcha }),
    });
    expect(res.status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(400);
  });
});

describe('4. cross-site requests', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await app();
  });

  const crossSite = { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site', 'Content-Type': 'application/x-www-form-urlencoded' };

  it('the probe: a cross-site form post to /api/auth/archive archives nothing', async () => {
    const user = await createUser(db.prisma);
    const cookie = await signIn(t, user.email);
    const res = await rawRequest(t.baseUrl, { method: 'POST', path: '/api/auth/archive', headers: { ...crossSite, Cookie: cookie } });
    expect(res.status).toBe(403);
    expect(JSON.parse(res.body).error.message).toBe(CROSS_SITE_MESSAGE);
    expect((await db.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).isArchived).toBe(false);
    // Logging out from another site is refused too: the session still works.
    expect((await rawRequest(t.baseUrl, { method: 'POST', path: '/api/auth/logout', headers: { ...crossSite, Cookie: cookie } })).status).toBe(403);
    expect(await (await t.fetch('/api/auth/me', { headers: { Cookie: cookie } })).json()).toMatchObject({ id: user.id });
  });

  it('refuses any one sign of another site: Origin, Sec-Fetch-Site (also same-site), or Referer alone', async () => {
    const user = await createUser(db.prisma);
    const cookie = await signIn(t, user.email);
    const attempts: Record<string, string>[] = [
      { Origin: 'https://evil.example' },
      { Origin: 'null' },
      { 'Sec-Fetch-Site': 'cross-site' },
      { 'Sec-Fetch-Site': 'same-site', Origin: t.baseUrl },
      { Referer: 'https://evil.example/page' },
    ];
    for (const headers of attempts) {
      const res = await rawRequest(t.baseUrl, { method: 'POST', path: '/api/auth/logout', headers: { ...headers, Cookie: cookie, 'Content-Type': 'application/json' }, body: '{}' });
      expect(res.status, JSON.stringify(headers)).toBe(403);
    }
  });

  it('lets the site itself, and programs that send no browser headers, through', async () => {
    const user = await createUser(db.prisma);
    const allowed: Record<string, string>[] = [
      { Origin: t.baseUrl, 'Sec-Fetch-Site': 'same-origin' },
      { Origin: t.env.PUBLIC_URL.replace(/\/$/, '') },
      { Referer: `${t.baseUrl}/profile` },
      {},
    ];
    for (const headers of allowed) {
      const cookie = await signIn(t, user.email);
      const res = await rawRequest(t.baseUrl, { method: 'POST', path: '/api/auth/logout', headers: { ...headers, Cookie: cookie, 'Content-Type': 'application/json' }, body: '{}' });
      expect(res.status, JSON.stringify(headers)).toBe(200);
    }
  });

  it("refuses Bull Board's actions from another site, even for an admin", async () => {
    const admin = await createUser(db.prisma, { role: 'admin' });
    const cookie = await signIn(t, admin.email);
    const action = (headers: Record<string, string>) =>
      rawRequest(t.baseUrl, { method: 'PUT', path: '/admin/queues/api/queues/email/clean/completed', headers: { ...headers, Cookie: cookie } });
    expect((await action(crossSite)).status).toBe(403);
    expect((await action({ Origin: 'https://evil.example' })).status).toBe(403);
    expect((await action({ Origin: t.baseUrl })).status).toBeLessThan(400);
  });
});

describe('5. bad input answers 4xx, never 500', () => {
  let t: TestApp;
  let providerCookie: string;
  beforeAll(async () => {
    t = await app({ REGISTER_LIMIT_PER_IP: '1000' });
    const provider = await createUser(db.prisma, { role: 'provider' });
    providerCookie = await signIn(t, provider.email);
  });

  it.each([
    ['/api/professionals?search=%00', 400, 'Text must not contain NUL characters or unpaired surrogates'],
    ['/api/professionals?near=%00', 400, 'Text must not contain NUL characters or unpaired surrogates'],
    ['/api/professionals/slug/%00', 400, 'Text must not contain NUL characters or unpaired surrogates'],
    ['/api/professionals?limit=1.5', 400, 'limit must be a whole number'],
    ['/api/professionals?offset=999999.9', 400, 'offset must be a whole number'],
    ['/api/professionals/map?limit=2.5', 400, 'limit must be a whole number'],
  ])('GET %s → %i', async (requestPath, status, message) => {
    const res = await t.fetch(requestPath);
    expect(res.status).toBe(status);
    expect((await res.json()).error.message).toBe(message);
  });

  it('a profile page whose address holds a NUL is a 404 page, not a 500', async () => {
    const res = await t.fetch('/professionals/%00');
    expect(res.status).toBeLessThan(500);
  });

  it("a NUL or a lone surrogate in My Profile's description is refused with the field named", async () => {
    for (const description of ['Good\u0000IT', 'Lone \ud800 surrogate']) {
      const res = await t.fetch('/api/professionals/my-profile', {
        method: 'PATCH',
        headers: { 'Content-Type': 'application/json', Cookie: providerCookie },
        body: JSON.stringify({ description }),
      });
      expect(res.status).toBe(400);
      const { error } = await res.json();
      expect(error.message).toBe('Text must not contain NUL characters or unpaired surrogates');
      expect(error.fields).toEqual({ description: 'Text must not contain NUL characters or unpaired surrogates' });
    }
  });

  it('a NUL in a sign-up name is refused as invalid input', async () => {
    const res = await postJson(t, '/api/auth/register', { name: 'Ada\u0000', email: uniqueEmail('nul'), password: 'a long password', captcha: await solveCaptcha(t) });
    expect(res.status).toBe(400);
    expect((await res.json()).error.fields).toEqual({ name: 'Text must not contain NUL characters or unpaired surrogates' });
  });

  it('__proto__ in a body gets a message that says what is wrong', async () => {
    const res = await t.fetch('/api/auth/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"__proto__":{"isAdmin":true},"email":"a@example.com"}' });
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toBe(FORBIDDEN_KEY_MESSAGE);
  });

  it('a value the database refuses (SQLSTATE 22xxx) maps to 400', async () => {
    const error = await db.prisma.professional.findFirst({ where: { slug: 'a\u0000b' } }).catch((e: unknown) => e);
    const { appError, isBug } = toAppError(error, { state: { requestId: 'test' } } as never);
    expect(isBug).toBe(false);
    expect(appError.status).toBe(400);
  });
});

describe('7. smaller', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await app();
  });

  it('personal answers are never stored by a cache', async () => {
    const provider = await createUser(db.prisma, { role: 'provider' });
    const cookie = await signIn(t, provider.email);
    for (const requestPath of ['/api/auth/me', '/api/professionals/my-profile', '/api/auth/my-data']) {
      const res = await t.fetch(requestPath, { headers: { Cookie: cookie } });
      expect(res.status, requestPath).toBe(200);
      expect(res.headers.get('cache-control'), requestPath).toBe('no-store');
    }
  });

  it('public directory answers leave out internal fields and round positions to about 100 m', async () => {
    const professional = await createProfessional(db.prisma, { lat: 53.479_876_5, lng: -2.245_312_3 });
    let item: unknown;
    await until(async () => {
      const listed = await (await t.fetch(`/api/professionals?search=${encodeURIComponent(professional.companyName)}`)).json();
      item = listed.find((p: { id: number }) => p.id === professional.id);
      return item !== undefined;
    }, 'the new professional to be listed');
    const bySlug = await (await t.fetch(`/api/professionals/slug/${professional.slug}`)).json();
    for (const answer of [item, bySlug]) {
      expect(answer).not.toHaveProperty('isApproved');
      expect(answer).not.toHaveProperty('subscriptionStatus');
      expect(answer).not.toHaveProperty('subscriptionType');
      expect(answer).toMatchObject({ lat: 53.48, lng: -2.245 });
    }
    const map = await (await t.fetch('/api/professionals/map')).json();
    // A point is [id, lat, lng, company name] (the name while a search matches at most 20,000).
    expect(map.points).toContainEqual([professional.id, 53.48, -2.245, professional.companyName]);
  });

  it('sends X-Frame-Options: DENY to match frame-ancestors', async () => {
    const res = await t.fetch('/api/health');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('serves sitemaps as the worker stored them, never building one on a request', async () => {
    // decision 0039: a request reads the stored file (its text kept per process until it changes).
    const xml = '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n</sitemapindex>\n';
    await db.prisma.sitemapFile.create({ data: { name: 'sitemap.xml', xml, urlCount: 0, sha256: 'test', modifiedAt: new Date() } });
    const professional = await createProfessional(db.prisma);
    for (let i = 0; i < 2; i += 1) {
      const res = await t.fetch('/sitemap.xml');
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text).toBe(xml);
      expect(text).not.toContain(professional.slug);
    }
  });

  it('rate-limits page routes like the API', async () => {
    const limited = await app({ RATE_LIMIT_PER_MINUTE: '3' });
    for (let i = 0; i < 3; i += 1) expect((await limited.fetch('/robots.txt')).status).toBe(200);
    const res = await limited.fetch('/professionals/someone');
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBeTruthy();
  });
});

describe('ASVS V3.4: security headers on every answer', () => {
  it('every kind of answer, errors and pages included, carries HSTS for a year with subdomains, the CSP, nosniff, DENY and a referrer policy', async () => {
    const t = await app({ NODE_ENV: 'production' });
    const answers = await Promise.all([
      t.fetch('/api/health'),
      t.fetch('/api/no-such-thing'),
      t.fetch('/api/auth/login'),
      t.fetch('/api/auth/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{not json' }),
      t.fetch('/api/auth/archive', { method: 'POST', headers: { Origin: 'https://evil.example' } }),
      t.fetch('/robots.txt'),
      t.fetch('/professionals'),
    ]);
    expect(answers.map((res) => res.status)).toEqual([200, 404, 405, 400, 403, 200, 503]);
    for (const res of answers) {
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(res.headers.get('strict-transport-security'), res.url).toBe('max-age=31536000; includeSubDomains');
      expect(csp, res.url).toContain("frame-ancestors 'none'");
      expect(csp, res.url).toContain("object-src 'none'");
      expect(csp, res.url).toContain("base-uri 'self'");
      expect(csp, res.url).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
      expect(res.headers.get('x-content-type-options'), res.url).toBe('nosniff');
      expect(res.headers.get('x-frame-options'), res.url).toBe('DENY');
      expect(res.headers.get('referrer-policy'), res.url).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('access-control-allow-origin'), res.url).toBeNull();
      if (res.status !== 503) expect(res.headers.get('content-type') ?? '', res.url).toMatch(/charset=utf-8/i);
    }
  });

  it('does not answer TRACE (ASVS V13.4.4)', async () => {
    const t = await app();
    for (const path of ['/api/auth/me', '/', '/robots.txt']) {
      const res = await rawRequest(t.baseUrl, { method: 'TRACE', path, headers: { Cookie: 'sid=secret-looking' } });
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.body, path).not.toContain('secret-looking');
    }
  });
});
