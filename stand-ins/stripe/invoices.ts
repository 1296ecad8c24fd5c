// Invoices and their payments: an open invoice with its payment intent and invoice payment,
// paying it (a charge, a PaymentMethod), a declined attempt, and confirming a payment intent with a
// test card (the demo card form, /v1/payment_intents/:id/confirm). Test cards: 4242 4242 4242 4242
// pays, 4000 0000 0000 0002 is declined.
import { changedFields, type EngineContext } from './catalog';
import { StripeError } from './http';
import {
  emptyList,
  newId,
  nowSeconds,
  type ChargeObject,
  type CustomerObject,
  type InvoiceObject,
  type InvoicePaymentObject,
  type PaymentIntentObject,
  type SubscriptionItemObject,
  type SubscriptionObject,
} from './objects';

export const TEST_CARDS = { succeeds: '4242424242424242', declined: '4000000000000002' } as const;
export const DECLINED_MESSAGE = 'Your card was declined.';
export const DEBIT_REFUSED_MESSAGE = "The customer's bank refused the Direct Debit.";
/** The test bank account of a Bacs Direct Debit (Stripe's own test sort code and account). */
const TEST_BACS = { fingerprint: 'standinBacs00001', last4: '2345', sort_code: '108800' } as const;

/** How an invoice is paid: a card (its last four digits), or a Bacs Direct Debit. */
export type PaidBy = { method: 'card'; last4: string } | { method: 'bacs_debit' };
export const CARD_4242: PaidBy = { method: 'card', last4: '4242' };
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

/**
 * A finalized, open invoice for one period of `subscription` with its payment intent (waiting for
 * a payment method) and its default invoice payment. Stripe's invoice period_start/period_end are
 * the period *before* the invoice (both the creation time on a first invoice); the period paid
 * for is the line's `period`.
 */
export async function openInvoice(
  ctx: EngineContext,
  args: {
    subscription: SubscriptionObject;
    item: SubscriptionItemObject;
    customer: CustomerObject;
    billingReason: 'subscription_create' | 'subscription_cycle' | 'subscription_update';
    periodStart: number;
    periodEnd: number;
    previousPeriod?: { start: number; end: number };
    /** When it was made (unix seconds): now, unless history is imported (history.ts). */
    at?: number;
  },
): Promise<{ invoice: InvoiceObject; intent: PaymentIntentObject; payment: InvoicePaymentObject }> {
  const { subscription, item, customer } = args;
  const created = args.at ?? now();
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
  await ctx.repo.linkInvoicePayment(payment);
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

export async function invoiceParts(ctx: EngineContext, invoice: InvoiceObject): Promise<{ payment: InvoicePaymentObject; intent: PaymentIntentObject }> {
  const payment = await ctx.repo.invoicePaymentOf(invoice.id);
  if (!payment) throw new StripeError(500, 'api_error', `Invoice ${invoice.id} has no payment.`);
  const intent = await ctx.repo.need('payment_intent', payment.payment.payment_intent);
  return { payment, intent };
}

const expYear = () => new Date().getUTCFullYear() + 3;

/** A PaymentMethod of the invoice's customer for `paidBy`. */
async function newPaymentMethod(ctx: EngineContext, invoice: InvoiceObject, paidBy: PaidBy, at: number): Promise<string> {
  const customer = await ctx.repo.get('customer', invoice.customer);
  const method = await ctx.repo.put('payment_method', {
    id: newId('payment_method'),
    object: 'payment_method',
    allow_redisplay: 'unspecified',
    billing_details: { address: null, email: customer?.email ?? null, name: customer?.name ?? null, phone: null, tax_id: null },
    ...(paidBy.method === 'card'
      ? { card: { brand: 'visa', checks: null, country: 'GB', display_brand: 'visa', exp_month: 12, exp_year: expYear(), funding: 'credit', generated_from: null, last4: paidBy.last4, networks: null, wallet: null } as const }
      : { bacs_debit: { ...TEST_BACS } }),
    created: at,
    customer: invoice.customer,
    livemode: false,
    metadata: {},
    type: paidBy.method,
  });
  return method.id;
}

/**
 * A Bacs Direct Debit started on an open invoice (a Checkout paid by Direct Debit): the intent is
 * processing with its payment method; the invoice stays open until the bank answers
 * (checkout.ts settleDelayedCheckout). No events.
 */
export async function startDelayedPayment(ctx: EngineContext, invoice: InvoiceObject, at = now()): Promise<{ invoice: InvoiceObject; intent: PaymentIntentObject }> {
  const { intent } = await invoiceParts(ctx, invoice);
  const processing = await ctx.repo.put('payment_intent', {
    ...intent,
    payment_method: intent.payment_method ?? (await newPaymentMethod(ctx, invoice, { method: 'bacs_debit' }, at)),
    payment_method_types: ['bacs_debit'],
    status: 'processing',
  });
  const attempted = await ctx.repo.put('invoice', { ...invoice, attempt_count: invoice.attempt_count + 1, attempted: true });
  return { invoice: attempted, intent: processing };
}

/** The bank refused a Direct Debit that was processing: the intent needs a new payment method; the invoice stays open. No events. */
export async function refuseDelayedPayment(ctx: EngineContext, invoice: InvoiceObject): Promise<{ invoice: InvoiceObject; intent: PaymentIntentObject }> {
  const { intent } = await invoiceParts(ctx, invoice);
  const failed = await ctx.repo.put('payment_intent', {
    ...intent,
    last_payment_error: { type: 'invalid_request_error', code: 'debit_not_authorized', message: DEBIT_REFUSED_MESSAGE, charge: null },
    payment_method: null,
    status: 'requires_payment_method',
  });
  return { invoice, intent: failed };
}

/** Pays an open invoice: a succeeded charge, the intent succeeded, the invoice and its payment paid. No events. `at`: when (now by default). */
export async function settleInvoice(ctx: EngineContext, invoice: InvoiceObject, paidBy: PaidBy, at = now()): Promise<{ invoice: InvoiceObject; intent: PaymentIntentObject; charge: ChargeObject }> {
  const { payment, intent } = await invoiceParts(ctx, invoice);
  const paidAt = at;
  const customer = await ctx.repo.get('customer', invoice.customer);
  const paymentMethod = intent.payment_method ?? (await newPaymentMethod(ctx, invoice, paidBy, paidAt));
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
    payment_method_details:
      paidBy.method === 'card'
        ? { type: 'card', card: { brand: 'visa', last4: paidBy.last4, exp_month: 12, exp_year: expYear(), funding: 'credit', country: 'GB' } }
        : { type: 'bacs_debit', bacs_debit: { ...TEST_BACS, mandate: null } },
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
    // A Direct Debit counted its attempt when it started.
    attempt_count: intent.status === 'processing' ? invoice.attempt_count : invoice.attempt_count + 1,
    attempted: true,
    next_payment_attempt: null,
    status: 'paid',
    status_transitions: { ...invoice.status_transitions, paid_at: paidAt },
  });
  return { invoice: paidInvoice, intent: paidIntent, charge };
}

/** A declined attempt on an open invoice: the intent carries the error, the invoice counts the try. No events. */
export async function recordDecline(ctx: EngineContext, invoice: InvoiceObject, retryLater: boolean): Promise<{ invoice: InvoiceObject; intent: PaymentIntentObject }> {
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

export async function setSubscriptionStatus(ctx: EngineContext, subscriptionId: string, status: SubscriptionObject['status'], extra: Partial<SubscriptionObject> = {}): Promise<void> {
  const subscription = await ctx.repo.need('subscription', subscriptionId);
  const next = await ctx.repo.put('subscription', { ...subscription, ...extra, status });
  const previous = changedFields(subscription, next, ['status', 'latest_invoice', 'items', 'default_payment_method']);
  if (previous) ctx.emit('customer.subscription.updated', next, previous);
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
  // A Direct Debit the bank has not answered yet: nothing to confirm until it does.
  if (intent.status === 'processing') {
    throw StripeError.invalid('You cannot confirm this PaymentIntent because it has a status of processing.', undefined, 'payment_intent_unexpected_state');
  }
  const payment = await ctx.repo.invoicePaymentOf(intent.id);
  const invoice = payment ? await ctx.repo.get('invoice', payment.invoice) : undefined;
  if (!invoice || invoice.status !== 'open') throw StripeError.invalid('This PaymentIntent has nothing left to pay.', undefined, 'payment_intent_unexpected_state');
  const subscription = await subscriptionOf(ctx, invoice);
  if (subscription?.status === 'canceled') throw StripeError.invalid('The subscription of this payment has been canceled.', undefined, 'payment_intent_unexpected_state');
  if (outcome === 'declined') {
    const failed = await recordDecline(ctx, invoice, invoice.billing_reason !== 'subscription_create');
    ctx.emit('invoice.payment_failed', failed.invoice);
    throw cardDeclinedError({ payment_intent: failed.intent });
  }
  const paid = await settleInvoice(ctx, invoice, { method: 'card', last4 });
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

/** 300 gbp → '£3.00'. */
export function formatAmount(minor: number, currency: string): string {
  const symbol = currency.toLowerCase() === 'gbp' ? '£' : `${currency.toUpperCase()} `;
  const sign = minor < 0 ? '-' : '';
  return `${sign}${symbol}${(Math.abs(minor) / 100).toFixed(2)}`;
}
