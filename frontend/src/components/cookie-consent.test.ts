import { describe, expect, it } from 'vitest';
import { COOKIE_CONSENT_STORAGE_KEY } from '../../../core/site-config';
import { clearConsent, parseConsent, readConsentRaw, saveConsent, serializeConsent, type ConsentStorage } from './cookie-consent';

function memoryStorage(): ConsentStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

describe('parseConsent', () => {
  it('reads a stored choice', () => {
    expect(parseConsent('{"choice":"accepted","at":1734134400000}')).toEqual({ choice: 'accepted', at: 1734134400000 });
    expect(parseConsent('{"choice":"declined","at":1}')).toEqual({ choice: 'declined', at: 1 });
  });

  it('treats anything else as "not chosen yet"', () => {
    expect(parseConsent(null)).toBeNull();
    expect(parseConsent('')).toBeNull();
    expect(parseConsent('accepted')).toBeNull();
    expect(parseConsent('null')).toBeNull();
    expect(parseConsent('{"choice":"maybe","at":1}')).toBeNull();
    expect(parseConsent('{"choice":"accepted"}')).toBeNull();
    expect(parseConsent('{"choice":"accepted","at":"yesterday"}')).toBeNull();
  });
});

describe('saving the choice', () => {
  it('stores { choice, at } as JSON under the shared key', () => {
    const storage = memoryStorage();
    saveConsent('accepted', storage, 1734134400000);
    expect(storage.data.get(COOKIE_CONSENT_STORAGE_KEY)).toBe('{"choice":"accepted","at":1734134400000}');
    expect(parseConsent(readConsentRaw(storage))).toEqual({ choice: 'accepted', at: 1734134400000 });
  });

  it('matches what the e2e fixture writes for a visitor who declined', () => {
    expect(parseConsent(serializeConsent('declined', 5))).toEqual({ choice: 'declined', at: 5 });
  });

  it('forgets the choice on reset', () => {
    const storage = memoryStorage();
    saveConsent('declined', storage, 1);
    clearConsent(storage);
    expect(readConsentRaw(storage)).toBeNull();
  });

  it('survives storage that throws', () => {
    const broken: ConsentStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(readConsentRaw(broken)).toBeNull();
    expect(() => saveConsent('accepted', broken, 1)).not.toThrow();
    expect(() => clearConsent(broken)).not.toThrow();
  });
});
