// Refunds of a charge (by charge or payment intent), never more than is left of it.
import type { EngineContext } from './catalog';
import type { Params } from './form-body';
import { StripeError } from './http';
import { formatAmount } from './invoices';
import { newId, nowSeconds, type ChargeObject, type RefundObject } from './objects';

const now = nowSeconds;

/** Refunds all that is left of a charge, or `amount` of it. Events: refund.created, charge.refunded. */
export async function createRefund(ctx: EngineContext, p: Params): Promise<RefundObject> {
  const intentId = p.string('payment_intent');
  const chargeId = p.string('charge');
  if (!intentId && !chargeId) throw StripeError.missing('charge');
  if (intentId && chargeId) throw StripeError.invalid('You may only specify one of these parameters: charge, payment_intent.', 'payment_intent');
  let charge: ChargeObject;
  if (chargeId) {
    charge = await ctx.repo.need('charge', chargeId, 'charge');
  } else {
    const intent = await ctx.repo.need('payment_intent', intentId as string, 'payment_intent');
    if (!intent.latest_charge) {
      throw StripeError.invalid(`This PaymentIntent (${intent.id}) does not have a successful charge to refund.`, 'payment_intent', 'charge_not_refundable');
    }
    charge = await ctx.repo.need('charge', intent.latest_charge);
  }
  const remaining = charge.amount - charge.amount_refunded;
  if (remaining <= 0) throw StripeError.invalid(`Charge ${charge.id} has already been refunded.`, undefined, 'charge_already_refunded');
  const amount = p.integer('amount') ?? remaining;
  if (amount < 1) throw StripeError.invalid('Invalid amount: must be at least 1', 'amount', 'parameter_invalid_integer');
  if (amount > remaining) {
    throw StripeError.invalid(
      `Refund amount (${formatAmount(amount, charge.currency)}) is greater than unrefunded amount on charge (${formatAmount(remaining, charge.currency)})`,
      'amount',
      'amount_too_large',
    );
  }
  const refund = await ctx.repo.put('refund', {
    id: newId('refund'),
    object: 'refund',
    amount,
    balance_transaction: null,
    charge: charge.id,
    created: now(),
    currency: charge.currency,
    metadata: p.metadata() ?? {},
    payment_intent: charge.payment_intent,
    reason: p.oneOf('reason', ['duplicate', 'fraudulent', 'requested_by_customer'] as const) ?? null,
    receipt_number: null,
    source_transfer_reversal: null,
    status: 'succeeded',
    transfer_reversal: null,
  });
  const refundedTotal = charge.amount_refunded + amount;
  const updated = await ctx.repo.put('charge', { ...charge, amount_refunded: refundedTotal, refunded: refundedTotal >= charge.amount });
  ctx.emit('refund.created', refund);
  ctx.emit('charge.refunded', updated, { amount_refunded: charge.amount_refunded, refunded: charge.refunded });
  return refund;
}
