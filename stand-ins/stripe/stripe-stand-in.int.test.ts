// The Stripe stand-in driven end to end by the real `stripe` library, its demo pages driven by
// fetch as a browser without JavaScript would, and its webhooks received by a local server that
// verifies every one with stripe.webhooks.constructEvent.
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanupRedis, getTestRedisUrl, uniqueRedisPrefix } from '../../tests/support/services';
import { createStripeStandIn, startStripeStandIn, type RunningStripeStandIn } from './stripe-stand-in';
import { memoryStore, redisStore, type StandInStore } from './store';

const SECRET = 'whsec_test_standin_secret';
const FAST_RETRIES = [20, 40, 80, 160, 160, 160, 160];

interface Received {
  event: Stripe.Event;
  status: number;
}

/**
 * A webhook endpoint: verifies each delivery with `state.secret`, answers 500 to the next
 * `failNext` of them, and tells `state.onEvent` of each before answering.
 */
async function startReceiver(secret = SECRET) {
  const received: Received[] = [];
  const rejected: string[] = [];
  const verifier = new Stripe('sk_test_verifier');
  const state: { failNext: number; secret: string; onEvent?: (event: Stripe.Event) => void } = { failNext: 0, secret };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      try {
        expect(req.headers['content-type']).toBe('application/json');
        const event = verifier.webhooks.constructEvent(body, req.headers['stripe-signature'] as string, state.secret);
        const status = state.failNext > 0 ? 500 : 200;
        if (state.failNext > 0) state.failNext -= 1;
        received.push({ event, status });
        state.onEvent?.(event);
        res.statusCode = status;
        res.end(status === 200 ? '{"received":true}' : 'boom');
      } catch (error) {
        rejected.push(String(error));
        res.statusCode = 400;
        res.end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/stripe/webhook`;
  return {
    url,
    received,
    rejected,
    state,
    /** Events answered 200, oldest first. */
    delivered: () => received.filter((r) => r.status === 200).map((r) => r.event),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type Receiver = Awaited<ReturnType<typeof startReceiver>>;
let receiver: Receiver;
let standIn: RunningStripeStandIn;
let stripe: Stripe;

beforeAll(async () => {
  receiver = await startReceiver();
  standIn = await startStripeStandIn({ webhook: { url: receiver.url, secret: SECRET }, retryDelaysMs: FAST_RETRIES });
  stripe = clientOf(standIn);
  // The account's default portal configuration (Stripe's is saved in its dashboard): card updates.
  await stripe.billingPortal.configurations.create({ features: { invoice_history: { enabled: true }, payment_method_update: { enabled: true } } });
});

afterAll(async () => {
  await standIn?.close();
  await receiver?.close();
});

afterEach(() => {
  expect(receiver.rejected).toEqual([]);
});

/** The types of the events delivered while `fn` ran (and were delivered once it had). */
async function eventsDuring(fn: () => Promise<unknown>): Promise<Stripe.Event[]> {
  await standIn.controls.waitForDeliveries();
  const before = receiver.delivered().length;
  await fn();
  await standIn.controls.waitForDeliveries();
  return receiver.delivered().slice(before);
}

const types = (events: Stripe.Event[]) => events.map((e) => e.type);

function clientOf(running: RunningStripeStandIn): Stripe {
  return new Stripe(running.apiKey, { host: '127.0.0.1', port: running.port, protocol: 'http', maxNetworkRetries: 0 });
}

/** A raw API call, as no library would make it (unknown parameters); the status and JSON body. */
async function rawApi(method: 'GET' | 'POST' | 'DELETE', pathAndQuery: string, form?: string, headers: Record<string, string> = {}, on: RunningStripeStandIn = standIn) {
  const response = await fetch(`${on.url}${pathAndQuery}`, {
    method,
    headers: { Authorization: `Bearer ${on.apiKey}`, ...(form === undefined ? {} : { 'Content-Type': 'application/x-www-form-urlencoded' }), ...headers },
    ...(form === undefined ? {} : { body: form }),
  });
  return { status: response.status, body: (await response.json()) as { error?: { type: string; code?: string; param?: string; message: string } } & Record<string, unknown> };
}

/** Stripe's answer to a parameter the call does not take. */
const unknownParameter = (param: string) => ({ error: { type: 'invalid_request_error', code: 'parameter_unknown', param, message: `Received unknown parameter: ${param}` } });

/** Polls `check` until it holds (a state reached in the background), for up to 5 s. */
async function until(check: () => Promise<boolean> | boolean): Promise<void> {
  for (let i = 0; i < 250; i += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the condition was never met');
}

async function monthlyPrice(lookupKey = `itc_monthly_${Math.random().toString(36).slice(2)}`): Promise<Stripe.Price> {
  const product = await stripe.products.create({ name: 'ITConnect listing — Pay Monthly' });
  return stripe.prices.create({ currency: 'gbp', unit_amount: 300, recurring: { interval: 'month' }, product: product.id, lookup_key: lookupKey });
}

/** A browser's form POST (no redirect following: the test reads the 303). */
function postForm(url: string, fields: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString(), redirect: 'manual' });
}

async function paidCheckout(email = 'pro@example.com') {
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    line_items: [{ price_data: { currency: 'gbp', unit_amount: 300, recurring: { interval: 'month' }, product_data: { name: 'ITConnect listing — Pay Monthly' } }, quantity: 1 }],
    customer_email: email,
    success_url: 'http://localhost:3000/subscription-success?session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://localhost:3000/apply?cancelled=1',
    metadata: { applicationId: '3' },
    client_reference_id: 'application-3',
    subscription_data: { metadata: { applicationId: '3', plan: 'monthly' } },
  });
  const paid = await standIn.controls.pay(session.id);
  return { session: paid, subscriptionId: paid.subscription as string, customerId: paid.customer as string };
}

describe('products and prices', () => {
  it('creates a price under a lookup key and finds it again by lookup_keys; transfer_lookup_key moves the key', async () => {
    const key = `itc_monthly_${Date.now()}`;
    const price = await monthlyPrice(key);
    expect(price).toMatchObject({ object: 'price', currency: 'gbp', unit_amount: 300, lookup_key: key, active: true, livemode: false, recurring: { interval: 'month', interval_count: 1 } });
    expect(price.id).toMatch(/^price_[A-Za-z0-9]{24}$/);
    expect((await stripe.products.retrieve(price.product as string)).name).toBe('ITConnect listing — Pay Monthly');

    const found = await stripe.prices.list({ lookup_keys: [key], active: true, expand: ['data.product'] });
    expect(found.object).toBe('list');
    expect(found.data.map((p) => p.id)).toEqual([price.id]);
    expect((found.data[0]?.product as Stripe.Product).name).toBe('ITConnect listing — Pay Monthly');

    await expect(stripe.prices.create({ currency: 'gbp', unit_amount: 400, recurring: { interval: 'month' }, product: price.product as string, lookup_key: key })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
    });
    const moved = await stripe.prices.create({ currency: 'gbp', unit_amount: 400, recurring: { interval: 'month' }, product_data: { name: 'New' }, lookup_key: key, transfer_lookup_key: true });
    expect((await stripe.prices.list({ lookup_keys: [key] })).data.map((p) => p.id)).toEqual([moved.id]);
    expect((await stripe.prices.retrieve(price.id)).lookup_key).toBeNull();
  });
});

describe('Checkout, paid through the demo page', () => {
  it('shows the test-mode page, pays with the form, redirects to success_url and leaves a paid subscription', async () => {
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price_data: { currency: 'gbp', unit_amount: 300, recurring: { interval: 'month' }, product_data: { name: 'ITConnect listing — Pay Monthly' } }, quantity: 1 }],
      customer_email: 'jo@example.com',
      success_url: 'http://localhost:3000/subscription-success?session_id={CHECKOUT_SESSION_ID}&application_id=3',
      cancel_url: 'http://localhost:3000/apply',
      metadata: { applicationId: '3' },
      subscription_data: { metadata: { applicationId: '3' } },
    });
    expect(session).toMatchObject({ object: 'checkout.session', status: 'open', payment_status: 'unpaid', mode: 'subscription', amount_total: 300, currency: 'gbp', customer: null, subscription: null });
    expect(session.id).toMatch(/^cs_test_/);
    expect(session.url).toBe(`${standIn.url}/demo-pay/checkout/${session.id}`);

    const pageResponse = await fetch(session.url as string);
    expect(pageResponse.status).toBe(200);
    expect(pageResponse.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const page = await pageResponse.text();
    expect(page).toContain('<html lang="en-GB">');
    expect(page).toContain('<title>Pay £3.00 — ITConnect (test mode)</title>');
    expect(page).toContain('TEST MODE — no real money is taken');
    expect(page).toContain('ITConnect listing — Pay Monthly');
    expect(page).toContain('£3.00 per month');
    expect(page).toContain('jo@example.com');
    expect(page).toContain('<label for="card-number">Card number</label>');
    expect(page).toContain('value="4242 4242 4242 4242"');
    expect(page).toContain('Pay £3.00</button>');
    expect(page).toContain('Decline (test)</button>');
    expect(page).toContain('<a href="http://localhost:3000/apply">Back to ITConnect</a>');
    expect(page).not.toMatch(/<script/i);

    const events = await eventsDuring(async () => {
      const paid = await postForm(`${standIn.url}/demo-pay/checkout/${session.id}/pay`, { cardNumber: '4242 4242 4242 4242' });
      expect(paid.status).toBe(303);
      expect(paid.headers.get('location')).toBe(`http://localhost:3000/subscription-success?session_id=${session.id}&application_id=3`);
    });
    expect(types(events)).toEqual(['customer.created', 'customer.subscription.created', 'invoice.paid', 'invoice.payment_succeeded', 'checkout.session.completed']);

    const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription.latest_invoice.payments', 'customer', 'line_items'] });
    expect(done).toMatchObject({ status: 'complete', payment_status: 'paid', metadata: { applicationId: '3' } });
    expect((done.customer as Stripe.Customer).email).toBe('jo@example.com');
    expect(done.line_items?.data[0]).toMatchObject({ amount_total: 300, quantity: 1, price: { unit_amount: 300 } });
    const subscription = done.subscription as Stripe.Subscription;
    expect(subscription).toMatchObject({ object: 'subscription', status: 'active', metadata: { applicationId: '3' }, customer: (done.customer as Stripe.Customer).id });
    const item = subscription.items.data[0] as Stripe.SubscriptionItem;
    expect(item.price.unit_amount).toBe(300);
    const start = new Date(item.current_period_start * 1000);
    const end = new Date(item.current_period_end * 1000);
    expect((end.getUTCMonth() - start.getUTCMonth() + 12) % 12).toBe(1);

    const invoice = subscription.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({
      object: 'invoice',
      status: 'paid',
      amount_due: 300,
      amount_paid: 300,
      currency: 'gbp',
      billing_reason: 'subscription_create',
      parent: { subscription_details: { subscription: subscription.id, metadata: { applicationId: '3' } } },
    });
    expect(invoice.status_transitions.paid_at).toBeGreaterThan(0);
    expect(invoice.lines.data[0]).toMatchObject({ amount: 300, period: { start: item.current_period_start, end: item.current_period_end } });
    expect(invoice.payments?.data[0]).toMatchObject({ status: 'paid', amount_paid: 300 });

    const payments = await stripe.invoicePayments.list({ invoice: invoice.id as string });
    const intentId = payments.data[0]?.payment.payment_intent as string;
    const intent = await stripe.paymentIntents.retrieve(intentId);
    expect(intent).toMatchObject({ status: 'succeeded', amount: 300, amount_received: 300 });
    const charge = await stripe.charges.retrieve(intent.latest_charge as string);
    expect(charge).toMatchObject({ amount: 300, amount_refunded: 0, refunded: false, paid: true, status: 'succeeded', payment_intent: intentId });

    // Each event: one delivery, its signed body the snapshot at that moment; events.retrieve gives it back.
    const completed = events[4] as Stripe.CheckoutSessionCompletedEvent;
    expect(completed).toMatchObject({ object: 'event', api_version: '2026-10-28.endive', livemode: false, pending_webhooks: 1 });
    expect(completed.data.object).toMatchObject({ id: session.id, status: 'complete', subscription: subscription.id });
    expect((events[1] as Stripe.CustomerSubscriptionCreatedEvent).data.object.status).toBe('active');
    expect((await stripe.events.retrieve(completed.id)).data.object).toMatchObject({ id: session.id });
    const ids = new Set(receiver.received.map((r) => r.event.id));
    expect(ids.size).toBe(receiver.received.length);

    // The completed page says so; paying again is refused.
    const after = await (await fetch(session.url as string)).text();
    expect(after).toContain('Payment complete');
    await expect(standIn.controls.pay(session.id)).rejects.toThrow('no longer open');
  });

  it('declines on the page (Decline button or the declined test card): the session stays open, no event', async () => {
    const { id } = await stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: (await monthlyPrice()).id, quantity: 1 }],
      customer_email: 'decline@example.com',
      success_url: 'http://localhost:3000/ok',
      cancel_url: 'http://localhost:3000/apply',
    });
    const events = await eventsDuring(async () => {
      const declined = await postForm(`${standIn.url}/demo-pay/checkout/${id}/decline`, { cardNumber: '4242 4242 4242 4242' });
      expect(declined.status).toBe(303);
      expect(declined.headers.get('location')).toBe(`/demo-pay/checkout/${id}?result=declined`);
      const page = await (await fetch(`${standIn.url}${declined.headers.get('location')}`)).text();
      expect(page).toContain('<p class="alert" role="alert">Your card was declined.</p>');

      const card = await postForm(`${standIn.url}/demo-pay/checkout/${id}/pay`, { cardNumber: '4000 0000 0000 0002' });
      expect(card.headers.get('location')).toBe(`/demo-pay/checkout/${id}?result=declined`);
      const other = await postForm(`${standIn.url}/demo-pay/checkout/${id}/pay`, { cardNumber: '1234' });
      expect(other.headers.get('location')).toBe(`/demo-pay/checkout/${id}?result=invalid_card`);
      await standIn.controls.decline(id);
    });
    expect(events).toEqual([]);
    expect(await stripe.checkout.sessions.retrieve(id)).toMatchObject({ status: 'open', payment_status: 'unpaid' });
  });

  it('expires an open session (checkout.session.expired) and shows that on the page', async () => {
    const { id } = await stripe.checkout.sessions.create({ mode: 'subscription', line_items: [{ price: (await monthlyPrice()).id }], success_url: 'http://localhost:3000/ok', cancel_url: 'http://localhost:3000/apply' });
    const events = await eventsDuring(() => stripe.checkout.sessions.expire(id));
    expect(types(events)).toEqual(['checkout.session.expired']);
    expect((await stripe.checkout.sessions.retrieve(id)).status).toBe('expired');
    expect(await (await fetch(`${standIn.url}/demo-pay/checkout/${id}`)).text()).toContain('This checkout has expired');
    await expect(stripe.checkout.sessions.expire(id)).rejects.toMatchObject({ statusCode: 400 });
  });

  it('refuses what Stripe refuses: a one-off price, customer with customer_email, an unknown customer', async () => {
    const oneOff = await stripe.prices.create({ currency: 'gbp', unit_amount: 500, product_data: { name: 'One-off' } });
    await expect(stripe.checkout.sessions.create({ mode: 'subscription', line_items: [{ price: oneOff.id }], success_url: 'http://x/ok' })).rejects.toMatchObject({ statusCode: 400 });
    await expect(stripe.checkout.sessions.create({ mode: 'subscription', line_items: [{ price: (await monthlyPrice()).id }], success_url: 'http://x/ok', customer: 'cus_nope' })).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      param: 'customer',
    });
    const customer = await stripe.customers.create({ email: 'both@example.com' });
    await expect(
      stripe.checkout.sessions.create({ mode: 'subscription', line_items: [{ price: (await monthlyPrice()).id }], success_url: 'http://x/ok', customer: customer.id, customer_email: 'both@example.com' }),
    ).rejects.toMatchObject({ statusCode: 400 });
  });
});

describe('webhook delivery', () => {
  it('retries a delivery answered 500, keeping the order: every event arrives once, signed', async () => {
    receiver.state.failNext = 1;
    const before = receiver.received.length;
    const events = await eventsDuring(() => paidCheckout('retry@example.com'));
    expect(types(events)).toEqual(['customer.created', 'customer.subscription.created', 'invoice.paid', 'invoice.payment_succeeded', 'checkout.session.completed']);
    const attempts = receiver.received.slice(before);
    expect(attempts.map((a) => `${a.event.type}:${a.status}`)).toEqual([
      'customer.created:500',
      'customer.created:200',
      'customer.subscription.created:200',
      'invoice.paid:200',
      'invoice.payment_succeeded:200',
      'checkout.session.completed:200',
    ]);
    const log = await standIn.controls.deliveries();
    const first = log.find((d) => d.event_id === attempts[0]?.event.id);
    expect(first).toMatchObject({ attempts: 2, last_status: 200, state: 'delivered' });
    expect((await stripe.events.retrieve(first?.event_id as string)).pending_webhooks).toBe(0);
  });

  it('holds deliveries while paused, and gives up after the last try', async () => {
    standIn.controls.pauseDeliveries();
    const before = receiver.received.length;
    const customer = await stripe.customers.create({ email: 'paused@example.com' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(receiver.received.length).toBe(before);
    receiver.state.failNext = FAST_RETRIES.length + 1;
    standIn.controls.resumeDeliveries();
    await standIn.controls.waitForDeliveries();
    const tries = receiver.received.slice(before);
    expect(tries.length).toBe(FAST_RETRIES.length + 1);
    expect(tries.every((t) => t.status === 500 && (t.event.data.object as Stripe.Customer).id === customer.id)).toBe(true);
    const record = (await standIn.controls.deliveries()).find((d) => d.event_id === tries[0]?.event.id);
    expect(record).toMatchObject({ state: 'given_up', attempts: 8, last_status: 500 });
  });

  it('signs exactly as Stripe: the library verifies it, a wrong secret does not', async () => {
    const verifier = new Stripe('sk_test_x');
    const [event] = await standIn.controls.events();
    const payload = JSON.stringify(event);
    const { signatureHeader } = await import('./webhooks');
    const header = signatureHeader(payload, SECRET);
    expect(verifier.webhooks.constructEvent(payload, header, SECRET).id).toBe(event?.id);
    expect(() => verifier.webhooks.constructEvent(payload, header, 'whsec_other')).toThrow();
    const expected = verifier.webhooks.generateTestHeaderString({ payload, secret: SECRET, timestamp: 1_700_000_000 });
    expect(signatureHeader(payload, SECRET, 1_700_000_000)).toBe(expected);
  });
});

describe('subscriptions.create (default_incomplete) confirmed by the demo card form', () => {
  async function incompleteSubscription() {
    const customer = await stripe.customers.create({ email: 'sub@example.com', name: 'Sub Scriber', metadata: { userId: '9' } });
    const price = await monthlyPrice();
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription' },
      metadata: { professionalId: '12' },
      expand: ['latest_invoice.confirmation_secret'],
    });
    return { customer, subscription };
  }

  const confirm = (clientSecret: string, cardNumber: string) =>
    fetch(`${standIn.url}/demo-pay/confirm`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ clientSecret, cardNumber }) });

  it('declines 4000 0000 0000 0002 (402, invoice.payment_failed), then pays 4242 (subscription active)', async () => {
    const { subscription } = await incompleteSubscription();
    expect(subscription.status).toBe('incomplete');
    const invoice = subscription.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({ status: 'open', amount_due: 300, amount_paid: 0, billing_reason: 'subscription_create' });
    const clientSecret = invoice.confirmation_secret?.client_secret as string;
    expect(clientSecret).toMatch(/^pi_[A-Za-z0-9]+_secret_[A-Za-z0-9]+$/);
    expect((await stripe.invoices.retrieve(invoice.id as string)).confirmation_secret).toBeUndefined();

    const unknown = await confirm(clientSecret, '5555 5555 5555 4444');
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { error: { message: string } }).error.message).toContain('4242 4242 4242 4242');

    let declined: Response | undefined;
    const failEvents = await eventsDuring(async () => {
      declined = await confirm(clientSecret, '4000 0000 0000 0002');
    });
    expect(declined?.status).toBe(402);
    expect(await declined?.json()).toEqual({ error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } });
    expect(types(failEvents)).toEqual(['invoice.payment_failed']);
    const intentId = clientSecret.split('_secret_')[0] as string;
    expect((await stripe.paymentIntents.retrieve(intentId)).last_payment_error).toMatchObject({ code: 'card_declined' });

    let paid: Response | undefined;
    const payEvents = await eventsDuring(async () => {
      paid = await confirm(clientSecret, '4242424242424242');
    });
    expect(paid?.status).toBe(200);
    expect(await paid?.json()).toEqual({ status: 'succeeded' });
    expect(types(payEvents)).toEqual(['invoice.paid', 'invoice.payment_succeeded', 'customer.subscription.updated']);
    expect((payEvents[2] as Stripe.CustomerSubscriptionUpdatedEvent).data.previous_attributes).toMatchObject({ status: 'incomplete' });

    const active = await stripe.subscriptions.retrieve(subscription.id, { expand: ['latest_invoice.payments', 'customer'] });
    expect(active.status).toBe('active');
    const withCard = await stripe.subscriptions.retrieve(subscription.id, { expand: ['default_payment_method'] });
    expect(withCard.default_payment_method).toMatchObject({ object: 'payment_method', type: 'card', card: { brand: 'visa', last4: '4242' } });
    expect((active.customer as Stripe.Customer).metadata).toEqual({ userId: '9' });
    const paidInvoice = active.latest_invoice as Stripe.Invoice;
    expect(paidInvoice).toMatchObject({ status: 'paid', amount_paid: 300, attempt_count: 2 });
    expect(paidInvoice.payments?.data[0]?.payment.payment_intent).toBe(intentId);
    expect((await stripe.paymentIntents.retrieve(intentId)).status).toBe('succeeded');
  });

  it('answers the library when confirmed through /v1/payment_intents/:id/confirm', async () => {
    const { subscription } = await incompleteSubscription();
    const secret = (subscription.latest_invoice as Stripe.Invoice).confirmation_secret?.client_secret as string;
    const intentId = secret.split('_secret_')[0] as string;
    await expect(stripe.paymentIntents.confirm(intentId, { payment_method: 'pm_card_chargeDeclined' })).rejects.toMatchObject({ type: 'StripeCardError', code: 'card_declined' });
    expect((await stripe.paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' })).status).toBe('succeeded');
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');
  });

  it('cancels an incomplete subscription and voids its first invoice', async () => {
    const { subscription } = await incompleteSubscription();
    const canceled = await stripe.subscriptions.cancel(subscription.id);
    expect(canceled).toMatchObject({ status: 'canceled' });
    expect((await stripe.invoices.retrieve((subscription.latest_invoice as Stripe.Invoice).id as string)).status).toBe('void');
  });
});

describe('renewals, the billing page, cancel', () => {
  it('renews: a paid subscription_cycle invoice for the next period', async () => {
    const { subscriptionId } = await paidCheckout('renew@example.com');
    const before = await stripe.subscriptions.retrieve(subscriptionId);
    const oldItem = before.items.data[0] as Stripe.SubscriptionItem;
    const events = await eventsDuring(() => standIn.controls.renew(subscriptionId));
    expect(types(events)).toEqual(['invoice.paid', 'invoice.payment_succeeded', 'customer.subscription.updated']);

    const after = await stripe.subscriptions.retrieve(subscriptionId, { expand: ['latest_invoice'] });
    const item = after.items.data[0] as Stripe.SubscriptionItem;
    expect(after.status).toBe('active');
    expect(item.current_period_start).toBe(oldItem.current_period_end);
    const invoice = after.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({ status: 'paid', amount_paid: 300, billing_reason: 'subscription_cycle', period_start: oldItem.current_period_start, period_end: oldItem.current_period_end });
    expect(invoice.lines.data[0]?.period).toEqual({ start: item.current_period_start, end: item.current_period_end });
    const list = await stripe.invoices.list({ subscription: subscriptionId });
    expect(list.data.map((i) => i.billing_reason)).toEqual(['subscription_cycle', 'subscription_create']);
  });

  it('fails a renewal when marked (past_due), and the billing page\'s "Update card" pays it', async () => {
    const { subscriptionId, customerId } = await paidCheckout('fail@example.com');
    await standIn.controls.failNextRenewal(subscriptionId);
    const events = await eventsDuring(() => standIn.controls.renew(subscriptionId));
    expect(types(events)).toEqual(['invoice.payment_failed', 'customer.subscription.updated']);
    const failed = await stripe.subscriptions.retrieve(subscriptionId, { expand: ['latest_invoice'] });
    expect(failed.status).toBe('past_due');
    expect(failed.latest_invoice).toMatchObject({ status: 'open', attempt_count: 1, amount_paid: 0, billing_reason: 'subscription_cycle' });

    const portal = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: 'http://localhost:3000/profile' });
    expect(portal.url).toBe(`${standIn.url}/demo-pay/billing/${portal.id}`);
    expect(portal.id).toMatch(/^bps_/);
    const page = await (await fetch(portal.url)).text();
    expect(page).toContain('<title>Billing — ITConnect (test mode)</title>');
    expect(page).toContain('TEST MODE — no real money is taken');
    expect(page).toContain('Past due');
    expect(page).toContain('Unpaid (payment failed)');
    expect(page).toContain('aria-pressed="true"');
    expect(page).toContain('<a href="http://localhost:3000/profile">Return to ITConnect</a>');
    expect(page).not.toMatch(/<script/i);

    const base = `${standIn.url}/demo-pay/billing/${portal.id}/subscriptions/${subscriptionId}`;
    const paidEvents = await eventsDuring(async () => {
      const updated = await postForm(`${base}/update-card`);
      expect(updated.status).toBe(303);
      expect(updated.headers.get('location')).toBe(`/demo-pay/billing/${portal.id}?done=card_updated`);
    });
    expect(types(paidEvents)).toEqual(['invoice.paid', 'invoice.payment_succeeded', 'customer.subscription.updated']);
    expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe('active');

    // The page's own buttons: renew (paid now the mark is cleared), then the toggle.
    const renewed = await postForm(`${base}/renew`);
    expect(renewed.headers.get('location')).toBe(`/demo-pay/billing/${portal.id}?done=renewed`);
    const toggled = await postForm(`${base}/fail-next-renewal`, { on: '1' });
    expect(toggled.headers.get('location')).toBe(`/demo-pay/billing/${portal.id}?done=failing_on`);
    const renewedPage = await (await fetch(`${standIn.url}/demo-pay/billing/${portal.id}?done=failing_on`)).text();
    expect(renewedPage).toContain('The next renewal will fail.');
    expect(renewedPage).toContain('aria-pressed="true"');
    expect(renewedPage.match(/<tr>/g)?.length).toBe(4); // header + three invoices
    expect(renewedPage).toContain('£3.00');
    expect(renewedPage).toContain('<p class="notice" role="status">The next renewal will fail.</p>');
    // A renewal that fails is a failure on the page too: an alert, not the green news box.
    const failedRenewal = await postForm(`${base}/renew`);
    expect(failedRenewal.headers.get('location')).toBe(`/demo-pay/billing/${portal.id}?done=renewal_failed`);
    const failedPage = await (await fetch(`${standIn.url}${failedRenewal.headers.get('location')}`)).text();
    expect(failedPage).toContain('<p class="alert" role="alert">The renewal payment failed: the subscription is past due.</p>');
    expect(failedPage).not.toContain('class="notice"');

    // Another customer's subscription is not reachable through this portal session.
    const other = await paidCheckout('other@example.com');
    expect((await postForm(`${standIn.url}/demo-pay/billing/${portal.id}/subscriptions/${other.subscriptionId}/renew`)).status).toBe(404);
  });

  it('cancel_at_period_end is an update; cancel ends it now (customer.subscription.deleted)', async () => {
    const { subscriptionId } = await paidCheckout('cancel@example.com');
    const updateEvents = await eventsDuring(() => stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true, metadata: { reason: 'moving' } }));
    expect(types(updateEvents)).toEqual(['customer.subscription.updated']);
    const pending = await stripe.subscriptions.retrieve(subscriptionId);
    expect(pending).toMatchObject({ cancel_at_period_end: true, status: 'active', metadata: { applicationId: '3', plan: 'monthly', reason: 'moving' } });
    expect(pending.cancel_at).toBe(pending.items.data[0]?.current_period_end);

    const events = await eventsDuring(() => stripe.subscriptions.cancel(subscriptionId));
    expect(types(events)).toEqual(['customer.subscription.deleted']);
    const canceled = await stripe.subscriptions.retrieve(subscriptionId);
    expect(canceled.status).toBe('canceled');
    expect(canceled.canceled_at).toBeGreaterThan(0);
    expect(canceled.ended_at).toBeGreaterThan(0);
    await expect(standIn.controls.renew(subscriptionId)).rejects.toThrow('canceled');
    // As Stripe: cancelling again is a 404, updating anything but metadata a 400.
    await expect(stripe.subscriptions.cancel(subscriptionId)).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
    await expect(stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: false })).rejects.toMatchObject({ statusCode: 400 });
    expect((await stripe.subscriptions.update(subscriptionId, { metadata: { note: 'gone' } })).metadata.note).toBe('gone');

    const customer = canceled.customer as string;
    expect((await stripe.subscriptions.list({ customer })).data).toEqual([]);
    expect((await stripe.subscriptions.list({ customer, status: 'canceled' })).data.map((s) => s.id)).toEqual([subscriptionId]);
    // 'ended': cancelled, or expired unpaid, as Stripe's list reads it.
    expect((await stripe.subscriptions.list({ customer, status: 'ended' })).data.map((s) => s.id)).toEqual([subscriptionId]);
    expect((await stripe.subscriptions.list({ customer, status: 'active' })).data).toEqual([]);
  });

  it('ends a subscription marked to cancel at period end when it comes to renew', async () => {
    const { subscriptionId } = await paidCheckout('end@example.com');
    await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    const events = await eventsDuring(() => standIn.controls.renew(subscriptionId));
    expect(types(events)).toEqual(['customer.subscription.deleted']);
  });
});

describe('refunds', () => {
  it('refunds a payment in full, then refuses a refund beyond what is left', async () => {
    const { subscriptionId } = await paidCheckout('refund@example.com');
    const subscription = await stripe.subscriptions.retrieve(subscriptionId, { expand: ['latest_invoice.payments'] });
    const intentId = (subscription.latest_invoice as Stripe.Invoice).payments?.data[0]?.payment.payment_intent as string;

    let refund: Stripe.Refund | undefined;
    const events = await eventsDuring(async () => {
      refund = await stripe.refunds.create({ payment_intent: intentId, reason: 'requested_by_customer', metadata: { rule: 'money-back' } });
    });
    expect(refund).toMatchObject({ object: 'refund', amount: 300, status: 'succeeded', payment_intent: intentId, currency: 'gbp' });
    expect(types(events)).toEqual(['refund.created', 'charge.refunded']);
    expect((events[1] as Stripe.ChargeRefundedEvent).data.object).toMatchObject({ amount_refunded: 300, refunded: true });
    const charge = await stripe.charges.retrieve(refund?.charge as string);
    expect(charge).toMatchObject({ amount_refunded: 300, refunded: true });
    expect((await stripe.refunds.retrieve(refund?.id as string)).amount).toBe(300);
    expect((await stripe.refunds.list({ payment_intent: intentId })).data.map((r) => r.id)).toEqual([refund?.id]);

    await expect(stripe.refunds.create({ payment_intent: intentId, amount: 1 })).rejects.toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 400, code: 'charge_already_refunded' });
  });

  it('refunds part, then refuses more than the remainder', async () => {
    const { subscriptionId } = await paidCheckout('partial@example.com');
    const invoice = (await stripe.invoices.list({ subscription: subscriptionId })).data[0] as Stripe.Invoice;
    const payment = (await stripe.invoicePayments.list({ invoice: invoice.id as string })).data[0] as Stripe.InvoicePayment;
    const intent = await stripe.paymentIntents.retrieve(payment.payment.payment_intent as string);
    await stripe.refunds.create({ charge: intent.latest_charge as string, amount: 100 });
    await expect(stripe.refunds.create({ charge: intent.latest_charge as string, amount: 250 })).rejects.toMatchObject({ statusCode: 400, code: 'amount_too_large', param: 'amount' });
    expect(await stripe.charges.retrieve(intent.latest_charge as string)).toMatchObject({ amount_refunded: 100, refunded: false });
  });
});

describe('the API surface', () => {
  it('replays an Idempotency-Key: the same key returns the same answer, other parameters are refused', async () => {
    const key = `idem-${Date.now()}`;
    const first = await stripe.customers.create({ email: 'idem@example.com' }, { idempotencyKey: key });
    const again = await stripe.customers.create({ email: 'idem@example.com' }, { idempotencyKey: key });
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    await expect(stripe.customers.create({ email: 'other@example.com' }, { idempotencyKey: key })).rejects.toMatchObject({ type: 'StripeIdempotencyError' });
  });

  it('failNextRequests: the library sees the error, and its own retry (same idempotency key) gets through', async () => {
    standIn.controls.failNextRequests(1, 500);
    await expect(stripe.customers.create({ email: 'fail@example.com' })).rejects.toMatchObject({ type: 'StripeAPIError', statusCode: 500 });
    expect((await stripe.customers.create({ email: 'fine@example.com' })).email).toBe('fine@example.com');

    const retrying = new Stripe(standIn.apiKey, { host: '127.0.0.1', port: standIn.port, protocol: 'http', maxNetworkRetries: 2 });
    standIn.controls.failNextRequests(1, 503);
    expect((await retrying.customers.create({ email: 'retry@example.com' })).email).toBe('retry@example.com');
  });

  it('answers unknown paths, missing keys, unknown objects and bad expansions as Stripe does', async () => {
    const noKey = await fetch(`${standIn.url}/v1/customers`, { method: 'POST' });
    expect(noKey.status).toBe(401);
    expect(((await noKey.json()) as { error: { type: string } }).error.type).toBe('invalid_request_error');
    const unknown = await fetch(`${standIn.url}/v1/coupons`, { headers: { Authorization: `Bearer ${standIn.apiKey}` } });
    expect(unknown.status).toBe(404);
    await expect(stripe.subscriptions.retrieve('sub_missing')).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing', message: "No such subscription: 'sub_missing'" });
    const customer = await stripe.customers.create({ email: 'x@example.com' });
    await expect(stripe.customers.retrieve(customer.id, { expand: ['nonsense'] })).rejects.toMatchObject({ statusCode: 400 });
    expect((await fetch(`${standIn.url}/elsewhere`)).status).toBe(404);
    expect((await fetch(`${standIn.url}/demo-pay/checkout/cs_test_nope`)).status).toBe(404);
  });

  it('lists newest first with limit and starting_after (has_more), and events by type', async () => {
    const made = [];
    for (let i = 0; i < 3; i += 1) made.push(await stripe.customers.create({ email: 'page@example.com' }));
    const first = await stripe.customers.list({ email: 'page@example.com', limit: 2 });
    expect(first.data.map((c) => c.id)).toEqual([made[2]?.id, made[1]?.id]);
    expect(first.has_more).toBe(true);
    const second = await stripe.customers.list({ email: 'page@example.com', limit: 2, starting_after: made[1]?.id });
    expect(second.data.map((c) => c.id)).toEqual([made[0]?.id]);
    expect(second.has_more).toBe(false);
    const all = [];
    for await (const c of stripe.customers.list({ email: 'page@example.com', limit: 1 })) all.push(c.id);
    expect(all).toEqual([made[2]?.id, made[1]?.id, made[0]?.id]);
    const now = Math.floor(Date.now() / 1000);
    expect((await stripe.customers.list({ email: 'page@example.com', created: { gte: now - 60 } })).data.length).toBe(3);
    expect((await stripe.customers.list({ email: 'page@example.com', created: { gt: now + 60 } })).data).toEqual([]);
    const created = await stripe.events.list({ type: 'customer.created', limit: 3 });
    expect(created.data.every((e) => e.type === 'customer.created')).toBe(true);
    expect((created.data[0]?.data.object as Stripe.Customer).id).toBe(made[2]?.id);
  });
});

describe('unknown parameters', () => {
  it("refuses an unknown parameter with Stripe's 400 parameter_unknown before anything changes: top level, nested, in a list, in a query", async () => {
    const eventsBefore = (await standIn.controls.events()).length;
    const email = `unknown-${randomUUID()}@example.com`;
    const price = await monthlyPrice();

    expect(await rawApi('POST', '/v1/customers', `email=${encodeURIComponent(email)}&foo=1`)).toEqual({ status: 400, body: unknownParameter('foo') });
    expect(await rawApi('POST', '/v1/customers', `email=${encodeURIComponent(email)}&metadata[any]=x&address[city]=Leeds`)).toEqual({ status: 400, body: unknownParameter('address') });
    const checkout = (extra: string) =>
      rawApi('POST', '/v1/checkout/sessions', `mode=subscription&line_items[0][price]=${price.id}&success_url=http%3A%2F%2Fx%2Fok&customer_email=${encodeURIComponent(email)}&${extra}`);
    expect(await checkout('line_items[0][nonsense]=1')).toEqual({ status: 400, body: unknownParameter('line_items[0][nonsense]') });
    expect(await checkout('line_items[1][price]=x&line_items[1][foo][bar]=1')).toEqual({ status: 400, body: unknownParameter('line_items[1][foo]') });
    expect(await checkout('line_items[0][price_data][product_data][images][0]=x')).toEqual({ status: 400, body: unknownParameter('line_items[0][price_data][product_data][images]') });
    // A parameter Stripe has but the stand-in does not model is refused by name, never ignored.
    expect(await checkout('subscription_data[trial_period_days]=7')).toEqual({ status: 400, body: unknownParameter('subscription_data[trial_period_days]') });
    expect(await checkout('foo[bar]=1')).toEqual({ status: 400, body: unknownParameter('foo') });

    // GETs and DELETEs take their parameters in the query.
    expect(await rawApi('GET', `/v1/customers?email=${encodeURIComponent(email)}&foo=1`)).toEqual({ status: 400, body: unknownParameter('foo') });
    expect(await rawApi('GET', `/v1/prices/${price.id}?limit=1`)).toEqual({ status: 400, body: unknownParameter('limit') });
    expect(await rawApi('GET', `/v1/events?type=customer.created&delivery_success=true`)).toEqual({ status: 400, body: unknownParameter('delivery_success') });
    const { subscriptionId } = await paidCheckout();
    const eventsAfterCheckout = (await standIn.controls.events()).length;
    expect(await rawApi('DELETE', `/v1/subscriptions/${subscriptionId}?prorate=true`)).toEqual({ status: 400, body: unknownParameter('prorate') });
    expect(await rawApi('DELETE', `/v1/subscriptions/${subscriptionId}?cancellation_details[reason]=x`)).toEqual({ status: 400, body: unknownParameter('cancellation_details[reason]') });
    expect(await rawApi('POST', `/v1/subscriptions/${subscriptionId}`, 'items[0][price]=x&cancel_at_period_end=true')).toEqual({ status: 400, body: unknownParameter('items') });

    // Nothing was made or changed, and no event was sent.
    expect((await stripe.customers.list({ email })).data).toEqual([]);
    expect((await stripe.checkout.sessions.list({ customer: 'cus_none' })).data).toEqual([]);
    expect(await stripe.subscriptions.retrieve(subscriptionId)).toMatchObject({ status: 'active', cancel_at_period_end: false });
    expect((await standIn.controls.events()).length).toBe(eventsAfterCheckout);
    expect(eventsAfterCheckout - eventsBefore).toBe(5); // the checkout's own: nothing from the refusals

    // A refusal is not an idempotent answer: the same key, with the right parameters, then runs.
    const key = `unknown-${randomUUID()}`;
    expect((await rawApi('POST', '/v1/customers', `email=${encodeURIComponent(email)}&foo=1`, { 'Idempotency-Key': key })).status).toBe(400);
    const made = await rawApi('POST', '/v1/customers', `email=${encodeURIComponent(email)}`, { 'Idempotency-Key': key });
    expect(made).toMatchObject({ status: 200, body: { object: 'customer', email } });
  });

  it('takes what `npm run stripe:setup` sends (scripts/lib/stripe-setup.ts, api/src/domain/billing/plan-price.ts)', async () => {
    const productId = `itconnect_listing_${Date.now()}`;
    await expect(stripe.products.retrieve(productId)).rejects.toMatchObject({ statusCode: 404 });
    expect((await stripe.products.create({ id: productId, name: 'ITConnect listing' }, { idempotencyKey: `product_${productId}` })).id).toBe(productId);
    await expect(stripe.products.create({ id: productId, name: 'ITConnect listing' })).rejects.toMatchObject({ statusCode: 400, code: 'resource_already_exists' });
    const prices = {
      monthly: await stripe.prices.create({ currency: 'gbp', unit_amount: 300, recurring: { interval: 'month' }, product: productId, nickname: 'Pay Monthly', lookup_key: `${productId}_monthly`, transfer_lookup_key: true }),
      yearly: await stripe.prices.create({ currency: 'gbp', unit_amount: 2800, recurring: { interval: 'year' }, product: productId, nickname: 'Pay Annually', lookup_key: `${productId}_yearly`, transfer_lookup_key: true }),
    };
    const features: Stripe.BillingPortal.ConfigurationCreateParams.Features = {
      invoice_history: { enabled: true },
      payment_method_update: { enabled: true },
      subscription_cancel: { enabled: true, mode: 'at_period_end', proration_behavior: 'none' },
      subscription_update: { enabled: true, default_allowed_updates: ['price'], products: [{ product: productId, prices: [prices.monthly.id, prices.yearly.id] }], proration_behavior: 'none' },
    };
    const metadata = { purpose: `itconnect-${productId}` };
    expect((await stripe.billingPortal.configurations.list({ active: true, limit: 100 })).data.find((c) => c.metadata?.purpose === metadata.purpose)).toBeUndefined();
    const configuration = await stripe.billingPortal.configurations.create({
      features,
      business_profile: { privacy_policy_url: 'http://localhost:3000/privacy-policy', terms_of_service_url: 'http://localhost:3000/terms-of-service' },
      default_return_url: 'http://localhost:3000/profile',
      metadata,
    });
    await stripe.billingPortal.configurations.update(configuration.id, { features, default_return_url: 'http://localhost:3000/profile', metadata });
    expect((await stripe.billingPortal.configurations.list({ active: true, limit: 100 })).data.find((c) => c.metadata?.purpose === metadata.purpose)?.id).toBe(configuration.id);

    const url = 'http://127.0.0.1:9/api/stripe/webhook';
    const events: Stripe.WebhookEndpointCreateParams.EnabledEvent[] = ['checkout.session.completed', 'customer.subscription.updated', 'invoice.paid'];
    expect((await stripe.webhookEndpoints.list({ limit: 100 }).autoPagingToArray({ limit: 1000 })).find((e) => e.url === url)).toBeUndefined();
    const made = await stripe.webhookEndpoints.create({ url, enabled_events: events, description: 'ITConnect: the worker reconciles these (npm run stripe:setup)' });
    expect(made.secret).toMatch(/^whsec_/);
    expect(await stripe.webhookEndpoints.update(made.id, { enabled_events: events, disabled: false })).toMatchObject({ enabled_events: events, status: 'enabled' });
    // Newer than the test's own endpoint: deliveries stay there (the oldest enabled one).
    expect(types(await eventsDuring(() => stripe.customers.create({ email: 'setup@example.com' })))).toEqual(['customer.created']);
    await stripe.webhookEndpoints.del(made.id);
  });

  it('takes every call ITConnect makes (api/, worker/, scripts and tests), as the library sends them', async () => {
    const idem = (name: string) => ({ idempotencyKey: `${name}_${randomUUID()}` });
    const lookupKey = `itconnect_listing_monthly_${randomUUID()}`;
    const email = `calls-${randomUUID()}@example.com`;
    // api/src/domain/billing/plan-price.ts
    expect((await stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 })).data).toEqual([]);
    const price = await stripe.prices.create(
      { currency: 'gbp', unit_amount: 300, recurring: { interval: 'month' }, product_data: { name: 'ITConnect listing: Pay Monthly' }, lookup_key: lookupKey, transfer_lookup_key: true },
      idem('price'),
    );
    // api/src/domain/billing/start-application-checkout.ts (both ways of naming the payer)
    const metadata = { applicationId: '41', plan: 'monthly' };
    const checkoutParams: Stripe.Checkout.SessionCreateParams = {
      mode: 'subscription',
      line_items: [{ price: price.id, quantity: 1 }],
      client_reference_id: '41',
      metadata,
      subscription_data: { metadata },
      success_url: 'http://localhost:3000/application-success?session_id={CHECKOUT_SESSION_ID}&application_id=41',
      cancel_url: 'http://localhost:3000/apply?plan=monthly',
    };
    const session = await stripe.checkout.sessions.create({ ...checkoutParams, customer_email: email }, idem('checkout'));
    // api/src/domain/billing/close-checkout.ts, decide-application.ts, worker settle-rejected-application.ts
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
    expect((await stripe.checkout.sessions.expire(session.id, {}, idem('expire'))).status).toBe('expired');
    // api/src/domain/billing/professional-billing.ts
    const customer = await stripe.customers.create({ email, name: 'Calls Ltd', metadata: { professionalId: '41' } }, idem('customer_professional'));
    const again = await stripe.checkout.sessions.create({ ...checkoutParams, customer: customer.id }, idem('checkout'));
    expect(again.customer).toBe(customer.id);
    expect(
      (await stripe.subscriptions.list({ customer: customer.id, status: 'incomplete', expand: ['data.latest_invoice.confirmation_secret'] })).data,
    ).toEqual([]);
    const waiting = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription' },
      metadata: { professionalId: '41', plan: 'monthly' },
      expand: ['latest_invoice.confirmation_secret'],
    });
    const listed = await stripe.subscriptions.list({ customer: customer.id, status: 'incomplete', expand: ['data.latest_invoice.confirmation_secret'] });
    expect((listed.data[0]?.latest_invoice as Stripe.Invoice).confirmation_secret?.client_secret).toMatch(/_secret_/);
    const portal = await stripe.billingPortal.sessions.create({ customer: customer.id, return_url: 'http://localhost:3000/profile' });
    expect(portal.url).toContain('/demo-pay/billing/bps_');
    // The card form pays it; worker/src/billing: stripe-state.ts, checkout.ts, reconcile.ts, duplicates.ts
    const secret = (waiting.latest_invoice as Stripe.Invoice).confirmation_secret?.client_secret as string;
    await standIn.controls.confirmPayment(secret, '4242 4242 4242 4242');
    const subscription = await stripe.subscriptions.retrieve(waiting.id);
    const invoice = await stripe.invoices.retrieve(subscription.latest_invoice as string, { expand: ['payments'] });
    expect((await stripe.invoicePayments.list({ invoice: invoice.id as string, limit: 10 })).data.length).toBe(1);
    const paid = await stripe.invoices.list({ subscription: subscription.id, status: 'paid', limit: 100, expand: ['data.payments'] });
    const intentId = paid.data[0]?.payments?.data[0]?.payment.payment_intent as string;
    const intent = await stripe.paymentIntents.retrieve(intentId, { expand: ['latest_charge'] });
    const charge = intent.latest_charge as Stripe.Charge;
    expect((await stripe.charges.retrieve(charge.id)).amount).toBe(300);
    expect((await stripe.charges.list({ payment_intent: intentId })).data.map((c) => c.id)).toEqual([charge.id]);
    expect((await stripe.customers.retrieve(customer.id)).id).toBe(customer.id);
    // worker/src/billing/cancellation.ts, duplicates.ts, settle-rejected-application.ts
    await stripe.refunds.create({ payment_intent: intentId, amount: 100, reason: 'requested_by_customer', metadata: { paymentId: '1', guarantee: '30-day money-back' } }, idem('refund_first_payment'));
    await stripe.refunds.create({ payment_intent: intentId, amount: 100, reason: 'duplicate', metadata: { subscriptionId: subscription.id, invoiceId: invoice.id as string } }, idem('refund_duplicate'));
    await stripe.refunds.create({ payment_intent: intentId, reason: 'requested_by_customer', metadata: { paymentId: '1', applicationId: '41' } }, idem('refund_rejected'));
    expect((await stripe.refunds.list({ payment_intent: intentId, limit: 100 })).data.reduce((sum, r) => sum + r.amount, 0)).toBe(300);
    expect((await stripe.refunds.list({ limit: 100 })).data.length).toBeGreaterThanOrEqual(3);
    // worker/src/billing/daily-reconciliation.ts, reconcile.ts; api/src/domain/billing/close-checkout.ts
    expect((await stripe.checkout.sessions.list({ subscription: subscription.id, limit: 1 })).data).toEqual([]);
    const everyOne: string[] = [];
    for await (const listedSubscription of stripe.subscriptions.list({ limit: 100 })) everyOne.push(listedSubscription.id);
    expect(everyOne).toContain(subscription.id);
    expect((await stripe.charges.retrieve(charge.id, { expand: ['refunds'] })).refunds?.data.length).toBe(3);
    expect((await stripe.subscriptions.retrieve(subscription.id, { expand: ['latest_invoice.payments'] })).latest_invoice).toMatchObject({ id: invoice.id });
    expect((await stripe.invoices.retrieve(invoice.id as string)).status).toBe('paid');
    // api/src/domain/billing/cancel-subscription.ts; worker duplicates.ts and settle-rejected-application.ts
    const all = await stripe.subscriptions.list({ customer: customer.id, status: 'all', limit: 100 }).autoPagingToArray({ limit: 1000 });
    expect(all.map((s) => s.id)).toEqual([subscription.id]);
    await stripe.subscriptions.cancel(subscription.id, { cancellation_details: { comment: 'Cancelled on the site' } }, idem('cancel'));
    const other = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }], payment_behavior: 'default_incomplete', metadata: { professionalId: '41', plan: 'monthly' } });
    await stripe.subscriptions.cancel(other.id, {}, idem('cancel'));
    // tests/integration and scripts/bench-webhooks.ts
    expect((await stripe.customers.list({ email, limit: 100 })).data.map((c) => c.id)).toEqual([customer.id]);
    expect((await stripe.checkout.sessions.list({ status: 'open', limit: 100 })).data.some((s) => s.id === again.id)).toBe(true);
    expect((await stripe.invoices.list({ status: 'paid', limit: 100 }).autoPagingToArray({ limit: 10_000 })).some((i) => i.id === invoice.id)).toBe(true);
    expect((await stripe.events.list({ type: 'customer.subscription.deleted', limit: 2 })).data.map((e) => (e.data.object as Stripe.Subscription).id)).toEqual([other.id, subscription.id]);
  });
});

describe('customer portal configurations', () => {
  let own: RunningStripeStandIn;
  let client: Stripe;

  beforeAll(async () => {
    own = await startStripeStandIn();
    client = clientOf(own);
  });

  afterAll(async () => {
    await own?.close();
  });

  it('answers Stripe\'s 400 for a session without any configuration; the first one made is the default, used when none is named', async () => {
    const customer = await client.customers.create({ email: 'portal@example.com' });
    await expect(client.billingPortal.sessions.create({ customer: customer.id, return_url: 'http://localhost:3000/profile' })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      message: expect.stringMatching(/^No configuration provided and your test mode default configuration has not been created\./) as string,
    });
    await expect(client.billingPortal.configurations.create({} as Stripe.BillingPortal.ConfigurationCreateParams)).rejects.toMatchObject({ statusCode: 400, code: 'parameter_missing', param: 'features' });
    await expect(client.billingPortal.configurations.create({ features: { subscription_cancel: { mode: 'immediately' } as never } })).rejects.toMatchObject({
      statusCode: 400,
      code: 'parameter_missing',
      param: 'features[subscription_cancel][enabled]',
    });

    const first = await client.billingPortal.configurations.create({
      features: { invoice_history: { enabled: true }, payment_method_update: { enabled: true }, subscription_cancel: { enabled: true, mode: 'at_period_end' } },
      default_return_url: 'http://localhost:3000/profile',
      business_profile: { headline: 'ITConnect (test mode)' },
      metadata: { made: 'first' },
    });
    expect(first).toMatchObject({
      object: 'billing_portal.configuration',
      active: true,
      is_default: true,
      livemode: false,
      default_return_url: 'http://localhost:3000/profile',
      business_profile: { headline: 'ITConnect (test mode)' },
      metadata: { made: 'first' },
      features: {
        invoice_history: { enabled: true },
        payment_method_update: { enabled: true },
        subscription_cancel: { enabled: true, mode: 'at_period_end', proration_behavior: 'none' },
        subscription_update: { enabled: false, proration_behavior: 'none', default_allowed_updates: [] },
      },
    });
    expect(first.id).toMatch(/^bpc_/);
    const second = await client.billingPortal.configurations.create({ features: { subscription_cancel: { enabled: true, mode: 'immediately' } }, name: 'Second' });
    expect(second).toMatchObject({ is_default: false, name: 'Second', features: { subscription_cancel: { enabled: true, mode: 'immediately' }, invoice_history: { enabled: true } } });

    expect((await client.billingPortal.configurations.list()).data.map((c) => c.id)).toEqual([second.id, first.id]);
    expect((await client.billingPortal.configurations.list({ is_default: true })).data.map((c) => c.id)).toEqual([first.id]);
    expect((await client.billingPortal.configurations.retrieve(second.id)).name).toBe('Second');
    await expect(client.billingPortal.configurations.retrieve('bpc_missing')).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });

    const byDefault = await client.billingPortal.sessions.create({ customer: customer.id });
    expect(byDefault).toMatchObject({ object: 'billing_portal.session', configuration: first.id, customer: customer.id, return_url: 'http://localhost:3000/profile' });
    const named = await client.billingPortal.sessions.create({ customer: customer.id, configuration: second.id, return_url: 'http://localhost:3000/elsewhere' });
    expect(named).toMatchObject({ configuration: second.id, return_url: 'http://localhost:3000/elsewhere' });

    const updated = await client.billingPortal.configurations.update(second.id, { features: { payment_method_update: { enabled: true } }, metadata: { changed: 'yes' } });
    expect(updated).toMatchObject({ name: 'Second', metadata: { changed: 'yes' }, features: { payment_method_update: { enabled: true }, subscription_cancel: { enabled: true, mode: 'immediately' } } });
    expect(updated.updated).toBeGreaterThanOrEqual(second.updated);
    await client.billingPortal.configurations.update(second.id, { active: false });
    expect((await client.billingPortal.configurations.list({ active: false })).data.map((c) => c.id)).toEqual([second.id]);
    await expect(client.billingPortal.sessions.create({ customer: customer.id, configuration: second.id })).rejects.toMatchObject({ statusCode: 400, param: 'configuration' });
    await expect(client.billingPortal.sessions.create({ customer: customer.id, configuration: 'bpc_missing' })).rejects.toMatchObject({ statusCode: 404, param: 'configuration' });
  });

  it("models proration_behavior 'none' only, and subscription updates only for real recurring prices of the products named", async () => {
    const monthly = await client.prices.create({ currency: 'gbp', unit_amount: 300, recurring: { interval: 'month' }, product_data: { name: 'Monthly' } });
    const yearly = await client.prices.create({ currency: 'gbp', unit_amount: 2800, recurring: { interval: 'year' }, product_data: { name: 'Yearly' } });
    const oneOff = await client.prices.create({ currency: 'gbp', unit_amount: 500, product: monthly.product as string });
    const update = (products: { product: string; prices: string[] }[]) => ({ subscription_update: { enabled: true, default_allowed_updates: ['price' as const], products } });

    await expect(client.billingPortal.configurations.create({ features: { subscription_update: { enabled: true, proration_behavior: 'always_invoice' } } })).rejects.toMatchObject({
      statusCode: 400,
      param: 'features[subscription_update][proration_behavior]',
    });
    await expect(client.billingPortal.configurations.create({ features: { subscription_cancel: { enabled: true, mode: 'immediately', proration_behavior: 'create_prorations' } } })).rejects.toMatchObject({
      statusCode: 400,
      param: 'features[subscription_cancel][proration_behavior]',
    });
    await expect(client.billingPortal.configurations.create({ features: update([{ product: monthly.product as string, prices: [monthly.id] }, { product: 'prod_missing', prices: [yearly.id] }]) })).rejects.toMatchObject({
      statusCode: 404,
      param: 'features[subscription_update][products][1][product]',
    });
    await expect(client.billingPortal.configurations.create({ features: update([{ product: monthly.product as string, prices: [yearly.id] }]) })).rejects.toMatchObject({
      statusCode: 400,
      param: 'features[subscription_update][products][0][prices]',
    });
    await expect(client.billingPortal.configurations.create({ features: update([{ product: monthly.product as string, prices: [oneOff.id] }]) })).rejects.toMatchObject({ statusCode: 400 });
    const made = await client.billingPortal.configurations.create({
      features: { ...update([{ product: monthly.product as string, prices: [monthly.id] }]), subscription_cancel: { enabled: true, mode: 'immediately', proration_behavior: 'none' } },
    });
    expect(made.features.subscription_update).toMatchObject({ enabled: true, default_allowed_updates: ['price'], proration_behavior: 'none', products: [{ product: monthly.product, prices: [monthly.id] }] });
    // An update checks the same.
    await expect(client.billingPortal.configurations.update(made.id, { features: update([{ product: 'prod_missing', prices: [monthly.id] }]) })).rejects.toMatchObject({ statusCode: 404 });
    await expect(client.billingPortal.configurations.update(made.id, { features: { subscription_update: { proration_behavior: 'create_prorations' } } })).rejects.toMatchObject({ statusCode: 400 });
    const both = await client.billingPortal.configurations.update(made.id, { features: update([{ product: monthly.product as string, prices: [monthly.id] }, { product: yearly.product as string, prices: [yearly.id] }]) });
    expect(both.features.subscription_update.products?.map((p) => p.prices)).toEqual([[monthly.id], [yearly.id]]);
  });
});

describe('the billing page, as its portal configuration says', () => {
  async function portalFor(customerId: string, features: Stripe.BillingPortal.ConfigurationCreateParams.Features) {
    const configuration = await stripe.billingPortal.configurations.create({ features });
    const portal = await stripe.billingPortal.sessions.create({ customer: customerId, configuration: configuration.id, return_url: 'http://localhost:3000/profile' });
    const base = `/demo-pay/billing/${portal.id}`;
    return {
      base,
      page: async (query = '') => (await fetch(`${standIn.url}${base}${query}`)).text(),
      act: async (subscriptionId: string, action: string, fields: Record<string, string> = {}) =>
        (await postForm(`${standIn.url}${base}/subscriptions/${subscriptionId}/${action}`, fields)).headers.get('location'),
    };
  }

  /** ITConnect's plans: each price made with its own product (api/src/domain/billing/plan-price.ts). */
  async function plans() {
    const monthly = await stripe.prices.create({ currency: 'gbp', unit_amount: 300, recurring: { interval: 'month' }, product_data: { name: 'ITConnect listing: Pay Monthly' } });
    const yearly = await stripe.prices.create({ currency: 'gbp', unit_amount: 2800, recurring: { interval: 'year' }, product_data: { name: 'ITConnect listing: Pay Annually' } });
    return { monthly, yearly };
  }

  async function subscribed(price: Stripe.Price, email: string) {
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: price.id, quantity: 1 }],
      customer_email: email,
      success_url: 'http://localhost:3000/ok',
      subscription_data: { metadata: { applicationId: '8', plan: 'monthly' } },
    });
    const paid = await standIn.controls.pay(session.id);
    return { subscriptionId: paid.subscription as string, customerId: paid.customer as string };
  }

  it('at_period_end: "Cancel plan at the end of this period", "Don\'t cancel" undoes it, and the period\'s end ends it', async () => {
    const { subscriptionId, customerId } = await paidCheckout('period-end@example.com');
    const portal = await portalFor(customerId, { invoice_history: { enabled: true }, subscription_cancel: { enabled: true, mode: 'at_period_end' } });
    const page = await portal.page();
    expect(page).toContain('Cancel plan at the end of this period</button>');
    expect(page).not.toContain('Cancel plan now');
    expect(page).not.toContain('Update card');
    expect(page).toContain('Renew now (test)</button>');

    const cancelling = await eventsDuring(async () => expect(await portal.act(subscriptionId, 'cancel')).toBe(`${portal.base}?done=cancelling`));
    expect(types(cancelling)).toEqual(['customer.subscription.updated']);
    const updated = cancelling[0] as Stripe.CustomerSubscriptionUpdatedEvent;
    expect(updated.data.object).toMatchObject({ status: 'active', cancel_at_period_end: true, cancellation_details: { reason: 'cancellation_requested' } });
    expect(updated.data.previous_attributes).toMatchObject({ cancel_at_period_end: false, cancel_at: null });
    const pending = await stripe.subscriptions.retrieve(subscriptionId);
    expect(pending.cancel_at).toBe(pending.items.data[0]?.current_period_end);
    const pendingPage = await portal.page('?done=cancelling');
    expect(pendingPage).toContain('<p class="notice" role="status">The subscription will be cancelled at the end of its current period.</p>');
    expect(pendingPage).toContain('Ends on');
    expect(pendingPage).toContain("Don't cancel</button>");
    expect(pendingPage).toContain('End this period now (test)</button>');

    const kept = await eventsDuring(async () => expect(await portal.act(subscriptionId, 'keep')).toBe(`${portal.base}?done=kept`));
    expect(types(kept)).toEqual(['customer.subscription.updated']);
    expect(await stripe.subscriptions.retrieve(subscriptionId)).toMatchObject({ status: 'active', cancel_at_period_end: false, cancel_at: null, cancellation_details: { reason: null } });
    expect(await portal.page()).toContain('Renews on');

    await portal.act(subscriptionId, 'cancel');
    const ended = await eventsDuring(async () => expect(await portal.act(subscriptionId, 'renew')).toBe(`${portal.base}?done=ended`));
    expect(types(ended)).toEqual(['customer.subscription.deleted']);
    expect(await stripe.subscriptions.retrieve(subscriptionId)).toMatchObject({ status: 'canceled', cancel_at_period_end: true });
    expect((await stripe.invoices.list({ subscription: subscriptionId })).data.length).toBe(1); // ended, not renewed
    expect(await portal.page()).toContain('Cancelled');
    expect(await portal.act(subscriptionId, 'keep')).toBe(`${portal.base}?error=not_renewable`);
  });

  it('immediately: "Cancel plan now" ends it (customer.subscription.deleted, reason cancellation_requested, no comment)', async () => {
    const { subscriptionId, customerId } = await paidCheckout('now@example.com');
    const portal = await portalFor(customerId, { subscription_cancel: { enabled: true, mode: 'immediately' }, payment_method_update: { enabled: true } });
    const page = await portal.page();
    expect(page).toContain('Cancel plan now</button>');
    expect(page).toContain('Update card</button>');
    expect(page).not.toContain('Cancel plan at the end of this period');
    const events = await eventsDuring(async () => expect(await portal.act(subscriptionId, 'cancel')).toBe(`${portal.base}?done=cancelled`));
    expect(types(events)).toEqual(['customer.subscription.deleted']);
    const deleted = (events[0] as Stripe.CustomerSubscriptionDeletedEvent).data.object;
    expect(deleted).toMatchObject({ id: subscriptionId, status: 'canceled', cancel_at_period_end: false, cancellation_details: { reason: 'cancellation_requested', comment: null, feedback: null } });
    expect(deleted.ended_at).toBeGreaterThan(0);
    const after = await portal.page('?done=cancelled');
    expect(after).toContain('The subscription was cancelled.');
    expect(after).not.toContain('Cancel plan now');
  });

  it('switches plan to another price of its products: a new interval starts a new period now, charged in full at once; the metadata stays', async () => {
    const { monthly, yearly } = await plans();
    const dearer = await stripe.prices.create({ currency: 'gbp', unit_amount: 400, recurring: { interval: 'month' }, product: monthly.product as string });
    const retired = await stripe.prices.create({ currency: 'gbp', unit_amount: 250, recurring: { interval: 'month' }, product: monthly.product as string, active: false });
    const elsewhere = await monthlyPrice();
    const { subscriptionId, customerId } = await subscribed(monthly, 'switch@example.com');
    const portal = await portalFor(customerId, {
      invoice_history: { enabled: true },
      subscription_update: {
        enabled: true,
        default_allowed_updates: ['price'],
        products: [
          { product: monthly.product as string, prices: [monthly.id, dearer.id, retired.id] },
          { product: yearly.product as string, prices: [yearly.id] },
        ],
      },
    });
    const page = await portal.page();
    expect(page).toContain(`<input type="hidden" name="price" value="${yearly.id}"><button type="submit" class="secondary">Switch to £28.00 per year</button>`);
    expect(page).toContain('Switch to £4.00 per month</button>');
    expect(page).not.toContain('Switch to £3.00 per month'); // its own price
    expect(page).not.toContain('Switch to £2.50 per month'); // inactive

    // Not offered: a price outside the configuration, an inactive one, its own.
    for (const price of [elsewhere.id, retired.id, monthly.id, 'price_missing']) {
      expect(await portal.act(subscriptionId, 'switch', { price })).toBe(`${portal.base}?error=not_offered`);
    }
    expect(await portal.page('?error=not_offered')).toContain('<p class="alert" role="alert">This billing page does not offer that.</p>');

    // The same interval: the price changes, the period and the invoices do not.
    const before = await stripe.subscriptions.retrieve(subscriptionId);
    const same = await eventsDuring(async () => expect(await portal.act(subscriptionId, 'switch', { price: dearer.id })).toBe(`${portal.base}?done=switched`));
    expect(types(same)).toEqual(['customer.subscription.updated']);
    const sameItem = (await stripe.subscriptions.retrieve(subscriptionId)).items.data[0] as Stripe.SubscriptionItem;
    expect(sameItem).toMatchObject({ price: { id: dearer.id }, current_period_start: before.items.data[0]?.current_period_start, current_period_end: before.items.data[0]?.current_period_end });
    expect(((same[0] as Stripe.CustomerSubscriptionUpdatedEvent).data.previous_attributes?.items as Stripe.ApiList<Stripe.SubscriptionItem>).data[0]?.price.id).toBe(monthly.id);
    expect((await stripe.invoices.list({ subscription: subscriptionId })).data.length).toBe(1);

    // Another interval: a new period from now, the new price charged at once (and a cancellation
    // asked for at the period's end moves to the new period's end).
    await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    const startedAt = Math.floor(Date.now() / 1000);
    const yearEvents = await eventsDuring(async () => expect(await portal.act(subscriptionId, 'switch', { price: yearly.id })).toBe(`${portal.base}?done=switched`));
    expect(types(yearEvents)).toEqual(['customer.subscription.updated', 'invoice.paid', 'invoice.payment_succeeded']);
    const switched = await stripe.subscriptions.retrieve(subscriptionId, { expand: ['latest_invoice.payments'] });
    const item = switched.items.data[0] as Stripe.SubscriptionItem;
    expect(switched).toMatchObject({ status: 'active', metadata: { applicationId: '8', plan: 'monthly' }, billing_cycle_anchor: item.current_period_start, cancel_at_period_end: true, cancel_at: item.current_period_end });
    expect(item.price).toMatchObject({ id: yearly.id, unit_amount: 2800, recurring: { interval: 'year' } });
    expect(item.current_period_start).toBeGreaterThanOrEqual(startedAt);
    const start = new Date(item.current_period_start * 1000);
    const end = new Date(item.current_period_end * 1000);
    expect([end.getUTCFullYear() - start.getUTCFullYear(), end.getUTCMonth() - start.getUTCMonth()]).toEqual([1, 0]);
    const invoice = switched.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({ status: 'paid', billing_reason: 'subscription_update', amount_due: 2800, amount_paid: 2800, parent: { subscription_details: { subscription: subscriptionId } } });
    expect(invoice.lines.data[0]?.period).toEqual({ start: item.current_period_start, end: item.current_period_end });
    expect(invoice.payments?.data[0]).toMatchObject({ status: 'paid', amount_paid: 2800 });
    const updated = yearEvents[0] as Stripe.CustomerSubscriptionUpdatedEvent;
    expect(updated.data.object.items.data[0]?.price.id).toBe(yearly.id);
    expect((updated.data.previous_attributes?.items as Stripe.ApiList<Stripe.SubscriptionItem>).data[0]?.price.id).toBe(dearer.id);
    expect(updated.data.previous_attributes).toMatchObject({ cancel_at: before.items.data[0]?.current_period_end, latest_invoice: before.latest_invoice });
    expect(updated.data.object.latest_invoice).toBe(invoice.id);
    expect((yearEvents[1] as Stripe.InvoicePaidEvent).data.object).toMatchObject({ id: invoice.id, status: 'paid' });
    expect((await stripe.invoices.list({ subscription: subscriptionId })).data.map((i) => i.billing_reason)).toEqual(['subscription_update', 'subscription_create']);

    const after = await portal.page('?done=switched');
    expect(after).toContain('The plan was changed.');
    expect(after).toContain('£28.00 per year');
    expect(after).toContain('Switch to £3.00 per month</button>');
    expect(after).toContain('Plan change');
    expect(after).toContain('Ends on');
  });

  it('offers no plan switch without "price" among default_allowed_updates, nor for a product the configuration does not name', async () => {
    const { monthly, yearly } = await plans();
    const first = await subscribed(monthly, 'no-switch@example.com');
    const withoutPrice = await portalFor(first.customerId, {
      subscription_update: { enabled: true, default_allowed_updates: ['quantity'], products: [{ product: yearly.product as string, prices: [yearly.id] }, { product: monthly.product as string, prices: [monthly.id] }] },
    });
    expect(await withoutPrice.page()).not.toContain('Switch to');
    expect(await withoutPrice.act(first.subscriptionId, 'switch', { price: yearly.id })).toBe(`${withoutPrice.base}?error=not_offered`);
    const otherProduct = await portalFor(first.customerId, { subscription_update: { enabled: true, default_allowed_updates: ['price'], products: [{ product: yearly.product as string, prices: [yearly.id] }] } });
    expect(await otherProduct.page()).not.toContain('Switch to');
    expect(await otherProduct.act(first.subscriptionId, 'switch', { price: yearly.id })).toBe(`${otherProduct.base}?error=not_offered`);
    expect((await stripe.subscriptions.retrieve(first.subscriptionId)).items.data[0]?.price.id).toBe(monthly.id);
  });

  it('answers ?error=not_offered for what its configuration leaves out, and for a switch of a past-due plan; the test buttons stay', async () => {
    const { monthly, yearly } = await plans();
    const { subscriptionId, customerId } = await subscribed(monthly, 'not-offered@example.com');
    const bare = await portalFor(customerId, { invoice_history: { enabled: true } });
    const page = await bare.page();
    for (const absent of ['Cancel plan', "Don't cancel", 'Switch to', 'Update card']) expect(page).not.toContain(absent);
    expect(page).toContain('Renew now (test)');
    expect(page).toContain('Fail the next renewal (test)');
    const events = await eventsDuring(async () => {
      for (const action of ['cancel', 'keep', 'switch', 'update-card']) expect(await bare.act(subscriptionId, action, { price: yearly.id })).toBe(`${bare.base}?error=not_offered`);
    });
    expect(events).toEqual([]);
    expect(await stripe.subscriptions.retrieve(subscriptionId)).toMatchObject({ status: 'active', cancel_at_period_end: false, items: { data: [{ price: { id: monthly.id } }] } });
    expect(await bare.act(subscriptionId, 'renew')).toBe(`${bare.base}?done=renewed`);

    // Past due: the card is fixed first; no switch is offered, and none is made.
    const full = await portalFor(customerId, {
      payment_method_update: { enabled: true },
      subscription_update: { enabled: true, default_allowed_updates: ['price'], products: [{ product: monthly.product as string, prices: [monthly.id] }, { product: yearly.product as string, prices: [yearly.id] }] },
    });
    expect(await full.page()).toContain('Switch to £28.00 per year');
    await standIn.controls.failNextRenewal(subscriptionId);
    expect(await full.act(subscriptionId, 'renew')).toBe(`${full.base}?done=renewal_failed`);
    expect(await full.page()).not.toContain('Switch to');
    expect(await full.act(subscriptionId, 'switch', { price: yearly.id })).toBe(`${full.base}?error=not_offered`);
    expect(await full.act(subscriptionId, 'update-card')).toBe(`${full.base}?done=card_updated`);
    expect((await stripe.subscriptions.retrieve(subscriptionId)).status).toBe('active');
  });
});

describe('Checkout paid by Bacs Direct Debit', () => {
  async function openCheckout(email: string) {
    return stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: (await monthlyPrice()).id, quantity: 1 }],
      customer_email: email,
      success_url: 'http://localhost:3000/application-success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:3000/apply',
      metadata: { applicationId: '12' },
      subscription_data: { metadata: { applicationId: '12' } },
    });
  }

  async function parts(subscriptionId: string) {
    const subscription = await stripe.subscriptions.retrieve(subscriptionId, { expand: ['latest_invoice.payments'] });
    const invoice = subscription.latest_invoice as Stripe.Invoice;
    const intent = await stripe.paymentIntents.retrieve(invoice.payments?.data[0]?.payment.payment_intent as string);
    return { subscription, invoice, intent };
  }

  it('pays on the page: complete but unpaid, the subscription incomplete, the payment processing; the bank confirms it', async () => {
    const session = await openCheckout('bacs@example.com');
    const checkoutPage = await (await fetch(session.url as string)).text();
    expect(checkoutPage).toContain('Or pay by Bacs Direct Debit');
    expect(checkoutPage).toContain(`<form method="post" action="/demo-pay/checkout/${session.id}/pay-bacs">`);
    expect(checkoutPage).toContain('Pay £3.00 by Direct Debit</button>');

    const started = await eventsDuring(async () => {
      const response = await postForm(`${standIn.url}/demo-pay/checkout/${session.id}/pay-bacs`);
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe(`http://localhost:3000/application-success?session_id=${session.id}`);
    });
    expect(types(started)).toEqual(['customer.created', 'customer.subscription.created', 'checkout.session.completed']);
    expect((started[1] as Stripe.CustomerSubscriptionCreatedEvent).data.object.status).toBe('incomplete');
    expect((started[2] as Stripe.CheckoutSessionCompletedEvent).data.object).toMatchObject({ status: 'complete', payment_status: 'unpaid' });

    const waiting = await stripe.checkout.sessions.retrieve(session.id);
    expect(waiting).toMatchObject({ status: 'complete', payment_status: 'unpaid' });
    const { subscription, invoice, intent } = await parts(waiting.subscription as string);
    expect(subscription).toMatchObject({ status: 'incomplete', metadata: { applicationId: '12' } });
    expect(invoice).toMatchObject({ status: 'open', amount_due: 300, amount_paid: 0, billing_reason: 'subscription_create', attempted: true });
    expect(intent).toMatchObject({ status: 'processing', payment_method_types: ['bacs_debit'] });
    expect(await stripe.paymentMethods.retrieve(intent.payment_method as string)).toMatchObject({ type: 'bacs_debit', bacs_debit: { last4: '2345', sort_code: '108800' } });
    // Nothing to confirm while the bank has not answered.
    const confirm = await fetch(`${standIn.url}/demo-pay/confirm`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ clientSecret: intent.client_secret, cardNumber: '4242 4242 4242 4242' }),
    });
    expect(confirm.status).toBe(400);

    const processingPage = await (await fetch(session.url as string)).text();
    expect(processingPage).toContain('<h1>Direct Debit processing</h1>');
    expect(processingPage).toContain('The bank confirms the payment (test)</button>');
    expect(processingPage).toContain('The bank refuses the payment (test)</button>');

    const settled = await eventsDuring(async () => {
      const response = await postForm(`${standIn.url}/demo-pay/checkout/${session.id}/settle`, { outcome: 'succeeded' });
      expect(response.headers.get('location')).toBe(`/demo-pay/checkout/${session.id}`);
    });
    expect(types(settled)).toEqual(['invoice.paid', 'invoice.payment_succeeded', 'customer.subscription.updated', 'checkout.session.async_payment_succeeded']);
    expect((settled[2] as Stripe.CustomerSubscriptionUpdatedEvent).data.previous_attributes).toMatchObject({ status: 'incomplete' });
    expect((settled[3] as Stripe.CheckoutSessionAsyncPaymentSucceededEvent).data.object).toMatchObject({ id: session.id, payment_status: 'paid' });
    const after = await parts(subscription.id);
    expect(after.subscription.status).toBe('active');
    expect(after.invoice).toMatchObject({ status: 'paid', amount_paid: 300, attempt_count: 1 });
    expect(after.intent).toMatchObject({ status: 'succeeded', amount_received: 300 });
    const charge = await stripe.charges.retrieve(after.intent.latest_charge as string);
    expect(charge).toMatchObject({ status: 'succeeded', amount: 300, payment_method: intent.payment_method, payment_method_details: { type: 'bacs_debit', bacs_debit: { last4: '2345' } } });
    expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({ status: 'complete', payment_status: 'paid' });
    expect(await (await fetch(session.url as string)).text()).toContain('Payment complete');

    // The bank answers once: a second answer changes nothing.
    const again = await eventsDuring(async () => expect((await postForm(`${standIn.url}/demo-pay/checkout/${session.id}/settle`, { outcome: 'failed' })).status).toBe(303));
    expect(again).toEqual([]);
    await expect(standIn.controls.settleDirectDebit(session.id, 'failed')).rejects.toMatchObject({ status: 400 });
  });

  it("the bank refuses: the subscription stays incomplete with its invoice open, then is cancelled and its invoice voided; expire is Stripe's 400", async () => {
    const session = await openCheckout('bacs-refused@example.com');
    await standIn.controls.payByDirectDebit(session.id);
    const refused = await eventsDuring(() => standIn.controls.settleDirectDebit(session.id, 'failed'));
    expect(types(refused)).toEqual(['invoice.payment_failed', 'checkout.session.async_payment_failed']);
    expect((refused[1] as Stripe.CheckoutSessionAsyncPaymentFailedEvent).data.object).toMatchObject({ id: session.id, status: 'complete', payment_status: 'unpaid' });
    const completed = await stripe.checkout.sessions.retrieve(session.id);
    expect(completed).toMatchObject({ status: 'complete', payment_status: 'unpaid' });
    const { subscription, invoice, intent } = await parts(completed.subscription as string);
    expect(subscription.status).toBe('incomplete');
    expect(invoice).toMatchObject({ status: 'open', amount_paid: 0 });
    expect(intent).toMatchObject({ status: 'requires_payment_method', payment_method: null, last_payment_error: { code: 'debit_not_authorized' } });
    const page = await (await fetch(session.url as string)).text();
    expect(page).toContain('<h1>Direct Debit refused</h1>');
    expect(page).not.toContain('The bank confirms the payment (test)');

    await expect(stripe.checkout.sessions.expire(session.id)).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      code: 'checkout_session_not_open',
      message: expect.stringContaining('This Checkout Session has status: complete') as string,
    });

    const cancelled = await eventsDuring(() => stripe.subscriptions.cancel(subscription.id));
    expect(types(cancelled)).toEqual(['customer.subscription.deleted']);
    const after = await stripe.invoices.retrieve(invoice.id as string, { expand: ['payments'] });
    expect(after).toMatchObject({ status: 'void', amount_remaining: 0 });
    expect(after.status_transitions.voided_at).toBeGreaterThan(0);
    expect(after.payments?.data[0]).toMatchObject({ status: 'canceled' });
    expect((await stripe.paymentIntents.retrieve(intent.id)).status).toBe('canceled');
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('complete');
  });

  it('a Direct Debit whose subscription is cancelled before the bank answers waits for nothing', async () => {
    const session = await openCheckout('bacs-cancelled@example.com');
    const waiting = await standIn.controls.payByDirectDebit(session.id);
    await stripe.subscriptions.cancel(waiting.subscription as string);
    const { invoice } = await parts(waiting.subscription as string);
    expect(invoice.status).toBe('void');
    await expect(standIn.controls.settleDirectDebit(session.id, 'succeeded')).rejects.toThrow('no Direct Debit waiting');
    const page = await (await fetch(session.url as string)).text();
    expect(page).toContain('<h1>Direct Debit cancelled</h1>');
    expect(page).not.toContain('The bank confirms the payment (test)');
    const events = await eventsDuring(async () => expect((await postForm(`${standIn.url}/demo-pay/checkout/${session.id}/settle`, { outcome: 'succeeded' })).status).toBe(303));
    expect(events).toEqual([]);
    expect((await stripe.invoices.retrieve(invoice.id as string)).status).toBe('void');
    expect((await stripe.subscriptions.retrieve(waiting.subscription as string)).status).toBe('canceled');
  });
});

describe('webhook endpoints', () => {
  it('makes, reads, lists, updates and deletes endpoints (the secret answered only when made); deliveries go to the oldest enabled one, for its events, signed with its secret', async () => {
    const own = await startStripeStandIn({ retryDelaysMs: FAST_RETRIES });
    const client = clientOf(own);
    const first = await startReceiver('whsec_not_made_yet');
    const second = await startReceiver('whsec_not_made_yet');
    try {
      await expect(client.webhookEndpoints.create({ url: first.url } as Stripe.WebhookEndpointCreateParams)).rejects.toMatchObject({ statusCode: 400, code: 'parameter_missing', param: 'enabled_events' });
      await expect(client.webhookEndpoints.create({ url: 'ftp://example.com/hook', enabled_events: ['*'] })).rejects.toMatchObject({ statusCode: 400, param: 'url' });
      expect(await rawApi('POST', '/v1/webhook_endpoints', `url=${encodeURIComponent(first.url)}&enabled_events[]=*&connect=true`, {}, own)).toEqual({ status: 400, body: unknownParameter('connect') });
      expect((await client.webhookEndpoints.list()).data).toEqual([]);

      const made = await client.webhookEndpoints.create({ url: first.url, enabled_events: ['customer.created'], description: 'First', metadata: { env: 'test' } });
      expect(made).toMatchObject({ object: 'webhook_endpoint', url: first.url, enabled_events: ['customer.created'], status: 'enabled', description: 'First', metadata: { env: 'test' }, livemode: false });
      expect(made.id).toMatch(/^we_/);
      expect(made.secret).toMatch(/^whsec_/);
      first.state.secret = made.secret as string;
      const read = await client.webhookEndpoints.retrieve(made.id);
      expect(read).toMatchObject({ id: made.id, url: first.url, status: 'enabled' });
      expect(read.secret).toBeUndefined();
      expect((await client.webhookEndpoints.list()).data.map((e) => [e.id, e.secret])).toEqual([[made.id, undefined]]);

      // Only the events it is enabled for, signed with its own secret (the receiver checks with it).
      const customer = await client.customers.create({ email: 'hooks@example.com' });
      await client.customers.update(customer.id, { name: 'Hooks' });
      await own.controls.waitForDeliveries();
      expect(types(first.delivered())).toEqual(['customer.created']);
      expect((await own.controls.events()).map((e) => [e.type, e.pending_webhooks])).toEqual([
        ['customer.created', 0],
        ['customer.updated', 0],
      ]);
      const everything = await client.webhookEndpoints.update(made.id, { enabled_events: ['*'], description: 'All of them' });
      expect(everything).toMatchObject({ enabled_events: ['*'], description: 'All of them', metadata: { env: 'test' } });
      expect(everything.secret).toBeUndefined();
      await client.customers.update(customer.id, { name: 'Hooks again' });
      await own.controls.waitForDeliveries();
      expect(types(first.delivered())).toEqual(['customer.created', 'customer.updated']);

      // A second endpoint: deliveries stay with the oldest enabled one until it is disabled.
      const later = await client.webhookEndpoints.create({ url: second.url, enabled_events: ['*'] });
      second.state.secret = later.secret as string;
      expect(later.secret).not.toBe(made.secret);
      await client.customers.create({ email: 'one@example.com' });
      await own.controls.waitForDeliveries();
      expect(first.delivered().length).toBe(3);
      expect(second.received).toEqual([]);
      expect(await client.webhookEndpoints.update(made.id, { disabled: true })).toMatchObject({ status: 'disabled' });
      await client.customers.create({ email: 'two@example.com' });
      await own.controls.waitForDeliveries();
      expect(first.received.length).toBe(3);
      expect(types(second.delivered())).toEqual(['customer.created']);

      // Deleted: gone; with the other disabled, nothing is delivered.
      expect(await client.webhookEndpoints.del(later.id)).toMatchObject({ id: later.id, object: 'webhook_endpoint', deleted: true });
      await expect(client.webhookEndpoints.retrieve(later.id)).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
      await expect(client.webhookEndpoints.del(later.id)).rejects.toMatchObject({ statusCode: 404 });
      expect((await client.webhookEndpoints.list()).data.map((e) => e.id)).toEqual([made.id]);
      await client.customers.create({ email: 'three@example.com' });
      await own.controls.waitForDeliveries();
      expect([first.received.length, second.received.length]).toEqual([3, 1]);
      expect((await own.controls.events()).at(-1)?.pending_webhooks).toBe(0);
      // Enabled again, it gets what comes next.
      await client.webhookEndpoints.update(made.id, { disabled: false });
      await client.customers.create({ email: 'four@example.com' });
      await own.controls.waitForDeliveries();
      expect(first.delivered().length).toBe(4);
      expect([first.rejected, second.rejected]).toEqual([[], []]);
    } finally {
      await own.close();
      await first.close();
      await second.close();
    }
  });

  it('setWebhook makes the endpoint it names and delivers there, disabling the one given before; null delivers to none', async () => {
    const a = await startReceiver();
    const b = await startReceiver('whsec_b');
    const own = await startStripeStandIn({ webhook: { url: a.url, secret: SECRET }, retryDelaysMs: FAST_RETRIES });
    const client = clientOf(own);
    const endpoints = async () => (await client.webhookEndpoints.list()).data.map((e) => [e.url, e.status]);
    try {
      const [configured] = (await client.webhookEndpoints.list()).data;
      expect(configured).toMatchObject({ url: a.url, enabled_events: ['*'], status: 'enabled' });
      expect(configured?.secret).toBeUndefined();
      await client.customers.create({ email: 'a@example.com' });
      await own.controls.waitForDeliveries();
      expect(a.delivered().length).toBe(1);

      await own.controls.setWebhook({ url: b.url, secret: 'whsec_b' });
      expect(await endpoints()).toEqual([
        [b.url, 'enabled'],
        [a.url, 'disabled'],
      ]);
      await client.customers.create({ email: 'b@example.com' });
      await own.controls.waitForDeliveries();
      expect([a.received.length, b.delivered().length]).toEqual([1, 1]);

      // The same URL again: the same endpoint, enabled, with the secret given now.
      a.state.secret = 'whsec_a_again';
      await own.controls.setWebhook({ url: a.url, secret: 'whsec_a_again' });
      expect((await client.webhookEndpoints.list()).data.map((e) => [e.id, e.status])).toEqual([
        [expect.stringMatching(/^we_/) as string, 'disabled'],
        [configured?.id, 'enabled'],
      ]);
      await client.customers.create({ email: 'a2@example.com' });
      await own.controls.waitForDeliveries();
      expect([a.delivered().length, b.received.length]).toEqual([2, 1]);

      await own.controls.setWebhook(null);
      expect(await endpoints()).toEqual([
        [b.url, 'disabled'],
        [a.url, 'disabled'],
      ]);
      const recorded = (await own.controls.deliveries()).length;
      await client.customers.create({ email: 'none@example.com' });
      await own.controls.waitForDeliveries();
      expect([a.received.length, b.received.length]).toEqual([2, 1]);
      expect((await own.controls.deliveries()).length).toBe(recorded);
      expect((await own.controls.events()).at(-1)?.pending_webhooks).toBe(0);
      expect([a.rejected, b.rejected]).toEqual([[], []]);
    } finally {
      await own.close();
      await a.close();
      await b.close();
    }
  });
});

describe('delivery chaos', () => {
  /** Where each delivery's event stands among `made` (the events in the order they were made). */
  const positions = (made: { id: string }[], got: Stripe.Event[]) => got.map((event) => made.findIndex((m) => m.id === event.id));
  const CHECKOUT_EVENTS = ['customer.created', 'customer.subscription.created', 'invoice.paid', 'invoice.payment_succeeded', 'checkout.session.completed'];

  it('duplicates: every event arrives twice, the second late, after the next one; each delivery has its record, and a duplicate is retried as any', async () => {
    standIn.controls.setDeliveryChaos({ duplicates: true });
    try {
      const before = (await standIn.controls.events()).length;
      const got = await eventsDuring(() => paidCheckout('twice@example.com'));
      const made = (await standIn.controls.events()).slice(before);
      expect(made.map((e) => e.type)).toEqual(CHECKOUT_EVENTS);
      expect(positions(made, got)).toEqual([0, 1, 0, 1, 2, 3, 2, 3, 4, 4]);
      expect(got[2]?.data).toEqual(got[0]?.data);
      const log = await standIn.controls.deliveries();
      for (const event of made) {
        expect(log.filter((d) => d.event_id === event.id).map((d) => [d.id, d.state, d.attempts])).toEqual([
          [event.id, 'delivered', 1],
          [`${event.id}_again`, 'delivered', 1],
        ]);
      }

      // A try answered 500 is retried; the duplicate comes once the delivery has got through.
      receiver.state.failNext = 1;
      const start = receiver.received.length;
      await eventsDuring(() => stripe.customers.create({ email: 'twice-retried@example.com' }));
      const tries = receiver.received.slice(start);
      expect(tries.map((t) => t.status)).toEqual([500, 200, 200]);
      expect(new Set(tries.map((t) => t.event.id)).size).toBe(1);
    } finally {
      standIn.controls.setDeliveryChaos({});
    }
    const once = await eventsDuring(() => paidCheckout('once@example.com'));
    expect(types(once)).toEqual(CHECKOUT_EVENTS);
  });

  it('reorder: the events of one call arrive newest first, the calls still in order', async () => {
    standIn.controls.setDeliveryChaos({ reorder: true });
    try {
      let subscriptionId = '';
      const got = await eventsDuring(async () => {
        ({ subscriptionId } = await paidCheckout('reorder@example.com'));
        await standIn.controls.renew(subscriptionId);
      });
      expect(types(got)).toEqual([...[...CHECKOUT_EVENTS].reverse(), 'customer.subscription.updated', 'invoice.payment_succeeded', 'invoice.paid']);
      // An API call's events too, once its answer has left.
      const latest = (await stripe.subscriptions.retrieve(subscriptionId)).latest_invoice as string;
      const invoice = await stripe.invoices.retrieve(latest, { expand: ['payments'] });
      const refunded = await eventsDuring(() => stripe.refunds.create({ payment_intent: invoice.payments?.data[0]?.payment.payment_intent as string }));
      expect(types(refunded)).toEqual(['charge.refunded', 'refund.created']);
    } finally {
      standIn.controls.setDeliveryChaos({});
    }
  });

  it('both, from the start (as STRIPE_STAND_IN_CHAOS=1): newest first and each twice; waitForDeliveries waits for the duplicates too', async () => {
    const own = await startStripeStandIn({ webhook: { url: receiver.url, secret: SECRET }, retryDelaysMs: FAST_RETRIES, deliveryChaos: { duplicates: true, reorder: true } });
    const client = clientOf(own);
    const start = receiver.received.length;
    try {
      const session = await client.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price_data: { currency: 'gbp', unit_amount: 300, recurring: { interval: 'month' }, product_data: { name: 'Chaos' } } }],
        customer_email: 'chaos@example.com',
        success_url: 'http://localhost:3000/ok',
      });
      await own.controls.pay(session.id);
      await own.controls.waitForDeliveries();
      const made = await own.controls.events();
      expect(made.map((e) => e.type)).toEqual(CHECKOUT_EVENTS);
      const got = receiver.received.slice(start).map((r) => r.event);
      expect(positions(made, got)).toEqual([4, 3, 4, 3, 2, 1, 2, 1, 0, 0]);
      expect((await own.controls.deliveries()).every((d) => d.state === 'delivered')).toBe(true);
    } finally {
      await own.close();
    }
  });
});

/** What both stores must do on delete: the object is gone, the others keep their order, and put again it comes last. */
async function checkDelete(store: StandInStore): Promise<void> {
  for (const id of ['a', 'b', 'c']) await store.put('thing', id, { id });
  await store.delete('thing', 'b');
  await store.delete('thing', 'never-there');
  expect(await store.get('thing', 'b')).toBeUndefined();
  expect(await store.list('thing')).toEqual([{ id: 'a' }, { id: 'c' }]);
  await store.put('thing', 'b', { id: 'b', again: true });
  await store.put('thing', 'a', { id: 'a', changed: true });
  expect(await store.list('thing')).toEqual([{ id: 'a', changed: true }, { id: 'c' }, { id: 'b', again: true }]);
  expect(await store.get('thing', 'b')).toEqual({ id: 'b', again: true });
}

describe('memoryStore', () => {
  it('deletes an object: gone from get and list, and put again it comes last', async () => {
    await checkDelete(memoryStore());
  });
});

describe('redisStore', () => {
  const prefix = uniqueRedisPrefix();
  let redis: Redis;

  beforeAll(() => {
    redis = new Redis(getTestRedisUrl(), { maxRetriesPerRequest: 1 });
  });

  afterAll(async () => {
    redis?.disconnect();
    await cleanupRedis(prefix);
  });

  it('keeps objects and pending deliveries across a restart', async () => {
    const store = redisStore(redis, prefix);
    const first = createStripeStandIn({ publicUrl: 'http://localhost:3000', store, webhook: { url: receiver.url, secret: SECRET }, retryDelaysMs: FAST_RETRIES });
    const server = createServer((req, res) => {
      void current.handle(req, res);
    });
    let current = first;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    const client = new Stripe('sk_test_demo', { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 });
    try {
      const price = await client.prices.create({ currency: 'gbp', unit_amount: 2800, recurring: { interval: 'year' }, product_data: { name: 'ITConnect listing — Pay Annually' }, lookup_key: 'itc_yearly' });
      const session = await client.checkout.sessions.create({ mode: 'subscription', line_items: [{ price: price.id }], customer_email: 'redis@example.com', success_url: 'http://localhost:3000/ok' });
      expect(session.url).toBe(`http://localhost:3000/demo-pay/checkout/${session.id}`);
      first.controls.pauseDeliveries();
      const paid = await first.controls.pay(session.id);
      await first.close();

      expect(await redis.exists(`${prefix}:stripe-stand-in:obj:subscription:${paid.subscription as string}`)).toBe(1);
      const before = receiver.delivered().length;
      current = createStripeStandIn({ publicUrl: 'http://localhost:3000', store, webhook: { url: receiver.url, secret: SECRET }, retryDelaysMs: FAST_RETRIES });
      await current.controls.waitForDeliveries();
      expect(types(receiver.delivered().slice(before))).toEqual(['customer.created', 'customer.subscription.created', 'invoice.paid', 'invoice.payment_succeeded', 'checkout.session.completed']);

      const subscription = await client.subscriptions.retrieve(paid.subscription as string, { expand: ['latest_invoice'] });
      expect(subscription.status).toBe('active');
      expect(subscription.items.data[0]?.price.unit_amount).toBe(2800);
      expect((subscription.latest_invoice as Stripe.Invoice).amount_paid).toBe(2800);
      expect((await client.prices.list({ lookup_keys: ['itc_yearly'] })).data.map((p) => p.id)).toEqual([price.id]);
      const renewed = await current.controls.renew(subscription.id);
      const yearStart = new Date((renewed.subscription.items.data[0]?.current_period_start ?? 0) * 1000);
      const yearEnd = new Date((renewed.subscription.items.data[0]?.current_period_end ?? 0) * 1000);
      expect(yearEnd.getUTCFullYear() - yearStart.getUTCFullYear()).toBe(1);
      await current.controls.waitForDeliveries();
    } finally {
      await current.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('sends a duplicate that chaos left pending when the stand-in starts again', async () => {
    const store = redisStore(redis, `${prefix}:chaos`);
    const hook = await startReceiver();
    const options = { publicUrl: 'http://localhost:3000', store, webhook: { url: hook.url, secret: SECRET }, retryDelaysMs: FAST_RETRIES };
    const first = createStripeStandIn({ ...options, deliveryChaos: { duplicates: true } });
    let current = first;
    const server = createServer((req, res) => {
      void current.handle(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const client = new Stripe('sk_test_demo', { host: '127.0.0.1', port: (server.address() as AddressInfo).port, protocol: 'http', maxNetworkRetries: 0 });
    try {
      // Stopped right after the first delivery: its duplicate is recorded, not yet sent.
      hook.state.onEvent = () => first.controls.pauseDeliveries();
      await client.customers.create({ email: 'again@example.com' });
      await until(async () => (await first.controls.deliveries()).some((d) => d.id.endsWith('_again')));
      await first.close();
      hook.state.onEvent = undefined;
      const [event] = await first.controls.events();
      expect(hook.received.map((r) => r.event.id)).toEqual([event?.id]);
      expect((await first.controls.deliveries()).map((d) => [d.id, d.state])).toEqual([
        [event?.id, 'delivered'],
        [`${event?.id}_again`, 'pending'],
      ]);

      current = createStripeStandIn(options);
      await current.controls.waitForDeliveries();
      expect(hook.delivered().map((e) => e.id)).toEqual([event?.id, event?.id]);
      expect((await current.controls.deliveries()).map((d) => d.state)).toEqual(['delivered', 'delivered']);
    } finally {
      await current.close();
      await hook.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('started again with another webhook URL, delivers there and no longer to the old one; started without one, to none', async () => {
    const store = redisStore(redis, `${prefix}:moved`);
    const old = await startReceiver();
    const moved = await startReceiver();
    const make = (webhook?: { url: string; secret: string }) => createStripeStandIn({ publicUrl: 'http://localhost:3000', store, retryDelaysMs: FAST_RETRIES, ...(webhook ? { webhook } : {}) });
    let current = make({ url: old.url, secret: SECRET });
    const server = createServer((req, res) => {
      void current.handle(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const client = new Stripe('sk_test_demo', { host: '127.0.0.1', port: (server.address() as AddressInfo).port, protocol: 'http', maxNetworkRetries: 0 });
    const endpoints = async () => (await client.webhookEndpoints.list()).data.map((e) => [e.url, e.status]);
    const customer = async () => {
      await client.customers.create({ email: 'moved@example.com' });
      await current.controls.waitForDeliveries();
      return [old.received.length, moved.received.length];
    };
    try {
      expect(await customer()).toEqual([1, 0]);
      await current.close();
      current = make({ url: moved.url, secret: SECRET });
      expect(await endpoints()).toEqual([
        [moved.url, 'enabled'],
        [old.url, 'disabled'],
      ]);
      expect(await customer()).toEqual([1, 1]);
      await current.close();
      current = make();
      expect(await endpoints()).toEqual([
        [moved.url, 'disabled'],
        [old.url, 'disabled'],
      ]);
      expect(await customer()).toEqual([1, 1]);
    } finally {
      await current.close();
      await old.close();
      await moved.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('deletes an object from the Redis store: gone from get and list, and put again it comes last', async () => {
    const store = redisStore(redis, `${prefix}:delete`);
    await checkDelete(store);
    expect(await redis.exists(`${prefix}:delete:stripe-stand-in:obj:thing:b`)).toBe(1);
    await store.delete('thing', 'b');
    expect(await redis.exists(`${prefix}:delete:stripe-stand-in:obj:thing:b`)).toBe(0);
    expect(await redis.zscore(`${prefix}:delete:stripe-stand-in:index:thing`, 'b')).toBeNull();
  });
});
