// The /v1 endpoints the stand-in answers: method, path, and the function that does it. Every
// answer is an object or a list, expanded by `expand[]` as Stripe does.
import { createPortalSession } from './billing-portal';
import { createCheckoutSession, expireCheckoutSession, loadCheckoutSession } from './checkout';
import { createCustomerFromParams, createPrice, createProduct, findPrices, updateCustomer, updatePrice, type EngineContext } from './catalog';
import { expand, listPage } from './expand';
import type { Params } from './form-body';
import { StripeError } from './http';
import { confirmPaymentIntent } from './invoices';
import type { ObjectType } from './objects';
import { createRefund } from './refunds';
import { cancelSubscription, createSubscription, findSubscriptions, updateSubscription } from './subscriptions';

type Handler = (ctx: EngineContext, params: Params, id: string, path: string) => Promise<unknown>;

interface Route {
  method: 'GET' | 'POST' | 'DELETE';
  pattern: RegExp;
  handler: Handler;
}

const ID = '([A-Za-z0-9_]{1,255})';
const route = (method: Route['method'], path: string, handler: Handler): Route => ({
  method,
  pattern: new RegExp(`^${path.replace(':id', ID)}$`),
  handler,
});

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
  route('POST', '/v1/products', (ctx, p) => createProduct(ctx, p)),
  route('GET', '/v1/products/:id', retrieve('product')),
  route('GET', '/v1/products', lister('product', {})),

  route('POST', '/v1/prices', (ctx, p) => createPrice(ctx, p)),
  route('GET', '/v1/prices/:id', retrieve('price')),
  route('POST', '/v1/prices/:id', (ctx, p, id) => updatePrice(ctx, id, p)),
  route('GET', '/v1/prices', async (ctx, p, _id, path) => listPage(await findPrices(ctx, p), p, path)),

  route('POST', '/v1/customers', (ctx, p) => createCustomerFromParams(ctx, p)),
  route('GET', '/v1/customers/:id', retrieve('customer')),
  route('POST', '/v1/customers/:id', (ctx, p, id) => updateCustomer(ctx, id, p)),
  route('GET', '/v1/customers', lister('customer', { email: (c: { email: string | null }, v) => c.email === v })),

  route('POST', '/v1/checkout/sessions', (ctx, p) => createCheckoutSession(ctx, p)),
  route('GET', '/v1/checkout/sessions/:id', (ctx, _p, id) => loadCheckoutSession(ctx, id)),
  route('POST', '/v1/checkout/sessions/:id/expire', (ctx, _p, id) => expireCheckoutSession(ctx, id)),
  route(
    'GET',
    '/v1/checkout/sessions',
    lister('checkout.session', {
      customer: (s: { customer: string | null }, v) => s.customer === v,
      subscription: (s: { subscription: string | null }, v) => s.subscription === v,
      status: (s: { status: string }, v) => s.status === v,
    }),
  ),

  route('POST', '/v1/subscriptions', (ctx, p) => createSubscription(ctx, p)),
  route('GET', '/v1/subscriptions/:id', retrieve('subscription')),
  route('POST', '/v1/subscriptions/:id', (ctx, p, id) => updateSubscription(ctx, id, p)),
  route('DELETE', '/v1/subscriptions/:id', (ctx, p, id) => cancelSubscription(ctx, id, p)),
  route('GET', '/v1/subscriptions', async (ctx, p, _id, path) => listPage(await findSubscriptions(ctx, p), p, path)),

  route('GET', '/v1/invoices/:id', retrieve('invoice')),
  route(
    'GET',
    '/v1/invoices',
    lister('invoice', {
      customer: (i: { customer: string }, v) => i.customer === v,
      subscription: (i: { parent: { subscription_details: { subscription: string } } }, v) => i.parent.subscription_details.subscription === v,
      status: (i: { status: string }, v) => i.status === v,
    }),
  ),

  route('GET', '/v1/invoice_payments/:id', retrieve('invoice_payment')),
  route(
    'GET',
    '/v1/invoice_payments',
    lister('invoice_payment', {
      invoice: (ip: { invoice: string }, v) => ip.invoice === v,
      status: (ip: { status: string }, v) => ip.status === v,
    }),
  ),

  route('GET', '/v1/payment_intents/:id', retrieve('payment_intent')),
  route('POST', '/v1/payment_intents/:id/confirm', async (ctx, p, id) => {
    // Stripe's test payment methods: pm_card_visa pays, pm_card_chargeDeclined (or
    // pm_card_visa_chargeDeclined) is declined.
    const method = p.string('payment_method') ?? 'pm_card_visa';
    const declined = /declined/i.test(method);
    return confirmPaymentIntent(ctx, id, declined ? 'declined' : 'succeeds');
  }),

  route('GET', '/v1/payment_methods/:id', retrieve('payment_method')),

  route('GET', '/v1/charges/:id', retrieve('charge')),
  route(
    'GET',
    '/v1/charges',
    lister('charge', {
      customer: (c: { customer: string }, v) => c.customer === v,
      payment_intent: (c: { payment_intent: string }, v) => c.payment_intent === v,
    }),
  ),

  route('POST', '/v1/refunds', (ctx, p) => createRefund(ctx, p)),
  route('GET', '/v1/refunds/:id', retrieve('refund')),
  route(
    'GET',
    '/v1/refunds',
    lister('refund', {
      charge: (r: { charge: string }, v) => r.charge === v,
      payment_intent: (r: { payment_intent: string }, v) => r.payment_intent === v,
    }),
  ),

  route('POST', '/v1/billing_portal/sessions', (ctx, p) => createPortalSession(ctx, p)),

  route('GET', '/v1/events/:id', retrieve('event')),
  route('GET', '/v1/events', async (ctx, p, _id, path) => {
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
