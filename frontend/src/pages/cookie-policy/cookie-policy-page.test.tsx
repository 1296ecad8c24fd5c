import { describe, expect, it } from 'vitest';
import { renderPage, stripTags, textOf } from '../../testing/render-page';
import { CookiePolicyPage } from './cookie-policy-page';

const html = renderPage(CookiePolicyPage, '/cookie-policy');
const text = stripTags(html);

describe('Cookie Policy', () => {
  it('is effective from 14 December 2024', () => {
    expect(textOf(html, 'h1')).toEqual(['Cookie Policy']);
    expect(text).toContain('Effective date: 14 December 2024');
  });

  it('describes the essential session cookie and the stored consent choice', () => {
    expect(text).toContain('__Host-sid');
    expect(text).toContain('HttpOnly');
    expect(text).toContain('After 7 days of inactivity, 30 days after you sign in, or when you sign out');
    expect(text).toContain('itc-cookie-consent');
    expect(text).toContain('You can accept or decline non-essential cookies');
  });
});
