import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { VerificationState } from '../../api/use-payment-verification';
import { stripTags, textOf } from '../../testing/render-page';
import { APPLICATION_SUCCESS_TEXTS, ApplicationSuccessView, UPDATE_SUCCESS_TEXTS } from './application-success-page';
import { canVerify, verificationParams } from './verification-params';

function render(state: VerificationState, isUpdate = false): string {
  return renderToStaticMarkup(
    <MemoryRouter>
      <ApplicationSuccessView state={state} isUpdate={isUpdate} />
    </MemoryRouter>,
  );
}

describe('verificationParams', () => {
  it('verifies only with both session_id and application_id', () => {
    const both = verificationParams('?session_id=cs_test_1&application_id=42');
    expect(both).toEqual({ sessionId: 'cs_test_1', applicationId: '42' });
    expect(canVerify(both)).toBe(true);
    expect(canVerify(verificationParams('?session_id=cs_test_1'))).toBe(false);
    expect(canVerify(verificationParams('?application_id=42'))).toBe(false);
    expect(canVerify(verificationParams('?session_id=%20&application_id=42'))).toBe(false);
    expect(canVerify(verificationParams(''))).toBe(false);
  });
});

describe('Application success page', () => {
  it("shows 'Verifying Payment' while the payment is checked", () => {
    const html = render({ status: 'verifying' });
    expect(textOf(html, 'h1')).toEqual(['Verifying Payment']);
    expect(html).toContain('role="status"');
  });

  it("shows 'Payment Failed' with 'Try Again' to /apply", () => {
    const html = render({ status: 'failed' });
    expect(textOf(html, 'h1')).toEqual(['Payment Failed']);
    expect(stripTags(html)).toContain('There was an issue processing your payment. Please try again or contact support.');
    expect(html).toMatch(/<a[^>]*href="\/apply"[^>]*>Try Again<\/a>/);
  });

  it("says a Direct Debit the bank is still processing is processing, never 'Payment Failed'", () => {
    const html = render({ status: 'processing' });
    const text = stripTags(html);
    expect(textOf(html, 'h1')).toEqual(['Payment Processing']);
    expect(text).toContain(APPLICATION_SUCCESS_TEXTS.processing);
    expect(text).not.toMatch(/Payment Failed|Try Again/);
    expect(html).toMatch(/<a[^>]*href="\/profile"[^>]*>View Profile<\/a>/);
  });

  it('says the application is reviewed within 48 hours, with the ways on', () => {
    const html = render({ status: 'succeeded', applicationStatus: 'pending' });
    expect(textOf(html, 'h1')).toEqual(['Application Submitted Successfully!']);
    expect(stripTags(html)).toContain(APPLICATION_SUCCESS_TEXTS.success);
    expect(APPLICATION_SUCCESS_TEXTS.success).toContain('within 48 hours');
    expect(html).toMatch(/<a[^>]*href="\/"[^>]*>Back to Home<\/a>/);
    expect(html).toMatch(/<a[^>]*href="\/profile"[^>]*>View Profile<\/a>/);
  });

  it('tells an active subscriber that the update was received and waits for review, with no word of a payment', () => {
    const html = render({ status: 'succeeded', applicationStatus: 'pending' }, true);
    const text = stripTags(html);
    expect(textOf(html, 'h1')).toEqual(['Application Submitted Successfully!']);
    expect(text).toContain(UPDATE_SUCCESS_TEXTS.success);
    expect(text).toContain('your updated application has been received');
    expect(text).toContain('within 48 hours');
    expect(text).not.toMatch(/payment has been received/);
    expect(textOf(render({ status: 'verifying' }, true), 'h1')).toEqual(['Checking Your Application']);
    expect(stripTags(render({ status: 'verifying' }, true))).not.toMatch(/confirm your payment/);
  });
});
