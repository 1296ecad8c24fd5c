// Importing a subscription's past into the stand-in: what Stripe would hold for a customer who has
// paid every period of a plan so far (the customer, the plan's price, an active subscription in its
// current period, and one paid invoice per period, each with its payment intent, charge and card).
// The demo data uses it (scripts/db/seed/demo-billing.ts), so the demo provider's billing page shows
// the subscription and invoices its seeded payments describe. History makes no events: the rows it
// stands for are written by the seed, not by reconciliation.
import { createCustomer, createPrice, findPrices, type EngineContext } from './catalog';
import { Params } from './form-body';
import { CARD_4242, openInvoice, settleInvoice } from './invoices';
import { Repo } from './objects';
import type { StandInStore } from './store';
import { newSubscription } from './subscriptions';

export interface PaidPeriod {
  /** Unix seconds. */
  start: number;
  end: number;
  paidAt: number;
}

export interface ImportedSubscription {
  customerId: string;
  subscriptionId: string;
  /** One per period, in the order given. */
  invoices: { invoiceId: string; paymentIntentId: string }[];
}

/** The active price with this lookup key, amount and interval, or a new one that takes the key over. */
async function planPrice(ctx: EngineContext, plan: { lookupKey: string; amount: number; interval: 'month' | 'year'; productName: string }) {
  const found = (await findPrices(ctx, new Params({ lookup_keys: [plan.lookupKey], active: 'true' }))).find(
    (price) => price.unit_amount === plan.amount && price.currency === 'gbp' && price.recurring?.interval === plan.interval,
  );
  return (
    found ??
    createPrice(
      ctx,
      new Params({
        currency: 'gbp',
        unit_amount: String(plan.amount),
        recurring: { interval: plan.interval },
        product_data: { name: plan.productName },
        lookup_key: plan.lookupKey,
        transfer_lookup_key: 'true',
      }),
    )
  );
}

/**
 * Writes a paid subscription's history into `store`: `periods` oldest first, the last one current.
 * Works on the store directly (the stand-in need not be running), in one pass; the objects are new.
 */
export async function importPaidSubscription(
  store: StandInStore,
  args: {
    customer: { email: string; name: string };
    plan: { lookupKey: string; amount: number; interval: 'month' | 'year'; productName: string };
    metadata: Record<string, string>;
    periods: PaidPeriod[];
  },
): Promise<ImportedSubscription> {
  const first = args.periods[0];
  const current = args.periods.at(-1);
  if (!first || !current) throw new Error('a subscription history needs at least one paid period');
  const ctx: EngineContext = { repo: new Repo(store), publicUrl: '', emit: () => undefined };
  const price = await planPrice(ctx, args.plan);
  const made = await createCustomer(ctx, { email: args.customer.email, name: args.customer.name, metadata: args.metadata });
  const customer = await ctx.repo.put('customer', { ...made, created: first.paidAt });
  const { subscription, item } = await newSubscription(ctx, {
    customer,
    price,
    quantity: 1,
    metadata: args.metadata,
    status: 'active',
    saveDefaultPaymentMethod: 'on_subscription',
    start: first.start,
    currentPeriod: { start: current.start, end: current.end },
  });
  const invoices: ImportedSubscription['invoices'] = [];
  let latest: { invoice: string; paymentMethod: string | null } | null = null;
  let previous: PaidPeriod | null = null;
  for (const period of args.periods) {
    const opened = await openInvoice(ctx, {
      subscription,
      item: { ...item, current_period_start: period.start, current_period_end: period.end },
      customer,
      billingReason: previous ? 'subscription_cycle' : 'subscription_create',
      periodStart: period.start,
      periodEnd: period.end,
      ...(previous ? { previousPeriod: { start: previous.start, end: previous.end } } : {}),
      at: period.paidAt,
    });
    const paid = await settleInvoice(ctx, opened.invoice, CARD_4242, period.paidAt);
    invoices.push({ invoiceId: paid.invoice.id, paymentIntentId: paid.intent.id });
    latest = { invoice: paid.invoice.id, paymentMethod: paid.intent.payment_method };
    previous = period;
  }
  await ctx.repo.put('subscription', { ...subscription, latest_invoice: latest?.invoice ?? null, default_payment_method: latest?.paymentMethod ?? null });
  return { customerId: customer.id, subscriptionId: subscription.id, invoices };
}
