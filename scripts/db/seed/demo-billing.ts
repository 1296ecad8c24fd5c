// The demo provider's billing in test mode (no Stripe keys: the API serves the Stripe stand-in, its
// objects in Redis under the deployment's prefix). Its seeded payments become what the stand-in
// holds for it: a customer, an active subscription in its current period and one paid invoice per
// payment, and the rows point at them (the listing's Stripe ids, each payment's invoice and
// payment intent), so 'Manage billing' opens the stand-in's billing page with the subscription and
// invoices the payments describe, and a renewal, a cancellation or a refund there works like any
// other. Written inside the seed's transaction, after the rows it updates.
import { Redis } from 'ioredis';
import type pg from 'pg';
import { importPaidSubscription } from '../../../stand-ins/stripe/history';
import { redisStore } from '../../../stand-ins/stripe/store';
import { PLANS, priceLookupKey } from '../../../core/plans';
import type { DemoData } from './demo-data';

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

export async function linkDemoProviderBilling(options: {
  client: pg.ClientBase;
  data: DemoData;
  professionalIds: Map<string, number>;
  redisUrl: string;
  redisPrefix: string;
}): Promise<{ customerId: string; subscriptionId: string; invoices: number }> {
  const { client, data, professionalIds } = options;
  const slug = data.accounts.provider.professionalSlug;
  const listing = data.professionals.find((p) => p.slug === slug);
  const professionalId = slug ? professionalIds.get(slug) : undefined;
  if (!listing || professionalId === undefined) throw new Error('the demo provider has no listing');
  const payments = data.payments.filter((p) => p.professionalSlug === slug).sort((a, b) => a.paidAt.getTime() - b.paidAt.getTime());
  const plan = PLANS[listing.subscriptionType];

  const redis = new Redis(options.redisUrl, { maxRetriesPerRequest: 2 });
  let imported;
  try {
    imported = await importPaidSubscription(redisStore(redis, options.redisPrefix), {
      customer: { email: listing.email, name: listing.companyName },
      plan: { lookupKey: priceLookupKey(plan.id), amount: plan.pricePence, interval: plan.interval, productName: `ITConnect listing: ${plan.name}` },
      metadata: { professionalId: String(professionalId), plan: plan.id },
      periods: payments.map((p) => ({ start: seconds(p.periodStart), end: seconds(p.periodEnd), paidAt: seconds(p.paidAt) })),
    });
  } finally {
    redis.disconnect();
  }

  await client.query('UPDATE professionals SET stripe_customer_id = $1, stripe_subscription_id = $2 WHERE id = $3', [imported.customerId, imported.subscriptionId, professionalId]);
  for (const [index, payment] of payments.entries()) {
    const stripe = imported.invoices[index]!;
    await client.query('UPDATE payments SET stripe_invoice_id = $1, stripe_payment_intent_id = $2, stripe_subscription_id = $3 WHERE stripe_invoice_id = $4', [
      stripe.invoiceId,
      stripe.paymentIntentId,
      imported.subscriptionId,
      payment.stripeInvoiceId,
    ]);
  }
  return { customerId: imported.customerId, subscriptionId: imported.subscriptionId, invoices: imported.invoices.length };
}
