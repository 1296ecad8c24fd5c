// Helpers for the integration tests of reviews, messages and /contact: JSON calls with any method,
// a live listing with its provider account, signed-in users, and waiting for the worker.
import { createUser, signIn } from '../../api/src/testing/accounts';
import { createProfessional, type ProfessionalFactoryInput } from '../../api/src/testing/factories';
import type { TestApp } from '../../api/src/testing/serve-test-app';
import { until } from '../../api/src/testing/until';
import type { Role } from '../../core/auth';
import type { TestDatabase } from './services';

/** The API's error body, present on a failed call (core/api-error.ts); tests read it directly. */
interface ErrorBody {
  error: { code: string; message: string; fields: Record<string, string> };
}

export interface Answer<T> {
  status: number;
  body: T & ErrorBody;
  headers: Headers;
}

/** A JSON call: the status, the parsed body (null when empty) and the headers. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- an answer not typed by the caller is read loosely
export async function call<T = any>(t: Pick<TestApp, 'fetch'>, method: string, path: string, { body, cookie }: { body?: unknown; cookie?: string } = {}): Promise<Answer<T>> {
  const res = await t.fetch(path, {
    method,
    headers: { ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...(cookie ? { Cookie: cookie } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T & ErrorBody, headers: res.headers };
}

export interface SignedInUser {
  id: number;
  email: string;
  name: string;
  cookie: string;
}

/** A new user of `role`, signed in through the API. */
export async function signedInUser(db: TestDatabase, t: TestApp, { role = 'customer', name = 'Casey Customer', professionalId }: { role?: Role; name?: string; professionalId?: number } = {}): Promise<SignedInUser> {
  const user = await createUser(db.prisma, { role, name, ...(professionalId !== undefined ? { professionalId } : {}) });
  return { id: user.id, email: user.email, name: user.name, cookie: await signIn(t, user.email) };
}

/** A live listing (approved, active) and its provider account, signed in. */
export async function liveProvider(db: TestDatabase, t: TestApp, listing: ProfessionalFactoryInput = {}) {
  const professional = await createProfessional(db.prisma, listing);
  const provider = await signedInUser(db, t, { role: 'provider', name: 'Pat Provider', professionalId: professional.id });
  return { professional, provider };
}

/** Resolves once `check` is true (the worker has done its part), or fails after `timeoutMs`. */
export function waitFor(check: () => Promise<boolean>, { timeoutMs = 15_000, what = 'the condition' } = {}): Promise<void> {
  return until(check, what, timeoutMs);
}

/** The mean of `ratings` to one decimal, halves away from zero (as PostgreSQL's round(numeric, 1)). */
export function trueMean(ratings: number[]): number {
  if (ratings.length === 0) return 0;
  const sum = ratings.reduce((a, b) => a + b, 0);
  // Exact: compare sum*10/n with the halfway points in integers.
  const tenths = Math.floor((sum * 10 * 2 + ratings.length) / (2 * ratings.length));
  return tenths / 10;
}
