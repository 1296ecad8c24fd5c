// `expand[]` and lists, as Stripe does them. An id field named in a path is replaced by its
// object; a list is walked through `data`; a field Stripe leaves out unless asked
// (Invoice.payments, Invoice.confirmation_secret, Checkout.Session.line_items, Charge.refunds) is
// filled in. Asking to expand something that is not expandable is Stripe's 400.
import { StripeError } from './http';
import { emptyList, type ApiList, type ObjectType, type Repo, typeOfId } from './objects';
import type { Params } from './form-body';

type Json = Record<string, unknown>;
const MAX_DEPTH = 4;

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isList(value: unknown): value is ApiList<unknown> {
  return isRecord(value) && value.object === 'list' && Array.isArray(value.data);
}

/** Fields Stripe only includes when expanded, computed from the store. */
async function includable(repo: Repo, parent: Json, field: string): Promise<{ found: boolean; value?: unknown }> {
  const id = typeof parent.id === 'string' ? parent.id : '';
  if (parent.object === 'invoice' && field === 'payments') {
    const payment = await repo.invoicePaymentOf(id);
    const payments = payment ? [payment] : [];
    return { found: true, value: { ...emptyList(`/v1/invoice_payments?invoice=${id}`, payments), total_count: payments.length } };
  }
  if (parent.object === 'invoice' && field === 'confirmation_secret') {
    const payment = await repo.invoicePaymentOf(id);
    const intent = payment ? await repo.get('payment_intent', payment.payment.payment_intent) : undefined;
    return { found: true, value: intent ? { client_secret: intent.client_secret, type: 'payment_intent' } : null };
  }
  if (parent.object === 'checkout.session' && field === 'line_items') {
    const state = await repo.get('test.checkout', id);
    return { found: true, value: { ...emptyList(`/v1/checkout/sessions/${id}/line_items`, state?.lineItems ?? []), total_count: state?.lineItems.length ?? 0 } };
  }
  if (parent.object === 'charge' && field === 'refunds') {
    const refunds = (await repo.list('refund')).filter((r) => r.charge === id).reverse();
    return { found: true, value: { ...emptyList(`/v1/charges/${id}/refunds`, refunds), total_count: refunds.length } };
  }
  return { found: false };
}

async function expandPath(repo: Repo, value: unknown, segments: string[], fullPath: string): Promise<void> {
  const [field, ...rest] = segments;
  if (field === undefined) return;
  if (isList(value)) {
    if (field !== 'data') throw StripeError.invalid(`This property cannot be expanded (${fullPath}).`, 'expand');
    for (const item of value.data) await expandPath(repo, item, rest, fullPath);
    return;
  }
  if (!isRecord(value)) return;
  let current = value[field];
  if (current === undefined) {
    const extra = await includable(repo, value, field);
    if (!extra.found) throw StripeError.invalid(`This property cannot be expanded (${fullPath}).`, 'expand');
    current = extra.value;
    value[field] = current;
  } else if (typeof current === 'string') {
    const type: ObjectType | undefined = typeOfId(current);
    if (!type) throw StripeError.invalid(`This property cannot be expanded (${fullPath}).`, 'expand');
    const found = await repo.get(type, current);
    if (found) {
      current = found;
      value[field] = current;
    }
  } else if (current !== null && !isRecord(current)) {
    throw StripeError.invalid(`This property cannot be expanded (${fullPath}).`, 'expand');
  }
  if (rest.length > 0 && current !== null) await expandPath(repo, current, rest, fullPath);
}

/** A copy of `object` with every path of `expand` expanded. */
export async function expand<T>(repo: Repo, object: T, paths: string[]): Promise<T> {
  if (paths.length === 0) return object;
  const copy = structuredClone(object) as unknown;
  for (const path of paths) {
    const segments = path.split('.');
    if (segments.length > MAX_DEPTH + (isList(copy) ? 1 : 0)) {
      throw StripeError.invalid(`You cannot expand more than ${MAX_DEPTH} levels of a property. Property: ${path}`, 'expand');
    }
    await expandPath(repo, copy, segments, path);
  }
  return copy as T;
}

/** `created=…` or `created[gt|gte|lt|lte]=…` (unix seconds), as every Stripe list takes. */
function createdFilter(params: Params): (created: unknown) => boolean {
  if (!params.has('created')) return () => true;
  const exact = typeof params.raw.created === 'string' ? params.integer('created') : undefined;
  const range = exact === undefined ? params.child('created') : undefined;
  const bounds = { gt: range?.integer('gt'), gte: range?.integer('gte'), lt: range?.integer('lt'), lte: range?.integer('lte') };
  return (created) => {
    if (typeof created !== 'number') return true;
    if (exact !== undefined) return created === exact;
    return (
      (bounds.gt === undefined || created > bounds.gt) &&
      (bounds.gte === undefined || created >= bounds.gte) &&
      (bounds.lt === undefined || created < bounds.lt) &&
      (bounds.lte === undefined || created <= bounds.lte)
    );
  };
}

/** A Stripe list page of `items` (given oldest first): newest first, `limit`, `starting_after`, `ending_before`. */
export function listPage<T extends { id: string }>(items: T[], params: Params, url: string): ApiList<T> {
  const limit = params.integer('limit') ?? 10;
  if (limit < 1 || limit > 100) throw StripeError.invalid('Invalid limit: must be between 1 and 100', 'limit');
  const inRange = createdFilter(params);
  const newestFirst = items.filter((item) => inRange((item as { created?: unknown }).created)).reverse();
  const after = params.string('starting_after');
  const before = params.string('ending_before');
  let start = 0;
  let end = newestFirst.length;
  if (after) {
    const index = newestFirst.findIndex((item) => item.id === after);
    if (index === -1) throw StripeError.notFound('object', after, 'starting_after');
    start = index + 1;
  } else if (before) {
    const index = newestFirst.findIndex((item) => item.id === before);
    if (index === -1) throw StripeError.notFound('object', before, 'ending_before');
    end = index;
    start = Math.max(0, end - limit);
  }
  const data = newestFirst.slice(start, Math.min(end, start + limit));
  const hasMore = before ? start > 0 : start + data.length < end;
  return { object: 'list', data, has_more: hasMore, url };
}
