// The access code and the unlock cookie's value (product rule 12): which code is in force, and
// that an unlock lasts 7 days and only for the code it was given with.
import { describe, expect, it } from 'vitest';
import { accessCodeSource, accessCodeVersion, isAccessCode, isUnlocked, UNLOCK_MAX_AGE_MS, unlockValue } from './maintenance-settings';

const ON = { enabled: true, accessCodeHash: null };
const ENV = { MAINTENANCE_ACCESS_CODE: 'env-code-123' };

describe('the access code', () => {
  it('comes from the dashboard first, then the environment, else there is none', () => {
    expect(accessCodeSource({ ...ON, accessCodeHash: 'scrypt$x' }, ENV)).toBe('admin');
    expect(accessCodeSource(ON, ENV)).toBe('environment');
    expect(accessCodeSource(ON, {})).toBeNull();
    expect(accessCodeVersion(ON, {})).toBeNull();
  });

  it('checks the environment’s code exactly', async () => {
    expect(await isAccessCode(ON, ENV, 'env-code-123')).toBe(true);
    expect(await isAccessCode(ON, ENV, 'env-code-12')).toBe(false);
    expect(await isAccessCode(ON, ENV, 'ENV-CODE-123')).toBe(false);
    expect(await isAccessCode(ON, {}, '')).toBe(false);
  });
});

describe('an unlock', () => {
  const now = Date.UTC(2026, 5, 1, 12);

  it('holds for 7 days for the code it was given with', () => {
    const value = unlockValue(accessCodeVersion(ON, ENV)!, now);
    expect(isUnlocked(value, ON, ENV, now)).toBe(true);
    expect(isUnlocked(value, ON, ENV, now + UNLOCK_MAX_AGE_MS - 1000)).toBe(true);
    expect(isUnlocked(value, ON, ENV, now + UNLOCK_MAX_AGE_MS + 1000)).toBe(false);
  });

  it('ends when the code changes, and opens nothing when there is no code', () => {
    const value = unlockValue(accessCodeVersion(ON, ENV)!, now);
    expect(isUnlocked(value, ON, { MAINTENANCE_ACCESS_CODE: 'another-code' }, now)).toBe(false);
    expect(isUnlocked(value, { ...ON, accessCodeHash: 'scrypt$new' }, ENV, now)).toBe(false);
    expect(isUnlocked(value, ON, {}, now)).toBe(false);
    expect(accessCodeVersion({ ...ON, accessCodeHash: 'scrypt$a' }, ENV)).not.toBe(accessCodeVersion({ ...ON, accessCodeHash: 'scrypt$b' }, ENV));
  });

  it('refuses values that are not its own form', () => {
    for (const value of [undefined, '', 'yes', `${accessCodeVersion(ON, ENV)}`, `${accessCodeVersion(ON, ENV)}.abc`]) {
      expect(isUnlocked(value, ON, ENV, now)).toBe(false);
    }
  });
});
