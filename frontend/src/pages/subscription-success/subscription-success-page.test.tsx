import { describe, expect, it } from 'vitest';
import { renderPage, stripTags, textOf } from '../../testing/render-page';
import { isFailedReturn, SubscriptionSuccessPage } from './subscription-success-page';

describe('Subscription success page', () => {
  it('says the subscription is active and what happens next, with the ways on', () => {
    const html = renderPage(SubscriptionSuccessPage, '/subscription-success');
    expect(textOf(html, 'h1')).toEqual(['Subscription Activated!']);
    expect(stripTags(html)).toContain('usually within 24-48 hours');
    expect(stripTags(html)).toContain('We will send you an e-mail when your listing is live.');
    for (const href of ['/professionals', '/', '/contact', '/profile']) expect(html).toContain(`href="${href}"`);
  });

  it("does not call a payment that failed after Stripe's redirect activated", () => {
    expect(isFailedReturn('?payment_intent=pi_1&redirect_status=failed')).toBe(true);
    expect(isFailedReturn('?payment_intent=pi_1&redirect_status=succeeded')).toBe(false);
    expect(isFailedReturn('')).toBe(false);
    const html = renderPage(SubscriptionSuccessPage, '/subscription-success?redirect_status=failed');
    expect(textOf(html, 'h1')).toEqual(['Payment Failed']);
  });
});
