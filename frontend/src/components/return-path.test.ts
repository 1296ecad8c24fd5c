import { describe, expect, it } from 'vitest';
import { safeReturnPath, signInPathFor } from './return-path';

describe('safeReturnPath', () => {
  it('keeps an address on this site, with its query and fragment', () => {
    expect(safeReturnPath('/admin')).toBe('/admin');
    expect(safeReturnPath('/professionals?service=Web%20Design#map')).toBe('/professionals?service=Web%20Design#map');
  });

  it('refuses anything that could leave the site, and nothing', () => {
    for (const value of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'admin', 'javascript:alert(1)', '', null, undefined]) {
      expect(safeReturnPath(value)).toBeNull();
    }
  });

  it('round-trips through signInPathFor', () => {
    const path = signInPathFor('/admin?tab=1');
    expect(path).toBe('/login?next=%2Fadmin%3Ftab%3D1');
    expect(safeReturnPath(new URLSearchParams(path.split('?')[1]).get('next'))).toBe('/admin?tab=1');
  });
});
