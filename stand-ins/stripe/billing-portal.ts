// The customer portal: its configurations (what it offers: cancel now or at the period's end, a
// switch to another price, a card update) and its sessions, whose url is the demo billing page
// (/demo-pay/billing/:id, demo-pages.ts). As with Stripe, a session without `configuration` uses
// the account's default one, and there is none until it is made (Stripe's is saved in its
// dashboard; here, the first configuration made by the API is the default): without one, 400.
// Only proration_behavior 'none' is modelled: a switch to a price of another interval starts a new
// period at once and charges the new price in full, as Stripe does with prorations off. A switch is
// offered (switchablePrices) as Stripe's portal offers it: updates enabled with 'price' among
// default_allowed_updates, for a subscription whose product is one of the configuration's
// products, to the other active prices of those products (ITConnect's monthly and yearly plans
// are prices of two products).
import type { EngineContext } from './catalog';
import type { Params } from './form-body';
import { StripeError } from './http';
import { newId, nowSeconds, type PortalConfigurationObject, type PortalSessionObject, type PriceObject, type SubscriptionObject } from './objects';

const now = nowSeconds;

const NO_DEFAULT_CONFIGURATION =
  'No configuration provided and your test mode default configuration has not been created. Provide a configuration or create your default by saving your customer portal settings in test mode at https://dashboard.stripe.com/test/settings/billing/portal.';

/**
 * The features of `p` over `current` (an update) or Stripe's defaults (a creation, where each
 * feature given needs its `enabled`, as Stripe's does).
 */
function readFeatures(p: Params, current?: PortalConfigurationObject['features']): PortalConfigurationObject['features'] {
  const features = p.child('features');
  const base: PortalConfigurationObject['features'] = current ?? {
    customer_update: { allowed_updates: [], enabled: false },
    invoice_history: { enabled: true },
    payment_method_update: { enabled: false, payment_method_configuration: null },
    subscription_cancel: { cancellation_reason: { enabled: false, options: [] }, enabled: false, mode: 'at_period_end', proration_behavior: 'none' },
    subscription_update: { default_allowed_updates: [], enabled: false, products: null, proration_behavior: 'none' },
  };
  if (!features) return base;
  const cancel = features.child('subscription_cancel');
  const update = features.child('subscription_update');
  const methods = features.child('payment_method_update');
  const history = features.child('invoice_history');
  if (!current) {
    const parts = [['invoice_history', history], ['payment_method_update', methods], ['subscription_cancel', cancel], ['subscription_update', update]] as const;
    for (const [name, part] of parts) if (part && !part.has('enabled')) throw StripeError.missing(`features[${name}][enabled]`);
  }
  for (const [name, part] of [['subscription_cancel', cancel], ['subscription_update', update]] as const) {
    const proration = part?.string('proration_behavior');
    if (proration !== undefined && proration !== 'none') {
      throw StripeError.invalid(`The stand-in models only proration_behavior=none (features[${name}][proration_behavior]).`, `features[${name}][proration_behavior]`);
    }
  }
  const products = update?.has('products')
    ? update.list('products').map((product, index) => {
        const id = product.requiredString('product');
        const prices = product.stringList('prices');
        if (prices.length === 0) throw StripeError.missing(`features[subscription_update][products][${index}][prices]`);
        return { product: id, prices };
      })
    : base.subscription_update.products;
  return {
    ...base,
    invoice_history: { enabled: history?.boolean('enabled') ?? base.invoice_history.enabled },
    payment_method_update: { ...base.payment_method_update, enabled: methods?.boolean('enabled') ?? base.payment_method_update.enabled },
    subscription_cancel: {
      ...base.subscription_cancel,
      enabled: cancel?.boolean('enabled') ?? base.subscription_cancel.enabled,
      mode: cancel?.oneOf('mode', ['at_period_end', 'immediately'] as const) ?? base.subscription_cancel.mode,
    },
    subscription_update: {
      ...base.subscription_update,
      enabled: update?.boolean('enabled') ?? base.subscription_update.enabled,
      default_allowed_updates: update?.has('default_allowed_updates') ? update.stringList('default_allowed_updates') : base.subscription_update.default_allowed_updates,
      products,
    },
  };
}

/** Each product and price of subscription updates exists, and each price is a recurring price of its product. */
async function checkProducts(ctx: EngineContext, features: PortalConfigurationObject['features']): Promise<void> {
  for (const [index, product] of (features.subscription_update.products ?? []).entries()) {
    const param = `features[subscription_update][products][${index}]`;
    await ctx.repo.need('product', product.product, `${param}[product]`);
    for (const priceId of product.prices) {
      const price = await ctx.repo.need('price', priceId, `${param}[prices]`);
      if (price.product !== product.product) throw StripeError.invalid(`The price ${price.id} does not belong to the product ${product.product}.`, `${param}[prices]`);
      if (!price.recurring) throw StripeError.invalid(`The price ${price.id} is not recurring: only recurring prices can be offered in subscription updates.`, `${param}[prices]`);
    }
  }
}

export async function createPortalConfiguration(ctx: EngineContext, p: Params): Promise<PortalConfigurationObject> {
  if (!p.has('features')) throw StripeError.missing('features');
  const features = readFeatures(p);
  await checkProducts(ctx, features);
  const hasDefault = (await ctx.repo.list('billing_portal.configuration')).some((c) => c.is_default);
  const created = now();
  const profile = p.child('business_profile');
  return ctx.repo.put('billing_portal.configuration', {
    id: newId('billing_portal.configuration'),
    object: 'billing_portal.configuration',
    active: true,
    application: null,
    business_profile: {
      headline: profile?.nullableString('headline') ?? null,
      privacy_policy_url: profile?.string('privacy_policy_url') ?? null,
      terms_of_service_url: profile?.string('terms_of_service_url') ?? null,
    },
    created,
    default_return_url: p.nullableString('default_return_url') ?? null,
    features,
    is_default: !hasDefault,
    livemode: false,
    login_page: { enabled: false, url: null },
    metadata: p.metadata() ?? {},
    name: p.nullableString('name') ?? null,
    updated: created,
  });
}

export async function updatePortalConfiguration(ctx: EngineContext, id: string, p: Params): Promise<PortalConfigurationObject> {
  const current = await ctx.repo.need('billing_portal.configuration', id);
  const features = readFeatures(p, current.features);
  await checkProducts(ctx, features);
  return ctx.repo.put('billing_portal.configuration', {
    ...current,
    active: p.boolean('active') ?? current.active,
    features,
    default_return_url: p.has('default_return_url') ? (p.nullableString('default_return_url') ?? null) : current.default_return_url,
    metadata: { ...current.metadata, ...(p.metadata() ?? {}) },
    name: p.has('name') ? (p.nullableString('name') ?? null) : current.name,
    updated: now(),
  });
}

export async function findPortalConfigurations(ctx: EngineContext, p: Params): Promise<PortalConfigurationObject[]> {
  const active = p.boolean('active');
  const isDefault = p.boolean('is_default');
  return (await ctx.repo.list('billing_portal.configuration')).filter((c) => (active === undefined || c.active === active) && (isDefault === undefined || c.is_default === isDefault));
}

export async function createPortalSession(ctx: EngineContext, p: Params): Promise<PortalSessionObject> {
  const customer = await ctx.repo.need('customer', p.requiredString('customer'), 'customer');
  const configurationId = p.string('configuration');
  const configuration = configurationId
    ? await ctx.repo.need('billing_portal.configuration', configurationId, 'configuration')
    : (await ctx.repo.list('billing_portal.configuration')).find((c) => c.is_default);
  if (!configuration) throw StripeError.invalid(NO_DEFAULT_CONFIGURATION);
  if (!configuration.active) throw StripeError.invalid('This configuration is not active.', 'configuration');
  const id = newId('billing_portal.session');
  return ctx.repo.put('billing_portal.session', {
    id,
    object: 'billing_portal.session',
    configuration: configuration.id,
    created: now(),
    customer: customer.id,
    flow: null,
    livemode: false,
    locale: null,
    on_behalf_of: null,
    return_url: p.string('return_url') ?? configuration.default_return_url,
    url: `${ctx.publicUrl}/demo-pay/billing/${id}`,
  });
}

/**
 * The prices the portal offers `subscription` to switch to (the billing page's "Switch to …"
 * buttons, and what its switch action accepts): none unless the subscription is active, updates
 * are enabled with 'price' allowed and its product is one of the configuration's; then every other
 * active, recurring price of those products in its currency, in the configuration's order.
 */
export async function switchablePrices(ctx: EngineContext, features: PortalConfigurationObject['features'], subscription: SubscriptionObject): Promise<PriceObject[]> {
  const update = features.subscription_update;
  const current = subscription.items.data[0]?.price;
  const products = update.products ?? [];
  if (subscription.status !== 'active' || !current || !update.enabled || !update.default_allowed_updates.includes('price')) return [];
  if (!products.some((product) => product.product === current.product)) return [];
  const offered: PriceObject[] = [];
  for (const product of products) {
    for (const priceId of product.prices) {
      const price = await ctx.repo.get('price', priceId);
      if (price?.active && price.recurring && price.id !== current.id && price.currency === current.currency && !offered.some((p) => p.id === price.id)) offered.push(price);
    }
  }
  return offered;
}
