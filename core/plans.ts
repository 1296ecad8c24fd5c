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

/**
 * What the team's support is, truthfully (product rule 33): a person answers messages sent through
 * the contact page by e-mail; nobody promises an answer at all hours.
 */
export const SUPPORT_FEATURE = 'Support from our team by e-mail (through the contact page)';

/** Every plan has every benefit: the yearly plan only costs less (product rule 33). */
const COMMON_FEATURES = [
  'Professional listing',
  'Contact details visible to clients',
  'Appear in search results',
  'Customer reviews and ratings',
  'Requests for quotes from buyers, free: no lead fees',
  'Mobile-responsive profile',
  'No setup fees',
  'Cancel anytime',
  SUPPORT_FEATURE,
] as const;

export const PLANS: Record<PlanId, Plan> = {
  monthly: {
    id: 'monthly',
    name: 'Pay Monthly',
    pricePence: 300,
    interval: 'month',
    shortPrice: '£3/month',
    features: COMMON_FEATURES,
  },
  yearly: {
    id: 'yearly',
    name: 'Pay Annually',
    pricePence: 2800,
    interval: 'year',
    shortPrice: '£28/year',
    badge: 'Best Value',
    savingText: 'Save £8 compared to monthly',
    features: COMMON_FEATURES,
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

/** The lookup key of a plan's Stripe price: prices are found by it, never by a stored id (product rule 1). */
export function priceLookupKey(plan: PlanId): string {
  return `itconnect_listing_${plan}`;
}

/** The plan a Stripe price's lookup key names, or null for another price. */
export function planOfLookupKey(lookupKey: string | null): PlanId | null {
  return (Object.keys(PLANS) as PlanId[]).find((plan) => priceLookupKey(plan) === lookupKey) ?? null;
}
