// Checkout Sessions (mode=subscription): created with a price or price_data, paid on the demo
// checkout page (or controls.pay) by card, or by Bacs Direct Debit, whose outcome comes later
// (settleDelayedCheckout: the bank confirms or refuses), declined there without an event, expired
// by the API or by time.
import { createCustomer, createPrice, type EngineContext } from './catalog';
import type { Params } from './form-body';
import { StripeError } from './http';
import { CARD_4242, invoiceParts, openInvoice, refuseDelayedPayment, setSubscriptionStatus, settleInvoice, startDelayedPayment } from './invoices';
import { newId, nowSeconds, type CheckoutSessionObject, type LineItemObject, type PriceObject } from './objects';
import { newSubscription } from './subscriptions';

const now = nowSeconds;

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
 * By Bacs Direct Debit (`bacs_debit`) nothing is paid yet, as with Stripe: the session is complete
 * with payment_status 'unpaid', the subscription incomplete and its first invoice open with the
 * payment processing. Events: customer.subscription.created, checkout.session.completed. The
 * outcome comes with settleDelayedCheckout.
 */
export async function payCheckoutSession(ctx: EngineContext, id: string, method: 'card' | 'bacs_debit' = 'card'): Promise<CheckoutSessionObject> {
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
    status: method === 'card' ? 'active' : 'incomplete',
    saveDefaultPaymentMethod: 'on_subscription',
  });
  const opened = await openInvoice(ctx, { subscription, item, customer, billingReason: 'subscription_create', periodStart: item.current_period_start, periodEnd: item.current_period_end });
  const customerDetails = { email: customer.email, name: customer.name, phone: null, address: null, tax_exempt: 'none', tax_ids: [] } as const;
  if (method === 'bacs_debit') {
    const started = await startDelayedPayment(ctx, opened.invoice);
    const incomplete = await ctx.repo.put('subscription', { ...subscription, latest_invoice: started.invoice.id, default_payment_method: started.intent.payment_method });
    await ctx.repo.put('test.checkout', { ...state, delayed: 'processing' });
    const waiting = await ctx.repo.put('checkout.session', {
      ...session,
      status: 'complete',
      payment_status: 'unpaid',
      customer: customer.id,
      subscription: incomplete.id,
      customer_details: { ...customerDetails, tax_ids: [] },
    });
    ctx.emit('customer.subscription.created', incomplete);
    ctx.emit('checkout.session.completed', waiting);
    return waiting;
  }
  const paid = await settleInvoice(ctx, opened.invoice, CARD_4242);
  const activeSubscription = await ctx.repo.put('subscription', { ...subscription, latest_invoice: paid.invoice.id, default_payment_method: paid.intent.payment_method });
  const completed = await ctx.repo.put('checkout.session', {
    ...session,
    status: 'complete',
    payment_status: 'paid',
    customer: customer.id,
    subscription: activeSubscription.id,
    customer_details: { ...customerDetails, tax_ids: [] },
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

/**
 * The Direct Debit of a Checkout paid by Bacs that still waits for the bank, or null: answered
 * already, or its subscription cancelled meanwhile (its invoice void, its payment canceled), when
 * there is nothing left for the bank to confirm.
 */
export async function directDebitWaiting(ctx: EngineContext, id: string) {
  const session = await ctx.repo.get('checkout.session', id);
  const state = await ctx.repo.get('test.checkout', id);
  if (!session?.subscription || state?.delayed !== 'processing') return null;
  const subscription = await ctx.repo.get('subscription', session.subscription);
  const invoice = subscription?.latest_invoice ? await ctx.repo.get('invoice', subscription.latest_invoice) : undefined;
  if (!subscription || subscription.status !== 'incomplete' || !invoice || invoice.status !== 'open') return null;
  const { intent } = await invoiceParts(ctx, invoice);
  return intent.status === 'processing' ? { session, state, subscription, invoice } : null;
}

/**
 * The bank's answer to a Checkout paid by Bacs Direct Debit (the demo page's test buttons, or
 * controls.settleDirectDebit). Confirmed: the first invoice paid, the subscription active, the
 * session paid; events invoice.paid, invoice.payment_succeeded, customer.subscription.updated,
 * checkout.session.async_payment_succeeded. Refused: the invoice stays open and the subscription
 * incomplete (Stripe expires it after 23 hours; the stand-in leaves it so); events
 * invoice.payment_failed, checkout.session.async_payment_failed.
 */
export async function settleDelayedCheckout(ctx: EngineContext, id: string, outcome: 'succeeded' | 'failed'): Promise<CheckoutSessionObject> {
  await ctx.repo.need('checkout.session', id);
  const waiting = await directDebitWaiting(ctx, id);
  if (!waiting) throw StripeError.invalid('This Checkout Session has no Direct Debit waiting for the bank.', undefined, 'checkout_session_not_processing');
  const { session, state, subscription, invoice } = waiting;
  await ctx.repo.put('test.checkout', { ...state, delayed: outcome });
  if (outcome === 'failed') {
    const refused = await refuseDelayedPayment(ctx, invoice);
    ctx.emit('invoice.payment_failed', refused.invoice);
    ctx.emit('checkout.session.async_payment_failed', session);
    return session;
  }
  const paid = await settleInvoice(ctx, invoice, { method: 'bacs_debit' });
  ctx.emit('invoice.paid', paid.invoice);
  ctx.emit('invoice.payment_succeeded', paid.invoice);
  await setSubscriptionStatus(ctx, subscription.id, 'active');
  const settled = await ctx.repo.put('checkout.session', { ...session, payment_status: 'paid' });
  ctx.emit('checkout.session.async_payment_succeeded', settled);
  return settled;
}
