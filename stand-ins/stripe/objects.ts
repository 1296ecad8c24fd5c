// The Stripe objects the stand-in keeps, as the subset of Stripe's fields it fills (names and
// shapes as in stripe@23's types, API version 2026-10-28.endive; the type checks at the bottom
// fail to compile if a field name is not Stripe's), their ids, and the typed store over them.
import { randomBytes } from 'node:crypto';
import type Stripe from 'stripe';
import { StripeError } from './http';
import type { StandInStore } from './store';

export const API_VERSION = '2026-10-28.endive';

type Metadata = Record<string, string>;
export interface ApiList<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  url: string;
  total_count?: number;
}

export interface ProductObject {
  id: string;
  object: 'product';
  active: boolean;
  created: number;
  updated: number;
  default_price: string | null;
  description: string | null;
  images: string[];
  livemode: false;
  marketing_features: [];
  metadata: Metadata;
  name: string;
  package_dimensions: null;
  shippable: null;
  statement_descriptor: null;
  tax_code: null;
  type: 'service';
  unit_label: null;
  url: null;
}

export interface PriceObject {
  id: string;
  object: 'price';
  active: boolean;
  billing_scheme: 'per_unit';
  created: number;
  currency: string;
  custom_unit_amount: null;
  livemode: false;
  lookup_key: string | null;
  metadata: Metadata;
  nickname: string | null;
  product: string;
  recurring: { interval: 'day' | 'week' | 'month' | 'year'; interval_count: number; meter: null; trial_period_days: null; usage_type: 'licensed' } | null;
  tax_behavior: 'unspecified';
  tiers_mode: null;
  transform_quantity: null;
  type: 'recurring' | 'one_time';
  unit_amount: number;
  unit_amount_decimal: string;
}

export interface CustomerObject {
  id: string;
  object: 'customer';
  address: null;
  balance: number;
  created: number;
  currency: string | null;
  default_source: null;
  delinquent: boolean;
  description: string | null;
  email: string | null;
  invoice_prefix: string;
  invoice_settings: { custom_fields: null; default_payment_method: string | null; footer: null; rendering_options: null };
  livemode: false;
  metadata: Metadata;
  name: string | null;
  next_invoice_sequence: number;
  phone: string | null;
  preferred_locales: string[];
  shipping: null;
  tax_exempt: 'none';
  test_clock: null;
}

export interface LineItemObject {
  id: string;
  object: 'item';
  amount_discount: number;
  amount_subtotal: number;
  amount_tax: number;
  amount_total: number;
  currency: string;
  description: string;
  price: PriceObject;
  quantity: number;
}

export interface CheckoutSessionObject {
  id: string;
  object: 'checkout.session';
  allow_promotion_codes: null;
  amount_subtotal: number;
  amount_total: number;
  billing_address_collection: null;
  cancel_url: string | null;
  client_reference_id: string | null;
  client_secret: null;
  created: number;
  currency: string;
  customer: string | null;
  customer_creation: 'always' | null;
  customer_details: { email: string | null; name: string | null; phone: null; address: null; tax_exempt: 'none'; tax_ids: [] } | null;
  customer_email: string | null;
  expires_at: number;
  invoice: string | null;
  livemode: false;
  locale: null;
  metadata: Metadata;
  mode: 'subscription';
  payment_intent: null;
  payment_link: null;
  payment_method_collection: 'always';
  payment_method_types: string[];
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  setup_intent: null;
  status: 'open' | 'complete' | 'expired';
  submit_type: null;
  subscription: string | null;
  success_url: string;
  ui_mode: 'hosted';
  url: string | null;
}

export interface SubscriptionItemObject {
  id: string;
  object: 'subscription_item';
  created: number;
  current_period_start: number;
  current_period_end: number;
  discounts: [];
  metadata: Metadata;
  price: PriceObject;
  quantity: number;
  subscription: string;
  tax_rates: [];
}

export type SubscriptionStatus = 'incomplete' | 'incomplete_expired' | 'trialing' | 'active' | 'past_due' | 'canceled' | 'unpaid' | 'paused';

export interface SubscriptionObject {
  id: string;
  object: 'subscription';
  application: null;
  billing_cycle_anchor: number;
  cancel_at: number | null;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  cancellation_details: { comment: string | null; feedback: string | null; reason: 'cancellation_requested' | 'payment_failed' | null };
  collection_method: 'charge_automatically';
  created: number;
  currency: string;
  customer: string;
  days_until_due: null;
  default_payment_method: string | null;
  description: string | null;
  discounts: [];
  ended_at: number | null;
  items: ApiList<SubscriptionItemObject>;
  latest_invoice: string | null;
  livemode: false;
  metadata: Metadata;
  pause_collection: null;
  payment_settings: { payment_method_options: null; payment_method_types: null; save_default_payment_method: 'off' | 'on_subscription' };
  pending_setup_intent: null;
  pending_update: null;
  schedule: null;
  start_date: number;
  status: SubscriptionStatus;
  test_clock: null;
  trial_end: null;
  trial_start: null;
}

export interface InvoiceLineObject {
  id: string;
  object: 'line_item';
  amount: number;
  currency: string;
  description: string;
  discount_amounts: [];
  discountable: boolean;
  discounts: [];
  invoice: string;
  livemode: false;
  metadata: Metadata;
  parent: {
    type: 'subscription_item_details';
    invoice_item_details: null;
    subscription_item_details: { invoice_item: null; proration: false; proration_details: { credited_items: null }; subscription: string; subscription_item: string };
  };
  period: { start: number; end: number };
  pretax_credit_amounts: [];
  pricing: { type: 'price_details'; price_details: { price: string; product: string }; unit_amount_decimal: string };
  quantity: number;
  subscription: string;
  subtotal: number;
  taxes: [];
}

export type InvoiceStatus = 'draft' | 'open' | 'paid' | 'void' | 'uncollectible';

export interface InvoiceObject {
  id: string;
  object: 'invoice';
  account_country: 'GB';
  account_name: 'ITConnect (test mode)';
  amount_due: number;
  amount_overpaid: number;
  amount_paid: number;
  amount_remaining: number;
  amount_shipping: number;
  attempt_count: number;
  attempted: boolean;
  auto_advance: boolean;
  billing_reason: 'subscription_create' | 'subscription_cycle' | 'subscription_update';
  collection_method: 'charge_automatically';
  created: number;
  currency: string;
  customer: string;
  customer_email: string | null;
  customer_name: string | null;
  default_payment_method: null;
  description: null;
  discounts: [];
  due_date: null;
  effective_at: number;
  hosted_invoice_url: null;
  invoice_pdf: null;
  lines: ApiList<InvoiceLineObject>;
  livemode: false;
  metadata: Metadata;
  next_payment_attempt: number | null;
  number: string;
  parent: { type: 'subscription_details'; quote_details: null; subscription_details: { metadata: Metadata; subscription: string } };
  period_end: number;
  period_start: number;
  status: InvoiceStatus;
  status_transitions: { finalized_at: number | null; marked_uncollectible_at: number | null; paid_at: number | null; voided_at: number | null };
  subtotal: number;
  subtotal_excluding_tax: number;
  test_clock: null;
  total: number;
  total_excluding_tax: number;
  webhooks_delivered_at: number | null;
}

export interface InvoicePaymentObject {
  id: string;
  object: 'invoice_payment';
  amount_paid: number | null;
  amount_requested: number;
  created: number;
  currency: string;
  invoice: string;
  is_default: boolean;
  livemode: false;
  payment: { type: 'payment_intent'; payment_intent: string };
  status: 'open' | 'paid' | 'canceled';
  status_transitions: { canceled_at: number | null; paid_at: number | null };
}

export type PaymentErrorObject =
  | { type: 'card_error'; code: 'card_declined'; decline_code: 'generic_decline'; message: string; charge: string | null }
  /** A Bacs Direct Debit the bank refused, days after the checkout. */
  | { type: 'invalid_request_error'; code: 'debit_not_authorized'; message: string; charge: string | null };

export interface PaymentIntentObject {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_capturable: number;
  amount_received: number;
  canceled_at: number | null;
  cancellation_reason: null;
  capture_method: 'automatic';
  client_secret: string;
  confirmation_method: 'automatic';
  created: number;
  currency: string;
  customer: string;
  description: string | null;
  last_payment_error: PaymentErrorObject | null;
  latest_charge: string | null;
  livemode: false;
  metadata: Metadata;
  next_action: null;
  payment_method: string | null;
  payment_method_types: string[];
  receipt_email: string | null;
  setup_future_usage: 'off_session' | null;
  status: 'requires_payment_method' | 'requires_confirmation' | 'processing' | 'succeeded' | 'canceled';
}

export interface ChargeObject {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  balance_transaction: null;
  billing_details: { address: null; email: string | null; name: string | null; phone: null };
  calculated_statement_descriptor: string;
  captured: boolean;
  created: number;
  currency: string;
  customer: string;
  description: string | null;
  disputed: boolean;
  failure_code: null;
  failure_message: null;
  livemode: false;
  metadata: Metadata;
  outcome: { network_status: 'approved_by_network'; reason: null; risk_level: 'normal'; seller_message: string; type: 'authorized' };
  paid: boolean;
  payment_intent: string;
  payment_method: string;
  payment_method_details:
    | { type: 'card'; card: { brand: 'visa'; last4: string; exp_month: number; exp_year: number; funding: 'credit'; country: 'GB' } }
    | { type: 'bacs_debit'; bacs_debit: BacsDebitDetails & { mandate: null } };
  receipt_email: string | null;
  receipt_url: null;
  refunded: boolean;
  status: 'succeeded' | 'pending' | 'failed';
}

/** A test bank account's details (Bacs Direct Debit: a UK payment method whose outcome comes days later). */
export interface BacsDebitDetails {
  fingerprint: string;
  last4: string;
  sort_code: string;
}

export interface PaymentMethodObject {
  id: string;
  object: 'payment_method';
  allow_redisplay: 'unspecified';
  billing_details: { address: null; email: string | null; name: string | null; phone: null; tax_id: null };
  card?: { brand: 'visa'; checks: null; country: 'GB'; display_brand: 'visa'; exp_month: number; exp_year: number; funding: 'credit'; generated_from: null; last4: string; networks: null; wallet: null };
  bacs_debit?: BacsDebitDetails;
  created: number;
  customer: string | null;
  livemode: false;
  metadata: Metadata;
  type: 'card' | 'bacs_debit';
}

export interface RefundObject {
  id: string;
  object: 'refund';
  amount: number;
  balance_transaction: null;
  charge: string;
  created: number;
  currency: string;
  metadata: Metadata;
  payment_intent: string;
  reason: 'duplicate' | 'fraudulent' | 'requested_by_customer' | null;
  receipt_number: null;
  source_transfer_reversal: null;
  status: 'succeeded';
  transfer_reversal: null;
}

export interface PortalSessionObject {
  id: string;
  object: 'billing_portal.session';
  configuration: string;
  created: number;
  customer: string;
  flow: null;
  livemode: false;
  locale: null;
  on_behalf_of: null;
  return_url: string | null;
  url: string;
}

/** What the customer portal offers (billing_portal.configuration): the subset the stand-in models. */
export interface PortalConfigurationObject {
  id: string;
  object: 'billing_portal.configuration';
  active: boolean;
  application: null;
  business_profile: { headline: string | null; privacy_policy_url: string | null; terms_of_service_url: string | null };
  created: number;
  default_return_url: string | null;
  features: {
    customer_update: { allowed_updates: string[]; enabled: boolean };
    invoice_history: { enabled: boolean };
    payment_method_update: { enabled: boolean; payment_method_configuration: null };
    subscription_cancel: { cancellation_reason: { enabled: boolean; options: string[] }; enabled: boolean; mode: 'at_period_end' | 'immediately'; proration_behavior: 'none' };
    subscription_update: {
      default_allowed_updates: string[];
      enabled: boolean;
      products: { prices: string[]; product: string }[] | null;
      proration_behavior: 'none';
    };
  };
  is_default: boolean;
  livemode: false;
  login_page: { enabled: false; url: null };
  metadata: Metadata;
  name: string | null;
  updated: number;
}

export interface WebhookEndpointObject {
  id: string;
  object: 'webhook_endpoint';
  api_version: string | null;
  application: null;
  created: number;
  description: string | null;
  enabled_events: string[];
  livemode: false;
  metadata: Metadata;
  /** Stripe answers it only when the endpoint is created; the stand-in keeps it to sign deliveries. */
  secret?: string;
  status: 'enabled' | 'disabled';
  url: string;
}

export interface EventObject {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: unknown; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

/** What the stand-in remembers beside Stripe's own fields (never sent as part of an object). */
export interface SubscriptionTestState {
  id: string;
  failNextRenewal: boolean;
}
/** Which invoice payment belongs to an invoice or a payment intent (each invoice has one), kept
 * under both ids so a lookup is one read, not a scan of every invoice payment. */
export interface PaymentLink {
  id: string;
  invoicePayment: string;
}

/** Which webhook endpoint is the one given at start or by controls.setWebhook (webhook-endpoints.ts). */
export interface ConfiguredWebhookState {
  id: 'configured';
  endpoint: string;
}

export interface CheckoutTestState {
  id: string;
  lineItems: LineItemObject[];
  subscriptionMetadata: Metadata;
  /** Declined attempts (the demo page's Decline or test card, or controls.decline). */
  declines: number;
  /** Paid by Bacs Direct Debit: processing until the bank answers (settleDelayedCheckout). */
  delayed?: 'processing' | 'succeeded' | 'failed';
}

export interface ObjectTypes {
  product: ProductObject;
  price: PriceObject;
  customer: CustomerObject;
  'checkout.session': CheckoutSessionObject;
  subscription: SubscriptionObject;
  invoice: InvoiceObject;
  invoice_payment: InvoicePaymentObject;
  payment_intent: PaymentIntentObject;
  charge: ChargeObject;
  payment_method: PaymentMethodObject;
  refund: RefundObject;
  'billing_portal.session': PortalSessionObject;
  'billing_portal.configuration': PortalConfigurationObject;
  webhook_endpoint: WebhookEndpointObject;
  event: EventObject;
  'test.subscription': SubscriptionTestState;
  'test.checkout': CheckoutTestState;
  'test.payment_link': PaymentLink;
  'test.webhook': ConfiguredWebhookState;
}
export type ObjectType = keyof ObjectTypes;

/** Id prefixes, as Stripe's. */
const PREFIXES: Record<Exclude<ObjectType, `test.${string}`>, string> = {
  product: 'prod',
  price: 'price',
  customer: 'cus',
  'checkout.session': 'cs_test',
  subscription: 'sub',
  invoice: 'in',
  invoice_payment: 'inpay',
  payment_intent: 'pi',
  charge: 'ch',
  payment_method: 'pm',
  refund: 're',
  'billing_portal.session': 'bps',
  'billing_portal.configuration': 'bpc',
  webhook_endpoint: 'we',
  event: 'evt',
};

/** The object type an id names (by its prefix), for expansion. */
export function typeOfId(id: string): ObjectType | undefined {
  let best: ObjectType | undefined;
  let bestLength = 0;
  for (const [type, prefix] of Object.entries(PREFIXES) as [ObjectType, string][]) {
    if (id.startsWith(`${prefix}_`) && prefix.length > bestLength) {
      best = type;
      bestLength = prefix.length;
    }
  }
  return best;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `length` random base-62 characters (rejection sampling keeps them uniform). */
export function randomText(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += ALPHABET[byte % 62];
    }
  }
  return out;
}

export function newId(kind: keyof typeof PREFIXES | 'il' | 'li' | 'si' | 'req'): string {
  const prefix = kind in PREFIXES ? PREFIXES[kind as keyof typeof PREFIXES] : kind;
  return `${prefix}_${randomText(kind === 'checkout.session' ? 58 : 24)}`;
}

export const nowSeconds = (): number => Math.floor(Date.now() / 1000);

/** `n` intervals after `start` (unix seconds), a month end clamped as Stripe does (31 Jan → 28/29 Feb). */
export function addInterval(start: number, interval: 'day' | 'week' | 'month' | 'year', count = 1): number {
  const date = new Date(start * 1000);
  if (interval === 'day') return start + count * 86400;
  if (interval === 'week') return start + count * 7 * 86400;
  const months = interval === 'year' ? 12 * count : count;
  const day = date.getUTCDate();
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1, date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds()));
  const daysInMonth = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, daysInMonth));
  return Math.floor(target.getTime() / 1000);
}

export function emptyList<T>(url: string, data: T[] = []): ApiList<T> {
  return { object: 'list', data, has_more: false, url };
}

const KIND_NAMES: Partial<Record<ObjectType, string>> = {
  'checkout.session': 'checkout.session',
  'billing_portal.session': 'billing_portal.session',
  'billing_portal.configuration': 'billing_portal.configuration',
  webhook_endpoint: 'webhook_endpoint',
  invoice_payment: 'invoice_payment',
  payment_intent: 'payment_intent',
  payment_method: 'PaymentMethod',
};

/** The typed view of a StandInStore. */
export class Repo {
  constructor(readonly store: StandInStore) {}

  async get<T extends ObjectType>(type: T, id: string): Promise<ObjectTypes[T] | undefined> {
    if (!id) return undefined;
    return (await this.store.get(type, id)) as ObjectTypes[T] | undefined;
  }

  /** The object, or Stripe's 404 "No such …". */
  async need<T extends ObjectType>(type: T, id: string, param = 'id'): Promise<ObjectTypes[T]> {
    const found = await this.get(type, id);
    if (!found) throw StripeError.notFound(KIND_NAMES[type] ?? type, id, param);
    return found;
  }

  async put<T extends ObjectType>(type: T, value: ObjectTypes[T], options?: { ttlSeconds?: number }): Promise<ObjectTypes[T]> {
    await this.store.put(type, value.id, value, options);
    return value;
  }

  async list<T extends ObjectType>(type: T): Promise<ObjectTypes[T][]> {
    return (await this.store.list(type)) as ObjectTypes[T][];
  }

  /** The invoice payment of an invoice or of a payment intent, by id: through its link, else (state
   * kept from before links existed) by a scan. */
  async invoicePaymentOf(invoiceOrIntentId: string): Promise<InvoicePaymentObject | undefined> {
    const link = await this.get('test.payment_link', invoiceOrIntentId);
    if (link) return this.get('invoice_payment', link.invoicePayment);
    return (await this.list('invoice_payment')).find((p) => p.invoice === invoiceOrIntentId || p.payment.payment_intent === invoiceOrIntentId);
  }

  async linkInvoicePayment(payment: InvoicePaymentObject): Promise<void> {
    await this.put('test.payment_link', { id: payment.invoice, invoicePayment: payment.id });
    await this.put('test.payment_link', { id: payment.payment.payment_intent, invoicePayment: payment.id });
  }
}

// Compile-time checks: every field the stand-in writes is a field of Stripe's type.
type OnlyStripeFields<Mine, Theirs> = Exclude<keyof Mine, keyof Theirs> extends never ? true : Exclude<keyof Mine, keyof Theirs>;
export const FIELD_CHECKS: [
  OnlyStripeFields<ProductObject, Stripe.Product>,
  OnlyStripeFields<PriceObject, Stripe.Price>,
  OnlyStripeFields<CustomerObject, Stripe.Customer>,
  OnlyStripeFields<LineItemObject, Stripe.LineItem>,
  OnlyStripeFields<CheckoutSessionObject, Stripe.Checkout.Session>,
  OnlyStripeFields<SubscriptionItemObject, Stripe.SubscriptionItem>,
  OnlyStripeFields<SubscriptionObject, Stripe.Subscription>,
  OnlyStripeFields<InvoiceLineObject, Stripe.InvoiceLineItem>,
  OnlyStripeFields<InvoiceObject, Stripe.Invoice>,
  OnlyStripeFields<InvoicePaymentObject, Stripe.InvoicePayment>,
  OnlyStripeFields<PaymentIntentObject, Stripe.PaymentIntent>,
  OnlyStripeFields<ChargeObject, Stripe.Charge>,
  OnlyStripeFields<RefundObject, Stripe.Refund>,
  OnlyStripeFields<PaymentMethodObject, Stripe.PaymentMethod>,
  OnlyStripeFields<NonNullable<PaymentMethodObject['card']>, Stripe.PaymentMethod.Card>,
  OnlyStripeFields<BacsDebitDetails, Stripe.PaymentMethod.BacsDebit>,
  OnlyStripeFields<BacsDebitDetails & { mandate: null }, Stripe.Charge.PaymentMethodDetails.BacsDebit>,
  OnlyStripeFields<PortalConfigurationObject, Stripe.BillingPortal.Configuration>,
  OnlyStripeFields<PortalConfigurationObject['features'], Stripe.BillingPortal.Configuration.Features>,
  OnlyStripeFields<PortalConfigurationObject['features']['subscription_update'], Stripe.BillingPortal.Configuration.Features.SubscriptionUpdate>,
  OnlyStripeFields<PortalConfigurationObject['features']['subscription_cancel'], Stripe.BillingPortal.Configuration.Features.SubscriptionCancel>,
  OnlyStripeFields<WebhookEndpointObject, Stripe.WebhookEndpoint>,
  OnlyStripeFields<PortalSessionObject, Stripe.BillingPortal.Session>,
  OnlyStripeFields<EventObject, Stripe.Event>,
  OnlyStripeFields<Extract<PaymentErrorObject, { type: 'card_error' }>, Stripe.PaymentIntent.LastPaymentError>,
  OnlyStripeFields<Extract<PaymentErrorObject, { type: 'invalid_request_error' }>, Stripe.PaymentIntent.LastPaymentError>,
] = [true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true, true];
