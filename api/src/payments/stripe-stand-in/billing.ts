// The billing state machine: Checkout Sessions, subscriptions and their invoices, payment
// intents, charges, refunds and billing-portal sessions. Every change emits the events Stripe
// would (the subset our code listens to), in Stripe's order, each with a snapshot of its object.
import { changedFields, createCustomer, createPrice, type EngineContext } from './catalog';
import { mergeMetadata, type Params } from './form-body';
import { StripeError } from './http';
import {
  addInterval,
  emptyList,
  newId,
  nowSeconds,
  type ChargeObject,
  type CheckoutSessionObject,
  type CustomerObject,
  type InvoiceObject,
  type InvoicePaymentObject,
  type LineItemObject,
  type PaymentIntentObject,
  type PortalSessionObject,
  type PriceObject,
  type RefundObject,
  type SubscriptionItemObject,
  type SubscriptionObject,
} from './objects';

export const TEST_CARDS = { succeeds: '4242424242424242', declined: '4000000000000002' } as const;
export const DECLINED_MESSAGE = 'Your card was declined.';
export const UNKNOWN_CARD_MESSAGE = 'This is a test-mode payment: use the card 4242 4242 4242 4242 (pays) or 4000 0000 0000 0002 (declined).';

export type CardOutcome = 'succeeds' | 'declined' | 'unknown';

/** What a test card number does (spaces and dashes ignored). */
export function cardOutcome(cardNumber: string): CardOutcome {
  const digits = cardNumber.replace(/[\s-]/g, '');
  if (digits === TEST_CARDS.succeeds) return 'succeeds';
  if (digits === TEST_CARDS.declined) return 'declined';
  return 'unknown';
}

export function cardDeclinedError(extra: Record<string, unknown> = {}): StripeError {
  return new StripeError(402, 'card_error', DECLINED_MESSAGE, 'card_declined', undefined, { decline_code: 'generic_decline', ...extra });
}

const now = nowSeconds;

// ─── Checkout ───────────────────────────────────────────────────────────────────────────────

export async function createCheckoutSession(ctx: EngineContext, p: Params): Promise<CheckoutSessionObject> {
  const mode = p.requiredString('mode');
  if (mode !== 'subscription') throw StripeError.invalid(`The stand-in supports mode=subscription only (got ${mode}).`, 'mode');
  const successUrl = p.requiredString('success_url');
  const customerId = p.string('customer');
  const customerEmail = p.string('customer_email');
  if (customerId && customerEmail) throw StripeError.invalid('You may only specify one of these parameters: customer, customer_email.', 'customer_email');
  if (customerId) await ctx.repo.need('customer', customerId, 'customer');
  const clientReferenceId = p.string('client_reference_id');
  if (clientReferenceId !== undefined && clientReferenceId.length > 200) throw StripeError.invalid('client_reference_id is at most 200 characters.', 'client_reference_id');

  const items = p.list('line_items');
  if (items.length === 0) throw StripeError.missing('line_items');
  if (items.length > 1) throw StripeError.invalid('The stand-in supports one line item per Checkout Session.', 'line_items');
  const item = items[0] as Params;
  const priceId = item.string('price');
  const priceData = item.child('price_data');
  if (priceId && priceData) throw StripeError.invalid('You may only specify one of these parameters: price, price_data.', 'line_items[0][price]');
  let price: PriceObject;
  if (priceId) price = await ctx.repo.need('price', priceId, 'line_items[0][price]');
  else if (priceData) price = await createPrice(ctx, priceData, { inline: true });
  else throw StripeError.missing('line_items[0][price]');
  if (!price.recurring) {
    throw StripeError.invalid('You must provide at least one recurring price in `subscription` mode when using prices.', 'line_items[0][price]');
  }
  const quantity = item.integer('quantity') ?? 1;
  if (quantity < 1) throw StripeError.invalid('Invalid quantity: must be at least 1', 'line_items[0][quantity]');

  const created = now();
  const expiresAt = p.integer('expires_at') ?? created + 24 * 3600;
  if (expiresAt < created + 30 * 60 || expiresAt > created + 24 * 3600) {
    throw StripeError.invalid('The `expires_at` timestamp must be between 30 minutes and 24 hours from now.', 'expires_at');
  }
  const id = newId('checkout.session');
  const product = await ctx.repo.get('product', price.product);
  const amount = price.unit_amount * quantity;
  const lineItem: LineItemObject = {
    id: newId('li'),
    object: 'item',
    amount_discount: 0,
    amount_subtotal: amount,
    amount_tax: 0,
    amount_total: amount,
    currency: price.currency,
    description: product?.name ?? 'Subscription',
    price,
    quantity,
  };
  await ctx.repo.put('test.checkout', {
    id,
    lineItems: [lineItem],
    subscriptionMetadata: p.child('subscription_data')?.metadata() ?? {},
    declines: 0,
  });
  return ctx.repo.put('checkout.session', {
    id,
    object: 'checkout.session',
    allow_promotion_codes: null,
    amount_subtotal: amount,
    amount_total: amount,
    billing_address_collection: null,
    cancel_url: p.string('cancel_url') ?? null,
    client_reference_id: clientReferenceId ?? null,
    client_secret: null,
    created,
    currency: price.currency,
    customer: customerId ?? null,
    customer_creation: null,
    customer_details: null,
    customer_email: customerEmail ?? null,
    expires_at: expiresAt,
    invoice: null,
    livemode: false,
    locale: null,
    metadata: p.metadata() ?? {},
    mode: 'subscription',
    payment_intent: null,
    payment_link: null,
    payment_method_collection: 'always',
    payment_method_types: ['card'],
    payment_status: 'unpaid',
    setup_intent: null,
    status: 'open',
    submit_type: null,
    subscription: null,
    success_url: successUrl,
    ui_mode: 'hosted',
    url: `${ctx.publicUrl}/demo-pay/checkout/${id}`,
  });
}

/** The session, expired first when its time has passed (as Stripe does on its own). */
export async function loadCheckoutSession(ctx: EngineContext, id: string): Promise<CheckoutSessionObject> {
  const session = await ctx.repo.need('checkout.session', id);
  if (session.status === 'open' && session.expires_at <= now()) return expire(ctx, session);
  return session;
}

async function expire(ctx: EngineContext, session: CheckoutSessionObject): Promise<CheckoutSessionObject> {
  const expired = await ctx.repo.put('checkout.session', { ...session, status: 'expired', url: null });
  ctx.emit('checkout.session.expired', expired);
  return expired;
}

export async function expireCheckoutSession(ctx: EngineContext, id: string): Promise<CheckoutSessionObject> {
  const session = await loadCheckoutSession(ctx, id);
  if (session.status !== 'open') {
    throw StripeError.invalid(`Only Checkout Sessions with a status in [open] can be expired. This Checkout Session has status: ${session.status}.`, undefined, 'checkout_session_not_open');
  }
  return expire(ctx, session);
}

function openSessionOrThrow(session: CheckoutSessionObject): void {
  if (session.status !== 'open') throw StripeError.invalid(`This Checkout Session is no longer open (status: ${session.status}).`, undefined, 'checkout_session_not_open');
}

/**
 * Pays an open session (the demo page's Pay, or controls.pay): customer (if new), an active
 * subscription, its first invoice paid by a new payment intent and charge, the session complete.
 * Events: customer.created (if new), customer.subscription.created, invoice.paid,
 * invoice.payment_succeeded, checkout.session.completed.
 */
export async function payCheckoutSession(ctx: EngineContext, id: string): Promise<CheckoutSessionObject> {
  const session = await loadCheckoutSession(ctx, id);
  openSessionOrThrow(session);
  const state = await ctx.repo.need('test.checkout', id);
  const lineItem = state.lineItems[0];
  if (!lineItem) throw StripeError.invalid('This Checkout Session has no line items.');
  const customer = session.customer
    ? await ctx.repo.need('customer', session.customer, 'customer')
    : await createCustomer(ctx, { email: session.customer_email, name: null });

  const { subscription, item } = await newSubscription(ctx, {
    customer,
    price: lineItem.price,
    quantity: lineItem.quantity,
    metadata: state.subscriptionMetadata,
    status: 'active',
    saveDefaultPaymentMethod: 'on_subscription',
  });
  const opened = await openInvoice(ctx, { subscription, item, customer, billingReason: 'subscription_create', periodStart: item.current_period_start, periodEnd: item.current_period_end });
  const paid = await settleInvoice(ctx, opened.invoice, '4242');
  const activeSubscription = await ctx.repo.put('subscription', { ...subscription, latest_invoice: paid.invoice.id, default_payment_method: paid.intent.payment_method });
  const completed = await ctx.repo.put('checkout.session', {
    ...session,
    status: 'complete',
    payment_status: 'paid',
    customer: customer.id,
    subscription: activeSubscription.id,
    customer_details: { email: customer.email, name: customer.name, phone: null, address: null, tax_exempt: 'none', tax_ids: [] },
  });
  ctx.emit('customer.subscription.created', activeSubscription);
  ctx.emit('invoice.paid', paid.invoice);
  ctx.emit('invoice.payment_succeeded', paid.invoice);
  ctx.emit('checkout.session.completed', completed);
  return completed;
}

/** A declined attempt on the demo page: the session stays open and no event is sent (as Stripe Checkout). */
export async function declineCheckoutSession(ctx: EngineContext, id: string): Promise<CheckoutSessionObject> {
  const session = await loadCheckoutSession(ctx, id);
  openSessionOrThrow(session);
  const state = await ctx.repo.need('test.checkout', id);
  await ctx.repo.put('test.checkout', { ...state, declines: state.declines + 1 });
  return session;
}

// ─── Subscriptions, invoices, payments ──────────────────────────────────────────────────────

async function newSubscription(
  ctx: EngineContext,
  args: {
    customer: CustomerObject;
    price: PriceObject;
    quantity: number;
    metadata: Record<string, string>;
    status: 'active' | 'incomplete';
    saveDefaultPaymentMethod: 'off' | 'on_subscription';
    description?: string | null;
  },
): Promise<{ subscription: SubscriptionObject; item: SubscriptionItemObject }> {
  const recurring = args.price.recurring;
  if (!recurring) throw StripeError.invalid('A subscription needs a recurring price.', 'items[0][price]');
  const start = now();
  const id = newId('subscription');
  const item: SubscriptionItemObject = {
    id: newId('si'),
    object: 'subscription_item',
    created: start,
    current_period_start: start,
    current_period_end: addInterval(start, recurring.interval, recurring.interval_count),
    discounts: [],
    metadata: {},
    price: args.price,
    quantity: args.quantity,
    subscription: id,
    tax_rates: [],
  };
  const subscription = await ctx.repo.put('subscription', {
    id,
    object: 'subscription',
    application: null,
    billing_cycle_anchor: start,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, reason: null },
    collection_method: 'charge_automatically',
    created: start,
    currency: args.price.currency,
    customer: args.customer.id,
    days_until_due: null,
    default_payment_method: null,
    description: args.description ?? null,
    discounts: [],
    ended_at: null,
    items: { ...emptyList(`/v1/subscription_items?subscription=${id}`, [item]), total_count: 1 },
    latest_invoice: null,
    livemode: false,
    metadata: args.metadata,
    pause_collection: null,
    payment_settings: { payment_method_options: null, payment_method_types: null, save_default_payment_method: args.saveDefaultPaymentMethod },
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: start,
    status: args.status,
    test_clock: null,
    trial_end: null,
    trial_start: null,
  });
  await ctx.repo.put('test.subscription', { id, failNextRenewal: false });
  return { subscription, item };
}

function firstItem(subscription: SubscriptionObject): SubscriptionItemObject {
  const item = subscription.items.data[0];
  if (!item) throw new StripeError(500, 'api_error', `Subscription ${subscription.id} has no items.`);
  return item;
}

/**
 * A finalized, open invoice for one period of `subscription` with its payment intent (waiting for
 * a payment method) and its default invoice payment. Stripe's invoice period_start/period_end are
 * the period *before* the invoice (both the creation time on a first invoice); the period paid
 * for is the line's `period`.
 */
async function openInvoice(
  ctx: EngineContext,
  args: {
    subscription: SubscriptionObject;
    item: SubscriptionItemObject;
    customer: CustomerObject;
    billingReason: 'subscription_create' | 'subscription_cycle';
    periodStart: number;
    periodEnd: number;
    previousPeriod?: { start: number; end: number };
  },
): Promise<{ invoice: InvoiceObject; intent: PaymentIntentObject; payment: InvoicePaymentObject }> {
  const { subscription, item, customer } = args;
  const created = now();
  const amount = item.price.unit_amount * item.quantity;
  const invoiceId = newId('invoice');
  const sequence = customer.next_invoice_sequence;
  await ctx.repo.put('customer', { ...customer, next_invoice_sequence: sequence + 1 });
  customer.next_invoice_sequence = sequence + 1;

  const intentId = newId('payment_intent');
  const intent = await ctx.repo.put('payment_intent', {
    id: intentId,
    object: 'payment_intent',
    amount,
    amount_capturable: 0,
    amount_received: 0,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic',
    client_secret: `${intentId}_secret_${newId('req').slice(4)}`,
    confirmation_method: 'automatic',
    created,
    currency: item.price.currency,
    customer: customer.id,
    description: args.billingReason === 'subscription_create' ? 'Subscription creation' : 'Subscription update',
    last_payment_error: null,
    latest_charge: null,
    livemode: false,
    metadata: {},
    next_action: null,
    payment_method: null,
    payment_method_types: ['card'],
    receipt_email: null,
    setup_future_usage: subscription.payment_settings.save_default_payment_method === 'on_subscription' ? 'off_session' : null,
    status: 'requires_payment_method',
  });
  const payment = await ctx.repo.put('invoice_payment', {
    id: newId('invoice_payment'),
    object: 'invoice_payment',
    amount_paid: null,
    amount_requested: amount,
    created,
    currency: item.price.currency,
    invoice: invoiceId,
    is_default: true,
    livemode: false,
    payment: { type: 'payment_intent', payment_intent: intentId },
    status: 'open',
    status_transitions: { canceled_at: null, paid_at: null },
  });
  const product = await ctx.repo.get('product', item.price.product);
  const description = `${item.quantity} × ${product?.name ?? 'Subscription'} (at ${formatAmount(item.price.unit_amount, item.price.currency)} / ${item.price.recurring?.interval ?? 'period'})`;
  const previous = args.previousPeriod ?? { start: created, end: created };
  const invoice = await ctx.repo.put('invoice', {
    id: invoiceId,
    object: 'invoice',
    account_country: 'GB',
    account_name: 'ITConnect (test mode)',
    amount_due: amount,
    amount_overpaid: 0,
    amount_paid: 0,
    amount_remaining: amount,
    amount_shipping: 0,
    attempt_count: 0,
    attempted: false,
    auto_advance: true,
    billing_reason: args.billingReason,
    collection_method: 'charge_automatically',
    created,
    currency: item.price.currency,
    customer: customer.id,
    customer_email: customer.email,
    customer_name: customer.name,
    default_payment_method: null,
    description: null,
    discounts: [],
    due_date: null,
    effective_at: created,
    hosted_invoice_url: null,
    invoice_pdf: null,
    lines: {
      ...emptyList(`/v1/invoices/${invoiceId}/lines`, [
        {
          id: newId('il'),
          object: 'line_item',
          amount,
          currency: item.price.currency,
          description,
          discount_amounts: [],
          discountable: true,
          discounts: [],
          invoice: invoiceId,
          livemode: false,
          metadata: {},
          parent: {
            type: 'subscription_item_details',
            invoice_item_details: null,
            subscription_item_details: { invoice_item: null, proration: false, proration_details: { credited_items: null }, subscription: subscription.id, subscription_item: item.id },
          },
          period: { start: args.periodStart, end: args.periodEnd },
          pretax_credit_amounts: [],
          pricing: { type: 'price_details', price_details: { price: item.price.id, product: item.price.product }, unit_amount_decimal: String(item.price.unit_amount) },
          quantity: item.quantity,
          subscription: subscription.id,
          subtotal: amount,
          taxes: [],
        },
      ]),
      total_count: 1,
    },
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    number: `${customer.invoice_prefix}-${String(sequence).padStart(4, '0')}`,
    parent: { type: 'subscription_details', quote_details: null, subscription_details: { metadata: subscription.metadata, subscription: subscription.id } },
    period_end: previous.end,
    period_start: previous.start,
    status: 'open',
    status_transitions: { finalized_at: created, marked_uncollectible_at: null, paid_at: null, voided_at: null },
    subtotal: amount,
    subtotal_excluding_tax: amount,
    test_clock: null,
    total: amount,
    total_excluding_tax: amount,
    webhooks_delivered_at: null,
  });
  return { invoice, intent, payment };
}

async function invoiceParts(ctx: EngineContext, invoice: InvoiceObject): Promise<{ payment: InvoicePaymentObject; intent: PaymentIntentObject }> {
  const payment = (await ctx.repo.list('invoice_payment')).find((p) => p.invoice === invoice.id && p.is_default);
  if (!payment) throw new StripeError(500, 'api_error', `Invoice ${invoice.id} has no payment.`);
  const intent = await ctx.repo.need('payment_intent', payment.payment.payment_intent);
  return { payment, intent };
}

/** Pays an open invoice: a succeeded charge, the intent succeeded, the invoice and its payment paid. No events. */
async function settleInvoice(ctx: EngineContext, invoice: InvoiceObject, last4: string): Promise<{ invoice: InvoiceObject; intent: PaymentIntentObject; charge: ChargeObject }> {
  const { payment, intent } = await invoiceParts(ctx, invoice);
  const paidAt = now();
  const customer = await ctx.repo.get('customer', invoice.customer);
  const expYear = new Date().getUTCFullYear() + 3;
  const paymentMethod =
    intent.payment_method ??
    (
      await ctx.repo.put('payment_method', {
        id: newId('payment_method'),
        object: 'payment_method',
        allow_redisplay: 'unspecified',
        billing_details: { address: null, email: customer?.email ?? null, name: customer?.name ?? null, phone: null, tax_id: null },
        card: { brand: 'visa', checks: null, country: 'GB', display_brand: 'visa', exp_month: 12, exp_year: expYear, funding: 'credit', generated_from: null, last4, networks: null, wallet: null },
        created: paidAt,
        customer: invoice.customer,
        livemode: false,
        metadata: {},
        type: 'card',
      })
    ).id;
  const charge = await ctx.repo.put('charge', {
    id: newId('charge'),
    object: 'charge',
    amount: invoice.amount_due,
    amount_captured: invoice.amount_due,
    amount_refunded: 0,
    balance_transaction: null,
    billing_details: { address: null, email: customer?.email ?? null, name: customer?.name ?? null, phone: null },
    calculated_statement_descriptor: 'ITCONNECT',
    captured: true,
    created: paidAt,
    currency: invoice.currency,
    customer: invoice.customer,
    description: intent.description,
    disputed: false,
    failure_code: null,
    failure_message: null,
    livemode: false,
    metadata: {},
    outcome: { network_status: 'approved_by_network', reason: null, risk_level: 'normal', seller_message: 'Payment complete.', type: 'authorized' },
    paid: true,
    payment_intent: intent.id,
    payment_method: paymentMethod,
    payment_method_details: { type: 'card', card: { brand: 'visa', last4, exp_month: 12, exp_year: expYear, funding: 'credit', country: 'GB' } },
    receipt_email: customer?.email ?? null,
    receipt_url: null,
    refunded: false,
    status: 'succeeded',
  });
  const paidIntent = await ctx.repo.put('payment_intent', {
    ...intent,
    amount_received: intent.amount,
    last_payment_error: null,
    latest_charge: charge.id,
    payment_method: paymentMethod,
    status: 'succeeded',
  });
  await ctx.repo.put('invoice_payment', { ...payment, amount_paid: invoice.amount_due, status: 'paid', status_transitions: { ...payment.status_transitions, paid_at: paidAt } });
  const paidInvoice = await ctx.repo.put('invoice', {
    ...invoice,
    amount_paid: invoice.amount_due,
    amount_remaining: 0,
    attempt_count: invoice.attempt_count + 1,
    attempted: true,
    next_payment_attempt: null,
    status: 'paid',
    status_transitions: { ...invoice.status_transitions, paid_at: paidAt },
  });
  return { invoice: paidInvoice, intent: paidIntent, charge };
}

/** A declined attempt on an open invoice: the intent carries the error, the invoice counts the try. No events. */
async function recordDecline(ctx: EngineContext, invoice: InvoiceObject, retryLater: boolean): Promise<{ invoice: InvoiceObject; intent: PaymentIntentObject }> {
  const { intent } = await invoiceParts(ctx, invoice);
  const failedIntent = await ctx.repo.put('payment_intent', {
    ...intent,
    last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: DECLINED_MESSAGE, charge: null },
    status: 'requires_payment_method',
  });
  const failedInvoice = await ctx.repo.put('invoice', {
    ...invoice,
    attempt_count: invoice.attempt_count + 1,
    attempted: true,
    next_payment_attempt: retryLater ? now() + 3 * 86400 : null,
  });
  return { invoice: failedInvoice, intent: failedIntent };
}

async function setSubscriptionStatus(ctx: EngineContext, subscriptionId: string, status: SubscriptionObject['status'], extra: Partial<SubscriptionObject> = {}): Promise<void> {
  const subscription = await ctx.repo.need('subscription', subscriptionId);
  const next = await ctx.repo.put('subscription', { ...subscription, ...extra, status });
  const previous = changedFields(subscription, next, ['status', 'latest_invoice', 'items', 'default_payment_method']);
  if (previous) ctx.emit('customer.subscription.updated', next, previous);
}

export async function createSubscription(ctx: EngineContext, p: Params): Promise<SubscriptionObject> {
  const customer = await ctx.repo.need('customer', p.requiredString('customer'), 'customer');
  const items = p.list('items');
  if (items.length === 0) throw StripeError.missing('items');
  if (items.length > 1) throw StripeError.invalid('The stand-in supports one item per subscription.', 'items');
  const item = items[0] as Params;
  const priceId = item.string('price');
  const priceData = item.child('price_data');
  let price: PriceObject;
  if (priceId) price = await ctx.repo.need('price', priceId, 'items[0][price]');
  else if (priceData) price = await createPrice(ctx, priceData, { inline: true });
  else throw StripeError.missing('items[0][price]');
  if (!price.recurring) throw StripeError.invalid('The price specified is not recurring. A subscription needs a recurring price.', 'items[0][price]');
  const quantity = item.integer('quantity') ?? 1;
  // No card is ever on file here, so every new subscription waits for its first payment
  // (payment_behavior=default_incomplete); the other behaviours would need a saved card.
  p.oneOf('payment_behavior', ['default_incomplete', 'allow_incomplete', 'error_if_incomplete', 'pending_if_incomplete'] as const);
  const save = p.child('payment_settings')?.oneOf('save_default_payment_method', ['off', 'on_subscription'] as const) ?? 'off';
  const { subscription, item: subscriptionItem } = await newSubscription(ctx, {
    customer,
    price,
    quantity,
    metadata: p.metadata() ?? {},
    status: 'incomplete',
    saveDefaultPaymentMethod: save,
    description: p.string('description') ?? null,
  });
  const opened = await openInvoice(ctx, { subscription, item: subscriptionItem, customer, billingReason: 'subscription_create', periodStart: subscriptionItem.current_period_start, periodEnd: subscriptionItem.current_period_end });
  const created = await ctx.repo.put('subscription', { ...subscription, latest_invoice: opened.invoice.id });
  ctx.emit('customer.subscription.created', created);
  return created;
}

export async function updateSubscription(ctx: EngineContext, id: string, p: Params): Promise<SubscriptionObject> {
  const subscription = await ctx.repo.need('subscription', id);
  if (p.has('items')) throw StripeError.invalid("The stand-in does not change a subscription's items.", 'items');
  const cancelAtPeriodEnd = p.boolean('cancel_at_period_end');
  if (subscription.status === 'canceled' && (cancelAtPeriodEnd !== undefined || p.has('description'))) {
    throw StripeError.invalid('A canceled subscription can only update its cancellation_details and metadata.');
  }
  const details = p.child('cancellation_details');
  const item = firstItem(subscription);
  const next: SubscriptionObject = {
    ...subscription,
    metadata: mergeMetadata(subscription.metadata, p.metadata(), p.raw.metadata === ''),
    description: p.has('description') ? (p.nullableString('description') ?? null) : subscription.description,
    cancel_at_period_end: cancelAtPeriodEnd ?? subscription.cancel_at_period_end,
    cancel_at: cancelAtPeriodEnd === undefined ? subscription.cancel_at : cancelAtPeriodEnd ? item.current_period_end : null,
    canceled_at: cancelAtPeriodEnd === undefined ? subscription.canceled_at : cancelAtPeriodEnd ? now() : null,
    cancellation_details: details
      ? {
          ...subscription.cancellation_details,
          comment: details.has('comment') ? (details.nullableString('comment') ?? null) : subscription.cancellation_details.comment,
          feedback: details.has('feedback') ? (details.nullableString('feedback') ?? null) : subscription.cancellation_details.feedback,
        }
      : subscription.cancellation_details,
  };
  if (cancelAtPeriodEnd !== undefined && subscription.status !== 'canceled') {
    next.cancellation_details = { ...next.cancellation_details, reason: cancelAtPeriodEnd ? 'cancellation_requested' : null };
  }
  await ctx.repo.put('subscription', next);
  const previous = changedFields(subscription, next, ['metadata', 'description', 'cancel_at_period_end', 'cancel_at', 'canceled_at', 'cancellation_details']);
  if (previous) ctx.emit('customer.subscription.updated', next, previous);
  return next;
}

/** Ends a subscription now. An incomplete one's unpaid first invoice is voided. Event: customer.subscription.deleted. */
export async function cancelSubscription(ctx: EngineContext, id: string, p?: Params): Promise<SubscriptionObject> {
  const subscription = await ctx.repo.need('subscription', id);
  // Stripe treats a canceled subscription as gone for cancel (it still retrieves): 404 No such subscription.
  if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') throw StripeError.notFound('subscription', id);
  const at = now();
  if (subscription.status === 'incomplete') {
    for (const invoice of await ctx.repo.list('invoice')) {
      if (invoice.parent.subscription_details.subscription !== id || invoice.status !== 'open') continue;
      const { intent, payment } = await invoiceParts(ctx, invoice);
      await ctx.repo.put('payment_intent', { ...intent, status: 'canceled', canceled_at: at });
      await ctx.repo.put('invoice_payment', { ...payment, status: 'canceled', status_transitions: { ...payment.status_transitions, canceled_at: at } });
      await ctx.repo.put('invoice', { ...invoice, status: 'void', amount_remaining: 0, status_transitions: { ...invoice.status_transitions, voided_at: at } });
    }
  }
  const details = p?.child('cancellation_details');
  const canceled = await ctx.repo.put('subscription', {
    ...subscription,
    status: 'canceled',
    canceled_at: at,
    ended_at: at,
    cancel_at: null,
    cancellation_details: {
      comment: details?.string('comment') ?? subscription.cancellation_details.comment,
      feedback: details?.string('feedback') ?? subscription.cancellation_details.feedback,
      reason: 'cancellation_requested',
    },
  });
  ctx.emit('customer.subscription.deleted', canceled);
  return canceled;
}

export async function findSubscriptions(ctx: EngineContext, p: Params): Promise<SubscriptionObject[]> {
  const customer = p.string('customer');
  const status = p.string('status');
  const price = p.string('price');
  return (await ctx.repo.list('subscription')).filter(
    (s) =>
      (customer === undefined || s.customer === customer) &&
      // Stripe leaves canceled subscriptions out unless asked (status=canceled or status=all).
      (status === 'all' || (status === undefined ? s.status !== 'canceled' : s.status === status)) &&
      (price === undefined || s.items.data.some((item) => item.price.id === price)),
  );
}

/** The subscription an invoice belongs to, or null for a stray invoice. */
async function subscriptionOf(ctx: EngineContext, invoice: InvoiceObject): Promise<SubscriptionObject | undefined> {
  return ctx.repo.get('subscription', invoice.parent.subscription_details.subscription);
}

/**
 * Confirms a payment intent with a test card (POST /demo-pay/confirm, POST /v1/payment_intents/:id/confirm).
 * Succeeds: the invoice is paid and its subscription active; events invoice.paid,
 * invoice.payment_succeeded, customer.subscription.updated. Declined: a 402 card error, the intent
 * carries last_payment_error; event invoice.payment_failed.
 */
export async function confirmPaymentIntent(ctx: EngineContext, intentId: string, outcome: 'succeeds' | 'declined', last4 = '4242'): Promise<PaymentIntentObject> {
  const intent = await ctx.repo.need('payment_intent', intentId);
  if (intent.status === 'succeeded') return intent;
  if (intent.status === 'canceled') {
    throw StripeError.invalid('This PaymentIntent has been canceled and can no longer be confirmed.', undefined, 'payment_intent_unexpected_state');
  }
  const payment = (await ctx.repo.list('invoice_payment')).find((p) => p.payment.payment_intent === intent.id);
  const invoice = payment ? await ctx.repo.get('invoice', payment.invoice) : undefined;
  if (!invoice || invoice.status !== 'open') throw StripeError.invalid('This PaymentIntent has nothing left to pay.', undefined, 'payment_intent_unexpected_state');
  const subscription = await subscriptionOf(ctx, invoice);
  if (subscription?.status === 'canceled') throw StripeError.invalid('The subscription of this payment has been canceled.', undefined, 'payment_intent_unexpected_state');
  if (outcome === 'declined') {
    const failed = await recordDecline(ctx, invoice, invoice.billing_reason !== 'subscription_create');
    ctx.emit('invoice.payment_failed', failed.invoice);
    throw cardDeclinedError({ payment_intent: failed.intent });
  }
  const paid = await settleInvoice(ctx, invoice, last4);
  ctx.emit('invoice.paid', paid.invoice);
  ctx.emit('invoice.payment_succeeded', paid.invoice);
  if (subscription) {
    const defaultMethod = subscription.payment_settings.save_default_payment_method === 'on_subscription' ? paid.intent.payment_method : subscription.default_payment_method;
    await setSubscriptionStatus(ctx, subscription.id, 'active', { default_payment_method: defaultMethod });
  }
  return paid.intent;
}

/** The payment intent a client secret belongs to (`pi_…_secret_…`), or a 400. */
export async function intentForClientSecret(ctx: EngineContext, clientSecret: string): Promise<PaymentIntentObject> {
  const intentId = clientSecret.split('_secret_')[0] ?? '';
  const intent = intentId ? await ctx.repo.get('payment_intent', intentId) : undefined;
  if (!intent || intent.client_secret !== clientSecret) throw StripeError.invalid('No such payment: the client secret is not valid.', 'clientSecret', 'resource_missing');
  return intent;
}

function renewable(subscription: SubscriptionObject): void {
  if (subscription.status !== 'active' && subscription.status !== 'past_due') {
    throw StripeError.invalid(`Only an active or past-due subscription renews (this one is ${subscription.status}).`, undefined, 'subscription_not_renewable');
  }
}

/**
 * The next billing period, now (the billing page's "Renew now", controls.renew). A subscription set
 * to cancel at period end ends instead (customer.subscription.deleted). Otherwise the period
 * advances and a subscription_cycle invoice is made: paid (invoice.paid,
 * invoice.payment_succeeded, customer.subscription.updated) or, when marked to fail, left open
 * with one failed attempt and the subscription past_due (invoice.payment_failed,
 * customer.subscription.updated).
 */
export async function renewSubscription(ctx: EngineContext, id: string): Promise<{ subscription: SubscriptionObject; invoice: InvoiceObject | null }> {
  const subscription = await ctx.repo.need('subscription', id);
  renewable(subscription);
  if (subscription.cancel_at_period_end) {
    const at = now();
    const ended = await ctx.repo.put('subscription', { ...subscription, status: 'canceled', canceled_at: subscription.canceled_at ?? at, ended_at: at, cancel_at: null });
    ctx.emit('customer.subscription.deleted', ended);
    return { subscription: ended, invoice: null };
  }
  const item = firstItem(subscription);
  const recurring = item.price.recurring;
  if (!recurring) throw new StripeError(500, 'api_error', `Subscription ${id} has no recurring price.`);
  const customer = await ctx.repo.need('customer', subscription.customer);
  const periodStart = item.current_period_end;
  const periodEnd = addInterval(periodStart, recurring.interval, recurring.interval_count);
  const nextItem: SubscriptionItemObject = { ...item, current_period_start: periodStart, current_period_end: periodEnd };
  const advanced: SubscriptionObject = { ...subscription, items: { ...subscription.items, data: [nextItem, ...subscription.items.data.slice(1)] } };
  await ctx.repo.put('subscription', advanced);
  const opened = await openInvoice(ctx, {
    subscription: advanced,
    item: nextItem,
    customer,
    billingReason: 'subscription_cycle',
    periodStart,
    periodEnd,
    previousPeriod: { start: item.current_period_start, end: item.current_period_end },
  });
  const state = await ctx.repo.get('test.subscription', id);
  const withInvoice: SubscriptionObject = { ...advanced, latest_invoice: opened.invoice.id };
  if (state?.failNextRenewal) {
    const failed = await recordDecline(ctx, opened.invoice, true);
    const pastDue = await ctx.repo.put('subscription', { ...withInvoice, status: 'past_due' });
    ctx.emit('invoice.payment_failed', failed.invoice);
    ctx.emit('customer.subscription.updated', pastDue, subscriptionChanges(subscription, pastDue));
    return { subscription: pastDue, invoice: failed.invoice };
  }
  const paid = await settleInvoice(ctx, opened.invoice, '4242');
  const active = await ctx.repo.put('subscription', { ...withInvoice, status: 'active' });
  ctx.emit('invoice.paid', paid.invoice);
  ctx.emit('invoice.payment_succeeded', paid.invoice);
  ctx.emit('customer.subscription.updated', active, subscriptionChanges(subscription, active));
  return { subscription: active, invoice: paid.invoice };
}

function subscriptionChanges(before: SubscriptionObject, after: SubscriptionObject): Record<string, unknown> {
  return changedFields(before, after, ['status', 'latest_invoice', 'items']) ?? {};
}

export async function setFailNextRenewal(ctx: EngineContext, id: string, on: boolean): Promise<void> {
  await ctx.repo.need('subscription', id);
  await ctx.repo.put('test.subscription', { id, failNextRenewal: on });
}

export async function failsNextRenewal(ctx: EngineContext, id: string): Promise<boolean> {
  return (await ctx.repo.get('test.subscription', id))?.failNextRenewal ?? false;
}

/**
 * "Update card (test)": the card works again (the failing mark is cleared) and every open renewal
 * invoice is paid at once; a past-due subscription becomes active.
 */
export async function updateCard(ctx: EngineContext, id: string): Promise<SubscriptionObject> {
  const subscription = await ctx.repo.need('subscription', id);
  renewable(subscription);
  await setFailNextRenewal(ctx, id, false);
  const open = (await ctx.repo.list('invoice')).filter((invoice) => invoice.parent.subscription_details.subscription === id && invoice.status === 'open');
  for (const invoice of open) {
    const paid = await settleInvoice(ctx, invoice, '4242');
    ctx.emit('invoice.paid', paid.invoice);
    ctx.emit('invoice.payment_succeeded', paid.invoice);
  }
  if (subscription.status === 'past_due') await setSubscriptionStatus(ctx, id, 'active');
  return ctx.repo.need('subscription', id);
}

// ─── Refunds ────────────────────────────────────────────────────────────────────────────────

/** Refunds all that is left of a charge, or `amount` of it. Events: refund.created, charge.refunded. */
export async function createRefund(ctx: EngineContext, p: Params): Promise<RefundObject> {
  const intentId = p.string('payment_intent');
  const chargeId = p.string('charge');
  if (!intentId && !chargeId) throw StripeError.missing('charge');
  if (intentId && chargeId) throw StripeError.invalid('You may only specify one of these parameters: charge, payment_intent.', 'payment_intent');
  let charge: ChargeObject;
  if (chargeId) {
    charge = await ctx.repo.need('charge', chargeId, 'charge');
  } else {
    const intent = await ctx.repo.need('payment_intent', intentId as string, 'payment_intent');
    if (!intent.latest_charge) {
      throw StripeError.invalid(`This PaymentIntent (${intent.id}) does not have a successful charge to refund.`, 'payment_intent', 'charge_not_refundable');
    }
    charge = await ctx.repo.need('charge', intent.latest_charge);
  }
  const remaining = charge.amount - charge.amount_refunded;
  if (remaining <= 0) throw StripeError.invalid(`Charge ${charge.id} has already been refunded.`, undefined, 'charge_already_refunded');
  const amount = p.integer('amount') ?? remaining;
  if (amount < 1) throw StripeError.invalid('Invalid amount: must be at least 1', 'amount', 'parameter_invalid_integer');
  if (amount > remaining) {
    throw StripeError.invalid(
      `Refund amount (${formatAmount(amount, charge.currency)}) is greater than unrefunded amount on charge (${formatAmount(remaining, charge.currency)})`,
      'amount',
      'amount_too_large',
    );
  }
  const refund = await ctx.repo.put('refund', {
    id: newId('refund'),
    object: 'refund',
    amount,
    balance_transaction: null,
    charge: charge.id,
    created: now(),
    currency: charge.currency,
    metadata: p.metadata() ?? {},
    payment_intent: charge.payment_intent,
    reason: p.oneOf('reason', ['duplicate', 'fraudulent', 'requested_by_customer'] as const) ?? null,
    receipt_number: null,
    source_transfer_reversal: null,
    status: 'succeeded',
    transfer_reversal: null,
  });
  const refundedTotal = charge.amount_refunded + amount;
  const updated = await ctx.repo.put('charge', { ...charge, amount_refunded: refundedTotal, refunded: refundedTotal >= charge.amount });
  ctx.emit('refund.created', refund);
  ctx.emit('charge.refunded', updated, { amount_refunded: charge.amount_refunded, refunded: charge.refunded });
  return refund;
}

// ─── Billing portal ─────────────────────────────────────────────────────────────────────────

export async function createPortalSession(ctx: EngineContext, p: Params): Promise<PortalSessionObject> {
  const customer = await ctx.repo.need('customer', p.requiredString('customer'), 'customer');
  const id = newId('billing_portal.session');
  return ctx.repo.put('billing_portal.session', {
    id,
    object: 'billing_portal.session',
    configuration: 'bpc_standin_default',
    created: now(),
    customer: customer.id,
    flow: null,
    livemode: false,
    locale: null,
    on_behalf_of: null,
    return_url: p.string('return_url') ?? null,
    url: `${ctx.publicUrl}/demo-pay/billing/${id}`,
  });
}

/** 300 gbp → '£3.00'. */
export function formatAmount(minor: number, currency: string): string {
  const symbol = currency.toLowerCase() === 'gbp' ? '£' : `${currency.toUpperCase()} `;
  const sign = minor < 0 ? '-' : '';
  return `${sign}${symbol}${(Math.abs(minor) / 100).toFixed(2)}`;
}
