import { describe, expect, it } from 'vitest';
import { loadApiEnv } from './env';

const valid = {
  NODE_ENV: 'test',
  DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/itc',
  REDIS_URL: 'redis://127.0.0.1:6379',
  SESSION_KEYS: 'a'.repeat(32),
};

function run(source: Record<string, string>) {
  const lines: string[] = [];
  let exitCode: number | undefined;
  const env = (() => {
    try {
      return loadApiEnv({
        source,
        print: (line) => lines.push(line),
        exit: (code) => {
          exitCode = code;
          throw new Error('exit');
        },
      });
    } catch {
      return undefined;
    }
  })();
  return { env, lines, exitCode };
}

describe('loadApiEnv', () => {
  it('parses a valid environment with defaults', () => {
    const { env, exitCode } = run(valid);
    expect(exitCode).toBeUndefined();
    expect(env).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      REDIS_PREFIX: 'itc',
      SESSION_KEYS: ['a'.repeat(32)],
      BODY_LIMIT: '100kb',
      STATIC_DIR: 'dist/frontend',
    });
  });

  it('names every bad key and exits 1', () => {
    const { env, lines, exitCode } = run({ ...valid, DATABASE_URL: 'mysql://x', SESSION_KEYS: 'short', PORT: 'eighty' });
    expect(env).toBeUndefined();
    expect(exitCode).toBe(1);
    const text = lines.join('\n');
    expect(text).toMatch(/DATABASE_URL: must be a postgres:\/\/ URL/);
    expect(text).toMatch(/SESSION_KEYS/);
    expect(text).toMatch(/PORT/);
  });

  it('refuses production behind https without TRUST_PROXY_HOPS, naming the key', () => {
    const production = { ...valid, NODE_ENV: 'production', PUBLIC_URL: 'https://itconnect.example', PAYMENTS: 'stand-in' };
    for (const hops of [undefined, '0']) {
      const { exitCode, lines } = run(hops === undefined ? production : { ...production, TRUST_PROXY_HOPS: hops });
      expect(exitCode).toBe(1);
      expect(lines.join('\n')).toMatch(/TRUST_PROXY_HOPS: PUBLIC_URL is https, so a proxy terminates TLS/);
    }
    const behindOne = run({ ...production, TRUST_PROXY_HOPS: '1' });
    expect(behindOne.exitCode).toBeUndefined();
    expect(behindOne.env?.TRUST_PROXY_HOPS).toBe(1);
    // Plain http (docker compose on a laptop) needs no proxy.
    expect(run({ ...valid, NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:3000', PAYMENTS: 'stand-in' }).exitCode).toBeUndefined();
  });

  it('refuses a production start without the Stripe keys, naming each, unless PAYMENTS=stand-in says so on purpose', () => {
    const production = { ...valid, NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:3000' };
    const { exitCode, lines } = run(production);
    expect(exitCode).toBe(1);
    for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PUBLISHABLE_KEY']) {
      expect(lines.join('\n')).toMatch(new RegExp(`${key}: is required in production to take real payments`));
    }
    const oneMissing = run({ ...production, STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' });
    expect(oneMissing.exitCode).toBe(1);
    expect(oneMissing.lines.filter((line) => line.includes('required in production'))).toEqual([expect.stringContaining('STRIPE_PUBLISHABLE_KEY')]);
    expect(run({ ...production, STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_PUBLISHABLE_KEY: 'pk_live_x' }).exitCode).toBeUndefined();
    expect(run({ ...production, PAYMENTS: 'stand-in' }).exitCode).toBeUndefined();
    // Development without keys: the stand-in, as ever.
    expect(run(valid).env?.STRIPE_SECRET_KEY).toBeUndefined();
  });

  it('refuses the old TRUST_PROXY switch with a pointer to TRUST_PROXY_HOPS', () => {
    const { exitCode, lines } = run({ ...valid, TRUST_PROXY: 'true' });
    expect(exitCode).toBe(1);
    expect(lines.join('\n')).toMatch(/TRUST_PROXY: replaced by TRUST_PROXY_HOPS/);
  });

  it('refuses a mail folder inside the public files', () => {
    const { exitCode, lines } = run({ ...valid, STATIC_DIR: 'dist/frontend', MAIL_DIR: 'dist/frontend/mail' });
    expect(exitCode).toBe(1);
    expect(lines.join('\n')).toMatch(/MAIL_DIR: must not be inside STATIC_DIR/);
    expect(run({ ...valid, STATIC_DIR: 'dist/frontend', MAIL_DIR: '.data/mail' }).exitCode).toBeUndefined();
  });

  it('refuses an evidence folder inside the public files: evidence is private (product rule 45)', () => {
    const { exitCode, lines } = run({ ...valid, STATIC_DIR: 'dist/frontend', EVIDENCE_DIR: 'dist/frontend/evidence' });
    expect(exitCode).toBe(1);
    expect(lines.join('\n')).toMatch(/EVIDENCE_DIR: must not be inside STATIC_DIR/);
    expect(run({ ...valid, STATIC_DIR: 'dist/frontend', EVIDENCE_DIR: '.data/evidence' }).exitCode).toBeUndefined();
  });

  it('reports a missing required key as required', () => {
    const { lines, exitCode } = run({ NODE_ENV: 'test', DATABASE_URL: valid.DATABASE_URL, SESSION_KEYS: valid.SESSION_KEYS });
    expect(exitCode).toBe(1);
    expect(lines.join('\n')).toMatch(/REDIS_URL: is required/);
  });
});
