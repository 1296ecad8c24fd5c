import { describe, expect, it } from 'vitest';
import { isStorableText, text, UNSTORABLE_TEXT_MESSAGE } from './text';

describe('isStorableText', () => {
  it('refuses NUL and unpaired surrogates, keeps every real character', () => {
    expect(isStorableText('Plain text, émojis 😀 and 中文')).toBe(true);
    expect(isStorableText('a\u0000b')).toBe(false);
    expect(isStorableText('lone high \ud800')).toBe(false);
    expect(isStorableText('\udc00 lone low')).toBe(false);
    expect(isStorableText('\udc00\ud800')).toBe(false);
  });
});

describe('text()', () => {
  it('is a string schema with the shared message, chainable like z.string()', () => {
    const name = text().trim().min(2, 'too short');
    expect(name.parse('  Ada ')).toBe('Ada');
    expect(name.safeParse('A\u0000').error?.issues[0]?.message).toBe(UNSTORABLE_TEXT_MESSAGE);
    expect(name.safeParse(' A ').error?.issues[0]?.message).toBe('too short');
  });
});
