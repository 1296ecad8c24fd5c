// Front-end error reports (issue 30, item 3; product rule 37): POST /api/client-errors takes a
// report from anyone on the site's own pages, refuses bad input (with a message), bodies over
// 16 KB and other sites, is limited per IP, groups reports by message, release and source, keeps
// at most a fixed number of groups, counts them in /api/metrics, and lists them to admins only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ERROR_LIMITS } from '../../core/client-error-limits';
import { CLIENT_ERROR_TEXTS, type ClientErrorGroup } from '../../core/client-errors';
import { recordClientError } from '../../api/src/domain/client-errors/record-client-error';
import { CROSS_SITE_MESSAGE } from '../../api/src/middleware/same-origin';
import { serveTestApp, type TestApp } from '../../api/src/testing/serve-test-app';
import { call, signedInUser, type SignedInUser } from '../support/community';
import { createTestDatabase, type TestDatabase } from '../support/services';

let db: TestDatabase;
let t: TestApp;
let admin: SignedInUser;
let customer: SignedInUser;

beforeAll(async () => {
  db = await createTestDatabase();
  t = await serveTestApp({ database: db, env: { CLIENT_ERROR_LIMIT_PER_IP: '1000', LOGIN_LIMIT_PER_IP: '1000' } });
  admin = await signedInUser(db, t, { role: 'admin', name: 'Ada Admin' });
  customer = await signedInUser(db, t);
});

afterAll(async () => {
  await t?.close();
  await db?.drop();
});

let unique = 0;
const report = (fields: Record<string, unknown> = {}) => ({
  message: `TypeError: Cannot read properties of undefined (reading 'name') #${++unique}`,
  stack: 'TypeError: Cannot read properties of undefined\n    at ProfileHeader (http://localhost:3000/assets/profile-abc.js:1:2345)',
  source: 'page',
  release: 'abc1234',
  page: '/professionals/acme-it',
  ...fields,
});
const send = (app: TestApp, body: unknown) => call(app, 'POST', '/api/client-errors', { body });
const groupsOf = (message: string) => db.prisma.clientError.findMany({ where: { message }, orderBy: { id: 'asc' } });

describe('POST /api/client-errors', () => {
  it('answers 202 with no body and stores the report in a new group', async () => {
    const body = report();
    const res = await send(t, body);
    expect(res.status).toBe(202);
    expect(res.body).toBeNull();
    const [group, ...others] = await groupsOf(body.message);
    expect(others).toEqual([]);
    expect(group).toMatchObject({ message: body.message, stack: body.stack, source: 'page', release: 'abc1234', lastPage: '/professionals/acme-it', count: 1 });
  });

  it('groups by message, release and source: the same again counts, and remembers the latest page', async () => {
    const body = report();
    await send(t, body);
    const [first] = await groupsOf(body.message);
    expect((await send(t, { ...body, page: '/directory', stack: 'another stack' })).status).toBe(202);
    expect((await send(t, body)).status).toBe(202);
    // Another release or another source is another group.
    await send(t, { ...body, release: 'def5678' });
    await send(t, { ...body, source: 'map' });

    const groups = await groupsOf(body.message);
    expect(groups.map((g) => [g.release, g.source, g.count])).toEqual([
      ['abc1234', 'page', 3],
      ['def5678', 'page', 1],
      ['abc1234', 'map', 1],
    ]);
    const [grouped] = groups;
    expect(grouped).toMatchObject({ lastPage: '/professionals/acme-it', stack: body.stack, firstSeen: first!.firstSeen });
    expect(grouped!.lastSeen.getTime()).toBeGreaterThanOrEqual(first!.lastSeen.getTime());
  });

  it('refuses bad input with a message per field, storing nothing', async () => {
    const before = await db.prisma.clientError.count();
    const res = await send(t, {
      message: '',
      stack: 'x'.repeat(CLIENT_ERROR_LIMITS.stackMax + 1),
      source: 'server',
      release: 'not a release!',
      page: '/directory?postcode=M1%201AA',
    });
    expect(res.status).toBe(422);
    expect(res.body.error.message).toBeTruthy();
    expect(res.body.error.fields).toEqual({
      message: CLIENT_ERROR_TEXTS.message,
      stack: CLIENT_ERROR_TEXTS.stack,
      source: CLIENT_ERROR_TEXTS.source,
      release: CLIENT_ERROR_TEXTS.release,
      page: CLIENT_ERROR_TEXTS.page,
    });
    // A page with its fragment, a message too long: refused too.
    expect((await send(t, report({ page: '/about#team' }))).status).toBe(422);
    expect((await send(t, report({ message: 'x'.repeat(CLIENT_ERROR_LIMITS.messageMax + 1) }))).status).toBe(422);
    expect(await db.prisma.clientError.count()).toBe(before);
  });

  it('refuses a body over 16 KB with 413 and a message, before reading it', async () => {
    const res = await send(t, report({ stack: 'x'.repeat(CLIENT_ERROR_LIMITS.bodyBytes) }));
    expect(res.status).toBe(413);
    expect(res.body.error.message).toBe(`Request body is too large (the limit is ${CLIENT_ERROR_LIMITS.bodyBytes}b).`);
    // Other endpoints keep the general limit.
    const contact = await call(t, 'POST', '/api/contact', { body: { message: 'x'.repeat(CLIENT_ERROR_LIMITS.bodyBytes) } });
    expect(contact.status).toBe(422);
  });

  it('refuses a report sent from another site', async () => {
    const res = await t.fetch('/api/client-errors', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'https://elsewhere.example', 'Sec-Fetch-Site': 'cross-site' },
      body: JSON.stringify(report()),
    });
    expect(res.status).toBe(403);
    expect((await res.json()).error.message).toBe(CROSS_SITE_MESSAGE);
  });

  it('is limited per IP (429 with Retry-After) after CLIENT_ERROR_LIMIT_PER_IP reports an hour', async () => {
    const limited = await serveTestApp({ database: db, env: { CLIENT_ERROR_LIMIT_PER_IP: '2' } });
    try {
      expect((await send(limited, report())).status).toBe(202);
      expect((await send(limited, report())).status).toBe(202);
      const over = await send(limited, report());
      expect(over.status).toBe(429);
      expect(over.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(over.body.error.message).toBeTruthy();
      // Bad input spends nothing (parsed before the limit): still 422, not 429.
      expect((await send(limited, {})).status).toBe(422);
    } finally {
      await limited.close();
    }
  });

  it('keeps at most the set number of groups: the least recently seen go first', async () => {
    // Groups of the tests above are older than these, so they go first; the tests below make their own.
    const prefix = `cap-${Date.now()}`;
    const kept = 3;
    for (let i = 0; i < 5; i += 1) {
      await recordClientError({ prisma: db.prisma, groupsKept: kept }, { ...report({ message: `${prefix} ${i}` }), source: 'uncaught', stack: '' });
    }
    expect(await db.prisma.clientError.count()).toBe(kept);
    const left = await db.prisma.clientError.findMany({ where: { message: { startsWith: prefix } }, orderBy: { id: 'asc' } });
    expect(left.map((g) => g.message)).toEqual([`${prefix} 2`, `${prefix} 3`, `${prefix} 4`]);
    // Counting a known group never deletes one.
    await recordClientError({ prisma: db.prisma, groupsKept: kept }, { ...report({ message: `${prefix} 2` }), source: 'uncaught', stack: '' });
    expect(await db.prisma.clientError.count()).toBe(kept);
  });
});

describe('GET /api/admin/client-errors', () => {
  it('is for admins only (401 signed out, 403 for other roles)', async () => {
    const anonymous = await call(t, 'GET', '/api/admin/client-errors');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.message).toBe('Please sign in to continue.');
    expect((await call(t, 'GET', '/api/admin/client-errors', { cookie: customer.cookie })).status).toBe(403);
  });

  it('lists the groups to an admin, the most recently seen first, never cached', async () => {
    const older = report({ source: 'unhandled-rejection' });
    const newer = report({ page: '/locations' });
    await send(t, older);
    await send(t, newer);
    const res = await call<ClientErrorGroup[]>(t, 'GET', '/api/admin/client-errors', { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const messages = res.body.map((g) => g.message);
    expect(messages.indexOf(newer.message)).toBeLessThan(messages.indexOf(older.message));
    const listed = res.body.find((g) => g.message === newer.message);
    expect(listed).toEqual({
      id: expect.any(Number),
      message: newer.message,
      source: 'page',
      release: 'abc1234',
      count: 1,
      firstSeen: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      lastSeen: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      lastPage: '/locations',
    });
    // The sample stack stays in the database.
    expect(listed).not.toHaveProperty('stack');
  });
});

describe('/api/metrics', () => {
  it('counts the reports stored, per source', async () => {
    const scrape = async (source: string) => {
      const text = await (await t.fetch('/api/metrics', { headers: { Cookie: admin.cookie } })).text();
      const line = text.split('\n').find((l) => l.startsWith(`itc_client_errors_reported_total{source="${source}"}`));
      return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
    };
    const before = await scrape('map');
    await send(t, report({ source: 'map' }));
    await send(t, report({ source: 'map' }));
    // A refused report is not counted.
    await send(t, report({ source: 'map', page: 'no-slash' }));
    expect(await scrape('map')).toBe(before + 2);
  });
});
