// The Stripe stand-in: a Stripe-compatible HTTP server for the subset of Stripe's REST API that
// ITConnect uses (API version 2026-10-28.endive, as stripe@23 speaks it). It is the demo payment
// provider when no STRIPE_SECRET_KEY is set (its own process, main.ts, started by npm start; the
// API and the worker point the `stripe` library at it), and the fake Stripe of the tests
// (`startStripeStandIn`, a server of its own in the test's process).
//
// What must stay true:
// - Our code never changes for it: the official `stripe` library talks to it over HTTP, so it
//   accepts exactly what the library sends (form bodies in bracket notation, `expand[]`, Bearer
//   keys, Idempotency-Key on every POST) and answers in Stripe's shapes (objects, lists, errors).
// - Events are kept (events.retrieve) and delivered to the webhook endpoint asynchronously, never
//   before the answer of the call that made them has left, one at a time in creation order, signed
//   exactly as Stripe signs (`Stripe-Signature: t=…,v1=…`), retried with backoff, then given up.
//   Delivery chaos (options.deliveryChaos, controls.setDeliveryChaos; off by default) makes them
//   as Stripe really may: `duplicates` delivers every event a second time, later, after the next
//   one; `reorder` delivers the events of one call newest first (webhooks.ts).
// - It works offline, needs no JavaScript in its pages (the site's CSP allows none inline), and
//   keeps its state in a StandInStore (memory for tests, Redis for the demo across restarts).
// - Changes run one at a time (a lock), so two calls never interleave a state change; reads run
//   together between changes, each seeing every change made before it arrived and none half-made.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerApi } from './api-routes';
import type { EngineContext } from './catalog';
import { declineCheckoutSession, payCheckoutSession, settleDelayedCheckout } from './checkout';
import { answerDemo } from './demo-pages';
import { Params, parseFormBody } from './form-body';
import { BodyTooLargeError, readBody, responseDone, sendJson, StripeError } from './http';
import { cardOutcome, confirmPaymentIntent, intentForClientSecret, UNKNOWN_CARD_MESSAGE } from './invoices';
import {
  API_VERSION,
  newId,
  nowSeconds,
  Repo,
  type CheckoutSessionObject,
  type EventObject,
  type InvoiceObject,
  type PaymentIntentObject,
  type SubscriptionObject,
} from './objects';
import { memoryStore, type StandInStore } from './store';
import { renewSubscription, setFailNextRenewal } from './subscriptions';
import { configureWebhook, deliveryEndpoint } from './webhook-endpoints';
import { DEFAULT_RETRY_DELAYS_MS, WebhookDeliveries, type DeliveryChaos, type DeliveryRecord, type StandInLogger, type WebhookEndpoint } from './webhooks';

export type { DeliveryChaos } from './webhooks';

export interface StripeStandInOptions {
  /** Where browsers reach the demo pages: Checkout and billing-portal urls start with it. */
  publicUrl: string;
  /** Where events are POSTed, and the secret they are signed with (`whsec_…`). */
  webhook?: WebhookEndpoint;
  /** Memory by default; redisStore() keeps the demo's state across restarts. */
  store?: StandInStore;
  logger?: StandInLogger;
  /** When set, only this secret key is accepted (401 otherwise); any `sk_…` key is by default. */
  apiKey?: string;
  /** Waits before each retry of a failed delivery (8 tries in all by default: 0.5 s, 1 s, 2 s, 4 s, 8 s, 8 s, 8 s). */
  retryDelaysMs?: readonly number[];
  /**
   * Origins whose pages may call the card form's endpoint (/demo-pay/confirm) from the browser, as
   * a site's pages call Stripe's API through Stripe.js (CORS): the site's own origin.
   */
  allowedOrigins?: readonly string[];
  /**
   * Deliveries as Stripe may really make them (webhooks.ts): `duplicates`, every event delivered a
   * second time later, after the next one; `reorder`, the events of one call newest first. Off by
   * default: one delivery per event, in creation order.
   */
  deliveryChaos?: DeliveryChaos;
}

export interface StripeStandInControls {
  /** Pays an open Checkout Session as its page's Pay button does; the completed session. */
  pay(sessionId: string): Promise<CheckoutSessionObject>;
  /** Pays it by Bacs Direct Debit, as the page's Direct Debit button does: complete, payment processing. */
  payByDirectDebit(sessionId: string): Promise<CheckoutSessionObject>;
  /** The bank's answer to that Direct Debit, days later (the page's test buttons). */
  settleDirectDebit(sessionId: string, outcome: 'succeeded' | 'failed'): Promise<CheckoutSessionObject>;
  /** A declined attempt on a Checkout Session (no event; the session stays open). */
  decline(sessionId: string): Promise<void>;
  /** Bills the next period now (paid, or failed when marked); `invoice` is null when the subscription ended instead. */
  renew(subscriptionId: string): Promise<{ subscription: SubscriptionObject; invoice: InvoiceObject | null }>;
  /** Marks (or clears) a subscription so that its renewals fail until cleared or the card is updated. */
  failNextRenewal(subscriptionId: string, on?: boolean): Promise<void>;
  /** What POST /demo-pay/confirm does: pays (4242…) or declines (4000 0000 0000 0002, a 402 StripeError). */
  confirmPayment(clientSecret: string, cardNumber: string): Promise<PaymentIntentObject>;
  /** Every event, oldest first. */
  events(): Promise<EventObject[]>;
  /** Every webhook delivery, oldest first: event id, attempts, last status, state. */
  deliveries(): Promise<DeliveryRecord[]>;
  pauseDeliveries(): void;
  resumeDeliveries(): void;
  /**
   * The next `n` API calls (/v1) answer `status` with a Stripe error body (5xx: api_error); with
   * `only`, the next `n` calls of that method whose path starts with `only.path` (others pass).
   */
  failNextRequests(n: number, status?: number, only?: { method: string; path: string }): void;
  /**
   * Makes (or updates and enables) the webhook endpoint for this URL, disabling the one given before
   * (by this control or at start): deliveries go to it, unless an older endpoint made through the
   * API is enabled (the oldest enabled one gets them). null: disables every endpoint, delivering to none.
   */
  setWebhook(webhook: WebhookEndpoint | null): Promise<void>;
  /** Turns delivery chaos on or off (absent flags: off), from the next delivery on. */
  setDeliveryChaos(chaos: DeliveryChaos): void;
  /** Resolves when every queued delivery (duplicates made by chaos included) has been delivered or given up. */
  waitForDeliveries(): Promise<void>;
}

export interface StripeStandIn {
  /** A Node request handler: answers /v1/* and /demo-pay/* (true), leaves anything else alone (false). */
  handle(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
  controls: StripeStandInControls;
  /** Stops deliveries (pending ones stay pending in the store). The store belongs to the caller. */
  close(): Promise<void>;
}

const API_BODY_LIMIT = 1024 * 1024;
const DEMO_CONFIRM_PATH = '/demo-pay/confirm';
const DEMO_BODY_LIMIT = 16 * 1024;
const IDEMPOTENCY_TTL_SECONDS = 24 * 3600;
const quietLogger: StandInLogger = { info() {}, warn() {}, error() {} };

interface SavedAnswer {
  fingerprint: string;
  status: number;
  body: unknown;
}

interface PendingEvent {
  type: string;
  object: unknown;
  previousAttributes?: Record<string, unknown>;
}

/**
 * CORS for the card form's endpoint: an allowed origin may POST JSON to it (no cookies). Returns
 * true when it has answered the request itself (a preflight).
 */
function allowCrossOrigin(req: IncomingMessage, res: ServerResponse, allowedOrigins: readonly string[]): boolean {
  const origin = req.headers.origin;
  res.setHeader('Vary', 'Origin');
  if (origin && allowedOrigins.includes(origin)) {
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Allow-Methods', 'POST');
    res.setHeader('Access-Control-Allow-Headers', 'Content-Type, Accept');
    res.setHeader('Access-Control-Max-Age', '600');
  }
  if ((req.method ?? 'GET').toUpperCase() !== 'OPTIONS') return false;
  res.statusCode = 204;
  res.end();
  return true;
}

/** The secret key of a request (Bearer, or Basic with the key as user name, as curl -u sends it). */
function apiKeyOf(req: IncomingMessage): string | null {
  const header = req.headers.authorization ?? '';
  const bearer = /^Bearer\s+(\S+)$/i.exec(header);
  if (bearer) return bearer[1] ?? null;
  const basic = /^Basic\s+(\S+)$/i.exec(header);
  if (basic) return Buffer.from(basic[1] ?? '', 'base64').toString('utf8').split(':')[0] || null;
  return null;
}

export function createStripeStandIn(options: StripeStandInOptions): StripeStandIn {
  const store = options.store ?? memoryStore();
  const repo = new Repo(store);
  const logger = options.logger ?? quietLogger;
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  const deliveries = new WebhookDeliveries(store, logger, options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS, null);
  deliveries.setChaos(options.deliveryChaos ?? {});
  const injected: { remaining: number; status: number; only: { method: string; path: string } | undefined } = { remaining: 0, status: 500, only: undefined };
  /** Deliveries go where the account's webhook endpoints say (webhook-endpoints.ts). */
  async function syncEndpoint(): Promise<void> {
    const endpoint = await deliveryEndpoint(repo);
    deliveries.setEndpoint(endpoint?.secret ? { url: endpoint.url, secret: endpoint.secret, enabledEvents: endpoint.enabled_events } : null);
  }
  const ready = (async () => {
    await configureWebhook(repo, options.webhook ?? null);
    await syncEndpoint();
    await deliveries.restore();
  })().catch((error: unknown) => logger.error({ err: error }, 'stripe stand-in: could not restore its webhook endpoint or pending deliveries'));

  // A readers-writer lock: a change waits for everything before it; a read waits only for the
  // changes before it, so reads (most of what reconciliation asks) do not queue behind each other.
  let lastChange: Promise<unknown> = Promise.resolve();
  let readsSinceChange: Promise<unknown>[] = [];
  function serial<T>(fn: () => Promise<T>): Promise<T> {
    const result = Promise.all([lastChange, ...readsSinceChange]).then(fn);
    readsSinceChange = [];
    lastChange = result.catch(() => undefined);
    return result;
  }
  function shared<T>(fn: () => Promise<T>): Promise<T> {
    const result = lastChange.then(fn);
    readsSinceChange.push(result.catch(() => undefined));
    return result;
  }

  async function commit(pending: PendingEvent[], request: EventObject['request'], release: Promise<void>): Promise<void> {
    const recordIds: string[] = [];
    for (const item of pending) {
      const event: EventObject = {
        id: newId('event'),
        object: 'event',
        api_version: API_VERSION,
        created: nowSeconds(),
        data: { object: item.object, ...(item.previousAttributes ? { previous_attributes: item.previousAttributes } : {}) },
        livemode: false,
        pending_webhooks: deliveries.accepts(item.type) ? 1 : 0,
        request,
        type: item.type,
      };
      await repo.put('event', event);
      const recordId = await deliveries.add(event);
      if (recordId) recordIds.push(recordId);
    }
    // One batch: the events of one operation (newest first under `reorder` chaos).
    if (recordIds.length > 0) deliveries.enqueue(recordIds, release);
  }

  /** Runs one operation under the lock, then records its events (even when it failed part-way, as a decline does). */
  function operation<T>(fn: (ctx: EngineContext) => Promise<T>, request: EventObject['request'] = { id: null, idempotency_key: null }, release: Promise<void> = Promise.resolve()): Promise<T> {
    return serial(async () => {
      await ready;
      const pending: PendingEvent[] = [];
      const ctx: EngineContext = {
        repo,
        publicUrl,
        emit: (type, object, previousAttributes) => pending.push({ type, object: structuredClone(object), ...(previousAttributes ? { previousAttributes: structuredClone(previousAttributes) } : {}) }),
      };
      try {
        return await fn(ctx);
      } finally {
        await commit(pending, request, release);
      }
    });
  }

  /** A read: no state change, no events (an emit here is a bug in the stand-in). */
  function readOperation<T>(fn: (ctx: EngineContext) => Promise<T>): Promise<T> {
    return shared(async () => {
      await ready;
      const ctx: EngineContext = {
        repo,
        publicUrl,
        emit: (type) => {
          throw new Error(`stripe stand-in: a read tried to emit ${type}`);
        },
      };
      return fn(ctx);
    });
  }

  async function answerApiRequest(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const requestId = newId('req');
    const headers: Record<string, string> = { 'Request-Id': requestId, 'Stripe-Version': API_VERSION };
    const fail = (error: StripeError, extra: Record<string, string> = {}) => sendJson(res, error.status, error.body(), { ...headers, ...extra });
    const method = (req.method ?? 'GET').toUpperCase();
    let bodyText = '';
    try {
      bodyText = await readBody(req, API_BODY_LIMIT);
    } catch (error) {
      if (error instanceof BodyTooLargeError) return fail(new StripeError(413, 'invalid_request_error', 'The request body is too large.'));
      throw error;
    }

    const key = apiKeyOf(req);
    if (!key) {
      return fail(
        new StripeError(401, 'invalid_request_error', 'You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. \'Authorization: Bearer YOUR_SECRET_KEY\').'),
      );
    }
    if (!key.startsWith('sk_') || (options.apiKey !== undefined && key !== options.apiKey)) {
      return fail(new StripeError(401, 'invalid_request_error', `Invalid API Key provided: ${key.slice(0, 8)}****${key.slice(-4)}`, 'api_key_invalid'));
    }
    const isTargeted = !injected.only || (injected.only.method === (req.method ?? 'GET').toUpperCase() && url.pathname.startsWith(injected.only.path));
    if (injected.remaining > 0 && isTargeted) {
      injected.remaining -= 1;
      const status = injected.status;
      const type = status >= 500 ? 'api_error' : 'invalid_request_error';
      return fail(new StripeError(status, type, `Simulated failure (${status}) from the Stripe stand-in's test controls.`, status === 429 ? 'rate_limit' : undefined));
    }

    const params = new Params({ ...parseFormBody(url.search.slice(1)), ...parseFormBody(bodyText) });
    const idempotencyKey = method === 'POST' ? (req.headers['idempotency-key']?.toString() ?? null) : null;
    if (idempotencyKey !== null && (idempotencyKey.length === 0 || idempotencyKey.length > 255)) {
      return fail(StripeError.invalid('Idempotency keys are 1 to 255 characters long.', undefined, 'idempotency_key_invalid'));
    }
    const fingerprint = `${method} ${url.pathname}?${url.search} ${bodyText}`;
    const savedKey = `${key}:${idempotencyKey}`;
    const release = responseDone(res);
    // GETs read, except a checkout session's, which expires it when its time is up (as Stripe does).
    const isRead = method === 'GET' && !url.pathname.startsWith('/v1/checkout/');
    const run = <T>(fn: (ctx: EngineContext) => Promise<T>) => (isRead ? readOperation(fn) : operation(fn, { id: requestId, idempotency_key: idempotencyKey }, release));
    const answer = await run(
      async (ctx): Promise<SavedAnswer & { replayed: boolean }> => {
        if (idempotencyKey !== null) {
          const saved = (await store.get('idempotency', savedKey)) as SavedAnswer | undefined;
          if (saved && saved.fingerprint !== fingerprint) {
            const error = new StripeError(400, 'idempotency_error', `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`);
            return { fingerprint, status: 400, body: error.body(), replayed: false };
          }
          if (saved) return { ...saved, replayed: true };
        }
        let result: SavedAnswer;
        try {
          result = { fingerprint, status: 200, body: await answerApi(ctx, method, url.pathname, params) };
          // A webhook endpoint made, changed or deleted: deliveries follow it from the next event on.
          if (method !== 'GET' && url.pathname.startsWith('/v1/webhook_endpoints')) await syncEndpoint();
        } catch (error) {
          if (!(error instanceof StripeError)) throw error;
          result = { fingerprint, status: error.status, body: error.body() };
        }
        // Stripe saves the outcome of a call that ran (a success, a declined card), not a refusal of its parameters.
        if (idempotencyKey !== null && (result.status === 200 || result.status === 402)) {
          await store.put('idempotency', savedKey, result, { ttlSeconds: IDEMPOTENCY_TTL_SECONDS });
        }
        return { ...result, replayed: false };
      },
    );
    const extra: Record<string, string> = {};
    if (idempotencyKey !== null) extra['Idempotency-Key'] = idempotencyKey;
    if (answer.replayed) extra['Idempotent-Replayed'] = 'true';
    sendJson(res, answer.status, answer.body, { ...headers, ...extra });
  }

  async function answerDemoRequest(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const method = (req.method ?? 'GET').toUpperCase();
    let body = '';
    if (method === 'POST') {
      try {
        body = await readBody(req, DEMO_BODY_LIMIT);
      } catch (error) {
        if (error instanceof BodyTooLargeError) return sendJson(res, 413, StripeError.invalid('The request body is too large.').body());
        throw error;
      }
    }
    const release = responseDone(res);
    await answerDemo((fn) => operation(fn, { id: null, idempotency_key: null }, release), res, { method, path: url.pathname, query: url.searchParams, body });
  }

  const controls: StripeStandInControls = {
    pay: (sessionId) => operation((ctx) => payCheckoutSession(ctx, sessionId)),
    payByDirectDebit: (sessionId) => operation((ctx) => payCheckoutSession(ctx, sessionId, 'bacs_debit')),
    settleDirectDebit: (sessionId, outcome) => operation((ctx) => settleDelayedCheckout(ctx, sessionId, outcome)),
    decline: async (sessionId) => {
      await operation((ctx) => declineCheckoutSession(ctx, sessionId));
    },
    renew: (subscriptionId) => operation((ctx) => renewSubscription(ctx, subscriptionId)),
    failNextRenewal: (subscriptionId, on = true) => operation((ctx) => setFailNextRenewal(ctx, subscriptionId, on)),
    confirmPayment: (clientSecret, cardNumber) =>
      operation(async (ctx) => {
        const outcome = cardOutcome(cardNumber);
        if (outcome === 'unknown') throw StripeError.invalid(UNKNOWN_CARD_MESSAGE, 'cardNumber', 'invalid_number');
        const intent = await intentForClientSecret(ctx, clientSecret);
        return confirmPaymentIntent(ctx, intent.id, outcome);
      }),
    events: () => repo.list('event'),
    deliveries: async () => (await store.list('delivery')) as DeliveryRecord[],
    pauseDeliveries: () => deliveries.pause(),
    resumeDeliveries: () => deliveries.resume(),
    failNextRequests: (n, status = 500, only) => {
      injected.remaining = n;
      injected.status = status;
      injected.only = only;
    },
    setWebhook: (webhook) =>
      serial(async () => {
        await ready;
        if (webhook) await configureWebhook(repo, webhook);
        else for (const endpoint of await repo.list('webhook_endpoint')) await repo.put('webhook_endpoint', { ...endpoint, status: 'disabled' });
        await syncEndpoint();
      }),
    setDeliveryChaos: (chaos) => deliveries.setChaos(chaos),
    waitForDeliveries: async () => {
      await ready;
      // Let deliveries released by responses just sent join the queue first.
      await new Promise((resolve) => setImmediate(resolve));
      await deliveries.waitForIdle();
    },
  };

  return {
    async handle(req, res) {
      const url = new URL(req.url ?? '/', 'http://stand-in.invalid');
      const path = url.pathname;
      const isApi = path.startsWith('/v1/');
      const isDemo = path === '/demo-pay' || path.startsWith('/demo-pay/');
      if (!isApi && !isDemo) return false;
      if (path === DEMO_CONFIRM_PATH && allowCrossOrigin(req, res, options.allowedOrigins ?? [])) return true;
      try {
        if (isApi) await answerApiRequest(req, res, url);
        else await answerDemoRequest(req, res, url);
      } catch (error) {
        logger.error({ err: error, method: req.method, path }, 'stripe stand-in: unexpected failure');
        if (!res.headersSent) sendJson(res, 500, new StripeError(500, 'api_error', 'An unexpected error occurred in the Stripe stand-in.').body());
        else res.end();
      }
      return true;
    },
    controls,
    close: () => deliveries.close(),
  };
}

export interface StartStripeStandInOptions extends Omit<StripeStandInOptions, 'publicUrl'> {
  /** 0 (the default): any free port. */
  port?: number;
  /** 127.0.0.1 by default; 0.0.0.0 when browsers elsewhere must reach its pages (a demo site). */
  host?: '127.0.0.1' | '0.0.0.0';
  /** Defaults to the server's own url. */
  publicUrl?: string;
  /** Told of every request as it arrives (a benchmark counts the calls made to "Stripe"). */
  onRequest?: (method: string, path: string) => void;
}

export interface RunningStripeStandIn {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  /** A key to give the `stripe` library (any `sk_…` works unless options.apiKey is set). */
  apiKey: string;
  controls: StripeStandInControls;
  close(): Promise<void>;
}

/** A standalone stand-in on 127.0.0.1 (for tests): `new Stripe(apiKey, { host: '127.0.0.1', port, protocol: 'http' })`. */
export async function startStripeStandIn(options: StartStripeStandInOptions = {}): Promise<RunningStripeStandIn> {
  const host = options.host ?? '127.0.0.1';
  let standIn: StripeStandIn | null = null;
  const server = createServer((req, res) => {
    const current = standIn;
    if (!current) {
      res.statusCode = 503;
      res.end();
      return;
    }
    options.onRequest?.(req.method ?? 'GET', (req.url ?? '/').split('?')[0] ?? '/');
    void current.handle(req, res).then((handled) => {
      if (!handled) sendJson(res, 404, StripeError.invalid(`Unrecognized request URL (${req.method ?? 'GET'}: ${req.url ?? '/'}).`).body());
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://${host}:${port}`;
  const { port: _port, host: _host, publicUrl, onRequest: _onRequest, ...rest } = options;
  standIn = createStripeStandIn({ ...rest, publicUrl: publicUrl ?? url });
  const running = standIn;
  return {
    url,
    port,
    apiKey: options.apiKey ?? 'sk_test_standin',
    controls: running.controls,
    async close() {
      await running.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
