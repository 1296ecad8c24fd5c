import { describe, expect, it } from 'vitest';
import { renderPage, stripTags, textOf } from '../../testing/render-page';
import { PrivacyPolicyPage } from './privacy-policy-page';

const html = renderPage(PrivacyPolicyPage, '/privacy-policy');
const text = stripTags(html);

describe('Privacy Policy', () => {
  it('is effective from 14 December 2024', () => {
    expect(textOf(html, 'h1')).toEqual(['Privacy Policy']);
    expect(text).toContain('Effective date: 14 December 2024');
  });

  it('names every UK GDPR right and the ICO', () => {
    for (const right of ['Access', 'Rectify', 'Erase', 'Restrict', 'Data portability', 'Object']) {
      expect(text).toContain(right);
    }
    expect(html).toContain('href="https://ico.org.uk/make-a-complaint/"');
  });

  it('states lawful bases, anonymisation after 30 days and "Download my data"', () => {
    for (const basis of ['Contract', 'Legitimate interests', 'Legal obligation', 'Consent']) expect(text).toContain(basis);
    expect(text).toContain('30 days after archiving we anonymise your personal data, unless a payment record must be kept');
    expect(text).toContain('Download my data');
  });

  it('says how long payment records, messages and contact-form messages are kept', () => {
    expect(text).toContain('kept for 6 years after the end of the tax year they belong to, as UK tax law requires (HM Revenue & Customs)');
    expect(text).toContain('the business name on the invoice');
    expect(text).toContain('Messages between customers and professionals: for as long as the accounts exist.');
    expect(text).toContain('Messages sent to us through our contact form: 2 years from when you send them');
  });

  it('says how long messages and contact-form messages are kept', () => {
    expect(text).toContain('Messages you exchange with a professional through ITConnect are seen only by you and that professional.');
    expect(text).toContain('We keep them for as long as your account exists');
    expect(text).toContain('kept for 2 years from when you send them, and then deleted');
  });
});
