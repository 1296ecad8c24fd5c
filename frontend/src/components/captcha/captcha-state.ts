// What the form does when the ALTCHA widget changes state (its `statechange` event): the payload
// counts only when verified; expiry and errors clear it and start the widget over (spec section 4).
export type CaptchaState = 'unverified' | 'verifying' | 'verified' | 'expired' | 'error' | 'code';

export interface CaptchaStep {
  /** The payload to hand to the form (null: not solved). */
  payload: string | null;
  /** Reset the widget to unverified. */
  reset: boolean;
  /** A message for screen readers and sighted users; undefined leaves the current one. */
  notice?: string | null;
}

export const CAPTCHA_EXPIRED_NOTICE = 'The security check expired. Please tick the box again.';
export const CAPTCHA_ERROR_NOTICE = 'The security check failed. Please tick the box again.';

export function nextCaptchaStep(state: CaptchaState | undefined, payload: string | null | undefined): CaptchaStep {
  switch (state) {
    case 'verified':
      return payload ? { payload, reset: false, notice: null } : { payload: null, reset: true, notice: CAPTCHA_ERROR_NOTICE };
    case 'expired':
      return { payload: null, reset: true, notice: CAPTCHA_EXPIRED_NOTICE };
    case 'error':
      return { payload: null, reset: true, notice: CAPTCHA_ERROR_NOTICE };
    default:
      return { payload: null, reset: false };
  }
}
