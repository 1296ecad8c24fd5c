// Subscription plans and prices, defined once for the front end, API and worker (product rule 1).
// Money is integer pence everywhere; format it for display with formatPounds.

export type PlanId = 'monthly' | 'yearly';

export interface Plan {
  id: PlanId;
  name: string;
  pricePence: number;
  interval: 'month' | 'year';
  /** '£3/month' */
  shortPrice: string;
  features: readonly string[];
  badge?: string;
  savingText?: string;
}

const COMMON_FEATURES = [
  'Professional listing',
  'Contact details visible to clients',
  'Appear in search results',
  'Customer reviews and ratings',
  'Mobile-responsive profile',
] as const;

export const PLANS: Record<PlanId, Plan> = {
  monthly: {
    id: 'monthly',
    name: 'Pay Monthly',
    pricePence: 300,
    interval: 'month',
    shortPrice: '£3/month',
    features: [...COMMON_FEATURES, 'No setup fees', 'Cancel anytime', '24/7 support'],
  },
  yearly: {
    id: 'yearly',
    name: 'Pay Annually',
    pricePence: 2800,
    interval: 'year',
    shortPrice: '£28/year',
    badge: 'Best Value',
    savingText: 'Save £8 compared to monthly',
    features: [...COMMON_FEATURES, '24/7 priority support'],
  },
};

/** Saving of the yearly plan against twelve monthly payments, as a whole percentage (22). */
export const YEARLY_SAVING_PERCENT = Math.floor(
  (1 - PLANS.yearly.pricePence / (PLANS.monthly.pricePence * 12)) * 100,
);

/** Days after the first payment within which a cancellation is refunded in full (product rule 2). */
export const MONEY_BACK_DAYS = 30;

export function isPlanId(value: unknown): value is PlanId {
  return value === 'monthly' || value === 'yearly';
}

/** Pence → pounds as text without a symbol: 4500 → '45', 3750 → '37.50' (the API's hourlyRate form). */
export function penceToPoundsText(pence: number): string {
  return pence % 100 === 0 ? String(pence / 100) : (pence / 100).toFixed(2);
}

/** 300 → '£3', 2850 → '£28.50'. */
export function formatPounds(pence: number): string {
  return `£${penceToPoundsText(pence)}`;
}
