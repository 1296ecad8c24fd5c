// /subscribe's pure parts (spec: Subscribe; product rule 1): the address's professionalId and plan,
// the plan card's texts and the pay button's, all from core/plans (the spec's £1/£10 button text
// is a defect: the button says what is charged).
import { APPLY_MESSAGES } from '../../../../core/billing';
import { formatPounds, isPlanId, PLANS, SUPPORT_FEATURE, YEARLY_SAVING_PERCENT, type PlanId } from '../../../../core/plans';

export interface SubscribeQuery {
  professionalId: number;
  plan: PlanId;
}

/** ?professionalId=…&type=monthly|yearly; null without a valid professionalId (the page goes to /). */
export function parseSubscribeQuery(search: string | URLSearchParams): SubscribeQuery | null {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const rawId = params.get('professionalId')?.trim() ?? '';
  if (!/^\d{1,15}$/.test(rawId)) return null;
  const professionalId = Number(rawId);
  if (!Number.isSafeInteger(professionalId) || professionalId <= 0) return null;
  const type = params.get('type');
  return { professionalId, plan: isPlanId(type) ? type : 'monthly' };
}

/** 'Subscribe £3/month', 'Subscribe £28/year'. */
export function subscribeButtonText(plan: PlanId): string {
  return `Subscribe ${PLANS[plan].shortPrice}`;
}

/** What the pay button says while the payment is confirmed (spec). */
export const PAYING_BUTTON_TEXT = 'Processing...';

export interface PlanCardText {
  title: string;
  badge: string | null;
  price: string;
}

/** The plan card: 'Annual Plan', 'Save 22%', '£28 per year - Best value!' (or the monthly plan's). */
export function planCardText(plan: PlanId): PlanCardText {
  const { pricePence, interval } = PLANS[plan];
  const price = `${formatPounds(pricePence)} per ${interval}`;
  return plan === 'yearly'
    ? { title: 'Annual Plan', badge: `Save ${YEARLY_SAVING_PERCENT}%`, price: `${price} - Best value!` }
    : { title: 'Monthly Plan', badge: null, price: `${price} - Pay as you go` };
}

/** What the subscription includes (spec: Subscribe). */
export const SUBSCRIBE_FEATURES = [
  'Professional listing in directory',
  'Contact details visible to clients',
  'Appear in search results',
  'Customer reviews and ratings',
  SUPPORT_FEATURE,
] as const;

export const SUBSCRIBE_TEXTS = {
  title: 'Complete Your Subscription',
  subtitle: "Get listed in the UK's leading IT professional directory",
  secure: 'Secure payment powered by a card payment provider',
  preparing: 'Setting up your subscription…',
  loadingForm: 'Loading the secure payment form…',
  paidTitle: 'Payment Successful',
  paidDescription: 'Your subscription is now active!',
  failedTitle: 'Payment Failed',
  /** When the provider gives no message of its own. */
  failedFallback: 'Your payment could not be completed. Please try again.',
  demoBanner: 'TEST MODE — no real money is taken',
  demoCard: '4242 4242 4242 4242',
  demoHint: 'Test cards: 4242 4242 4242 4242 succeeds; 4000 0000 0000 0002 is declined.',
  stripeUnavailable: 'The secure payment form could not be loaded. Please check your connection and reload the page.',
} as const;

/**
 * What the page says when no subscription could be started. A refusal (409: the listing's
 * subscription is active, or past due and fixed in Manage billing) is said as the API says it, with
 * the way to My Profile; anything else is the spec's 'Unable to create subscription' with a retry.
 */
export function subscribeFailure(error: { status?: number; apiMessage?: string | undefined } | null | undefined): {
  message: string;
  detail: string | null;
  next: 'retry' | 'profile';
} {
  if (error?.status === 409 && error.apiMessage) return { message: error.apiMessage, detail: null, next: 'profile' };
  return { message: APPLY_MESSAGES.subscriptionFailed, detail: error?.apiMessage ?? null, next: 'retry' };
}
