// The Stripe stand-in driven end to end by the real `stripe` library, its demo pages driven by
// fetch as a browser without JavaScript would, and its webhooks received by a local server that
// verifies every one with stripe.webhooks.constructEvent.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanupRedis, getTestRedisUrl, uniqueRedisPrefix } from '../../tests/support/services';
import { createStripeStandIn, startStripeStandIn, type RunningStripeStandIn } from './stripe-stand-in';
import { redisStore } from './store';

const SECRET = 'whsec_test_standin_secret';
const FAST_RETRIES = [20, 40, 80, 160, 160, 160, 160];

interface Received {
  event: Stripe.Event;
  status: number;
}

/** A webhook endpoint: verifies each delivery, answers 500 to the next `failNext` of them. */
async function startReceiver() {
  const received: Received[] = [];
  const rejected: string[] = [];
  const verifier = new Stripe('sk_test_verifier');
  const state = { failNext: 0 };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      try {
        expect(req.headers['content-type']).toBe('application/json');
        const event = verifier.webhooks.constructEvent(body, req.headers['stripe-signature'] as string, SECRET);
        const status = state.failNext > 0 ? 500 : 200;
        if (state.failNext > 0) state.failNext -= 1;
        received.push({ event, status });
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

let receiver: Awaited<ReturnType<typeof startReceiver>>;
let standIn: RunningStripeStandIn;
let stripe: Stripe;

beforeAll(async () => {
  receiver = await startReceiver();
  standIn = await startStripeStandIn({ webhook: { url: receiver.url, secret: SECRET }, retryDelaysMs: FAST_RETRIES });
  stripe = new Stripe(standIn.apiKey, { host: '127.0.0.1', port: standIn.port, protocol: 'http', maxNetworkRetries: 0 });
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
});
