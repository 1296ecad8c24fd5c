// Payment calls (spec sections 2, 7 and 8: Apply, Subscribe, Application success, My Profile's
// cancellation). The shapes are core/billing.ts's; the server decides every amount from the plan
// (product rule 1), so no price ever leaves the browser.
import type { z } from 'zod';
import type {
  ApplicationCheckoutAnswer,
  ApplicationCheckoutInput,
  CancellationAnswer,
  CreateSubscriptionAnswer,
  CreateSubscriptionInput,
  PaymentVerification,
} from '../../../core/billing';
import { APPLY_MESSAGES } from '../../../core/billing';
import { ApiRequestError, getJson, postJson } from './client';

/** What the /apply form sends (before the API's parse: trimmed and normalised there). */
export type ApplicationCheckoutRequest = z.input<typeof ApplicationCheckoutInput>;

/** An answer that says where to pay, or (a visitor's application) that a link was e-mailed; anything else is a failure (spec section 8). */
function checkoutAnswer(answer: ApplicationCheckoutAnswer | null): ApplicationCheckoutAnswer {
  if (answer && 'emailSent' in answer && answer.emailSent === true) return answer;
  if (!answer || !('checkoutUrl' in answer) || typeof answer.checkoutUrl !== 'string' || answer.checkoutUrl === '') {
    throw new Error(APPLY_MESSAGES.checkoutFailed);
  }
  return answer;
}

/**
 * POST /api/create-application-checkout: where the browser goes to pay, or, for a visitor without
 * an account, that a link to confirm the address (then pay) was e-mailed (product rule 24).
 */
export async function createApplicationCheckout(body: ApplicationCheckoutRequest): Promise<ApplicationCheckoutAnswer> {
  return checkoutAnswer(await postJson<ApplicationCheckoutAnswer>('/api/create-application-checkout', body));
}

/** GET /api/application: the signed-in user's open application, or null. */
export const OPEN_APPLICATION_KEY = '/api/application';

/** POST /api/application/checkout: a checkout for the signed-in user's application waiting for payment. */
export async function continueApplicationCheckout(): Promise<{ checkoutUrl: string; applicationId: number }> {
  const answer = checkoutAnswer(await postJson<ApplicationCheckoutAnswer>('/api/application/checkout'));
  if (!('checkoutUrl' in answer)) throw new Error(APPLY_MESSAGES.checkoutFailed);
  return answer;
}

/** POST /api/create-subscription: the client secret for the card form. */
export async function createSubscription(input: CreateSubscriptionInput): Promise<CreateSubscriptionAnswer> {
  const answer = await postJson<CreateSubscriptionAnswer>('/api/create-subscription', input);
  if (!answer || typeof answer.clientSecret !== 'string' || answer.clientSecret === '') {
    throw new Error(APPLY_MESSAGES.subscriptionFailed);
  }
  return answer;
}

// ---------------------------------------------------------------------------------------------
// Payment verification after an application's checkout (spec sections 4 and 9): a failed request
// is retried 3 times, 2 seconds apart; then the page shows 'Payment Failed'.

export const VERIFICATION_RETRIES = 3;
export const VERIFICATION_RETRY_DELAY_MS = 2000;

/**
 * Whether a failed verification is worth asking again: the network, a timeout, a rate limit or a
 * server error may pass; a definite answer about the request (400, 401, 403, 404, 409, 422) will not.
 */
export function isRetryableVerificationError(error: unknown): boolean {
  if (!(error instanceof ApiRequestError)) return true;
  return error.status >= 500 || error.status === 408 || error.status === 429;
}

export interface RetryOptions {
  /** Further tries after the first (3: four requests at most). */
  retries: number;
  delayMs: number;
  isRetryable: (error: unknown) => boolean;
  /** Waits delayMs; rejects when the caller gives up (the page was left). */
  sleep: (ms: number) => Promise<void>;
}

/** Runs `attempt`, and again after each retryable failure, up to `retries` more times. */
export async function withRetries<T>(attempt: () => Promise<T>, options: RetryOptions): Promise<T> {
  for (let tried = 0; ; tried += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (tried >= options.retries || !options.isRetryable(error)) throw error;
      await options.sleep(options.delayMs);
    }
  }
}

export function verificationPath(sessionId: string, applicationId: string): string {
  const query = new URLSearchParams({ session_id: sessionId, application_id: applicationId });
  return `/api/verify-payment?${query.toString()}`;
}

/**
 * GET /api/verify-payment once (`origin` only for tests). A non-OK answer throws (spec section 8:
 * 'Payment verification failed').
 */
export async function verifyPayment(sessionId: string, applicationId: string, signal?: AbortSignal, origin = ''): Promise<PaymentVerification> {
  const answer = await getJson<PaymentVerification>(`${origin}${verificationPath(sessionId, applicationId)}`, signal ? { signal } : {});
  if (!answer || typeof answer.success !== 'boolean') throw new Error(APPLY_MESSAGES.verificationFailed);
  return answer;
}

/** A pause that ends early (rejecting) when `signal` aborts. */
export function abortableSleep(signal: AbortSignal): (ms: number) => Promise<void> {
  return (ms) =>
    new Promise((resolve, reject) => {
      if (signal.aborted) {
        reject(signal.reason);
        return;
      }
      const timer = setTimeout(() => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal.reason);
      };
      signal.addEventListener('abort', onAbort, { once: true });
    });
}

/** Verification with the spec's retries; stops when `signal` aborts. `test` swaps the pause and origin. */
export function verifyPaymentWithRetries(
  sessionId: string,
  applicationId: string,
  signal: AbortSignal,
  test: { sleep?: (ms: number) => Promise<void>; origin?: string } = {},
): Promise<PaymentVerification> {
  return withRetries(() => verifyPayment(sessionId, applicationId, signal, test.origin), {
    retries: VERIFICATION_RETRIES,
    delayMs: VERIFICATION_RETRY_DELAY_MS,
    isRetryable: (error) => !signal.aborted && isRetryableVerificationError(error),
    sleep: test.sleep ?? abortableSleep(signal),
  });
}

// ---------------------------------------------------------------------------------------------
// The Stripe stand-in's card form (test mode): POST <stand-in>/demo-pay/confirm, as Stripe.js
// calls Stripe's API from the page (cross-origin, no cookies).

export const DEMO_PAYMENT_FAILED = 'Your card was not charged. Please try again.';

export class PaymentError extends Error {
  override readonly name = 'PaymentError';
}

/** The message of a failed demo confirmation: the provider's `{ error: { message } }`, else a fallback. */
export function demoPaymentErrorMessage(bodyText: string): string {
  try {
    const body = JSON.parse(bodyText) as { error?: { message?: unknown } } | null;
    const message = body?.error?.message;
    if (typeof message === 'string' && message.trim() !== '') return message;
  } catch {
    // not JSON: fall through
  }
  return DEMO_PAYMENT_FAILED;
}

/** Pays with the stand-in's card form at `confirmUrl` (site config); throws a PaymentError with the provider's message. */
export async function confirmDemoPayment(clientSecret: string, cardNumber: string, confirmUrl: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(confirmUrl, {
      method: 'POST',
      credentials: 'omit',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ clientSecret, cardNumber }),
    });
  } catch {
    throw new PaymentError('The payment service could not be reached. Please check your connection and try again.');
  }
  const text = await response.text();
  if (!response.ok) throw new PaymentError(demoPaymentErrorMessage(text));
  let status: unknown;
  try {
    status = (JSON.parse(text) as { status?: unknown }).status;
  } catch {
    status = undefined;
  }
  if (status !== 'succeeded') throw new PaymentError(DEMO_PAYMENT_FAILED);
}

// ---------------------------------------------------------------------------------------------
// My Profile: billing and cancellation (product rules 2 and 13).

/** POST /api/professional/billing-portal: the address of the billing page to send the browser to. */
export async function openBillingPortal(): Promise<string> {
  const answer = await postJson<{ url: string }>('/api/professional/billing-portal');
  if (!answer || typeof answer.url !== 'string' || answer.url === '') {
    throw new Error('The billing page could not be opened. Please try again.');
  }
  return answer.url;
}

/** POST /api/professional/cancel-subscription: ends the plan, removes the listing, archives the account. */
export async function cancelSubscription(): Promise<CancellationAnswer> {
  const answer = await postJson<CancellationAnswer>('/api/professional/cancel-subscription');
  return answer ?? { ok: true, refundedPence: 0 };
}
