// Products, prices and customers: plain records, no state machine. Prices are found again by
// `lookup_keys[]` (how our code keeps one price per plan without storing Stripe ids).
import { mergeMetadata, type Params } from './form-body';
import { StripeError } from './http';
import { newId, nowSeconds, randomText, type CustomerObject, type PriceObject, type ProductObject, type Repo } from './objects';

/** What every state change gets: the store, the public address, and the event log of this operation. */
export interface EngineContext {
  repo: Repo;
  /** Where the demo pages are reached (checkout and billing urls), without a trailing slash. */
  publicUrl: string;
  /** Records an event carrying a snapshot of `object` as it is now. */
  emit(type: string, object: unknown, previousAttributes?: Record<string, unknown>): void;
}

const INTERVALS = ['day', 'week', 'month', 'year'] as const;

export async function createProduct(ctx: EngineContext, p: Params): Promise<ProductObject> {
  const id = p.string('id') ?? newId('product');
  if (await ctx.repo.get('product', id)) throw StripeError.invalid(`Product already exists.`, 'id', 'resource_already_exists');
  const now = nowSeconds();
  return ctx.repo.put('product', {
    id,
    object: 'product',
    active: p.boolean('active') ?? true,
    created: now,
    updated: now,
    default_price: null,
    description: p.string('description') ?? null,
    images: [],
    livemode: false,
    marketing_features: [],
    metadata: p.metadata() ?? {},
    name: p.requiredString('name'),
    package_dimensions: null,
    shippable: null,
    statement_descriptor: null,
    tax_code: null,
    type: 'service',
    unit_label: null,
    url: null,
  });
}

/** Frees `lookupKey` for `priceId` (transfer_lookup_key=true), or refuses when another price holds it. */
async function claimLookupKey(ctx: EngineContext, lookupKey: string, priceId: string, transfer: boolean): Promise<void> {
  for (const price of await ctx.repo.list('price')) {
    if (price.lookup_key !== lookupKey || price.id === priceId) continue;
    if (!transfer) {
      throw StripeError.invalid(`A price (\`${price.id}\`) already uses that lookup key.`, 'lookup_key', 'lookup_key_already_exists');
    }
    await ctx.repo.put('price', { ...price, lookup_key: null });
  }
}

/**
 * A price from `p` (prices.create, or the `price_data` of a Checkout line item / subscription item,
 * which makes an inactive one-off price as Stripe does). `product_data[name]` creates its product.
 */
export async function createPrice(ctx: EngineContext, p: Params, options: { inline?: boolean } = {}): Promise<PriceObject> {
  const currency = p.requiredString('currency').toLowerCase();
  if (!/^[a-z]{3}$/.test(currency)) throw StripeError.invalid(`Invalid currency: ${currency}`, 'currency');
  const unitAmount = p.integer('unit_amount');
  if (unitAmount === undefined) throw StripeError.missing('unit_amount');
  if (unitAmount < 0) throw StripeError.invalid('Invalid unit_amount: must be at least 0', 'unit_amount', 'parameter_invalid_integer');
  const recurringParams = p.child('recurring');
  const interval = recurringParams?.oneOf('interval', INTERVALS);
  if (recurringParams && !interval) throw StripeError.missing('recurring[interval]');
  const intervalCount = recurringParams?.integer('interval_count') ?? 1;
  if (intervalCount < 1) throw StripeError.invalid('Invalid recurring[interval_count]', 'recurring[interval_count]');

  let productId = p.string('product');
  const productData = p.child('product_data');
  if (productId && productData) throw StripeError.invalid('You may only specify one of these parameters: product, product_data.', 'product');
  if (productId) {
    await ctx.repo.need('product', productId, 'product');
  } else if (productData) {
    productId = (await createProduct(ctx, productData)).id;
  } else {
    throw StripeError.missing(options.inline ? 'price_data[product_data]' : 'product');
  }

  const id = newId('price');
  const lookupKey = options.inline ? undefined : p.string('lookup_key');
  if (lookupKey) await claimLookupKey(ctx, lookupKey, id, p.boolean('transfer_lookup_key') ?? false);
  return ctx.repo.put('price', {
    id,
    object: 'price',
    active: options.inline ? false : (p.boolean('active') ?? true),
    billing_scheme: 'per_unit',
    created: nowSeconds(),
    currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: lookupKey ?? null,
    metadata: p.metadata() ?? {},
    nickname: p.string('nickname') ?? null,
    product: productId,
    recurring: interval ? { interval, interval_count: intervalCount, meter: null, trial_period_days: null, usage_type: 'licensed' } : null,
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: interval ? 'recurring' : 'one_time',
    unit_amount: unitAmount,
    unit_amount_decimal: String(unitAmount),
  });
}

export async function updatePrice(ctx: EngineContext, id: string, p: Params): Promise<PriceObject> {
  const price = await ctx.repo.need('price', id);
  const lookupKey = p.nullableString('lookup_key');
  if (lookupKey) await claimLookupKey(ctx, lookupKey, id, p.boolean('transfer_lookup_key') ?? false);
  return ctx.repo.put('price', {
    ...price,
    active: p.boolean('active') ?? price.active,
    lookup_key: lookupKey === undefined ? price.lookup_key : lookupKey,
    nickname: p.has('nickname') ? (p.nullableString('nickname') ?? null) : price.nickname,
    metadata: mergeMetadata(price.metadata, p.metadata(), p.raw.metadata === ''),
  });
}

export async function findPrices(ctx: EngineContext, p: Params): Promise<PriceObject[]> {
  const lookupKeys = p.stringList('lookup_keys');
  if (lookupKeys.length > 10) throw StripeError.invalid('You may pass at most 10 lookup_keys.', 'lookup_keys');
  const active = p.boolean('active');
  const product = p.string('product');
  const currency = p.string('currency')?.toLowerCase();
  const type = p.oneOf('type', ['recurring', 'one_time'] as const);
  return (await ctx.repo.list('price')).filter(
    (price) =>
      (lookupKeys.length === 0 || (price.lookup_key !== null && lookupKeys.includes(price.lookup_key))) &&
      (active === undefined || price.active === active) &&
      (product === undefined || price.product === product) &&
      (currency === undefined || price.currency === currency) &&
      (type === undefined || price.type === type),
  );
}

export async function createCustomer(ctx: EngineContext, fields: { email: string | null; name: string | null; description?: string | null; phone?: string | null; metadata?: Record<string, string> }): Promise<CustomerObject> {
  const customer = await ctx.repo.put('customer', {
    id: newId('customer'),
    object: 'customer',
    address: null,
    balance: 0,
    created: nowSeconds(),
    currency: null,
    default_source: null,
    delinquent: false,
    description: fields.description ?? null,
    email: fields.email,
    invoice_prefix: randomText(8).toUpperCase(),
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false,
    metadata: fields.metadata ?? {},
    name: fields.name,
    next_invoice_sequence: 1,
    phone: fields.phone ?? null,
    preferred_locales: [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  });
  ctx.emit('customer.created', customer);
  return customer;
}

export function createCustomerFromParams(ctx: EngineContext, p: Params): Promise<CustomerObject> {
  return createCustomer(ctx, {
    email: p.nullableString('email') ?? null,
    name: p.nullableString('name') ?? null,
    description: p.nullableString('description') ?? null,
    phone: p.nullableString('phone') ?? null,
    metadata: p.metadata() ?? {},
  });
}

export async function updateCustomer(ctx: EngineContext, id: string, p: Params): Promise<CustomerObject> {
  const customer = await ctx.repo.need('customer', id);
  const next: CustomerObject = {
    ...customer,
    email: p.has('email') ? (p.nullableString('email') ?? null) : customer.email,
    name: p.has('name') ? (p.nullableString('name') ?? null) : customer.name,
    description: p.has('description') ? (p.nullableString('description') ?? null) : customer.description,
    phone: p.has('phone') ? (p.nullableString('phone') ?? null) : customer.phone,
    metadata: mergeMetadata(customer.metadata, p.metadata(), p.raw.metadata === ''),
  };
  await ctx.repo.put('customer', next);
  const previous = changedFields(customer, next, ['email', 'name', 'description', 'phone', 'metadata']);
  if (previous) ctx.emit('customer.updated', next, previous);
  return next;
}

/** The previous values of the fields that changed (an `*.updated` event's previous_attributes), or null. */
export function changedFields<T extends object>(before: T, after: T, fields: (keyof T)[]): Record<string, unknown> | null {
  const previous: Record<string, unknown> = {};
  for (const field of fields) {
    if (JSON.stringify(before[field]) !== JSON.stringify(after[field])) previous[field as string] = before[field];
  }
  return Object.keys(previous).length > 0 ? previous : null;
}
