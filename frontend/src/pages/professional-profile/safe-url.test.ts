import { describe, expect, it } from 'vitest';
import { safeWebUrl } from './safe-url';

describe('safeWebUrl', () => {
  it('keeps http(s) addresses', () => {
    expect(safeWebUrl('https://example.co.uk/a')).toBe('https://example.co.uk/a');
    expect(safeWebUrl('http://example.com')).toBe('http://example.com/');
  });
  it('adds https:// to a bare host', () => {
    expect(safeWebUrl(' example.co.uk ')).toBe('https://example.co.uk/');
  });
  it('refuses other schemes and empty values', () => {
    expect(safeWebUrl('javascript:alert(1)')).toBeNull();
    expect(safeWebUrl('mailto:a@b.c')).toBeNull();
    expect(safeWebUrl('')).toBeNull();
    expect(safeWebUrl(null)).toBeNull();
  });
});
