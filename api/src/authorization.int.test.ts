// Who may call what: every endpoint that exists, called as anonymous, customer, provider and admin,
// with the status each must answer (issue 4 item 7). A new endpoint adds a row here; a row whose
// call changes the caller's account (archive) gets fresh users.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../core/auth';
import { createTestDatabase, type TestDatabase } from '../../tests/support/services';
import { createUser, signIn, TEST_PASSWORD } from './testing/accounts';
import { serveTestApp, type TestApp } from './testing/serve-test-app';

type Caller = 'anonymous' | Role;
const CALLERS: Caller[] = ['anonymous', 'customer', 'provider', 'admin'];

interface Row {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
  /** Expected status per caller. */
  expect: Record<Caller, number>;
  /** The call changes the caller's account: sign in fresh users for it. */
  needsFreshUsers?: boolean;
}

const all = (status: number): Record<Caller, number> => ({ anonymous: status, customer: status, provider: status, admin: status });
const signedIn = (status: number): Record<Caller, number> => ({ anonymous: 401, customer: status, provider: status, admin: status });
const only = (role: Role, status: number): Record<Caller, number> => ({
  anonymous: 401,
  customer: role === 'customer' ? status : 403,
  provider: role === 'provider' ? status : 403,
  admin: role === 'admin' ? status : 403,
});

/** Later issues extend this list with their endpoints. */
const ENDPOINTS: Row[] = [
  // Foundation
  { method: 'GET', path: '/api/health', expect: all(200) },
  { method: 'GET', path: '/api/ready', expect: all(200) },
  { method: 'GET', path: '/api/site-config', expect: all(200) },
  // Observability (issue 14): admins, or a scraper's METRICS_TOKEN (routes/metrics.int.test.ts).
  { method: 'GET', path: '/api/metrics', expect: only('admin', 200) },
  // Accounts (issue 4). Bodies are empty or invalid on purpose: the rule under test is access.
  { method: 'GET', path: '/api/captcha/challenge', expect: all(200) },
  { method: 'GET', path: '/api/auth/me', expect: all(200) },
  { method: 'POST', path: '/api/auth/register', body: {}, expect: all(422) },
  { method: 'POST', path: '/api/auth/login', body: {}, expect: all(422) },
  // Signed-in devices (product rule 36)
  { method: 'GET', path: '/api/account/sessions', expect: signedIn(200) },
  { method: 'DELETE', path: '/api/account/sessions/aaaaaaaaaaaaaaaaaaaaaa', expect: signedIn(404) },
  { method: 'POST', path: '/api/account/sessions/end-others', expect: signedIn(200) },
  { method: 'POST', path: '/api/admin/users/99999999/end-sessions', expect: only('admin', 404) },
  { method: 'POST', path: '/api/admin/users/99999999/two-step/turn-off', body: { reason: 'Checked by phone with the owner' }, expect: only('admin', 404) },
  // Two-step verification (product rule 35)
  { method: 'POST', path: '/api/auth/login/two-step', body: {}, expect: all(422) },
  { method: 'POST', path: '/api/auth/login/two-step', body: { code: '123456' }, expect: all(401) },
  { method: 'GET', path: '/api/account/two-step', expect: signedIn(200) },
  { method: 'POST', path: '/api/account/two-step/setup', body: {}, expect: signedIn(422) },
  { method: 'POST', path: '/api/account/two-step/enable', body: { code: '123456' }, expect: signedIn(409) },
  { method: 'POST', path: '/api/account/two-step/disable', body: { currentPassword: 'not the password' }, expect: signedIn(403) },
  { method: 'POST', path: '/api/account/two-step/recovery-codes', body: {}, expect: signedIn(422) },
  { method: 'POST', path: '/api/auth/logout', expect: all(200), needsFreshUsers: true },
  { method: 'POST', path: '/api/auth/password-reset/request', body: {}, expect: all(422) },
  { method: 'POST', path: '/api/auth/password-reset', body: { token: 'x'.repeat(43), password: 'long enough' }, expect: all(400) },
  { method: 'GET', path: '/api/auth/my-data', expect: signedIn(200) },
  { method: 'POST', path: '/api/auth/archive', body: { password: TEST_PASSWORD }, expect: signedIn(200), needsFreshUsers: true },
  { method: 'GET', path: '/api/professionals/my-profile', expect: only('provider', 200) },
  { method: 'PATCH', path: '/api/professionals/my-profile', body: {}, expect: only('provider', 422) },
  { method: 'GET', path: '/api/professionals/my-profile/case-studies', expect: only('provider', 200) },
  { method: 'PUT', path: '/api/professionals/my-profile/case-studies', body: {}, expect: only('provider', 422) },
  { method: 'DELETE', path: '/api/professionals/my-profile/case-studies/photos/0123456789abcdef01234567?caseStudy=abcdefgh12', expect: only('provider', 404) },
  { method: 'GET', path: '/api/admin/mail', expect: only('admin', 200) },
  { method: 'GET', path: '/api/admin/mail/1700000000000-missing.eml', expect: only('admin', 404) },
  { method: 'GET', path: '/admin/queues', expect: only('admin', 200) },
  { method: 'GET', path: '/admin/queues/api/queues', expect: only('admin', 200) },
  // Billing (issue 10). Bodies are empty or invalid on purpose: the rule under test is access.
  { method: 'POST', path: '/api/create-application-checkout', body: {}, expect: all(422) },
  { method: 'GET', path: '/api/verify-payment', expect: all(400) },
  { method: 'GET', path: '/api/application', expect: signedIn(200) },
  { method: 'POST', path: '/api/application/checkout', expect: signedIn(404) },
  { method: 'POST', path: '/api/create-subscription', body: {}, expect: signedIn(422) },
  { method: 'GET', path: '/api/professional/subscription', expect: only('provider', 200) },
  { method: 'POST', path: '/api/professional/billing-portal', expect: only('provider', 404) },
  { method: 'POST', path: '/api/professional/cancel-subscription', expect: only('provider', 200), needsFreshUsers: true },
  { method: 'POST', path: '/api/stripe/webhook', body: {}, expect: all(400) },
  // Admin dashboard (issue 11). Ids that do not exist and empty bodies where a call would change
  // something: the rule under test is access (maintenance is switched off, never on, here).
  { method: 'GET', path: '/api/admin/stats', expect: only('admin', 200) },
  { method: 'GET', path: '/api/admin/applications', expect: only('admin', 200) },
  { method: 'POST', path: '/api/admin/applications/99999999/approve', expect: only('admin', 404) },
  { method: 'POST', path: '/api/admin/applications/99999999/reject', body: {}, expect: only('admin', 422) },
  { method: 'GET', path: '/api/admin/users', expect: only('admin', 200) },
  { method: 'GET', path: '/api/admin/archived-users', expect: only('admin', 200) },
  { method: 'GET', path: '/api/admin/professionals', expect: only('admin', 200) },
  { method: 'GET', path: '/api/admin/audit-log', expect: only('admin', 200) },
  { method: 'GET', path: '/api/admin/queues', expect: only('admin', 200) },
  { method: 'GET', path: '/api/admin/contact-messages', expect: only('admin', 200) },
  { method: 'POST', path: '/api/admin/contact-messages/99999999/handled', expect: only('admin', 404) },
  { method: 'GET', path: '/api/admin/quote-reports', expect: only('admin', 200) },
  { method: 'POST', path: '/api/admin/quote-reports/99999999/review', body: { verdict: 'spam' }, expect: only('admin', 404) },
  { method: 'GET', path: '/api/admin/maintenance/status', expect: only('admin', 200) },
  { method: 'POST', path: '/api/admin/maintenance/toggle', body: { enabled: false }, expect: only('admin', 200) },
  { method: 'POST', path: '/api/admin/maintenance/access-code', body: {}, expect: only('admin', 422) },
  // The gate's unlock is anyone's; without an access code configured every code is refused.
  { method: 'POST', path: '/api/maintenance/unlock', body: { password: 'not the code' }, expect: all(403) },
  // Directory (issue 3): public.
  { method: 'GET', path: '/api/professionals', expect: all(200) },
  { method: 'GET', path: '/api/professionals/map', expect: all(200) },
  { method: 'GET', path: '/api/professionals/slug/no-such-professional', expect: all(404) },
  { method: 'GET', path: '/api/home', expect: all(200) },
  { method: 'GET', path: '/api/locations', expect: all(200) },
  { method: 'GET', path: '/api/service-places/web-design/atlantis', expect: all(404) },
  { method: 'GET', path: '/api/service-places/web-design', expect: all(200) },
  // Reviews, messages and /contact (issue 12). Ids that do not exist and empty bodies on purpose:
  // the rule under test is access (who may write which review or read which thread:
  // tests/integration/reviews.int.test.ts and messages.int.test.ts).
  { method: 'GET', path: '/api/reviews?professionalId=1', expect: all(200) },
  { method: 'GET', path: '/api/reviews/summary?professionalId=1', expect: all(200) },
  { method: 'GET', path: '/api/reviews/mine?professionalId=1', expect: signedIn(200) },
  { method: 'POST', path: '/api/reviews', body: {}, expect: signedIn(422) },
  { method: 'PATCH', path: '/api/reviews/99999999', body: { rating: 5 }, expect: signedIn(404) },
  { method: 'DELETE', path: '/api/reviews/99999999', expect: signedIn(404) },
  { method: 'PUT', path: '/api/reviews/99999999/reply', body: { reply: 'Thank you' }, expect: only('provider', 404) },
  { method: 'DELETE', path: '/api/reviews/99999999/reply', expect: only('provider', 404) },
  { method: 'POST', path: '/api/reviews/99999999/report', body: { reason: 'Not a real customer.' }, expect: signedIn(404) },
  { method: 'GET', path: '/api/admin/review-reports', expect: only('admin', 200) },
  { method: 'POST', path: '/api/admin/reviews/99999999/hide', body: { reason: 'Abusive' }, expect: only('admin', 404) },
  { method: 'POST', path: '/api/admin/reviews/99999999/restore', body: { reason: 'Fits the policy' }, expect: only('admin', 404) },
  { method: 'POST', path: '/api/professionals/99999999/messages', body: {}, expect: signedIn(422) },
  { method: 'GET', path: '/api/messages/inbox', expect: only('provider', 200) },
  { method: 'GET', path: '/api/messages/sent', expect: signedIn(200) },
  { method: 'GET', path: '/api/messages/threads/99999999', expect: signedIn(404) },
  { method: 'POST', path: '/api/messages/threads/99999999/replies', body: { content: 'Hello' }, expect: signedIn(404) },
  { method: 'POST', path: '/api/messages/threads/99999999/read', body: {}, expect: signedIn(404) },
  { method: 'POST', path: '/api/contact', body: {}, expect: all(422) },
  // Requests for quotes (issue 32): anyone asks; the private link is the only key to one.
  { method: 'POST', path: '/api/quote-requests', body: {}, expect: all(422) },
  { method: 'POST', path: '/api/quote-requests/view', body: { token: 'x'.repeat(43) }, expect: all(404) },
  { method: 'POST', path: '/api/quote-requests/send', body: { token: 'x'.repeat(43) }, expect: all(404) },
  { method: 'POST', path: '/api/quote-requests/pick', body: { token: 'x'.repeat(43), professionalId: null }, expect: all(404) },
  { method: 'GET', path: '/api/quote-requests/mine', expect: signedIn(200) },
  { method: 'POST', path: '/api/quote-requests/99999999/link', body: {}, expect: signedIn(404) },
  { method: 'GET', path: '/api/quotes/received', expect: only('provider', 200) },
  // Credentials (issue 34): a provider's own; evidence is 404 to anyone not allowed (never 401/403).
  { method: 'PUT', path: '/api/professionals/my-profile/evidence', body: {}, expect: only('provider', 422) },
  { method: 'GET', path: '/api/professionals/my-profile/credentials', expect: only('provider', 200) },
  { method: 'POST', path: '/api/professionals/my-profile/credentials', body: {}, expect: only('provider', 422) },
  { method: 'POST', path: '/api/professionals/my-profile/credentials/99999999/withdraw', body: {}, expect: only('provider', 404) },
  { method: 'GET', path: '/api/evidence/0123456789abcdef0123456789abcdef', expect: all(404) },
  { method: 'GET', path: '/api/admin/credentials', expect: only('admin', 200) },
  { method: 'POST', path: '/api/admin/credentials/99999999/approve', body: {}, expect: only('admin', 404) },
  { method: 'POST', path: '/api/admin/credentials/99999999/reject', body: { reason: 'Blurred' }, expect: only('admin', 404) },
  { method: 'POST', path: '/api/quotes/99999999/reply', body: { kind: 'decline' }, expect: only('provider', 404) },
  { method: 'POST', path: '/api/quotes/99999999/spam', body: {}, expect: only('provider', 404) },
  // Front-end error reports (product rule 37): anyone reports, only admins read.
  { method: 'POST', path: '/api/client-errors', body: {}, expect: all(422) },
  { method: 'GET', path: '/api/admin/client-errors', expect: only('admin', 200) },
];

let db: TestDatabase;
let t: TestApp;
let mailDir: string;
const cookies = new Map<Caller, string>();

async function signInAs(caller: Caller): Promise<string> {
  if (caller === 'anonymous') return '';
  const user = await createUser(db.prisma, { role: caller });
  return signIn(t, user.email);
}

beforeAll(async () => {
  db = await createTestDatabase();
  mailDir = await mkdtemp(path.join(tmpdir(), 'itc-authz-mail-'));
  t = await serveTestApp({ database: db, env: { LOGIN_LIMIT_PER_IP: '1000', MAIL_DIR: mailDir } });
  for (const caller of CALLERS) cookies.set(caller, await signInAs(caller));
});

afterAll(async () => {
  await t?.close();
  await db?.drop();
  if (mailDir) await rm(mailDir, { recursive: true, force: true });
});

describe('authorization', () => {
  it.each(ENDPOINTS.map((row) => [`${row.method} ${row.path}`, row] as const))('%s', async (_name, row) => {
    const actual: Partial<Record<Caller, number>> = {};
    for (const caller of CALLERS) {
      const cookie = row.needsFreshUsers ? await signInAs(caller) : cookies.get(caller)!;
      const res = await t.fetch(row.path, {
        method: row.method,
        headers: { ...(cookie ? { Cookie: cookie } : {}), ...(row.body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
        body: row.body !== undefined ? JSON.stringify(row.body) : undefined,
      });
      await res.arrayBuffer();
      actual[caller] = res.status;
    }
    expect(actual).toEqual(row.expect);
  });

  it('answers anonymous callers of protected endpoints with the sign-in message', async () => {
    const res = await t.fetch('/api/professionals/my-profile');
    expect(await res.json()).toEqual({ error: { code: 'unauthenticated', message: 'Please sign in to continue.' } });
    const forbidden = await t.fetch('/api/admin/mail', { headers: { Cookie: cookies.get('customer')! } });
    expect((await forbidden.json()).error.code).toBe('forbidden');
  });
});
