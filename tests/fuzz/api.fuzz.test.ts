// Bad input, at scale (issue 14, item 1). Sends FUZZ_RUNS (default 10,000; a little more, as each
// endpoint gets the same share) generated requests,
// spread evenly over EVERY route the API registers (walked from its router, as
// route-guards.int.test.ts does) plus the Stripe webhook and the server-rendered pages, to the real
// app (createApp) on an ephemeral port with real PostgreSQL and Redis. Inputs come from the zod
// schemas the routes parse with (endpoints.ts → zod-arbitrary.ts): valid-shaped values, to reach the
// handlers, and the same values corrupted; plus malformed JSON, wrong content types, oversized
// bodies, wrong methods, hostile path segments and query strings, bad, forged and oversized session
// cookies and bad Stripe signatures. Callers are anonymous, customer, provider and admin (signed in
// through the real login with a solved captcha), mostly the role the route admits.
// Checks: no 5xx, ever; every 4xx from the API carries error.message; afterwards no table holds
// more new rows than the requests that answered 2xx could have made, no stored text or JSON holds
// what the API refuses (NUL, lone surrogates, "__proto__" keys), and stored text (what the fuzz
// stored, plus injection strings stored on purpose) comes back verbatim from the API and as text in
// the profile page's head (title, meta, JSON-LD).
// Every rate limit is raised through the env the API reads (the fuzz is one IP sending thousands of
// requests); the limits themselves are tested in rate-limit.int.test.ts and the route tests.
// Reproduce a failure with the seed it prints: FUZZ_SEED=<seed> npm run test:fuzz.
import { createHmac } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../core/auth';
import { DirectoryQuery } from '../../core/directory-query';
import { accessOf, type Access } from '../../api/src/middleware/require-role';
import { createUser, signIn, solveCaptcha } from '../../api/src/testing/accounts';
import { createProfessional, createReview } from '../../api/src/testing/factories';
import { indexTemplate } from '../../api/src/testing/index-template';
import { rawRequest, type RawResponse } from '../../api/src/testing/raw-request';
import { registeredRoutes, withParams } from '../../api/src/testing/route-walk';
import { serveTestApp, type TestApp } from '../../api/src/testing/serve-test-app';
import { stripeSetup } from '../../scripts/lib/stripe-setup';
import { startStripeStandIn, type RunningStripeStandIn } from '../../stand-ins/stripe/stripe-stand-in';
import { createTestDatabase, type TestDatabase } from '../support/services';
import { ENDPOINT_INPUTS, type EndpointInput } from './endpoints';
import { hostileValue, HOSTILE_STRINGS, inputArbitrary, percentEncode, queryArbitrary, SOLVED_CAPTCHA } from './zod-arbitrary';

const TOTAL_RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
const SEED = Number(process.env.FUZZ_SEED ?? 14_0001);
/** Requests in flight at once (the app is one process; two cores). */
const CONCURRENCY = Number(process.env.FUZZ_CONCURRENCY ?? 4);
const PUBLIC_URL = 'http://itconnect.fuzz';
const UNLIMITED = '1000000';

type Caller = 'anonymous' | Role | 'forged' | 'garbage' | 'oversized';
const SIGNED_IN: Role[] = ['customer', 'provider', 'admin'];

interface Endpoint extends EndpointInput {
  method: string;
  template: string;
  access: Access | 'webhook' | 'page';
}

interface FuzzRequest {
  caller: Caller;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

let db: TestDatabase;
let t: TestApp;
let staticDir: string;
let stripe: RunningStripeStandIn | undefined;
const FUZZ_WEBHOOK_SECRET = 'whsec_fuzz_itconnect';
const sessions = new Map<Role, string>();
let harnessUsers = 0;
/** Ids and names that exist, so some fuzzed paths reach real rows. */
const known = { professionalIds: [] as number[], reviewIds: [] as number[], threadIds: [] as number[], slugs: [] as string[], providerProfessionalId: 0 };

async function newSession(role: Role): Promise<void> {
  if (role === 'provider') {
    // Each provider gets a live listing of its own (a listing has one provider account).
    const own = await createProfessional(db.prisma, { companyName: 'Fuzz Own Ltd' });
    known.providerProfessionalId = own.id;
    known.professionalIds.push(own.id);
    known.slugs.push(own.slug);
  }
  const user = await createUser(db.prisma, { role, ...(role === 'provider' ? { professionalId: known.providerProfessionalId } : {}) });
  harnessUsers += 1;
  sessions.set(role, await signIn(t, user.email));
}

/** Replaces any session the fuzz ended (sign-out, a changed password, an archived account). */
async function keepSessions(): Promise<void> {
  for (const role of SIGNED_IN) {
    const res = await rawRequest(t.baseUrl, { path: '/api/auth/me', headers: { Cookie: sessions.get(role) ?? '' } });
    const me = JSON.parse(res.body) as { role?: string } | null;
    if (res.status !== 200 || me?.role !== role) await newSession(role);
  }
}

function sign(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex')}`;
}

/** Valid bodies for the routes that store things, so the fuzz reaches their handlers often. */
const profile = () => ({
  companyName: 'Fuzz Example Ltd',
  contactName: 'Sam Example',
  email: 'apply-fuzz@example.test',
  description: 'We look after the computers of small offices in Manchester.',
  services: ['Web Design'],
  location: 'Greater Manchester',
  region: 'Manchester',
  postcode: 'M1 1AE',
  hourlyRate: '45',
  rateType: 'hourly',
});
const EXAMPLES: Record<string, () => Record<string, unknown>> = {
  'POST /api/auth/register': () => ({ name: 'Fuzz Person', email: 'fuzz-register@example.test', password: 'a long enough password', captcha: SOLVED_CAPTCHA }),
  'POST /api/auth/login': () => ({ email: 'fuzz-login@example.test', password: 'a long enough password', captcha: SOLVED_CAPTCHA }),
  'POST /api/auth/password-reset/request': () => ({ email: 'fuzz-login@example.test', captcha: SOLVED_CAPTCHA }),
  'PATCH /api/account/name': () => ({ name: 'Fuzz Renamed' }),
  'PATCH /api/professionals/my-profile': profile,
  'POST /api/create-application-checkout': () => ({ ...profile(), subscriptionType: 'monthly', password: 'a long enough password', confirmPassword: 'a long enough password', captcha: SOLVED_CAPTCHA }),
  'POST /api/reviews': () => ({ professionalId: known.professionalIds[0], rating: 4, title: 'Good work overall', comment: 'They fixed our network quickly and explained everything clearly.', wouldRecommend: true }),
  'PATCH /api/reviews/:id': () => ({ rating: 3, comment: 'Updated: still good, a little slow to answer the phone.' }),
  'PUT /api/reviews/:id/reply': () => ({ reply: 'Thank you for the kind words, it was a pleasure.' }),
  'POST /api/reviews/:id/report': () => ({ reason: 'This review is not about our company at all.' }),
  'POST /api/admin/reviews/:id/hide': () => ({ reason: 'Off-topic' }),
  'POST /api/professionals/:id/messages': () => ({ subject: 'A question', content: 'Could you help us move our e-mail to a new provider?', captcha: SOLVED_CAPTCHA }),
  'POST /api/messages/threads/:id/replies': () => ({ content: 'Thanks, that works for us.' }),
  'POST /api/contact': () => ({ name: 'Fuzz Visitor', email: 'visitor@example.test', subject: 'A question about listings', message: 'How long does approval usually take for a new listing?', captcha: SOLVED_CAPTCHA }),
};

// ---- request generation ----------------------------------------------------------------------

const MALFORMED_JSON = [
  '{',
  '{"a":',
  '[1,2',
  'nul',
  '{"a":1}}',
  '\uFEFF{}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"__proto__":{"x":1}}',
  '{"constructor":{"prototype":{"x":1}}}',
  '{"a":1,"a":2}',
  "{'a':1}",
  '{"a":NaN}',
  '{"a":1e999999}',
  '"just a string"',
  '12345',
  'null',
  '[]',
  '',
  ' ',
  '\u0000',
  '[' .repeat(50_000),
  `{"a":"${'x'.repeat(60_000)}"`,
];
const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'application/xml',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/merge-patch+json',
  'application/json, text/plain',
  'image/png',
  ';;;',
];
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD', 'PROPFIND', 'SEARCH', 'PURGE'];
const BAD_SEGMENTS = ['%', '%E0%A4%A', '%C0%AF', '%FF', '%00', '..%2F..%2Fetc%2Fpasswd', '%2e%2e', '0', '-1', '1.5', '99999999999', '1e3', '0x10', '%201', '1%0A'];
const KIND_WEIGHTS = { json: 12, malformed: 2, contentType: 2, oversized: 1, method: 2 } as const;
type Kind = keyof typeof KIND_WEIGHTS;

function pathSegment(name: string): fc.Arbitrary<string> {
  const real =
    name === 'id'
      ? fc.constantFrom(...known.professionalIds, ...known.reviewIds, ...known.threadIds).map(String)
      : name === 'slug'
        ? fc.constantFrom(...known.slugs)
        : fc.constantFrom('1700000000000-email_x.eml', 'a'.repeat(64) + '.webp', 'logo.png');
  return fc.oneof(
    { weight: 3, arbitrary: real },
    { weight: 2, arbitrary: fc.constantFrom(...BAD_SEGMENTS) },
    { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_STRINGS).map((s) => percentEncode(s.slice(0, 3000))) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }).map(encodeURIComponent) },
  );
}

const cookieArbitrary = (caller: Caller): fc.Arbitrary<string> => {
  switch (caller) {
    case 'anonymous':
      return fc.constant('');
    case 'forged':
      // A session id with a signature made without the key, or another session's signature.
      return fc.tuple(fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 1, maxLength: 64 }), fc.base64String({ maxLength: 40 })).map(([sid, sig]) => `sid=${sid}; sid.sig=${sig}`);
    case 'garbage':
      return fc.oneof(
        fc.constantFrom('sid=', 'sid', '=;=;', 'sid=%', 'sid=%E0%A4%A', 'sid="', 'sid=\u00ff\u00fe', 'sid=a; sid=b; sid.sig=c', '__proto__=1; constructor=2'),
        fc.string({ maxLength: 60 }).map((s) => s.replace(/[^\x20-\x7e]/g, '')),
      );
    case 'oversized':
      return fc.integer({ min: 4_000, max: 12_000 }).map((n) => `sid=${'a'.repeat(n)}; sid.sig=${'b'.repeat(27)}`);
    default:
      return fc.constant(sessions.get(caller) ?? '');
  }
};

function callerArbitrary(access: Endpoint['access']): fc.Arbitrary<Caller> {
  const admitted: Caller[] =
    access === 'public' || access === 'webhook' || access === 'page' ? ['anonymous', 'customer'] : access === 'signed-in' ? ['customer', 'provider', 'admin'] : [...access];
  return fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...admitted) },
    { weight: 2, arbitrary: fc.constantFrom<Caller>('anonymous', 'customer', 'provider', 'admin') },
    { weight: 1, arbitrary: fc.constantFrom<Caller>('forged', 'garbage', 'oversized') },
  );
}

function jsonText(value: unknown): string {
  // U+FFFD never comes from the generator, so finding one stored means a lone surrogate got through.
  return (JSON.stringify(value) ?? 'null').replace(/\uFFFD/g, '?');
}

function requestArbitrary(endpoint: Endpoint): fc.Arbitrary<FuzzRequest> {
  const params = [...endpoint.template.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const pathArb = fc.tuple(...params.map(pathSegment)).map((values) => withParams(endpoint.template, Object.fromEntries(params.map((p, i) => [p, values[i]!]))));
  const queryArb = fc
    .tuple(queryArbitrary(endpoint.query), fc.option(fc.oneof(fc.constantFrom(...known.professionalIds).map(String), fc.constantFrom(...BAD_SEGMENTS)), { freq: 4 }))
    .map(([query, id]) => [query, id === null ? '' : `professionalId=${id}`].filter(Boolean).join('&'));
  const bodyArb: fc.Arbitrary<string> = endpoint.rawBody
    ? fc.oneof(fc.uint8Array({ maxLength: 2000 }).map((bytes) => Buffer.from(bytes).toString('latin1')), fc.constantFrom('GIF89a', '\x89PNG\r\n\x1a\n', '<svg onload=alert(1)>'))
    : endpoint.body
      ? inputArbitrary(endpoint.body, EXAMPLES[`${endpoint.method} ${endpoint.template}`]?.()).map(jsonText)
      : hostileValue.map(jsonText);
  const kindArb = fc.oneof(...Object.entries(KIND_WEIGHTS).map(([kind, weight]) => ({ weight, arbitrary: fc.constant(kind as Kind) })));

  return fc
    .record({ caller: callerArbitrary(endpoint.access), path: pathArb, query: queryArb, body: bodyArb, kind: kindArb, malformed: fc.constantFrom(...MALFORMED_JSON), contentType: fc.constantFrom(...CONTENT_TYPES), method: fc.constantFrom(...METHODS), size: fc.integer({ min: 101 * 1024, max: 2 * 1024 * 1024 }) })
    .chain((r) => cookieArbitrary(r.caller).map((cookie) => ({ ...r, cookie })))
    .map(({ caller, path: requestPath, query, body, kind, malformed, contentType, method, size, cookie }): FuzzRequest => {
      const hasBody = endpoint.method !== 'GET' || kind === 'malformed' || kind === 'contentType';
      const headers: Record<string, string> = { ...(cookie ? { Cookie: cookie } : {}) };
      let text: string | undefined = hasBody ? body : undefined;
      let sendMethod = endpoint.method;
      if (hasBody) headers['Content-Type'] = endpoint.rawBody ? 'image/png' : 'application/json';
      if (kind === 'malformed') text = malformed;
      if (kind === 'contentType') headers['Content-Type'] = contentType;
      if (kind === 'oversized') {
        text = jsonText({ text: 'x'.repeat(size) });
        headers['Content-Type'] = endpoint.rawBody ? 'image/png' : 'application/json';
      }
      if (kind === 'method') sendMethod = method;
      if (sendMethod === 'GET' || sendMethod === 'HEAD') text = undefined;
      return { caller, method: sendMethod, path: query ? `${requestPath}?${query}` : requestPath, headers, body: text };
    });
}

function webhookArbitrary(secret: string): fc.Arbitrary<FuzzRequest> {
  const event = fc.oneof(
    fc.record({ id: fc.oneof(fc.string(), fc.stringMatching(/^evt_[A-Za-z0-9]{8,24}$/)), type: fc.constantFrom('checkout.session.completed', 'invoice.paid', 'customer.subscription.deleted', 'customer.subscription.updated', 'nonsense', ''), data: fc.oneof(fc.record({ object: fc.jsonValue({ maxDepth: 3 }) }), hostileValue) }),
    hostileValue,
  );
  return fc
    .record({
      payload: fc.oneof({ weight: 3, arbitrary: event.map(jsonText) }, { weight: 1, arbitrary: fc.constantFrom(...MALFORMED_JSON) }),
      signing: fc.constantFrom('none', 'garbage', 'wrong-secret', 'stale', 'valid', 'valid', 'oversized', 'method'),
      garbage: fc.constantFrom('', 't=', 'v1=abc', 't=abc,v1=', 't=1,v1=' + '0'.repeat(64), '\u00ff', 'x'.repeat(5000)),
    })
    .map(({ payload, signing, garbage }): FuzzRequest => {
      const headers: Record<string, string> = { 'Content-Type': 'application/json' };
      let body = payload;
      if (signing === 'garbage') headers['Stripe-Signature'] = garbage;
      if (signing === 'wrong-secret') headers['Stripe-Signature'] = sign(payload, 'whsec_forged');
      if (signing === 'stale') headers['Stripe-Signature'] = sign(payload, secret, 1_000_000_000);
      if (signing === 'valid') headers['Stripe-Signature'] = sign(payload, secret);
      if (signing === 'oversized') {
        body = 'x'.repeat(1024 * 1024 + 10);
        headers['Stripe-Signature'] = sign(body, secret);
      }
      return { caller: 'anonymous', method: signing === 'method' ? 'GET' : 'POST', path: '/api/stripe/webhook', headers, body: signing === 'method' ? undefined : body };
    });
}

function pageArbitrary(): fc.Arbitrary<FuzzRequest> {
  const segment = fc.oneof(fc.constantFrom(...known.slugs, ...known.professionalIds.map(String)), fc.constantFrom(...BAD_SEGMENTS), fc.string({ unit: 'grapheme', maxLength: 20 }).map(encodeURIComponent));
  return fc
    .record({ page: fc.constantFrom('/', '/professionals', '/professionals/', '/locations', '/about', '/sitemap-', '/no-such-page/'), segment, query: queryArbitrary(DirectoryQuery) })
    .map(({ page, segment, query }): FuzzRequest => ({ caller: 'anonymous', method: 'GET', path: `${page.endsWith('/') || page.endsWith('-') ? page + segment : page}${query ? `?${query}` : ''}`, headers: {} }));
}

// ---- checks ----------------------------------------------------------------------------------

interface Exchange {
  request: FuzzRequest;
  response: RawResponse;
}

function describeExchange({ request, response }: Exchange): string {
  const cut = (s: string | undefined, n: number) => (s === undefined ? '' : s.length > n ? `${s.slice(0, n)}… (${s.length} chars)` : s);
  return `${request.caller} ${request.method} ${cut(request.path, 300)} ${JSON.stringify(request.headers).slice(0, 200)} ${cut(request.body, 300)}\n    → ${response.status} ${cut(response.body, 300)}`;
}

function problemWith({ request, response }: Exchange): string | null {
  if (response.status >= 500) return 'a 5xx';
  if (response.status >= 400 && request.method !== 'HEAD' && request.path.startsWith('/api/')) {
    try {
      const message = (JSON.parse(response.body) as { error?: { message?: unknown } }).error?.message;
      if (typeof message !== 'string' || message.trim() === '') return 'a 4xx without error.message';
    } catch {
      return 'a 4xx whose body is not JSON';
    }
  }
  return null;
}

// ---- the run ---------------------------------------------------------------------------------

const MODELS = ['user', 'professional', 'application', 'review', 'reviewReport', 'message', 'contactMessage', 'payment', 'stripeEvent', 'emailChangeToken', 'passwordResetToken', 'pendingRegistration'] as const;
type Model = (typeof MODELS)[number];
/** The routes whose 2xx answers may add rows to each table (the harness's own users aside). */
const CREATORS: Record<Model, string[]> = {
  user: ['POST /api/auth/register/confirm', 'POST /api/admin/applications/:id/approve'],
  professional: ['POST /api/create-application-checkout', 'POST /api/admin/applications/:id/approve', 'POST /api/stripe/webhook'],
  // A visitor's application is made by the e-mailed link's confirmation (product rule 24).
  application: ['POST /api/create-application-checkout', 'POST /api/auth/register/confirm'],
  review: ['POST /api/reviews'],
  reviewReport: ['POST /api/reviews/:id/report'],
  message: ['POST /api/professionals/:id/messages', 'POST /api/messages/threads/:id/replies'],
  contactMessage: ['POST /api/contact'],
  payment: ['POST /api/create-application-checkout', 'POST /api/create-subscription', 'POST /api/stripe/webhook'],
  // The Stripe stand-in sends its own events to the webhook after a checkout or a subscription change.
  stripeEvent: ['POST /api/stripe/webhook', 'POST /api/create-application-checkout', 'POST /api/application/checkout', 'POST /api/create-subscription', 'POST /api/professional/cancel-subscription'],
  emailChangeToken: ['POST /api/account/email'],
  passwordResetToken: ['POST /api/auth/password-reset/request'],
  pendingRegistration: ['POST /api/auth/register', 'POST /api/create-application-checkout'],
};

async function countRows(): Promise<Record<Model, number>> {
  const delegates = db.prisma as unknown as Record<Model, { count(): Promise<number> }>;
  const counts = await Promise.all(MODELS.map((model) => delegates[model].count()));
  return Object.fromEntries(MODELS.map((model, i) => [model, counts[i]!])) as Record<Model, number>;
}

const INJECTION = {
  companyName: `</script><script>alert(1)</script> & "Bits" <b>'Bytes'</b>`,
  description: `"><img src=x onerror=alert(1)> {{7*7}} \u202Eevil\u202C 😀 '; DROP TABLE professionals; -- and more words for the minimum length`,
};

beforeAll(async () => {
  db = await createTestDatabase();
  staticDir = await mkdtemp(path.join(tmpdir(), 'itc-fuzz-'));
  await writeFile(path.join(staticDir, 'index.html'), indexTemplate({ script: false }));
  const limits = [
    'RATE_LIMIT_PER_MINUTE', 'LOGIN_LIMIT_PER_IP', 'LOGIN_FAILURES_PER_SOURCE', 'APPLY_LIMIT_PER_IP', 'REGISTER_LIMIT_PER_IP', 'RESET_LIMIT_PER_IP',
    'RESET_LIMIT_PER_EMAIL', 'RESET_SUBMIT_LIMIT_PER_IP', 'MAINTENANCE_UNLOCK_LIMIT_PER_IP', 'MESSAGE_LIMIT_PER_USER', 'MESSAGE_LIMIT_PER_IP',
    'MESSAGE_REPLY_LIMIT_PER_USER', 'CONTACT_LIMIT_PER_IP', 'REVIEW_LIMIT_PER_USER', 'MEDIA_LIMIT_PER_USER',
    'CLIENT_ERROR_LIMIT_PER_IP',
  ];
  // "Stripe" is the stand-in, a server of its own, as npm start runs it (PAYMENTS=stand-in).
  stripe = await startStripeStandIn({ retryDelaysMs: [100] });
  const payments = { PAYMENTS: 'stand-in', STRIPE_SECRET_KEY: stripe.apiKey, STRIPE_API_URL: stripe.url, STRIPE_WEBHOOK_SECRET: FUZZ_WEBHOOK_SECRET };
  t = await serveTestApp({ database: db, env: { ...Object.fromEntries(limits.map((name) => [name, UNLIMITED])), ...payments, STATIC_DIR: staticDir, PUBLIC_URL } });
  await stripe.controls.setWebhook({ url: `${t.baseUrl}/api/stripe/webhook`, secret: FUZZ_WEBHOOK_SECRET });
  await stripeSetup({ stripe: await t.api.deps.payments.stripe(), publicUrl: PUBLIC_URL });

  // A live listing owned by the fuzz's provider, another one with a review, and a message thread.
  const other = await createProfessional(db.prisma, { companyName: 'Fuzz Other Ltd' });
  known.professionalIds.push(other.id);
  known.slugs.push(other.slug, 'no-such-professional');
  for (const role of SIGNED_IN) await newSession(role);
  const own = { id: known.providerProfessionalId };
  const reviewer = await createUser(db.prisma, { role: 'customer' });
  harnessUsers += 1;
  const review = await createReview(db.prisma, { professionalId: own.id, rating: 4, userName: reviewer.name });
  known.reviewIds.push(review.id);
  const thread = await rawRequest(t.baseUrl, {
    method: 'POST',
    path: `/api/professionals/${own.id}/messages`,
    headers: { 'Content-Type': 'application/json', Cookie: sessions.get('customer')! },
    body: JSON.stringify({ subject: 'Fuzz thread', content: 'A message the fuzz replies to.', captcha: await solveCaptcha(t) }),
  });
  expect(thread.status, thread.body).toBe(201);
  known.threadIds.push((JSON.parse(thread.body) as { threadId?: number; id?: number }).threadId ?? (JSON.parse(thread.body) as { id: number }).id);
}, 120_000);

afterAll(async () => {
  await stripe?.close();
  await t?.close();
  await db?.drop();
  if (staticDir) await rm(staticDir, { recursive: true, force: true });
});

describe(`fuzz (seed ${SEED}, ${TOTAL_RUNS} requests; reproduce with FUZZ_SEED=${SEED} FUZZ_RUNS=${TOTAL_RUNS})`, () => {
  const successes = new Map<string, number>();
  let sent = 0;
  let before: Record<Model, number>;
  let harnessUsersBefore = 0;
  /** Statuses answered per endpoint: FUZZ_VERBOSE=1 prints them (how far the fuzz reached). */
  const histogram: Record<string, Record<number, number>> = {};
  const timings: Record<string, number> = {};

  it('answers every generated request to every endpoint without a 5xx, and every 4xx with a message', async () => {
    const { routes } = registeredRoutes(t.api.apiRouter);
    const unlisted = routes.map((r) => `${r.method} ${r.template}`).filter((key) => !(key in ENDPOINT_INPUTS));
    expect(unlisted, 'routes with no entry in tests/fuzz/endpoints.ts').toEqual([]);
    const endpoints: Endpoint[] = routes.map((r) => ({ method: r.method, template: r.template, access: accessOf(r.layer.stack[0])!, ...ENDPOINT_INPUTS[`${r.method} ${r.template}`] }));
    const secret = t.api.deps.payments.webhookSecret!;
    const generators: { key: string; arbitrary: fc.Arbitrary<FuzzRequest> }[] = [
      ...endpoints.map((e) => ({ key: `${e.method} ${e.template}`, arbitrary: requestArbitrary(e) })),
      { key: 'POST /api/stripe/webhook', arbitrary: webhookArbitrary(secret) },
      { key: 'GET (pages)', arbitrary: pageArbitrary() },
    ];
    const perEndpoint = Math.ceil(TOTAL_RUNS / generators.length);
    // Requests interleaved across endpoints (round robin), so state one route changes meets the others.
    const batches = generators.map((g, i) => ({ key: g.key, requests: fc.sample(g.arbitrary, { numRuns: perEndpoint, seed: SEED + i }) }));

    before = await countRows();
    harnessUsersBefore = harnessUsers;
    const problems: string[] = [];
    const problemCounts = new Map<string, number>();
    const send = async (key: string, request: FuzzRequest): Promise<void> => {
      if (request.body?.includes(SOLVED_CAPTCHA)) request.body = request.body.replaceAll(SOLVED_CAPTCHA, await solveCaptcha(t));
      let response: RawResponse;
      const started = performance.now();
      try {
        response = await rawRequest(t.baseUrl, { method: request.method, path: request.path, headers: request.headers, body: request.body });
      } catch (error) {
        // No answer at all (a reset connection, a response the client cannot parse) is a failure too.
        response = { status: 0, headers: {}, body: String(error) };
      }
      sent += 1;
      timings[key] = (timings[key] ?? 0) + performance.now() - started;
      const statuses = (histogram[key] ??= {});
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
      const problem = response.status === 0 ? 'no HTTP answer' : problemWith({ request, response });
      if (problem) {
        const label = `${problem}: ${key}`;
        problemCounts.set(label, (problemCounts.get(label) ?? 0) + 1);
        if (problemCounts.get(label)! <= 3) problems.push(`${label}\n    ${describeExchange({ request, response })}`);
      }
      if (response.status >= 200 && response.status < 300 && request.method !== 'GET') successes.set(key, (successes.get(key) ?? 0) + 1);
    };
    // Each round sends one request per endpoint, CONCURRENCY at a time; the maintenance switch goes
    // alone at the end of its round and is switched off again at once (while it is on, every
    // request rightly gets 503).
    const SWITCH = 'POST /api/admin/maintenance/toggle';
    for (let round = 0; round < perEndpoint; round += 1) {
      const queue = batches.filter((b) => b.key !== SWITCH).map(({ key, requests }) => ({ key, request: requests[round]! }));
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          for (let next = queue.shift(); next; next = queue.shift()) await send(next.key, next.request);
        }),
      );
      const toggle = batches.find((b) => b.key === SWITCH)!;
      await send(SWITCH, toggle.requests[round]!);
      await rawRequest(t.baseUrl, { method: 'POST', path: '/api/admin/maintenance/toggle', headers: { 'Content-Type': 'application/json', Cookie: sessions.get('admin')! }, body: '{"enabled":false}' });
      if (round % 10 === 9) await keepSessions();
    }
    if (process.env.FUZZ_VERBOSE) for (const [key, statuses] of Object.entries(histogram)) process.stdout.write(`${key}: ${JSON.stringify(statuses)} ${Math.round(timings[key] ?? 0)} ms\n`);
    const summary = [...problemCounts].map(([label, n]) => `${n} × ${label}`).join('\n');
    expect(problems, `seed ${SEED}: ${problemCounts.size} kinds of failure\n${summary}\n\nexamples:\n${problems.join('\n')}`).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(TOTAL_RUNS);
    expect(generators.length).toBeGreaterThan(70);
  }, 600_000);

  it('stores nothing it should not have', async () => {
    expect(sent).toBeGreaterThan(0);
    const after = await countRows();
    const excess: string[] = [];
    for (const model of MODELS) {
      const allowed = CREATORS[model].reduce((sum, key) => sum + (successes.get(key) ?? 0), 0) + (model === 'user' || model === 'professional' ? harnessUsers - harnessUsersBefore : 0);
      if (after[model] - before[model] > allowed) excess.push(`${model}: ${before[model]} → ${after[model]}, but only ${allowed} requests could add rows`);
    }
    const stored = await db.prisma.stripeEvent.findMany({ select: { id: true, type: true } });
    expect(excess, `2xx writes: ${JSON.stringify([...successes])}; stripe events: ${JSON.stringify(stored)}`).toEqual([]);

    // No stored text holds what the API refuses; no stored JSON holds a prototype key.
    const columns = await db.prisma.$queryRawUnsafe<{ table_name: string; column_name: string; data_type: string }[]>(`
      SELECT table_name, column_name, data_type FROM information_schema.columns
      WHERE table_schema = 'public' AND data_type IN ('text', 'character varying', 'jsonb', 'json', 'ARRAY')`);
    const bad: string[] = [];
    for (const { table_name: table, column_name: column, data_type: type } of columns) {
      const rows = await db.prisma.$queryRawUnsafe<{ v: string | null }[]>(`SELECT "${column}"::text AS v FROM "${table}"`);
      for (const { v } of rows) {
        if (v === null) continue;
        if (v.includes('\uFFFD')) bad.push(`${table}.${column} holds U+FFFD (a lone surrogate turned into text): ${v.slice(0, 120)}`);
        // Stripe's events are kept as Stripe signed them (for the record; never merged into objects):
        // a signed event may hold any key. Every other JSON column holds what a visitor sent.
        const isSignedRecord = table === 'stripe_events' && column === 'payload';
        if (type.startsWith('json') && !isSignedRecord && hasProtoKey(JSON.parse(v))) bad.push(`${table}.${column} holds a "__proto__" key: ${v.slice(0, 120)}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('returns stored text verbatim from the API and as text in the profile page head', async () => {
    // Injection strings stored on purpose, through the provider's own profile form.
    await keepSessions();
    const cookie = sessions.get('provider')!;
    const current = JSON.parse((await rawRequest(t.baseUrl, { path: '/api/professionals/my-profile', headers: { Cookie: cookie } })).body) as Record<string, unknown>;
    const patch = await rawRequest(t.baseUrl, {
      method: 'PATCH',
      path: '/api/professionals/my-profile',
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
      body: JSON.stringify({ ...current, services: ['Web Design'], ...INJECTION }),
    });
    expect(patch.status, patch.body).toBe(200);

    const live = await db.prisma.professional.findMany({ where: { isApproved: true, subscriptionStatus: 'active' } });
    expect(live.some((p) => p.companyName === INJECTION.companyName)).toBe(true);
    for (const pro of live) {
      const api = await rawRequest(t.baseUrl, { path: `/api/professionals/${pro.id}` });
      expect(api.status).toBe(200);
      const fromApi = JSON.parse(api.body) as { companyName: string; description: string };
      expect(fromApi.companyName).toBe(pro.companyName);
      expect(fromApi.description).toBe(pro.description);

      const page = await rawRequest(t.baseUrl, { path: `/professionals/${pro.slug}` });
      expect(page.status).toBe(200);
      const head = /<head>([\s\S]*)<\/head>/.exec(page.body)?.[1] ?? '';
      // Only the JSON-LD blocks (the business, its breadcrumbs) are scripts; no tag the stored text brought along.
      const scripts = head.match(/<script[^>]*>/g) ?? [];
      expect(scripts).toEqual(['<script type="application/ld+json">', '<script type="application/ld+json">']);
      expect(head.match(/<\/script>/g) ?? []).toHaveLength(scripts.length);
      expect(head).not.toMatch(/<img|<b>|<script>alert/);
      const title = /<title>([\s\S]*?)<\/title>/.exec(head)?.[1] ?? '';
      expect(unescapeHtml(title)).toContain(pro.companyName.trim());
      const blocks = [...head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as { '@type': string; name?: string });
      expect(blocks.find((block) => block['@type'] !== 'BreadcrumbList')?.name).toBe(pro.companyName);
    }
  });
});

function unescapeHtml(text: string): string {
  return text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;|&#x27;/g, "'").replace(/&amp;/g, '&');
}

function hasProtoKey(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasProtoKey);
  if (value === null || typeof value !== 'object') return false;
  return Object.keys(value).some((key) => key === '__proto__' || hasProtoKey((value as Record<string, unknown>)[key]));
}
