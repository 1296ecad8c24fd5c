// The captcha seam (docs/architecture.md, Integrations): ALTCHA proof of work (protocol v1: SHA-256 over salt+number,
// HMAC-signed challenge), created and verified here; the widget on the forms solves it. Each
// solved payload is accepted once: its signature is stored in Redis with SET NX until the
// challenge expires, so a replayed payload fails even within its lifetime.
import { createHmac } from 'node:crypto';
import type { Redis } from 'ioredis';
import { createChallenge, verifySolution } from 'altcha-lib/v1';
import { AUTH_MESSAGES } from '../../../../core/auth';
import type { ApiEnv } from '../../env';
import { AppError } from '../app-error';

/** A challenge is valid this long after it is issued (the widget fetches a new one on expiry). */
export const CHALLENGE_TTL_MS = 10 * 60 * 1000;

export interface Captcha {
  /** A fresh signed challenge for the widget (GET /api/captcha/challenge). */
  createChallenge(): Promise<unknown>;
  /** Throws AppError 400/422 unless the payload is a valid, unexpired, first-time solution. */
  verify(payload: string | undefined): Promise<void>;
}

/** ALTCHA_HMAC_KEY, or one derived from the first session key (never a fixed default). */
export function altchaHmacKey(env: Pick<ApiEnv, 'ALTCHA_HMAC_KEY' | 'SESSION_KEYS'>): string {
  if (env.ALTCHA_HMAC_KEY) return env.ALTCHA_HMAC_KEY;
  return createHmac('sha256', env.SESSION_KEYS[0]!).update('itconnect altcha hmac key').digest('base64url');
}

interface PayloadFields {
  salt: string;
  signature: string;
}

function decodePayload(payload: string): PayloadFields | null {
  try {
    const data: unknown = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
    if (typeof data !== 'object' || data === null) return null;
    const { salt, signature } = data as Record<string, unknown>;
    return typeof salt === 'string' && typeof signature === 'string' ? { salt, signature } : null;
  } catch {
    return null;
  }
}

/** The salt carries `?expires=<unix seconds>` (altcha-lib v1); used for the replay entry's lifetime. */
function expiresAtMs(salt: string): number | null {
  const match = /[?&]expires=(\d+)/.exec(salt);
  return match ? Number(match[1]) * 1000 : null;
}

export function createCaptcha({
  env,
  redis,
}: {
  env: Pick<ApiEnv, 'ALTCHA_HMAC_KEY' | 'SESSION_KEYS' | 'ALTCHA_COST' | 'REDIS_PREFIX'>;
  redis: Redis;
}): Captcha {
  const hmacKey = altchaHmacKey(env);
  return {
    createChallenge: () =>
      createChallenge({ hmacKey, maxnumber: env.ALTCHA_COST, expires: new Date(Date.now() + CHALLENGE_TTL_MS) }),

    async verify(payload) {
      if (!payload) throw new AppError('invalid_input', AUTH_MESSAGES.captchaMissing, { fields: { captcha: AUTH_MESSAGES.captchaMissing } });
      const fields = decodePayload(payload);
      const expiresAt = fields ? expiresAtMs(fields.salt) : null;
      // verifySolution checks the HMAC signature, the proof of work and the expiry in the salt.
      const isValid = fields !== null && expiresAt !== null && (await verifySolution(payload, hmacKey, true).catch(() => false));
      if (!isValid) throw new AppError('bad_request', AUTH_MESSAGES.captchaInvalid);
      const ttl = Math.max(1000, expiresAt - Date.now() + 60_000);
      const stored = await redis.set(`${env.REDIS_PREFIX}:captcha-used:${fields.signature}`, '1', 'PX', ttl, 'NX');
      if (stored === null) throw new AppError('bad_request', AUTH_MESSAGES.captchaReplayed);
    },
  };
}
