import { describe, expect, it } from 'vitest';
import { socialLinks } from './social-links';

describe('socialLinks', () => {
  it('lists only the configured platforms, in a fixed order', () => {
    expect(
      socialLinks({ social: { linkedin: 'https://www.linkedin.com/company/itconnect', facebook: 'https://facebook.com/itc' } }),
    ).toEqual([
      { platform: 'facebook', label: 'Facebook', url: 'https://facebook.com/itc' },
      { platform: 'linkedin', label: 'LinkedIn', url: 'https://www.linkedin.com/company/itconnect' },
    ]);
  });

  it('hides every icon when nothing is configured or the config is missing', () => {
    expect(socialLinks(undefined)).toEqual([]);
    expect(socialLinks({ social: {} })).toEqual([]);
    expect(socialLinks({ social: { twitter: '  ' } })).toEqual([]);
  });

  it('ignores addresses that are not web links', () => {
    expect(socialLinks({ social: { instagram: 'javascript:alert(1)', twitter: 'not a url' } })).toEqual([]);
  });
});
