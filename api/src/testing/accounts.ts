// Test helpers for accounts: users made directly in the database (any role), a solved captcha,
// and a minimal cookie jar, so integration tests sign in through the real endpoints.
import { randomBytes } from 'node:crypto';
import { solveChallenge } from 'altcha-lib/v1';
import type { Role } from '../../../core/auth';
import type { PrismaClient } from '../../../prisma/db';
import { hashPassword } from '../../../prisma/password';
import type { TestApp } from './serve-test-app';

export const TEST_PASSWORD = 'correct horse battery';

let passwordHash: Promise<string> | undefined;

export function uniqueEmail(label = 'user'): string {
  return `${label}-${randomBytes(5).toString('hex')}@example.com`;
}

export async function createUser(
  prisma: PrismaClient,
  {
    role = 'customer',
    email = uniqueEmail(role),
    name = 'Test User',
    isArchived = false,
    professionalId: listing,
  }: {
    role?: Role;
    email?: string;
    name?: string;
    isArchived?: boolean;
    /** A provider for this existing listing (factories.createProfessional makes a live one) instead of a new unapproved one. */
    professionalId?: number;
  } = {},
) {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  let professionalId: number | undefined = listing;
  if (role === 'provider' && professionalId === undefined) {
    const slug = `test-${randomBytes(5).toString('hex')}`;
    const professional = await prisma.professional.create({
      data: {
        slug,
        companyName: 'Test IT Ltd',
        contactName: name,
        email,
        description: 'IT support for small offices.',
        services: ['Cloud Services'],
        location: 'Greater Manchester',
        region: 'Manchester',
        postcode: 'M1 1AE',
        ratePence: 4500,
        rateType: 'hourly',
        hourlyRatePence: 4500,
      },
    });
    professionalId = professional.id;
  }
  return prisma.user.create({
    data: { email, name, role, passwordHash: await passwordHash, professionalId, isArchived, archivedAt: isArchived ? new Date() : null },
  });
}

/** A solved, unused captcha payload from the app's own challenge endpoint. */
export async function solveCaptcha(t: Pick<TestApp, 'fetch'>): Promise<string> {
  const challenge = (await (await t.fetch('/api/captcha/challenge')).json()) as {
    algorithm: string;
    challenge: string;
    maxnumber: number;
    salt: string;
    signature: string;
  };
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
  if (!solution) throw new Error('captcha not solved');
  return Buffer.from(
    JSON.stringify({ algorithm: challenge.algorithm, challenge: challenge.challenge, number: solution.number, salt: challenge.salt, signature: challenge.signature }),
  ).toString('base64');
}

/** Cookies a response set, as a Cookie header value (sid and sid.sig). */
export function cookiesFrom(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((header) => header.split(';')[0]!)
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
}

export function sidOf(cookie: string): string | undefined {
  return /(?:^|; )sid=([^;]+)/.exec(cookie)?.[1];
}

export function postJson(t: Pick<TestApp, 'fetch'>, path: string, body: unknown, cookie?: string): Promise<Response> {
  return t.fetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify(body),
  });
}

/** The `error` of an API error answer: its code, message and per-field messages. */
export async function errorOf(res: Response): Promise<{ code: string; message: string; fields?: Record<string, string> }> {
  return ((await res.json()) as { error: { code: string; message: string; fields?: Record<string, string> } }).error;
}

/** Signs in through POST /api/auth/login and returns the session cookie header. */
export async function signIn(t: Pick<TestApp, 'fetch'>, email: string, password = TEST_PASSWORD): Promise<string> {
  const res = await postJson(t, '/api/auth/login', { email, password, captcha: await solveCaptcha(t) });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return cookiesFrom(res);
}
