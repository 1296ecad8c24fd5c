import { describe, expect, it } from 'vitest';
import { renderPage, stripTags, textOf } from '../../testing/render-page';
import { REFUND_SENTENCE, TermsOfServicePage } from './terms-of-service-page';

const html = renderPage(TermsOfServicePage, '/terms-of-service');
const text = stripTags(html);

describe('Terms of Service', () => {
  it('has exactly 14 numbered sections', () => {
    const headings = textOf(html, 'h2');
    expect(headings).toHaveLength(14);
    headings.forEach((heading, index) => expect(heading).toMatch(new RegExp(`^${index + 1}\\. `)));
  });

  it('is effective from 14 December 2024', () => {
    expect(textOf(html, 'h1')).toEqual(['Terms of Service']);
    expect(text).toContain('Effective date: 14 December 2024');
  });

  it('uses the refund wording of product rule 2', () => {
    expect(REFUND_SENTENCE).toBe(
      'Fees are non-refundable except under the 30-day money-back guarantee or as required by law.',
    );
    expect(text).toContain(REFUND_SENTENCE);
  });

  it('covers the subscription, cancellation, commission, law and arbitration terms', () => {
    expect(text).toContain('needs an active subscription of £3/month (or £28/year)');
    expect(text).toContain('removes your listing');
    expect(text).toContain('no commission on deals');
    expect(text).toContain('law of England and Wales');
    expect(text).toContain('arbitration');
  });
});
