import { describe, expect, it } from 'vitest';
import { readScriptEnv } from './env';

describe('readScriptEnv', () => {
  it('has defaults for everything', () => {
    const env = readScriptEnv({});
    expect(env).toMatchObject({ NODE_ENV: 'development', REDIS_PREFIX: 'itc', PORT: 3000, HOST: '127.0.0.1', ITC_SKIP_LOCAL_SERVICES: false, ITC_EMBEDDED_PG_PORT: 5433 });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.PUBLIC_URL).toBeUndefined();
  });

  it('treats empty values as unset and reads flags', () => {
    const env = readScriptEnv({ DATABASE_URL: '', REDIS_URL: '', ITC_SKIP_LOCAL_SERVICES: '1', PORT: '4000' });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.REDIS_URL).toBeUndefined();
    expect(env.ITC_SKIP_LOCAL_SERVICES).toBe(true);
    expect(env.PORT).toBe(4000);
  });

  it('names every bad key', () => {
    expect(() => readScriptEnv({ DATABASE_URL: 'mysql://x/y', REDIS_URL: 'nope', PORT: 'abc', REDIS_PREFIX: 'a:b' })).toThrow(
      /DATABASE_URL: must be a postgres:\/\/ URL[\s\S]*REDIS_URL[\s\S]*REDIS_PREFIX[\s\S]*PORT/,
    );
  });
});
