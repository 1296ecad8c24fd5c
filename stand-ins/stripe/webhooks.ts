// Webhook deliveries: every event is POSTed to the configured endpoint with Stripe's signature
// header, one at a time in the order the events were made, each retried with backoff until it is
// answered 2xx or its tries run out (then given up and logged). A delivery waits for its `release`
// (the end of the response of the request that caused it): an event never arrives before the
// answer of the call that made it has left. Delivery records live in the store, so a delivery
// still pending when the process stops is sent when the stand-in starts again.
//
// Delivery chaos (off by default; DeliveryChaos): Stripe itself promises neither order nor
// exactly-once, so a webhook handler must cope with both. `duplicates`: every event delivered is
// delivered again later, behind the next delivery in the queue (or last when none is queued): late,
// twice and out of order. Its record is a second one, `${eventId}_again`, pending in the store like
// any other (a restart still sends it), and it is never itself duplicated. `reorder`: the events
// one operation made (one `enqueue` batch) go out newest first. Both keep the rest: one delivery
// at a time, each after its release, retries, and waitForIdle meaning "every queued delivery,
// duplicates included, delivered or given up". Without chaos the order is exactly creation order.
import { createHmac } from 'node:crypto';
import type { EventObject } from './objects';
import type { StandInStore } from './store';

export interface WebhookEndpoint {
  url: string;
  secret: string;
  /** The event types it is sent (Stripe's enabled_events; '*' or absent: all). */
  enabledEvents?: readonly string[];
}

function wants(endpoint: WebhookEndpoint, type: string): boolean {
  return !endpoint.enabledEvents || endpoint.enabledEvents.includes('*') || endpoint.enabledEvents.includes(type);
}

/** How far deliveries stray from creation order and exactly-once (see the header). */
export interface DeliveryChaos {
  duplicates?: boolean;
  reorder?: boolean;
}

export interface StandInLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface DeliveryRecord {
  /** The event's id; `${event_id}_again` for the second delivery that `duplicates` chaos adds. */
  id: string;
  event_id: string;
  event_type: string;
  url: string;
  attempts: number;
  /** HTTP status of the last attempt, or null when it got no answer. */
  last_status: number | null;
  last_error: string | null;
  state: 'pending' | 'delivered' | 'given_up';
  delivered_at: number | null;
}

/** Waits between tries: 8 tries in all, the first at once (Stripe itself retries for days). */
export const DEFAULT_RETRY_DELAYS_MS = [500, 1000, 2000, 4000, 8000, 8000, 8000];
const ATTEMPT_TIMEOUT_MS = 10_000;

/** The `Stripe-Signature` header for `payload`: `t=<unix>,v1=<hex HMAC-SHA256 of "t.payload">`. */
export function signatureHeader(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

interface Queued {
  /** A delivery record's id. */
  recordId: string;
  release: Promise<void>;
}

const DUPLICATE_SUFFIX = '_again';

function pendingRecord(id: string, event: Pick<EventObject, 'id' | 'type'>, url: string): DeliveryRecord {
  return { id, event_id: event.id, event_type: event.type, url, attempts: 0, last_status: null, last_error: null, state: 'pending', delivered_at: null };
}

export class WebhookDeliveries {
  private readonly queue: Queued[] = [];
  private chaos: Required<DeliveryChaos> = { duplicates: false, reorder: false };
  private running = false;
  private paused = false;
  private closed = false;
  private idleWaiters: (() => void)[] = [];
  private timer: NodeJS.Timeout | null = null;
  private wakeTimer: (() => void) | null = null;
  private inFlight: AbortController | null = null;
  private signalClosed: () => void = () => {};
  private readonly closing = new Promise<void>((resolve) => {
    this.signalClosed = resolve;
  });

  constructor(
    private readonly store: StandInStore,
    private readonly logger: StandInLogger,
    private readonly retryDelaysMs: readonly number[],
    private endpoint: WebhookEndpoint | null,
  ) {}

  setEndpoint(endpoint: WebhookEndpoint | null): void {
    this.endpoint = endpoint;
  }

  /** From the next delivery on (duplicates) and the next batch on (reorder); absent flags are off. */
  setChaos(chaos: DeliveryChaos): void {
    this.chaos = { duplicates: chaos.duplicates ?? false, reorder: chaos.reorder ?? false };
  }

  /** Whether an event of this type is delivered (an endpoint is set and takes it). */
  accepts(type: string): boolean {
    return this.endpoint !== null && wants(this.endpoint, type);
  }

  /** Queues the deliveries a previous run left pending (oldest first). */
  async restore(): Promise<void> {
    const records = (await this.store.list('delivery')) as DeliveryRecord[];
    for (const record of records) if (record.state === 'pending') this.queue.push({ recordId: record.id, release: Promise.resolve() });
    this.kick();
  }

  /**
   * Records a pending delivery of `event`, to be sent once queued (enqueue) and released. Its
   * record's id, or null when no endpoint is set or it does not take the event.
   */
  async add(event: EventObject): Promise<string | null> {
    if (!this.endpoint || !wants(this.endpoint, event.type)) return null;
    const record = pendingRecord(event.id, event, this.endpoint.url);
    await this.store.put('delivery', record.id, record);
    return record.id;
  }

  /**
   * Puts already-recorded deliveries in the queue, in the order given (the order their operation
   * made them; newest first with `reorder` chaos); they go out after `release`.
   */
  enqueue(recordIds: string[], release: Promise<void>): void {
    const ordered = this.chaos.reorder ? [...recordIds].reverse() : recordIds;
    for (const recordId of ordered) this.queue.push({ recordId, release });
    void release.then(() => this.kick());
  }

  pause(): void {
    this.paused = true;
  }

  resume(): void {
    this.paused = false;
    this.kick();
  }

  /** Resolves when every queued delivery has been delivered or given up (never while paused with work left). */
  waitForIdle(): Promise<void> {
    if (this.queue.length === 0 && !this.running) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  async close(): Promise<void> {
    this.closed = true;
    this.signalClosed();
    if (this.timer) clearTimeout(this.timer);
    this.wakeTimer?.();
    this.inFlight?.abort();
    // Let the loop notice and stop; pending records stay pending in the store for the next start.
    while (this.running) await new Promise((resolve) => setTimeout(resolve, 5));
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  private kick(): void {
    if (this.running || this.paused || this.closed) return;
    this.running = true;
    void this.run().finally(() => {
      this.running = false;
      if (this.queue.length === 0 || this.closed) {
        const waiters = this.idleWaiters;
        this.idleWaiters = [];
        for (const resolve of waiters) resolve();
      } else if (!this.paused) {
        this.kick();
      }
    });
  }

  private async run(): Promise<void> {
    while (!this.closed && !this.paused) {
      const next = this.queue[0];
      if (!next) return;
      await Promise.race([next.release, this.closing]);
      if (this.closed || this.paused) return;
      const outcome = await this.deliver(next.recordId);
      if (outcome === 'interrupted') return; // closed or paused mid-way: the same delivery goes first next time
      // Queued before this one leaves the queue, so the queue is never empty in between (waitForIdle).
      if (outcome === 'delivered' && this.chaos.duplicates) await this.duplicate(next.recordId);
      this.queue.shift();
    }
  }

  /**
   * `duplicates` chaos: a second delivery of a delivered event, recorded as pending and queued
   * behind the delivery after it (or last): late, twice and out of order. A duplicate has none.
   */
  private async duplicate(recordId: string): Promise<void> {
    const record = (await this.store.get('delivery', recordId)) as DeliveryRecord | undefined;
    if (!record || record.id !== record.event_id) return;
    const again = pendingRecord(`${record.event_id}${DUPLICATE_SUFFIX}`, { id: record.event_id, type: record.event_type }, record.url);
    if (await this.store.get('delivery', again.id)) return;
    await this.store.put('delivery', again.id, again);
    // queue[0] is the delivery just made, queue[1] the next one: the duplicate goes after that.
    this.queue.splice(Math.min(2, this.queue.length), 0, { recordId: again.id, release: Promise.resolve() });
  }

  /** One delivery with its retries: delivered, given up, skipped (nothing to send), or interrupted (closed or paused). */
  private async deliver(recordId: string): Promise<'delivered' | 'given_up' | 'skipped' | 'interrupted'> {
    const record = (await this.store.get('delivery', recordId)) as DeliveryRecord | undefined;
    const event = record ? ((await this.store.get('event', record.event_id)) as EventObject | undefined) : undefined;
    if (!record || !event || record.state !== 'pending') return 'skipped';
    const eventId = event.id;
    const maxAttempts = this.retryDelaysMs.length + 1;
    while (record.attempts < maxAttempts) {
      if (this.closed || this.paused) return 'interrupted';
      const endpoint = this.endpoint;
      if (!endpoint) {
        record.state = 'given_up';
        record.last_error = 'No webhook endpoint is configured';
        await this.store.put('delivery', record.id, record);
        this.logger.warn({ eventId, type: event.type }, 'stripe stand-in: webhook not delivered, no endpoint');
        return 'given_up';
      }
      record.attempts += 1;
      record.url = endpoint.url;
      const outcome = await this.attempt(endpoint, event);
      if (this.closed && outcome.status === null) {
        record.attempts -= 1; // aborted by close(): not a real try
        await this.store.put('delivery', record.id, record);
        return 'interrupted';
      }
      record.last_status = outcome.status;
      record.last_error = outcome.error;
      if (outcome.status !== null && outcome.status >= 200 && outcome.status < 300) {
        record.state = 'delivered';
        record.delivered_at = Math.floor(Date.now() / 1000);
        await this.store.put('delivery', record.id, record);
        await this.store.put('event', event.id, { ...event, pending_webhooks: 0 });
        return 'delivered';
      }
      const delay = this.retryDelaysMs[record.attempts - 1];
      if (delay === undefined) break;
      await this.store.put('delivery', record.id, record);
      this.logger.info({ eventId, deliveryId: record.id, type: event.type, attempt: record.attempts, status: outcome.status, error: outcome.error, retryInMs: delay }, 'stripe stand-in: webhook delivery failed, will retry');
      await this.sleep(delay);
    }
    record.state = 'given_up';
    await this.store.put('delivery', record.id, record);
    this.logger.warn({ eventId, deliveryId: record.id, type: event.type, attempts: record.attempts, status: record.last_status, error: record.last_error }, 'stripe stand-in: webhook delivery given up');
    return 'given_up';
  }

  private async attempt(endpoint: WebhookEndpoint, event: EventObject): Promise<{ status: number | null; error: string | null }> {
    const payload = JSON.stringify(event);
    const controller = new AbortController();
    this.inFlight = controller;
    const timeout = setTimeout(() => controller.abort(), ATTEMPT_TIMEOUT_MS);
    try {
      const response = await fetch(endpoint.url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'Stripe-Signature': signatureHeader(payload, endpoint.secret),
          'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks) ITConnect stand-in',
        },
        body: payload,
        redirect: 'manual',
        signal: controller.signal,
      });
      // Read (and drop) the answer so the connection can be reused.
      await response.arrayBuffer().catch(() => undefined);
      return { status: response.status, error: response.ok ? null : `HTTP ${response.status}` };
    } catch (error) {
      return { status: null, error: error instanceof Error ? error.message : String(error) };
    } finally {
      clearTimeout(timeout);
      this.inFlight = null;
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        if (this.timer) clearTimeout(this.timer);
        this.timer = null;
        this.wakeTimer = null;
        resolve();
      };
      this.wakeTimer = wake;
      this.timer = setTimeout(wake, ms);
    });
  }
}
