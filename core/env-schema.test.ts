import { describe, expect, it } from 'vitest';
import { ApiEnv, WorkerEnv, parseEnv } from './env-schema';

const base = {
  DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/itconnect',
  REDIS_URL: 'redis://127.0.0.1:6379',
  SESSION_KEYS: 'a'.repeat(32),
};

describe('parseEnv', () => {
  it('accepts a minimal API environment and fills defaults', () => {
    const result = parseEnv(ApiEnv, base);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.env.PORT).toBe(3000);
    expect(result.env.SESSION_KEYS).toEqual(['a'.repeat(32)]);
    expect(result.env.STRIPE_SECRET_KEY).toBeUndefined();
  });

  it('names every bad key at once', () => {
    const result = parseEnv(ApiEnv, { ...base, PORT: 'eighty', DATABASE_URL: 'mysql://x', SESSION_KEYS: 'short' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const keys = result.problems.map((p) => p.split(':')[0]);
    expect(keys).toEqual(expect.arrayContaining(['PORT', 'DATABASE_URL', 'SESSION_KEYS']));
    expect(result.problems).toHaveLength(3);
  });

  it('says a missing required key is required', () => {
    const result = parseEnv(WorkerEnv, { REDIS_URL: base.REDIS_URL });
    expect(result).toEqual({ ok: false, problems: ['DATABASE_URL: is required'] });
  });

  it('treats an empty optional integration key as absent', () => {
    const result = parseEnv(WorkerEnv, { ...base, SMTP_URL: '', GEOCODER: 'openstreetmap' });
    expect(result.ok && result.env.SMTP_URL).toBeUndefined();
    expect(result.ok && result.env.GEOCODER).toBe('openstreetmap');
  });

  it('refuses a production worker without the Stripe keys, naming each, unless PAYMENTS=stand-in', () => {
    const production = { ...base, NODE_ENV: 'production' };
    const result = parseEnv(WorkerEnv, production);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems.map((p) => p.split(':')[0])).toEqual(['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PUBLISHABLE_KEY']);
    expect(parseEnv(WorkerEnv, { ...production, PAYMENTS: 'stand-in' }).ok).toBe(true);
    expect(parseEnv(WorkerEnv, { ...production, STRIPE_SECRET_KEY: 'sk_live_1', STRIPE_WEBHOOK_SECRET: 'whsec_1', STRIPE_PUBLISHABLE_KEY: 'pk_live_1' }).ok).toBe(true);
    expect(parseEnv(WorkerEnv, { ...production, PAYMENTS: 'paypal' }).ok).toBe(false);
  });
});
