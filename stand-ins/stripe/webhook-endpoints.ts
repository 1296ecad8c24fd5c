// Webhook endpoints (/v1/webhook_endpoints): where events are delivered and which ones. The secret
// is answered once, when the endpoint is made (as Stripe does), and kept to sign deliveries. The
// stand-in delivers to one endpoint, the oldest enabled one (a deployment has one), and only the
// event types in its enabled_events ('*': all): a webhook given to the stand-in at start (main.ts,
// controls.setWebhook) is such an endpoint too, listening to every event until an update names
// its events, and it replaces the one given before it (configureWebhook).
import { randomBytes } from 'node:crypto';
import type { EngineContext } from './catalog';
import type { Params } from './form-body';
import { StripeError } from './http';
import { API_VERSION, newId, nowSeconds, type Repo, type WebhookEndpointObject } from './objects';

/** The id of the record naming the endpoint of the webhook given at start or by setWebhook. */
const CONFIGURED = 'configured';

function enabledEvents(p: Params): string[] {
  const events = p.stringList('enabled_events');
  if (events.length === 0) throw StripeError.missing('enabled_events');
  return events;
}

function checkUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error('not http');
  } catch {
    throw StripeError.invalid('Invalid URL: URL must be publicly accessible.', 'url', 'url_invalid');
  }
  return url;
}

/** Without the secret, as every answer but creation's. */
export function withoutSecret(endpoint: WebhookEndpointObject): WebhookEndpointObject {
  const { secret: _secret, ...shown } = endpoint;
  return shown;
}

export async function createWebhookEndpoint(ctx: EngineContext, p: Params, secret = `whsec_${randomBytes(24).toString('base64url')}`): Promise<WebhookEndpointObject> {
  return ctx.repo.put('webhook_endpoint', {
    id: newId('webhook_endpoint'),
    object: 'webhook_endpoint',
    api_version: p.string('api_version') ?? API_VERSION,
    application: null,
    created: nowSeconds(),
    description: p.nullableString('description') ?? null,
    enabled_events: enabledEvents(p),
    livemode: false,
    metadata: p.metadata() ?? {},
    secret,
    status: 'enabled',
    url: checkUrl(p.requiredString('url')),
  });
}

export async function updateWebhookEndpoint(ctx: EngineContext, id: string, p: Params): Promise<WebhookEndpointObject> {
  const current = await ctx.repo.need('webhook_endpoint', id);
  const disabled = p.boolean('disabled');
  const updated = await ctx.repo.put('webhook_endpoint', {
    ...current,
    url: p.has('url') ? checkUrl(p.requiredString('url')) : current.url,
    enabled_events: p.has('enabled_events') ? enabledEvents(p) : current.enabled_events,
    description: p.has('description') ? (p.nullableString('description') ?? null) : current.description,
    metadata: { ...current.metadata, ...(p.metadata() ?? {}) },
    status: disabled === undefined ? current.status : disabled ? 'disabled' : 'enabled',
  });
  return withoutSecret(updated);
}

export async function deleteWebhookEndpoint(ctx: EngineContext, id: string): Promise<{ id: string; object: 'webhook_endpoint'; deleted: true }> {
  await ctx.repo.need('webhook_endpoint', id);
  await ctx.repo.store.delete('webhook_endpoint', id);
  return { id, object: 'webhook_endpoint', deleted: true };
}

/** The endpoint deliveries go to: the oldest enabled one. */
export async function deliveryEndpoint(repo: Repo): Promise<WebhookEndpointObject | undefined> {
  return (await repo.list('webhook_endpoint')).find((endpoint) => endpoint.status === 'enabled');
}

/**
 * The endpoint of the webhook the stand-in is given (at start, controls.setWebhook): made once per
 * URL (listening to every event), else its secret kept up to date and enabled again. The endpoint
 * given before it, when another, is disabled, so that deliveries follow the webhook given now: a
 * demo kept in Redis that restarts with another webhook URL (the API on another port) delivers
 * there, not to the old address. null (started without a webhook): that earlier one is disabled
 * and endpoints made through the API are left as they are.
 */
export async function configureWebhook(repo: Repo, webhook: { url: string; secret: string } | null): Promise<void> {
  const previous = await repo.get('test.webhook', CONFIGURED);
  const existing = webhook ? (await repo.list('webhook_endpoint')).find((endpoint) => endpoint.url === webhook.url) : undefined;
  let current: WebhookEndpointObject | undefined;
  if (webhook && existing) {
    current = await repo.put('webhook_endpoint', { ...existing, secret: webhook.secret, status: 'enabled' });
  } else if (webhook) {
    current = await repo.put('webhook_endpoint', {
      id: newId('webhook_endpoint'),
      object: 'webhook_endpoint',
      api_version: API_VERSION,
      application: null,
      created: nowSeconds(),
      description: 'The webhook the stand-in was given (at start or by its test controls)',
      enabled_events: ['*'],
      livemode: false,
      metadata: {},
      secret: webhook.secret,
      status: 'enabled',
      url: webhook.url,
    });
  }
  const superseded = previous && previous.endpoint !== current?.id ? await repo.get('webhook_endpoint', previous.endpoint) : undefined;
  if (superseded?.status === 'enabled') await repo.put('webhook_endpoint', { ...superseded, status: 'disabled' });
  if (current) await repo.put('test.webhook', { id: CONFIGURED, endpoint: current.id });
}
