// The /v1 endpoints the stand-in answers: method, path, the parameters it takes (known-params.ts:
// any other is Stripe's 400 parameter_unknown, before anything changes) and the function that does
// it. Every answer is an object or a list, expanded by `expand[]` as Stripe does.
import type Stripe from 'stripe';
import { createPortalConfiguration, createPortalSession, findPortalConfigurations, updatePortalConfiguration } from './billing-portal';
import { createCheckoutSession, expireCheckoutSession, loadCheckoutSession } from './checkout';
import { createCustomerFromParams, createPrice, createProduct, findPrices, updateCustomer, updatePrice, type EngineContext } from './catalog';
import { expand, listPage } from './expand';
import type { Params } from './form-body';
import { StripeError } from './http';
import { confirmPaymentIntent } from './invoices';
import { EXPAND, LIST, paramsOf, refuseUnknownParams, type ParamSpec } from './known-params';
import type { ObjectType } from './objects';
import { createRefund } from './refunds';
import { cancelSubscription, createSubscription, findSubscriptions, updateSubscription } from './subscriptions';
import { createWebhookEndpoint, deleteWebhookEndpoint, updateWebhookEndpoint, withoutSecret } from './webhook-endpoints';

type Handler = (ctx: EngineContext, params: Params, id: string, path: string) => Promise<unknown>;

interface Route {
  method: 'GET' | 'POST' | 'DELETE';
  pattern: RegExp;
  accepts: ParamSpec;
  handler: Handler;
}

const ID = '([A-Za-z0-9_]{1,255})';
const route = (method: Route['method'], path: string, accepts: ParamSpec, handler: Handler): Route => ({
  method,
  pattern: new RegExp(`^${path.replace(':id', ID)}$`),
  accepts: { ...EXPAND, ...accepts },
  handler,
});

// What each call takes, typed against the library's parameters (a name Stripe lacks fails to compile).
const PRICE_DATA = { currency: true, unit_amount: true, recurring: { interval: true, interval_count: true }, product: true, product_data: { name: true, metadata: true } } as const;
const P = {
  productCreate: paramsOf<Stripe.ProductCreateParams>()({ id: true, name: true, active: true, description: true, metadata: true }),
  priceCreate: paramsOf<Stripe.PriceCreateParams>()({ ...PRICE_DATA, lookup_key: true, transfer_lookup_key: true, nickname: true, metadata: true, active: true }),
  priceUpdate: paramsOf<Stripe.PriceUpdateParams>()({ active: true, lookup_key: true, transfer_lookup_key: true, nickname: true, metadata: true }),
  priceList: paramsOf<Stripe.PriceListParams>()({ ...LIST, lookup_keys: true, active: true, product: true, type: true, currency: true }),
  customer: paramsOf<Stripe.CustomerCreateParams>()({ email: true, name: true, phone: true, description: true, metadata: true }),
  customerList: paramsOf<Stripe.CustomerListParams>()({ ...LIST, email: true }),
  checkoutCreate: paramsOf<Stripe.Checkout.SessionCreateParams>()({
    mode: true,
    line_items: { price: true, quantity: true, price_data: PRICE_DATA },
    customer: true,
    customer_email: true,
    client_reference_id: true,
    metadata: true,
    subscription_data: { metadata: true },
    success_url: true,
    cancel_url: true,
    expires_at: true,
  }),
  checkoutList: paramsOf<Stripe.Checkout.SessionListParams>()({ ...LIST, customer: true, subscription: true, status: true }),
  subscriptionCreate: paramsOf<Stripe.SubscriptionCreateParams>()({
    customer: true,
    items: { price: true, quantity: true, price_data: { currency: true, unit_amount: true, recurring: { interval: true, interval_count: true }, product: true } },
    payment_behavior: true,
    payment_settings: { save_default_payment_method: true },
    metadata: true,
    description: true,
  }),
  subscriptionUpdate: paramsOf<Stripe.SubscriptionUpdateParams>()({ metadata: true, description: true, cancel_at_period_end: true, cancellation_details: { comment: true, feedback: true } }),
  subscriptionCancel: paramsOf<Stripe.SubscriptionCancelParams>()({ cancellation_details: { comment: true, feedback: true } }),
  subscriptionList: paramsOf<Stripe.SubscriptionListParams>()({ ...LIST, customer: true, status: true, price: true }),
  invoiceList: paramsOf<Stripe.InvoiceListParams>()({ ...LIST, customer: true, subscription: true, status: true }),
  invoicePaymentList: paramsOf<Stripe.InvoicePaymentListParams>()({ ...LIST, invoice: true, status: true }),
  intentConfirm: paramsOf<Stripe.PaymentIntentConfirmParams>()({ payment_method: true }),
  chargeList: paramsOf<Stripe.ChargeListParams>()({ ...LIST, customer: true, payment_intent: true }),
  refundCreate: paramsOf<Stripe.RefundCreateParams>()({ charge: true, payment_intent: true, amount: true, reason: true, metadata: true }),
  refundList: paramsOf<Stripe.RefundListParams>()({ ...LIST, charge: true, payment_intent: true }),
  portalSession: paramsOf<Stripe.BillingPortal.SessionCreateParams>()({ customer: true, return_url: true, configuration: true }),
  portalConfigurationCreate: paramsOf<Stripe.BillingPortal.ConfigurationCreateParams>()({
    features: {
      invoice_history: { enabled: true },
      payment_method_update: { enabled: true },
      subscription_cancel: { enabled: true, mode: true, proration_behavior: true },
      subscription_update: { enabled: true, default_allowed_updates: true, products: { product: true, prices: true }, proration_behavior: true },
    },
    business_profile: { headline: true, privacy_policy_url: true, terms_of_service_url: true },
    default_return_url: true,
    metadata: true,
    name: true,
  }),
  portalConfigurationUpdate: paramsOf<Stripe.BillingPortal.ConfigurationUpdateParams>()({
    active: true,
    features: {
      invoice_history: { enabled: true },
      payment_method_update: { enabled: true },
      subscription_cancel: { enabled: true, mode: true, proration_behavior: true },
      subscription_update: { enabled: true, default_allowed_updates: true, products: { product: true, prices: true }, proration_behavior: true },
    },
    default_return_url: true,
    metadata: true,
    name: true,
  }),
  portalConfigurationList: paramsOf<Stripe.BillingPortal.ConfigurationListParams>()({ ...LIST, active: true, is_default: true }),
  webhookCreate: paramsOf<Stripe.WebhookEndpointCreateParams>()({ url: true, enabled_events: true, description: true, metadata: true, api_version: true }),
  webhookUpdate: paramsOf<Stripe.WebhookEndpointUpdateParams>()({ url: true, enabled_events: true, description: true, metadata: true, disabled: true }),
  eventList: paramsOf<Stripe.EventListParams>()({ ...LIST, type: true, types: true }),
};

const retrieve =
  (type: ObjectType): Handler =>
  (ctx, _params, id) =>
    ctx.repo.need(type, id);

/** Lists of a type (oldest first from the store), filtered by parameters equal to a field. */
function lister(type: ObjectType, filters: Record<string, (object: never, value: string) => boolean>): Handler {
  return async (ctx, params, _id, path) => {
    const objects = (await ctx.repo.list(type)) as { id: string }[];
    const active = Object.entries(filters).flatMap(([name, test]) => {
      const value = params.string(name);
      return value === undefined ? [] : [(object: { id: string }) => test(object as never, value)];
    });
    return listPage(
      objects.filter((object) => active.every((test) => test(object))),
      params,
      path,
    );
  };
}

const ROUTES: Route[] = [
  route('POST', '/v1/products', P.productCreate, (ctx, p) => createProduct(ctx, p)),
  route('GET', '/v1/products/:id', EXPAND, retrieve('product')),
  route('GET', '/v1/products', LIST, lister('product', {})),

  route('POST', '/v1/prices', P.priceCreate, (ctx, p) => createPrice(ctx, p)),
  route('GET', '/v1/prices/:id', EXPAND, retrieve('price')),
  route('POST', '/v1/prices/:id', P.priceUpdate, (ctx, p, id) => updatePrice(ctx, id, p)),
  route('GET', '/v1/prices', P.priceList, async (ctx, p, _id, path) => listPage(await findPrices(ctx, p), p, path)),

  route('POST', '/v1/customers', P.customer, (ctx, p) => createCustomerFromParams(ctx, p)),
  route('GET', '/v1/customers/:id', EXPAND, retrieve('customer')),
  route('POST', '/v1/customers/:id', P.customer, (ctx, p, id) => updateCustomer(ctx, id, p)),
  route('GET', '/v1/customers', P.customerList, lister('customer', { email: (c: { email: string | null }, v) => c.email === v })),

  route('POST', '/v1/checkout/sessions', P.checkoutCreate, (ctx, p) => createCheckoutSession(ctx, p)),
  route('GET', '/v1/checkout/sessions/:id', EXPAND, (ctx, _p, id) => loadCheckoutSession(ctx, id)),
  route('POST', '/v1/checkout/sessions/:id/expire', EXPAND, (ctx, _p, id) => expireCheckoutSession(ctx, id)),
  route(
    'GET',
    '/v1/checkout/sessions',
    P.checkoutList,
    lister('checkout.session', {
      customer: (s: { customer: string | null }, v) => s.customer === v,
      subscription: (s: { subscription: string | null }, v) => s.subscription === v,
      status: (s: { status: string }, v) => s.status === v,
    }),
  ),

  route('POST', '/v1/subscriptions', P.subscriptionCreate, (ctx, p) => createSubscription(ctx, p)),
  route('GET', '/v1/subscriptions/:id', EXPAND, retrieve('subscription')),
  route('POST', '/v1/subscriptions/:id', P.subscriptionUpdate, (ctx, p, id) => updateSubscription(ctx, id, p)),
  route('DELETE', '/v1/subscriptions/:id', P.subscriptionCancel, (ctx, p, id) => cancelSubscription(ctx, id, p)),
  route('GET', '/v1/subscriptions', P.subscriptionList, async (ctx, p, _id, path) => listPage(await findSubscriptions(ctx, p), p, path)),

  route('GET', '/v1/invoices/:id', EXPAND, retrieve('invoice')),
  route(
    'GET',
    '/v1/invoices',
    P.invoiceList,
    lister('invoice', {
      customer: (i: { customer: string }, v) => i.customer === v,
      subscription: (i: { parent: { subscription_details: { subscription: string } } }, v) => i.parent.subscription_details.subscription === v,
      status: (i: { status: string }, v) => i.status === v,
    }),
  ),

  route('GET', '/v1/invoice_payments/:id', EXPAND, retrieve('invoice_payment')),
  route(
    'GET',
    '/v1/invoice_payments',
    P.invoicePaymentList,
    lister('invoice_payment', {
      invoice: (ip: { invoice: string }, v) => ip.invoice === v,
      status: (ip: { status: string }, v) => ip.status === v,
    }),
  ),

  route('GET', '/v1/payment_intents/:id', EXPAND, retrieve('payment_intent')),
  route('POST', '/v1/payment_intents/:id/confirm', P.intentConfirm, async (ctx, p, id) => {
    // Stripe's test payment methods: pm_card_visa pays, pm_card_chargeDeclined (or
    // pm_card_visa_chargeDeclined) is declined.
    const method = p.string('payment_method') ?? 'pm_card_visa';
    const declined = /declined/i.test(method);
    return confirmPaymentIntent(ctx, id, declined ? 'declined' : 'succeeds');
  }),

  route('GET', '/v1/payment_methods/:id', EXPAND, retrieve('payment_method')),

  route('GET', '/v1/charges/:id', EXPAND, retrieve('charge')),
  route(
    'GET',
    '/v1/charges',
    P.chargeList,
    lister('charge', {
      customer: (c: { customer: string }, v) => c.customer === v,
      payment_intent: (c: { payment_intent: string }, v) => c.payment_intent === v,
    }),
  ),

  route('POST', '/v1/refunds', P.refundCreate, (ctx, p) => createRefund(ctx, p)),
  route('GET', '/v1/refunds/:id', EXPAND, retrieve('refund')),
  route(
    'GET',
    '/v1/refunds',
    P.refundList,
    lister('refund', {
      charge: (r: { charge: string }, v) => r.charge === v,
      payment_intent: (r: { payment_intent: string }, v) => r.payment_intent === v,
    }),
  ),

  route('POST', '/v1/billing_portal/sessions', P.portalSession, (ctx, p) => createPortalSession(ctx, p)),
  route('POST', '/v1/billing_portal/configurations', P.portalConfigurationCreate, (ctx, p) => createPortalConfiguration(ctx, p)),
  route('GET', '/v1/billing_portal/configurations/:id', EXPAND, retrieve('billing_portal.configuration')),
  route('POST', '/v1/billing_portal/configurations/:id', P.portalConfigurationUpdate, (ctx, p, id) => updatePortalConfiguration(ctx, id, p)),
  route('GET', '/v1/billing_portal/configurations', P.portalConfigurationList, async (ctx, p, _id, path) => listPage(await findPortalConfigurations(ctx, p), p, path)),

  route('POST', '/v1/webhook_endpoints', P.webhookCreate, (ctx, p) => createWebhookEndpoint(ctx, p)),
  route('GET', '/v1/webhook_endpoints/:id', EXPAND, async (ctx, _p, id) => withoutSecret(await ctx.repo.need('webhook_endpoint', id))),
  route('POST', '/v1/webhook_endpoints/:id', P.webhookUpdate, (ctx, p, id) => updateWebhookEndpoint(ctx, id, p)),
  route('DELETE', '/v1/webhook_endpoints/:id', {}, (ctx, _p, id) => deleteWebhookEndpoint(ctx, id)),
  route('GET', '/v1/webhook_endpoints', LIST, async (ctx, p, _id, path) => listPage((await ctx.repo.list('webhook_endpoint')).map(withoutSecret), p, path)),

  route('GET', '/v1/events/:id', EXPAND, retrieve('event')),
  route('GET', '/v1/events', P.eventList, async (ctx, p, _id, path) => {
    const types = [...p.stringList('types'), ...(p.string('type') ? [p.string('type') as string] : [])];
    const matches = (type: string) =>
      types.length === 0 || types.some((wanted) => (wanted.endsWith('.*') ? type.startsWith(wanted.slice(0, -1)) : type === wanted));
    return listPage(
      (await ctx.repo.list('event')).filter((event) => matches(event.type)),
      p,
      path,
    );
  }),
];

/** Runs the endpoint for `method path` and returns its (expanded) answer, or throws a StripeError. */
export async function answerApi(ctx: EngineContext, method: string, path: string, params: Params): Promise<unknown> {
  let pathMatched = false;
  for (const candidate of ROUTES) {
    const match = candidate.pattern.exec(path);
    if (!match) continue;
    pathMatched = true;
    if (candidate.method !== method) continue;
    refuseUnknownParams(params.raw, candidate.accepts);
    const result = await candidate.handler(ctx, params, match[1] ?? '', path);
    return expand(ctx.repo, result, params.stringList('expand'));
  }
  throw new StripeError(
    404,
    'invalid_request_error',
    pathMatched
      ? `Unrecognized request URL (${method}: ${path}). The stand-in answers this path with another method.`
      : `Unrecognized request URL (${method}: ${path}). The Stripe stand-in implements only the calls ITConnect makes; see stand-ins/stripe/.`,
  );
}
