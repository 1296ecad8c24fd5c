import { describe, expect, it } from 'vitest';
import { CAPTCHA_ERROR_NOTICE, CAPTCHA_EXPIRED_NOTICE, nextCaptchaStep } from './captcha-state';

describe('nextCaptchaStep', () => {
  it('hands over the payload once verified', () => {
    expect(nextCaptchaStep('verified', 'abc')).toEqual({ payload: 'abc', reset: false, notice: null });
  });

  it('clears the payload and resets the widget on expiry or error', () => {
    expect(nextCaptchaStep('expired', 'abc')).toEqual({ payload: null, reset: true, notice: CAPTCHA_EXPIRED_NOTICE });
    expect(nextCaptchaStep('error', null)).toEqual({ payload: null, reset: true, notice: CAPTCHA_ERROR_NOTICE });
  });

  it('has no payload while unverified or verifying', () => {
    expect(nextCaptchaStep('unverified', null)).toEqual({ payload: null, reset: false });
    expect(nextCaptchaStep('verifying', null)).toEqual({ payload: null, reset: false });
    expect(nextCaptchaStep(undefined, undefined)).toEqual({ payload: null, reset: false });
  });
});
