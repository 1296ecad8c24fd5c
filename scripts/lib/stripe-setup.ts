// What a Stripe account needs before the site takes its first payment (`npm run stripe:setup`,
// docs/deploy.md, Going live with Stripe), made or found again, so running it twice changes nothing:
//   1. the listing product and its two prices, found by lookup key (core/plans.ts: £3 a month,
//      £28 a year); a price whose amount no longer matches the plan is replaced;
//   2. the customer portal's configuration (found by its metadata): cancel at the end of the period
//      paid for, switch between the two plans (no proration: a switch starts a new period and is
//      charged at once), update the card, see invoices;
//   3. the webhook endpoint at the site's /api/stripe/webhook, listening to exactly the events the
//      worker reconciles (core/billing.ts RECONCILED_STRIPE_EVENTS). Its signing secret is shown by
//      Stripe only when the endpoint is made: then it is printed; otherwise the one in use stays.
// `npm start` runs the same against the Stripe stand-in, so test mode is configured as live is.
import type Stripe from 'stripe';
import { ensureListingProduct, findOrCreatePrice } from '../../api/src/domain/billing/plan-price';
import { PORTAL_CONFIGURATION_METADATA, RECONCILED_STRIPE_EVENTS } from '../../core/billing';
import { PLANS, type PlanId } from '../../core/plans';

export interface StripeSetupResult {
  productId: string;
  prices: Record<PlanId, string>;
  portalConfigurationId: string;
  /** Null when no webhook URL was given. */
  webhook: { id: string; url: string; isNew: boolean; secret: string | null } | null;
}

/** The portal's configuration, as Stripe's parameters. */
function portalFeatures(productId: string, prices: Record<PlanId, string>): Stripe.BillingPortal.ConfigurationCreateParams.Features {
  return {
    invoice_history: { enabled: true },
    payment_method_update: { enabled: true },
    // At the period's end: the listing runs the time paid for (product rule 13). The site's own
    // 'Cancel Subscription' ends it at once, with the 30-day refund when due (product rule 2).
    subscription_cancel: { enabled: true, mode: 'at_period_end', proration_behavior: 'none' },
    subscription_update: {
      enabled: true,
      default_allowed_updates: ['price'],
      products: [{ product: productId, prices: [prices.monthly, prices.yearly] }],
      proration_behavior: 'none',
    },
  };
}

async function ensurePortalConfiguration(stripe: Stripe, publicUrl: string, productId: string, prices: Record<PlanId, string>): Promise<string> {
  const features = portalFeatures(productId, prices);
  const shared = {
    business_profile: { privacy_policy_url: `${publicUrl}/privacy-policy`, terms_of_service_url: `${publicUrl}/terms-of-service` },
    default_return_url: `${publicUrl}/profile`,
    metadata: { ...PORTAL_CONFIGURATION_METADATA },
  };
  const existing = (await stripe.billingPortal.configurations.list({ active: true, limit: 100 })).data.find((c) => c.metadata?.purpose === PORTAL_CONFIGURATION_METADATA.purpose);
  if (existing) {
    await stripe.billingPortal.configurations.update(existing.id, { features, default_return_url: shared.default_return_url, metadata: shared.metadata });
    return existing.id;
  }
  return (await stripe.billingPortal.configurations.create({ features, ...shared })).id;
}

async function ensureWebhookEndpoint(stripe: Stripe, url: string): Promise<NonNullable<StripeSetupResult['webhook']>> {
  const events = [...RECONCILED_STRIPE_EVENTS] as Stripe.WebhookEndpointCreateParams.EnabledEvent[];
  const endpoints = await stripe.webhookEndpoints.list({ limit: 100 }).autoPagingToArray({ limit: 1000 });
  const existing = endpoints.find((endpoint) => endpoint.url === url);
  if (existing) {
    await stripe.webhookEndpoints.update(existing.id, { enabled_events: events, disabled: false });
    return { id: existing.id, url, isNew: false, secret: null };
  }
  const created = await stripe.webhookEndpoints.create({ url, enabled_events: events, description: 'ITConnect: the worker reconciles these (npm run stripe:setup)' });
  return { id: created.id, url, isNew: true, secret: created.secret ?? null };
}

export async function stripeSetup({ stripe, publicUrl, webhookUrl }: { stripe: Stripe; publicUrl: string; webhookUrl?: string }): Promise<StripeSetupResult> {
  const site = publicUrl.replace(/\/+$/, '');
  const productId = await ensureListingProduct(stripe);
  const prices = { monthly: await findOrCreatePrice(stripe, 'monthly'), yearly: await findOrCreatePrice(stripe, 'yearly') } satisfies Record<PlanId, string>;
  const portalConfigurationId = await ensurePortalConfiguration(stripe, site, productId, prices);
  const webhook = webhookUrl ? await ensureWebhookEndpoint(stripe, webhookUrl) : null;
  return { productId, prices, portalConfigurationId, webhook };
}

/** What the operator reads after a run. */
export function describeSetup(result: StripeSetupResult): string[] {
  const lines = [
    `Product ${result.productId}: ${PLANS.monthly.shortPrice} (${result.prices.monthly}), ${PLANS.yearly.shortPrice} (${result.prices.yearly})`,
    `Customer portal configuration ${result.portalConfigurationId}: cancel at the period's end, switch plans, update the card`,
  ];
  if (result.webhook) {
    lines.push(`Webhook endpoint ${result.webhook.id} at ${result.webhook.url}: ${RECONCILED_STRIPE_EVENTS.length} events`);
    lines.push(
      result.webhook.secret
        ? `Put this in the environment of the API: STRIPE_WEBHOOK_SECRET=${result.webhook.secret}`
        : 'STRIPE_WEBHOOK_SECRET: the endpoint existed already, so keep the secret in use (Stripe shows it only when an endpoint is made; roll it in the dashboard to get a new one).',
    );
  }
  return lines;
}
