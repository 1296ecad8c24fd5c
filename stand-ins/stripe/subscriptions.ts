// Subscriptions: created waiting for their first payment (default_incomplete), updated (metadata,
// cancel_at_period_end), cancelled, listed, and renewed on demand (the billing page's "Renew now",
// controls.renew), paid or, when marked to fail, past due until the card is "updated"; switched to
// another price in the customer portal (switchPrice, proration_behavior 'none').
import { changedFields, createPrice, type EngineContext } from './catalog';
import { mergeMetadata, Params } from './form-body';
import { StripeError } from './http';
import { CARD_4242, invoiceParts, openInvoice, recordDecline, setSubscriptionStatus, settleInvoice } from './invoices';
import {
  addInterval,
  emptyList,
  newId,
  nowSeconds,
  type CustomerObject,
  type InvoiceObject,
  type PriceObject,
  type SubscriptionItemObject,
  type SubscriptionObject,
} from './objects';

const now = nowSeconds;

export async function newSubscription(
  ctx: EngineContext,
  args: {
    customer: CustomerObject;
    price: PriceObject;
    quantity: number;
    metadata: Record<string, string>;
    status: 'active' | 'incomplete';
    saveDefaultPaymentMethod: 'off' | 'on_subscription';
    description?: string | null;
    /** When it started and its current period (unix seconds): now and the first period, unless history is imported. */
    start?: number;
    currentPeriod?: { start: number; end: number };
  },
): Promise<{ subscription: SubscriptionObject; item: SubscriptionItemObject }> {
  const recurring = args.price.recurring;
  if (!recurring) throw StripeError.invalid('A subscription needs a recurring price.', 'items[0][price]');
  const start = args.start ?? now();
  const id = newId('subscription');
  const item: SubscriptionItemObject = {
    id: newId('si'),
    object: 'subscription_item',
    created: start,
    current_period_start: args.currentPeriod?.start ?? start,
    current_period_end: args.currentPeriod?.end ?? addInterval(start, recurring.interval, recurring.interval_count),
    discounts: [],
    metadata: {},
    price: args.price,
    quantity: args.quantity,
    subscription: id,
    tax_rates: [],
  };
  const subscription = await ctx.repo.put('subscription', {
    id,
    object: 'subscription',
    application: null,
    billing_cycle_anchor: start,
    cancel_at: null,
    cancel_at_period_end: false,
    canceled_at: null,
    cancellation_details: { comment: null, feedback: null, reason: null },
    collection_method: 'charge_automatically',
    created: start,
    currency: args.price.currency,
    customer: args.customer.id,
    days_until_due: null,
    default_payment_method: null,
    description: args.description ?? null,
    discounts: [],
    ended_at: null,
    items: { ...emptyList(`/v1/subscription_items?subscription=${id}`, [item]), total_count: 1 },
    latest_invoice: null,
    livemode: false,
    metadata: args.metadata,
    pause_collection: null,
    payment_settings: { payment_method_options: null, payment_method_types: null, save_default_payment_method: args.saveDefaultPaymentMethod },
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: start,
    status: args.status,
    test_clock: null,
    trial_end: null,
    trial_start: null,
  });
  await ctx.repo.put('test.subscription', { id, failNextRenewal: false });
  return { subscription, item };
}

export function firstItem(subscription: SubscriptionObject): SubscriptionItemObject {
  const item = subscription.items.data[0];
  if (!item) throw new StripeError(500, 'api_error', `Subscription ${subscription.id} has no items.`);
  return item;
}

export async function createSubscription(ctx: EngineContext, p: Params): Promise<SubscriptionObject> {
  const customer = await ctx.repo.need('customer', p.requiredString('customer'), 'customer');
  const items = p.list('items');
  if (items.length === 0) throw StripeError.missing('items');
  if (items.length > 1) throw StripeError.invalid('The stand-in supports one item per subscription.', 'items');
  const item = items[0] as Params;
  const priceId = item.string('price');
  const priceData = item.child('price_data');
  let price: PriceObject;
  if (priceId) price = await ctx.repo.need('price', priceId, 'items[0][price]');
  else if (priceData) price = await createPrice(ctx, priceData, { inline: true });
  else throw StripeError.missing('items[0][price]');
  if (!price.recurring) throw StripeError.invalid('The price specified is not recurring. A subscription needs a recurring price.', 'items[0][price]');
  const quantity = item.integer('quantity') ?? 1;
  // No card is ever on file here, so every new subscription waits for its first payment
  // (payment_behavior=default_incomplete); the other behaviours would need a saved card.
  p.oneOf('payment_behavior', ['default_incomplete', 'allow_incomplete', 'error_if_incomplete', 'pending_if_incomplete'] as const);
  const save = p.child('payment_settings')?.oneOf('save_default_payment_method', ['off', 'on_subscription'] as const) ?? 'off';
  const { subscription, item: subscriptionItem } = await newSubscription(ctx, {
    customer,
    price,
    quantity,
    metadata: p.metadata() ?? {},
    status: 'incomplete',
    saveDefaultPaymentMethod: save,
    description: p.string('description') ?? null,
  });
  const opened = await openInvoice(ctx, { subscription, item: subscriptionItem, customer, billingReason: 'subscription_create', periodStart: subscriptionItem.current_period_start, periodEnd: subscriptionItem.current_period_end });
  const created = await ctx.repo.put('subscription', { ...subscription, latest_invoice: opened.invoice.id });
  ctx.emit('customer.subscription.created', created);
  return created;
}

export async function updateSubscription(ctx: EngineContext, id: string, p: Params): Promise<SubscriptionObject> {
  const subscription = await ctx.repo.need('subscription', id);
  const cancelAtPeriodEnd = p.boolean('cancel_at_period_end');
  if (subscription.status === 'canceled' && (cancelAtPeriodEnd !== undefined || p.has('description'))) {
    throw StripeError.invalid('A canceled subscription can only update its cancellation_details and metadata.');
  }
  const details = p.child('cancellation_details');
  const item = firstItem(subscription);
  const next: SubscriptionObject = {
    ...subscription,
    metadata: mergeMetadata(subscription.metadata, p.metadata(), p.raw.metadata === ''),
    description: p.has('description') ? (p.nullableString('description') ?? null) : subscription.description,
    cancel_at_period_end: cancelAtPeriodEnd ?? subscription.cancel_at_period_end,
    cancel_at: cancelAtPeriodEnd === undefined ? subscription.cancel_at : cancelAtPeriodEnd ? item.current_period_end : null,
    canceled_at: cancelAtPeriodEnd === undefined ? subscription.canceled_at : cancelAtPeriodEnd ? now() : null,
    cancellation_details: details
      ? {
          ...subscription.cancellation_details,
          comment: details.has('comment') ? (details.nullableString('comment') ?? null) : subscription.cancellation_details.comment,
          feedback: details.has('feedback') ? (details.nullableString('feedback') ?? null) : subscription.cancellation_details.feedback,
        }
      : subscription.cancellation_details,
  };
  if (cancelAtPeriodEnd !== undefined && subscription.status !== 'canceled') {
    next.cancellation_details = { ...next.cancellation_details, reason: cancelAtPeriodEnd ? 'cancellation_requested' : null };
  }
  await ctx.repo.put('subscription', next);
  const previous = changedFields(subscription, next, ['metadata', 'description', 'cancel_at_period_end', 'cancel_at', 'canceled_at', 'cancellation_details']);
  if (previous) ctx.emit('customer.subscription.updated', next, previous);
  return next;
}

/** Ends a subscription now. An incomplete one's unpaid first invoice is voided. Event: customer.subscription.deleted. */
export async function cancelSubscription(ctx: EngineContext, id: string, p?: Params): Promise<SubscriptionObject> {
  const subscription = await ctx.repo.need('subscription', id);
  // Stripe treats a canceled subscription as gone for cancel (it still retrieves): 404 No such subscription.
  if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') throw StripeError.notFound('subscription', id);
  const at = now();
  if (subscription.status === 'incomplete') {
    for (const invoice of await ctx.repo.list('invoice')) {
      if (invoice.parent.subscription_details.subscription !== id || invoice.status !== 'open') continue;
      const { intent, payment } = await invoiceParts(ctx, invoice);
      await ctx.repo.put('payment_intent', { ...intent, status: 'canceled', canceled_at: at });
      await ctx.repo.put('invoice_payment', { ...payment, status: 'canceled', status_transitions: { ...payment.status_transitions, canceled_at: at } });
      await ctx.repo.put('invoice', { ...invoice, status: 'void', amount_remaining: 0, status_transitions: { ...invoice.status_transitions, voided_at: at } });
    }
  }
  const details = p?.child('cancellation_details');
  const canceled = await ctx.repo.put('subscription', {
    ...subscription,
    status: 'canceled',
    canceled_at: at,
    ended_at: at,
    cancel_at: null,
    cancellation_details: {
      comment: details?.string('comment') ?? subscription.cancellation_details.comment,
      feedback: details?.string('feedback') ?? subscription.cancellation_details.feedback,
      reason: 'cancellation_requested',
    },
  });
  ctx.emit('customer.subscription.deleted', canceled);
  return canceled;
}

export async function findSubscriptions(ctx: EngineContext, p: Params): Promise<SubscriptionObject[]> {
  const customer = p.string('customer');
  const status = p.string('status');
  const price = p.string('price');
  return (await ctx.repo.list('subscription')).filter(
    (s) =>
      (customer === undefined || s.customer === customer) &&
      // Stripe leaves canceled subscriptions out unless asked (status=canceled or status=all);
      // status=ended is those canceled and those expired unpaid (incomplete_expired).
      (status === 'all' ||
        (status === 'ended' ? s.status === 'canceled' || s.status === 'incomplete_expired' : status === undefined ? s.status !== 'canceled' : s.status === status)) &&
      (price === undefined || s.items.data.some((item) => item.price.id === price)),
  );
}

function renewable(subscription: SubscriptionObject): void {
  if (subscription.status !== 'active' && subscription.status !== 'past_due') {
    throw StripeError.invalid(`Only an active or past-due subscription renews (this one is ${subscription.status}).`, undefined, 'subscription_not_renewable');
  }
}

/**
 * The next billing period, now (the billing page's "Renew now", controls.renew). A subscription set
 * to cancel at period end ends instead (customer.subscription.deleted). Otherwise the period
 * advances and a subscription_cycle invoice is made: paid (invoice.paid,
 * invoice.payment_succeeded, customer.subscription.updated) or, when marked to fail, left open
 * with one failed attempt and the subscription past_due (invoice.payment_failed,
 * customer.subscription.updated).
 */
export async function renewSubscription(ctx: EngineContext, id: string): Promise<{ subscription: SubscriptionObject; invoice: InvoiceObject | null }> {
  const subscription = await ctx.repo.need('subscription', id);
  renewable(subscription);
  if (subscription.cancel_at_period_end) {
    const at = now();
    const ended = await ctx.repo.put('subscription', { ...subscription, status: 'canceled', canceled_at: subscription.canceled_at ?? at, ended_at: at, cancel_at: null });
    ctx.emit('customer.subscription.deleted', ended);
    return { subscription: ended, invoice: null };
  }
  const item = firstItem(subscription);
  const recurring = item.price.recurring;
  if (!recurring) throw new StripeError(500, 'api_error', `Subscription ${id} has no recurring price.`);
  const customer = await ctx.repo.need('customer', subscription.customer);
  const periodStart = item.current_period_end;
  const periodEnd = addInterval(periodStart, recurring.interval, recurring.interval_count);
  const nextItem: SubscriptionItemObject = { ...item, current_period_start: periodStart, current_period_end: periodEnd };
  const advanced: SubscriptionObject = { ...subscription, items: { ...subscription.items, data: [nextItem, ...subscription.items.data.slice(1)] } };
  await ctx.repo.put('subscription', advanced);
  const opened = await openInvoice(ctx, {
    subscription: advanced,
    item: nextItem,
    customer,
    billingReason: 'subscription_cycle',
    periodStart,
    periodEnd,
    previousPeriod: { start: item.current_period_start, end: item.current_period_end },
  });
  const state = await ctx.repo.get('test.subscription', id);
  const withInvoice: SubscriptionObject = { ...advanced, latest_invoice: opened.invoice.id };
  if (state?.failNextRenewal) {
    const failed = await recordDecline(ctx, opened.invoice, true);
    const pastDue = await ctx.repo.put('subscription', { ...withInvoice, status: 'past_due' });
    ctx.emit('invoice.payment_failed', failed.invoice);
    ctx.emit('customer.subscription.updated', pastDue, subscriptionChanges(subscription, pastDue));
    return { subscription: pastDue, invoice: failed.invoice };
  }
  const paid = await settleInvoice(ctx, opened.invoice, CARD_4242);
  const active = await ctx.repo.put('subscription', { ...withInvoice, status: 'active' });
  ctx.emit('invoice.paid', paid.invoice);
  ctx.emit('invoice.payment_succeeded', paid.invoice);
  ctx.emit('customer.subscription.updated', active, subscriptionChanges(subscription, active));
  return { subscription: active, invoice: paid.invoice };
}

function subscriptionChanges(before: SubscriptionObject, after: SubscriptionObject): Record<string, unknown> {
  return changedFields(before, after, ['status', 'latest_invoice', 'items']) ?? {};
}

export async function setFailNextRenewal(ctx: EngineContext, id: string, on: boolean): Promise<void> {
  await ctx.repo.need('subscription', id);
  await ctx.repo.put('test.subscription', { id, failNextRenewal: on });
}

export async function failsNextRenewal(ctx: EngineContext, id: string): Promise<boolean> {
  return (await ctx.repo.get('test.subscription', id))?.failNextRenewal ?? false;
}

/**
 * "Update card (test)": the card works again (the failing mark is cleared) and every open renewal
 * invoice is paid at once; a past-due subscription becomes active.
 */
export async function updateCard(ctx: EngineContext, id: string): Promise<SubscriptionObject> {
  const subscription = await ctx.repo.need('subscription', id);
  renewable(subscription);
  await setFailNextRenewal(ctx, id, false);
  const open = (await ctx.repo.list('invoice')).filter((invoice) => invoice.parent.subscription_details.subscription === id && invoice.status === 'open');
  for (const invoice of open) {
    const paid = await settleInvoice(ctx, invoice, CARD_4242);
    ctx.emit('invoice.paid', paid.invoice);
    ctx.emit('invoice.payment_succeeded', paid.invoice);
  }
  if (subscription.status === 'past_due') await setSubscriptionStatus(ctx, id, 'active');
  return ctx.repo.need('subscription', id);
}

/**
 * The customer portal's switch to another price, with proration_behavior 'none' (billing-portal.ts):
 * to a price of another interval (monthly → yearly) a new period starts now and the new price is
 * charged in full at once (an invoice, billing_reason subscription_update, paid with the card on
 * file); to one of the same interval the price changes and the next renewal charges it. Events:
 * customer.subscription.updated (previous_attributes: items, and for a new period latest_invoice,
 * billing_cycle_anchor, cancel_at when cancelling), then for a new period invoice.paid,
 * invoice.payment_succeeded. The subscription's metadata stays as it was (the portal leaves it).
 */
export async function switchPrice(ctx: EngineContext, id: string, priceId: string): Promise<SubscriptionObject> {
  const subscription = await ctx.repo.need('subscription', id);
  if (subscription.status !== 'active') throw StripeError.invalid('Only an active subscription can switch to another price.', undefined, 'subscription_not_active');
  const price = await ctx.repo.need('price', priceId, 'items[0][price]');
  const item = firstItem(subscription);
  if (!price.recurring || !item.price.recurring) throw StripeError.invalid('A subscription needs a recurring price.', 'items[0][price]');
  if (price.id === item.price.id) return subscription;
  const isNewInterval = price.recurring.interval !== item.price.recurring.interval || price.recurring.interval_count !== item.price.recurring.interval_count;
  const start = now();
  const nextItem: SubscriptionItemObject = isNewInterval
    ? { ...item, price, current_period_start: start, current_period_end: addInterval(start, price.recurring.interval, price.recurring.interval_count) }
    : { ...item, price };
  const switched: SubscriptionObject = {
    ...subscription,
    // A new period: a cancellation asked for at the period's end now comes at the new one's end.
    ...(isNewInterval ? { billing_cycle_anchor: start, cancel_at: subscription.cancel_at_period_end ? nextItem.current_period_end : subscription.cancel_at } : {}),
    items: { ...subscription.items, data: [nextItem, ...subscription.items.data.slice(1)] },
  };
  const changes = (after: SubscriptionObject) => changedFields(subscription, after, ['items', 'latest_invoice', 'billing_cycle_anchor', 'cancel_at']) ?? {};
  await ctx.repo.put('subscription', switched);
  if (!isNewInterval) {
    ctx.emit('customer.subscription.updated', switched, changes(switched));
    return switched;
  }
  const customer = await ctx.repo.need('customer', subscription.customer);
  const opened = await openInvoice(ctx, {
    subscription: switched,
    item: nextItem,
    customer,
    billingReason: 'subscription_update',
    periodStart: nextItem.current_period_start,
    periodEnd: nextItem.current_period_end,
    previousPeriod: { start: item.current_period_start, end: start },
  });
  const paid = await settleInvoice(ctx, opened.invoice, CARD_4242);
  const current = await ctx.repo.put('subscription', { ...switched, latest_invoice: paid.invoice.id });
  // As Stripe sends them: the update (which made the invoice) first, then its payment.
  ctx.emit('customer.subscription.updated', current, changes(current));
  ctx.emit('invoice.paid', paid.invoice);
  ctx.emit('invoice.payment_succeeded', paid.invoice);
  return current;
}

/** The customer portal's 'Cancel plan' at the period's end (on) and 'Don't cancel' (off): an update as the API's. */
export function setCancelAtPeriodEnd(ctx: EngineContext, id: string, on: boolean): Promise<SubscriptionObject> {
  return updateSubscription(ctx, id, new Params({ cancel_at_period_end: on ? 'true' : 'false' }));
}
