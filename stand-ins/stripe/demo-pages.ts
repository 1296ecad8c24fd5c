// The demo provider's own pages, in place of Stripe's hosted ones: the "Test mode" checkout
// (/demo-pay/checkout/:id) and billing page (/demo-pay/billing/:id), plus the JSON card form
// endpoint our SPA calls instead of Stripe.js (/demo-pay/confirm). Server-rendered HTML, no
// script at all (the site's CSP allows none inline), no external asset; every change is a
// same-origin form POST answered with a 303 back to a page.
import type { ServerResponse } from 'node:http';
import { switchablePrices } from './billing-portal';
import type { EngineContext } from './catalog';
import { declineCheckoutSession, directDebitWaiting, loadCheckoutSession, payCheckoutSession, settleDelayedCheckout } from './checkout';
import { redirect, sendHtml, sendJson, StripeError } from './http';
import { cardOutcome, confirmPaymentIntent, formatAmount, intentForClientSecret, UNKNOWN_CARD_MESSAGE } from './invoices';
import type { CheckoutSessionObject, InvoiceObject, PortalConfigurationObject, PriceObject, SubscriptionObject } from './objects';
import { cancelSubscription, failsNextRenewal, renewSubscription, setCancelAtPeriodEnd, setFailNextRenewal, switchPrice, updateCard } from './subscriptions';

/** Runs `fn` as one operation of the stand-in (serialised, its events committed). */
export type RunOperation = <T>(fn: (ctx: EngineContext) => Promise<T>) => Promise<T>;

export interface DemoRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: string;
}

// ─── HTML ───────────────────────────────────────────────────────────────────────────────────

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);
}

/** Tagged template: interpolations are escaped unless wrapped with raw(). */
class Raw {
  constructor(readonly html: string) {}
}
const raw = (html: string) => new Raw(html);
function html(strings: TemplateStringsArray, ...values: unknown[]): Raw {
  let out = strings[0] ?? '';
  values.forEach((value, index) => {
    const parts = Array.isArray(value) ? value : [value];
    for (const part of parts) {
      if (part instanceof Raw) out += part.html;
      else if (part !== null && part !== undefined && part !== false) out += escapeHtml(String(part));
    }
    out += strings[index + 1] ?? '';
  });
  return raw(out);
}

const STYLE = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;font-size:1rem;line-height:1.5;color:#1f2937;background:#f3f4f6}
.banner{padding:.6rem 1rem;background:#fef3c7;color:#78350f;border-bottom:2px solid #d97706;text-align:center;font-weight:600}
.banner p{margin:0}
main{max-width:44rem;margin:2rem auto;padding:1.5rem;background:#fff;border:1px solid #d1d5db;border-radius:.5rem}
.brand{margin:0 0 .25rem;font-size:1.25rem;font-weight:700;color:#1e3a8a}
h1{margin:0 0 1rem;font-size:1.5rem}
h2{margin:1.5rem 0 .5rem;font-size:1.2rem}
h3{margin:0 0 .5rem;font-size:1.05rem}
.summary{padding:1rem;background:#f9fafb;border:1px solid #e5e7eb;border-radius:.375rem}
.summary p{margin:.25rem 0}
.summary h2{margin-top:0}
.amount{font-size:1.35rem;font-weight:700}
label{display:block;margin:1.25rem 0 .25rem;font-weight:600}
input[type=text]{width:100%;padding:.6rem .75rem;font:inherit;border:1px solid #6b7280;border-radius:.375rem}
.help{margin:.25rem 0 0;color:#4b5563;font-size:.9rem}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1.25rem}
button{padding:.6rem 1.1rem;font:inherit;font-weight:600;border-radius:.375rem;border:2px solid #1d4ed8;cursor:pointer}
.primary{background:#1d4ed8;color:#fff}
.secondary{background:#fff;color:#1d4ed8}
button:focus-visible,a:focus-visible,input:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
a{color:#1d4ed8}
.alert{margin:1rem 0;padding:.75rem 1rem;border-radius:.375rem;background:#fee2e2;color:#7f1d1d;border:1px solid #fca5a5}
.notice{margin:1rem 0;padding:.75rem 1rem;border-radius:.375rem;background:#dcfce7;color:#14532d;border:1px solid #86efac}
.subscription{margin:1rem 0;padding:1rem;border:1px solid #e5e7eb;border-radius:.375rem}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:0}
dt{font-weight:600}
dd{margin:0}
.inline{display:inline}
table{width:100%;border-collapse:collapse;margin-top:.5rem}
caption{text-align:left;font-weight:600;padding-bottom:.25rem}
th,td{text-align:left;padding:.5rem;border-bottom:1px solid #e5e7eb}
td.money,th.money{text-align:right}
.nowrap{white-space:nowrap}
.visually-hidden{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
.back{margin-top:1.5rem}
@media (max-width:36rem){main{margin:0;padding:1rem;border-width:0 0 1px;border-radius:0}th,td{padding:.4rem .25rem}.nowrap{white-space:normal}.subscription{padding:.75rem}}
`;

function page(title: string, body: Raw): string {
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<header class="banner"><p>TEST MODE — no real money is taken</p></header>
<main>
<p class="brand">ITConnect</p>
${body.html}
</main>
</body>
</html>
`;
}

const DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' });
const SHORT_DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Europe/London' });
const formatDate = (unixSeconds: number) => DATE.format(new Date(unixSeconds * 1000));
const formatShortDate = (unixSeconds: number) => SHORT_DATE.format(new Date(unixSeconds * 1000));

/** '£3.00 per month', '£28.00 per year', '£5.00 every 3 months'. */
function priceText(price: PriceObject, quantity = 1): string {
  const amount = formatAmount(price.unit_amount * quantity, price.currency);
  if (!price.recurring) return amount;
  const { interval, interval_count: count } = price.recurring;
  return count === 1 ? `${amount} per ${interval}` : `${amount} every ${count} ${interval}s`;
}

const SUBSCRIPTION_STATUS: Record<string, string> = {
  active: 'Active',
  past_due: 'Past due: the last renewal payment failed',
  incomplete: 'Waiting for the first payment',
  incomplete_expired: 'Expired before the first payment',
  canceled: 'Cancelled',
  unpaid: 'Unpaid',
  trialing: 'Trial',
  paused: 'Paused',
};

function notFoundPage(res: ServerResponse, what: string): void {
  sendHtml(
    res,
    404,
    page(
      `Not found — ITConnect (test mode)`,
      html`<h1>Not found</h1>
        <p>This ${what} does not exist. Please go back to ITConnect and start again.</p>`,
    ),
  );
}

// ─── Checkout page ──────────────────────────────────────────────────────────────────────────

/** success_url with `{CHECKOUT_SESSION_ID}` replaced, as Stripe does on redirect. */
export function successUrlOf(session: CheckoutSessionObject): string {
  return session.success_url.split('{CHECKOUT_SESSION_ID}').join(session.id);
}

const CHECKOUT_MESSAGES: Record<string, string> = {
  declined: 'Your card was declined.',
  invalid_card: UNKNOWN_CARD_MESSAGE,
};

async function checkoutPage(run: RunOperation, res: ServerResponse, id: string, result: string | null): Promise<void> {
  const view = await run(async (ctx) => {
    const session = await ctx.repo.get('checkout.session', id);
    if (!session) return null;
    const current = await loadCheckoutSession(ctx, id);
    const state = await ctx.repo.get('test.checkout', id);
    const lineItem = state?.lineItems[0];
    const product = lineItem ? await ctx.repo.get('product', lineItem.price.product) : undefined;
    const customer = current.customer ? await ctx.repo.get('customer', current.customer) : undefined;
    // A Direct Debit still 'processing' whose subscription was cancelled meanwhile waits for nothing.
    const delayed = state?.delayed === 'processing' && !(await directDebitWaiting(ctx, id)) ? 'cancelled' : state?.delayed;
    return { session: current, lineItem, productName: product?.name ?? 'ITConnect listing', email: customer?.email ?? current.customer_email, delayed };
  });
  if (!view) return notFoundPage(res, 'checkout');
  const { session, lineItem, productName, email, delayed } = view;
  const amount = formatAmount(session.amount_total, session.currency);
  const back = session.cancel_url ? html`<p class="back"><a href="${session.cancel_url}">Back to ITConnect</a></p>` : html``;

  if (session.status === 'complete' && delayed && delayed !== 'succeeded') {
    const action = `/demo-pay/checkout/${encodeURIComponent(session.id)}/settle`;
    return sendHtml(
      res,
      200,
      page(
        'Direct Debit — ITConnect (test mode)',
        html`<h1>Direct Debit ${delayed === 'failed' ? 'refused' : delayed === 'cancelled' ? 'cancelled' : 'processing'}</h1>
          ${
            delayed === 'failed'
              ? html`<p class="alert" role="alert">The bank refused the Direct Debit of ${amount} for ${productName}. Nothing was paid.</p>`
              : delayed === 'cancelled'
                ? html`<p class="alert" role="alert">The subscription was cancelled before the bank answered. Nothing was paid.</p>`
                : html`<p class="notice" role="status">A Direct Debit of ${amount} for ${productName} is being processed. Banks take about three working days to confirm it.</p>
                  <p>In test mode, answer for the bank now:</p>
                  <div class="actions">
                    <form method="post" action="${action}" class="inline"><input type="hidden" name="outcome" value="succeeded"><button type="submit" class="primary">The bank confirms the payment (test)</button></form>
                    <form method="post" action="${action}" class="inline"><input type="hidden" name="outcome" value="failed"><button type="submit" class="secondary">The bank refuses the payment (test)</button></form>
                  </div>`
          }
          <p class="back"><a href="${successUrlOf(session)}">Continue to ITConnect</a></p>`,
      ),
    );
  }
  if (session.status === 'complete') {
    return sendHtml(
      res,
      200,
      page(
        'Payment complete — ITConnect (test mode)',
        html`<h1>Payment complete</h1>
          <p class="notice" role="status">${amount} was paid (in test mode) for ${productName}.</p>
          <p><a href="${successUrlOf(session)}">Continue to ITConnect</a></p>`,
      ),
    );
  }
  if (session.status === 'expired') {
    return sendHtml(
      res,
      200,
      page(
        'Checkout expired — ITConnect (test mode)',
        html`<h1>This checkout has expired</h1>
          <p>Nothing was paid. Please go back to ITConnect and start again.</p>
          ${back}`,
      ),
    );
  }

  const message = result ? CHECKOUT_MESSAGES[result] : undefined;
  const action = `/demo-pay/checkout/${encodeURIComponent(session.id)}`;
  sendHtml(
    res,
    200,
    page(
      `Pay ${amount} — ITConnect (test mode)`,
      html`<h1>Checkout</h1>
        <section class="summary" aria-labelledby="order-heading">
          <h2 id="order-heading">Your order</h2>
          <p>${productName}</p>
          <p class="amount">${lineItem ? priceText(lineItem.price, lineItem.quantity) : amount}</p>
          ${email ? html`<p>E-mail: ${email}</p>` : html``}
        </section>
        ${message ? html`<p class="alert" role="alert">${message}</p>` : html``}
        <form method="post" action="${action}/pay">
          <label for="card-number">Card number</label>
          <input id="card-number" name="cardNumber" type="text" inputmode="numeric" autocomplete="cc-number" value="4242 4242 4242 4242" aria-describedby="card-help" required>
          <p id="card-help" class="help">Test cards only: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined.</p>
          <div class="actions">
            <button type="submit" class="primary">Pay ${amount}</button>
            <button type="submit" class="secondary" formaction="${action}/decline">Decline (test)</button>
          </div>
        </form>
        <h2>Or pay by Bacs Direct Debit</h2>
        <p class="help">Test bank account: sort code 10-88-00, account 00012345. The bank confirms or refuses the payment about three working days later; until then the payment is processing.</p>
        <form method="post" action="${action}/pay-bacs">
          <div class="actions"><button type="submit" class="secondary">Pay ${amount} by Direct Debit</button></div>
        </form>
        ${back}`,
    ),
  );
}

async function checkoutAction(run: RunOperation, res: ServerResponse, id: string, action: string, body: string): Promise<void> {
  const pagePath = `/demo-pay/checkout/${encodeURIComponent(id)}`;
  const form = new URLSearchParams(body);
  const outcome = action === 'decline' ? 'declined' : action === 'pay-bacs' ? 'succeeds' : cardOutcome(form.get('cardNumber') ?? '');
  const next = await run(async (ctx) => {
    const session = await ctx.repo.get('checkout.session', id);
    if (!session) return null;
    if (action === 'settle') {
      const answer = form.get('outcome') === 'failed' ? 'failed' : 'succeeded';
      // Answered already (a second click, another tab) or cancelled meanwhile: the page says which.
      if (!(await directDebitWaiting(ctx, id))) return pagePath;
      await settleDelayedCheckout(ctx, id, answer);
      return pagePath;
    }
    const current = await loadCheckoutSession(ctx, id);
    if (current.status !== 'open') return pagePath;
    if (action === 'pay-bacs') return successUrlOf(await payCheckoutSession(ctx, id, 'bacs_debit'));
    if (outcome === 'unknown') return `${pagePath}?result=invalid_card`;
    if (outcome === 'declined') {
      await declineCheckoutSession(ctx, id);
      return `${pagePath}?result=declined`;
    }
    return successUrlOf(await payCheckoutSession(ctx, id));
  });
  if (next === null) return notFoundPage(res, 'checkout');
  redirect(res, next);
}

// ─── Billing page ───────────────────────────────────────────────────────────────────────────

/** What an action did: news (a green status box) or a failure (a red alert box). */
const BILLING_NOTICES: Record<string, { text: string; isFailure: boolean }> = {
  renewed: { text: 'The subscription was renewed and the renewal paid.', isFailure: false },
  renewal_failed: { text: 'The renewal payment failed: the subscription is past due.', isFailure: true },
  ended: { text: 'The subscription ended at the close of its period, as requested.', isFailure: false },
  card_updated: { text: 'The card was updated. Any unpaid renewal has been paid.', isFailure: false },
  cancelled: { text: 'The subscription was cancelled.', isFailure: false },
  cancelling: { text: 'The subscription will be cancelled at the end of its current period.', isFailure: false },
  kept: { text: 'The subscription will renew as usual.', isFailure: false },
  switched: { text: 'The plan was changed.', isFailure: false },
  failing_on: { text: 'The next renewal will fail.', isFailure: false },
  failing_off: { text: 'The next renewal will be paid.', isFailure: false },
};

const BILLING_ERRORS: Record<string, string> = {
  not_renewable: 'Only an active or past-due subscription can be renewed, changed or have its card updated.',
  not_offered: 'This billing page does not offer that.',
};

function invoiceStatusText(invoice: InvoiceObject, refunded: number): string {
  if (invoice.status === 'paid') {
    if (refunded <= 0) return 'Paid';
    return refunded >= invoice.amount_paid ? 'Paid, refunded' : `Paid, ${formatAmount(refunded, invoice.currency)} refunded`;
  }
  if (invoice.status === 'open') return invoice.attempted ? 'Unpaid (payment failed)' : 'Unpaid';
  if (invoice.status === 'void') return 'Void';
  if (invoice.status === 'uncollectible') return 'Uncollectible';
  return 'Draft';
}

/** What the portal shows when a session's configuration is gone (sessions from before configurations were kept): card updates only. */
const CARD_UPDATES_ONLY: PortalConfigurationObject['features'] = {
  customer_update: { allowed_updates: [], enabled: false },
  invoice_history: { enabled: true },
  payment_method_update: { enabled: true, payment_method_configuration: null },
  subscription_cancel: { cancellation_reason: { enabled: false, options: [] }, enabled: false, mode: 'at_period_end', proration_behavior: 'none' },
  subscription_update: { default_allowed_updates: [], enabled: false, products: null, proration_behavior: 'none' },
};

async function billingPage(run: RunOperation, res: ServerResponse, id: string, query: URLSearchParams): Promise<void> {
  const view = await run(async (ctx) => {
    const portal = await ctx.repo.get('billing_portal.session', id);
    if (!portal) return null;
    const features = (await ctx.repo.get('billing_portal.configuration', portal.configuration))?.features ?? CARD_UPDATES_ONLY;
    const customer = await ctx.repo.get('customer', portal.customer);
    const subscriptions = (await ctx.repo.list('subscription')).filter((s) => s.customer === portal.customer).reverse();
    const invoices = (await ctx.repo.list('invoice')).filter((i) => i.customer === portal.customer).reverse();
    const payments = await ctx.repo.list('invoice_payment');
    const charges = await ctx.repo.list('charge');
    const refundedByInvoice = new Map<string, number>();
    for (const invoice of invoices) {
      const intentIds = payments.filter((p) => p.invoice === invoice.id).map((p) => p.payment.payment_intent);
      refundedByInvoice.set(invoice.id, charges.filter((c) => intentIds.includes(c.payment_intent)).reduce((sum, c) => sum + c.amount_refunded, 0));
    }
    const productNames = new Map<string, string>();
    for (const subscription of subscriptions) {
      const item = subscription.items.data[0];
      if (item && !productNames.has(item.price.product)) productNames.set(item.price.product, (await ctx.repo.get('product', item.price.product))?.name ?? 'Subscription');
    }
    const failing = new Map<string, boolean>();
    for (const subscription of subscriptions) failing.set(subscription.id, await failsNextRenewal(ctx, subscription.id));
    const switchable = new Map<string, PriceObject[]>();
    for (const subscription of subscriptions) switchable.set(subscription.id, await switchablePrices(ctx, features, subscription));
    return { portal, features, customer, subscriptions, invoices, refundedByInvoice, productNames, failing, switchable };
  });
  if (!view) return notFoundPage(res, 'billing page');
  const { portal, features, customer, subscriptions, invoices, refundedByInvoice, productNames, failing, switchable } = view;
  const base = `/demo-pay/billing/${encodeURIComponent(portal.id)}`;
  const done = query.get('done');
  const notice = done ? BILLING_NOTICES[done] : undefined;
  const error = query.get('error');

  const subscriptionBlock = (subscription: SubscriptionObject) => {
    const item = subscription.items.data[0];
    const name = item ? (productNames.get(item.price.product) ?? 'Subscription') : 'Subscription';
    const headingId = `sub-${subscription.id}`;
    const actionable = subscription.status === 'active' || subscription.status === 'past_due';
    const failNext = failing.get(subscription.id) ?? false;
    const subPath = `${base}/subscriptions/${encodeURIComponent(subscription.id)}`;
    let periodLabel = 'Renews on';
    if (subscription.status === 'canceled') periodLabel = 'Ended on';
    else if (subscription.cancel_at_period_end) periodLabel = 'Ends on';
    const periodDate = subscription.status === 'canceled' ? (subscription.ended_at ?? subscription.canceled_at) : (item?.current_period_end ?? null);
    const otherPrices = switchable.get(subscription.id) ?? [];
    const cancel = features.subscription_cancel;
    return html`<section class="subscription" aria-labelledby="${headingId}">
      <h3 id="${headingId}">${name}</h3>
      <dl>
        <dt>Status</dt><dd>${SUBSCRIPTION_STATUS[subscription.status] ?? subscription.status}</dd>
        ${item ? html`<dt>Price</dt><dd>${priceText(item.price, item.quantity)}</dd>` : html``}
        ${item && subscription.status !== 'canceled' ? html`<dt>Current period</dt><dd>${formatDate(item.current_period_start)} to ${formatDate(item.current_period_end)}</dd>` : html``}
        ${periodDate ? html`<dt>${periodLabel}</dt><dd>${formatDate(periodDate)}</dd>` : html``}
      </dl>
      ${
        actionable
          ? html`<div class="actions">
              ${
                cancel.enabled
                  ? subscription.cancel_at_period_end
                    ? html`<form method="post" action="${subPath}/keep" class="inline"><button type="submit" class="primary">Don't cancel</button></form>`
                    : html`<form method="post" action="${subPath}/cancel" class="inline"><button type="submit" class="secondary">${cancel.mode === 'immediately' ? 'Cancel plan now' : 'Cancel plan at the end of this period'}</button></form>`
                  : html``
              }
              ${otherPrices.map(
                (price) => html`<form method="post" action="${subPath}/switch" class="inline"><input type="hidden" name="price" value="${price.id}"><button type="submit" class="secondary">Switch to ${priceText(price)}</button></form>`,
              )}
              ${features.payment_method_update.enabled ? html`<form method="post" action="${subPath}/update-card" class="inline"><button type="submit" class="secondary">Update card</button></form>` : html``}
            </div>
            <div class="actions">
              <form method="post" action="${subPath}/renew" class="inline"><button type="submit" class="secondary">${subscription.cancel_at_period_end ? 'End this period now (test)' : 'Renew now (test)'}</button></form>
              <form method="post" action="${subPath}/fail-next-renewal" class="inline">
                <input type="hidden" name="on" value="${failNext ? '0' : '1'}">
                <button type="submit" class="secondary" aria-pressed="${failNext ? 'true' : 'false'}"><span aria-hidden="true">${failNext ? '☑' : '☐'}</span> Fail the next renewal (test)</button>
              </form>
            </div>`
          : html``
      }
    </section>`;
  };

  const invoiceRows = invoices.map((invoice) => {
    const line = invoice.lines.data[0];
    const what = invoice.billing_reason === 'subscription_create' ? 'First payment' : invoice.billing_reason === 'subscription_update' ? 'Plan change' : 'Renewal';
    const period = line ? ` (${formatShortDate(line.period.start)} to ${formatShortDate(line.period.end)})` : '';
    return html`<tr>
      <td class="nowrap">${formatShortDate(invoice.created)}</td>
      <td>${what}${period}</td>
      <td class="money nowrap">${formatAmount(invoice.amount_due, invoice.currency)}</td>
      <td>${invoiceStatusText(invoice, refundedByInvoice.get(invoice.id) ?? 0)}</td>
    </tr>`;
  });

  sendHtml(
    res,
    200,
    page(
      'Billing — ITConnect (test mode)',
      html`<h1>Billing</h1>
        ${customer?.email ? html`<p>Account: ${customer.email}</p>` : html``}
        ${notice ? (notice.isFailure ? html`<p class="alert" role="alert">${notice.text}</p>` : html`<p class="notice" role="status">${notice.text}</p>`) : html``}
        ${error ? html`<p class="alert" role="alert">${BILLING_ERRORS[error] ?? 'That did not work. Please try again.'}</p>` : html``}
        <h2>Subscriptions</h2>
        ${subscriptions.length > 0 ? subscriptions.map(subscriptionBlock) : html`<p>No subscriptions.</p>`}
        <h2>Invoices</h2>
        ${
          invoices.length > 0
            ? html`<table>
                <caption class="visually-hidden">Invoices, newest first</caption>
                <thead><tr><th scope="col">Date</th><th scope="col">Description</th><th scope="col" class="money">Amount</th><th scope="col">Status</th></tr></thead>
                <tbody>${invoiceRows}</tbody>
              </table>`
            : html`<p>No invoices yet.</p>`
        }
        ${portal.return_url ? html`<p class="back"><a href="${portal.return_url}">Return to ITConnect</a></p>` : html``}`,
    ),
  );
}

async function billingAction(run: RunOperation, res: ServerResponse, portalId: string, subscriptionId: string, action: string, body: string): Promise<void> {
  const base = `/demo-pay/billing/${encodeURIComponent(portalId)}`;
  const form = new URLSearchParams(body);
  const next = await run(async (ctx) => {
    const portal = await ctx.repo.get('billing_portal.session', portalId);
    const subscription = await ctx.repo.get('subscription', subscriptionId);
    if (!portal || !subscription || subscription.customer !== portal.customer) return null;
    const actionable = subscription.status === 'active' || subscription.status === 'past_due';
    if (!actionable) return `${base}?error=not_renewable`;
    const features = (await ctx.repo.get('billing_portal.configuration', portal.configuration))?.features ?? CARD_UPDATES_ONLY;
    // Only what this portal's configuration offers (as Stripe's portal shows only those).
    const offered: Record<string, boolean> = {
      cancel: features.subscription_cancel.enabled,
      keep: features.subscription_cancel.enabled,
      switch: features.subscription_update.enabled,
      'update-card': features.payment_method_update.enabled,
    };
    if (offered[action] === false) return `${base}?error=not_offered`;
    if (action === 'renew') {
      const renewed = await renewSubscription(ctx, subscriptionId);
      if (renewed.subscription.status === 'canceled') return `${base}?done=ended`;
      return `${base}?done=${renewed.subscription.status === 'past_due' ? 'renewal_failed' : 'renewed'}`;
    }
    if (action === 'fail-next-renewal') {
      const on = form.get('on') === '1';
      await setFailNextRenewal(ctx, subscriptionId, on);
      return `${base}?done=${on ? 'failing_on' : 'failing_off'}`;
    }
    if (action === 'cancel') {
      if (features.subscription_cancel.mode === 'immediately') {
        await cancelSubscription(ctx, subscriptionId);
        return `${base}?done=cancelled`;
      }
      await setCancelAtPeriodEnd(ctx, subscriptionId, true);
      return `${base}?done=cancelling`;
    }
    if (action === 'keep') {
      await setCancelAtPeriodEnd(ctx, subscriptionId, false);
      return `${base}?done=kept`;
    }
    if (action === 'switch') {
      // Only a price the page offers this subscription (active, allowed, of a listed product).
      const priceId = form.get('price') ?? '';
      if (!(await switchablePrices(ctx, features, subscription)).some((price) => price.id === priceId)) return `${base}?error=not_offered`;
      await switchPrice(ctx, subscriptionId, priceId);
      return `${base}?done=switched`;
    }
    await updateCard(ctx, subscriptionId);
    return `${base}?done=card_updated`;
  });
  if (next === null) return notFoundPage(res, 'subscription');
  redirect(res, next);
}

// ─── The card form's JSON endpoint ──────────────────────────────────────────────────────────

async function confirmEndpoint(run: RunOperation, res: ServerResponse, body: string): Promise<void> {
  let input: unknown;
  try {
    input = JSON.parse(body);
  } catch {
    input = null;
  }
  const fields = typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {};
  const { clientSecret, cardNumber } = fields;
  if (typeof clientSecret !== 'string' || typeof cardNumber !== 'string') {
    return sendJson(res, 400, StripeError.invalid('Send JSON: { "clientSecret": "pi_…_secret_…", "cardNumber": "4242 4242 4242 4242" }.').body());
  }
  const outcome = cardOutcome(cardNumber);
  if (outcome === 'unknown') return sendJson(res, 400, StripeError.invalid(UNKNOWN_CARD_MESSAGE, 'cardNumber', 'invalid_number').body());
  try {
    await run(async (ctx) => {
      const intent = await intentForClientSecret(ctx, clientSecret);
      await confirmPaymentIntent(ctx, intent.id, outcome);
    });
    sendJson(res, 200, { status: 'succeeded' });
  } catch (error) {
    if (!(error instanceof StripeError)) throw error;
    // The browser needs only what to show: type, code and message.
    sendJson(res, error.status, { error: { type: error.type, ...(error.code ? { code: error.code } : {}), message: error.message } });
  }
}

// ─── Dispatch ───────────────────────────────────────────────────────────────────────────────

const ID = '([A-Za-z0-9_]{1,255})';
const CHECKOUT_PAGE = new RegExp(`^/demo-pay/checkout/${ID}$`);
const CHECKOUT_ACTION = new RegExp(`^/demo-pay/checkout/${ID}/(pay|pay-bacs|decline|settle)$`);
const BILLING_PAGE = new RegExp(`^/demo-pay/billing/${ID}$`);
const BILLING_ACTION = new RegExp(`^/demo-pay/billing/${ID}/subscriptions/${ID}/(renew|fail-next-renewal|update-card|cancel|keep|switch)$`);

/** Answers a /demo-pay request. */
export async function answerDemo(run: RunOperation, res: ServerResponse, request: DemoRequest): Promise<void> {
  const { method, path, body } = request;
  const isRead = method === 'GET' || method === 'HEAD';
  let match: RegExpExecArray | null;
  if (path === '/demo-pay/confirm') {
    if (method !== 'POST') return sendJson(res, 405, StripeError.invalid('Use POST.').body(), { Allow: 'POST' });
    return confirmEndpoint(run, res, body);
  }
  if ((match = CHECKOUT_PAGE.exec(path))) {
    if (!isRead) return methodNotAllowed(res, 'GET');
    return checkoutPage(run, res, match[1] ?? '', request.query.get('result'));
  }
  if ((match = CHECKOUT_ACTION.exec(path))) {
    if (method !== 'POST') return methodNotAllowed(res, 'POST');
    return checkoutAction(run, res, match[1] ?? '', match[2] ?? 'pay', body);
  }
  if ((match = BILLING_PAGE.exec(path))) {
    if (!isRead) return methodNotAllowed(res, 'GET');
    return billingPage(run, res, match[1] ?? '', request.query);
  }
  if ((match = BILLING_ACTION.exec(path))) {
    if (method !== 'POST') return methodNotAllowed(res, 'POST');
    return billingAction(run, res, match[1] ?? '', match[2] ?? '', match[3] ?? 'renew', body);
  }
  notFoundPage(res, 'page');
}

function methodNotAllowed(res: ServerResponse, allow: string): void {
  res.setHeader('Allow', allow);
  sendHtml(res, 405, page('Not allowed — ITConnect (test mode)', html`<h1>Not allowed</h1><p>This address does not accept that request.</p>`));
}
