// The Stripe price of each plan, found by its lookup key and made when missing, so the amount
// charged always comes from core/plans.ts (product rule 1) and never from the browser. A price
// whose amount or interval no longer matches the plan is replaced (its lookup key moves to the new
// one); existing subscriptions keep theirs.
import type Stripe from 'stripe';
import { PLANS, type PlanId } from '../../../../core/plans';

const cache = new WeakMap<Stripe, Map<PlanId, Promise<string>>>();

export function priceLookupKey(plan: PlanId): string {
  return `itconnect_listing_${plan}`;
}

async function findOrCreatePrice(stripe: Stripe, planId: PlanId): Promise<string> {
  const plan = PLANS[planId];
  const lookupKey = priceLookupKey(planId);
  const found = await stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
  const current = found.data[0];
  if (current && current.unit_amount === plan.pricePence && current.currency === 'gbp' && current.recurring?.interval === plan.interval) {
    return current.id;
  }
  const created = await stripe.prices.create(
    {
      currency: 'gbp',
      unit_amount: plan.pricePence,
      recurring: { interval: plan.interval },
      product_data: { name: `ITConnect listing: ${plan.name}` },
      lookup_key: lookupKey,
      transfer_lookup_key: true,
    },
    { idempotencyKey: `price_${lookupKey}_${plan.pricePence}_${plan.interval}` },
  );
  return created.id;
}

/** The id of the plan's price (looked up once per process and client). */
export function planPriceId(stripe: Stripe, plan: PlanId): Promise<string> {
  let prices = cache.get(stripe);
  if (!prices) {
    prices = new Map();
    cache.set(stripe, prices);
  }
  let price = prices.get(plan);
  if (!price) {
    price = findOrCreatePrice(stripe, plan);
    // A failure is not kept: the next request asks Stripe again.
    price.catch(() => prices.delete(plan));
    prices.set(plan, price);
  }
  return price;
}
