// Loading the captcha widget's code again after a failed load (issue 30, item 4): a dropped
// connection or a blocked request on a flaky network should not cost a visitor the form. The
// widget's script is asked for up to CAPTCHA_LOAD_RETRIES more times, after a short pause that
// grows (1 s, then 2 s), before the form says it could not be loaded.

/** How many times a failed load of the captcha's script is tried again. */
export const CAPTCHA_LOAD_RETRIES = 2;
/** The pause before the first retry; each later retry waits one more of these. */
export const CAPTCHA_RETRY_PAUSE_MS = 1_000;

export interface RetryOptions {
  /** Tries after the first (default CAPTCHA_LOAD_RETRIES). */
  retries?: number;
  /** The pause before retry n (1-based), in milliseconds. */
  pauseMs?: (retry: number) => number;
  /** Waits `ms` milliseconds (a test passes its own clock). */
  wait?: (ms: number) => Promise<void>;
}

export function captchaRetryPauseMs(retry: number): number {
  return CAPTCHA_RETRY_PAUSE_MS * retry;
}

function waitFor(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Calls `load` until it resolves, at most `retries` + 1 times, pausing before each retry; rejects
 * with the last attempt's error when every attempt failed.
 */
export async function loadWithRetries<T>(load: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const { retries = CAPTCHA_LOAD_RETRIES, pauseMs = captchaRetryPauseMs, wait = waitFor } = options;
  for (let retry = 0; ; retry++) {
    try {
      return await load();
    } catch (error) {
      if (retry >= retries) throw error;
      await wait(pauseMs(retry + 1));
    }
  }
}
