import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiEnv } from '../../core/env-schema';
import { resolveSessionKeys } from './secrets';

const scratch = () => mkdtempSync(path.join(tmpdir(), 'itc-secrets-'));

describe('resolveSessionKeys', () => {
  it('prefers the environment', () => {
    expect(resolveSessionKeys({ fromEnv: 'k'.repeat(40), nodeEnv: 'production', dataDir: scratch() })).toEqual({ sessionKeys: 'k'.repeat(40), source: 'environment' });
  });

  it('refuses to invent keys in production', () => {
    expect(() => resolveSessionKeys({ fromEnv: undefined, nodeEnv: 'production', dataDir: scratch() })).toThrow(/SESSION_KEYS is not set/);
  });

  it('generates a key the API accepts once, keeps it private, and reuses it', () => {
    const dataDir = scratch();
    const first = resolveSessionKeys({ fromEnv: undefined, nodeEnv: 'development', dataDir });
    expect(first.source).toBe('generated');
    const file = path.join(dataDir, 'secrets.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ SESSION_KEYS: first.sessionKeys });
    expect(ApiEnv.shape.SESSION_KEYS.safeParse(first.sessionKeys).success).toBe(true);
    expect(resolveSessionKeys({ fromEnv: undefined, nodeEnv: 'development', dataDir })).toEqual({ sessionKeys: first.sessionKeys, source: 'stored' });
  });
});
