// The Stripe price of each plan, found by its lookup key and made when missing, so the amount
// charged always comes from core/plans.ts (product rule 1) and never from the browser. A price
// whose amount or interval no longer matches the plan is replaced (its lookup key moves to the new
// one); existing subscriptions keep theirs. Both plans are prices of one product (LISTING_PRODUCT_ID),
// so Stripe's customer portal switches between them. `npm run stripe:setup` makes them before the
// first customer (scripts/lib/stripe-setup.ts); made here too should it not have run.
import type Stripe from 'stripe';
import { PORTAL_CONFIGURATION_METADATA } from '../../../../core/billing';
import { PLANS, priceLookupKey, type PlanId } from '../../../../core/plans';

const cache = new WeakMap<Stripe, Map<PlanId, Promise<string>>>();

/** The product both plans are prices of: an id of ours, so finding it needs no stored id. */
export const LISTING_PRODUCT_ID = 'itconnect_listing';

/** The listing product, made when missing. */
export async function ensureListingProduct(stripe: Stripe): Promise<string> {
  try {
    return (await stripe.products.retrieve(LISTING_PRODUCT_ID)).id;
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode !== 404) throw err;
  }
  try {
    return (await stripe.products.create({ id: LISTING_PRODUCT_ID, name: 'ITConnect listing' }, { idempotencyKey: `product_${LISTING_PRODUCT_ID}` })).id;
  } catch (err) {
    // Made by another process between our two calls.
    if ((err as { code?: string }).code === 'resource_already_exists') return LISTING_PRODUCT_ID;
    throw err;
  }
}

/** The plan's active price, found by its lookup key, made (or replaced) when missing or no longer the plan's. */
export async function findOrCreatePrice(stripe: Stripe, planId: PlanId): Promise<string> {
  const plan = PLANS[planId];
  const lookupKey = priceLookupKey(planId);
  const found = await stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
  const current = found.data[0];
  const productOf = (price: Stripe.Price) => (typeof price.product === 'string' ? price.product : price.product.id);
  if (current && current.unit_amount === plan.pricePence && current.currency === 'gbp' && current.recurring?.interval === plan.interval && productOf(current) === LISTING_PRODUCT_ID) {
    return current.id;
  }
  const created = await stripe.prices.create(
    {
      currency: 'gbp',
      unit_amount: plan.pricePence,
      recurring: { interval: plan.interval },
      product: await ensureListingProduct(stripe),
      nickname: plan.name,
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

const portalConfigurations = new WeakMap<Stripe, Promise<string | null>>();

/**
 * The customer portal configuration `npm run stripe:setup` made (PORTAL_CONFIGURATION_METADATA), or
 * null: Stripe then uses the account's default. Looked up once per process and client.
 */
export function portalConfigurationId(stripe: Stripe): Promise<string | null> {
  let found = portalConfigurations.get(stripe);
  if (!found) {
    found = (async () => {
      const list = await stripe.billingPortal.configurations.list({ active: true, limit: 100 });
      return list.data.find((c) => c.metadata?.purpose === PORTAL_CONFIGURATION_METADATA.purpose)?.id ?? null;
    })();
    // Kept only once found: a failure, or none yet (stripe:setup not run), is asked again next time.
    found.then((id) => id ?? portalConfigurations.delete(stripe), () => portalConfigurations.delete(stripe));
    portalConfigurations.set(stripe, found);
  }
  return found;
}
