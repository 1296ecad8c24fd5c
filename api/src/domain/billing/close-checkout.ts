// What a Checkout Session's payment is, read from Stripe, and closing one that must not be paid any
// more (an application sent again, or paid again after a refused Direct Debit). Stripe's own state
// decides, so an expiry whose answer was lost, a session paid a moment before, or a Direct Debit
// still with the bank is told apart from a failure.
import type Stripe from 'stripe';

/**
 * open: can still be paid; expired: never can be; paid; processing: a delayed payment (Bacs Direct
 * Debit) is with the bank; failed: the bank refused it, so the session is complete but unpaid and
 * its subscription waits for a payment that will not come.
 */
export type CheckoutPayment = 'open' | 'expired' | 'paid' | 'processing' | 'failed';

/** The session's payment, as Stripe has it (`session` when the caller has it already). */
export async function checkoutPayment(stripe: Stripe, sessionId: string, session?: Stripe.Checkout.Session): Promise<{ payment: CheckoutPayment; subscriptionId: string | null }> {
  const current = session?.id === sessionId ? session : await stripe.checkout.sessions.retrieve(sessionId);
  const subscriptionId = typeof current.subscription === 'string' ? current.subscription : (current.subscription?.id ?? null);
  if (current.status === 'open') return { payment: 'open', subscriptionId };
  if (current.status === 'expired') return { payment: 'expired', subscriptionId };
  if (current.payment_status === 'paid' || current.payment_status === 'no_payment_required') return { payment: 'paid', subscriptionId };
  // Complete but unpaid: a delayed payment method. Its first invoice's payment says where it is.
  if (!subscriptionId) return { payment: 'failed', subscriptionId };
  const subscription = await stripe.subscriptions.retrieve(subscriptionId, { expand: ['latest_invoice.payments'] });
  const invoice = typeof subscription.latest_invoice === 'object' ? subscription.latest_invoice : null;
  const intentId = invoice?.payments?.data[0]?.payment.payment_intent;
  const intent = typeof intentId === 'string' ? await stripe.paymentIntents.retrieve(intentId) : (intentId ?? null);
  return { payment: intent?.status === 'processing' ? 'processing' : invoice?.status === 'paid' ? 'paid' : 'failed', subscriptionId };
}

/** 'closed': it cannot be paid (expired now or before, refused and its subscription ended, or unknown
 * to Stripe); 'paid': it was paid first; 'processing': a Direct Debit is with the bank (it may still
 * be paid); 'unavailable': Stripe could not be asked, so nothing is known. */
export type ClosedCheckout = 'closed' | 'paid' | 'processing' | 'unavailable';

export async function closeCheckoutSession(stripe: Stripe, sessionId: string): Promise<ClosedCheckout> {
  try {
    await stripe.checkout.sessions.expire(sessionId, {}, { idempotencyKey: `expire_${sessionId}` });
    return 'closed';
  } catch {
    // Not open (expired already, or complete), or Stripe did not answer: read its state.
  }
  try {
    const { payment, subscriptionId } = await checkoutPayment(stripe, sessionId);
    if (payment === 'expired') return 'closed';
    if (payment === 'paid' || payment === 'processing') return payment;
    if (payment === 'failed') {
      // Its subscription would still take a payment (Stripe keeps it incomplete for 23 hours): end it.
      if (subscriptionId) await endIncompleteSubscription(stripe, subscriptionId);
      return 'closed';
    }
    return 'unavailable';
  } catch (err) {
    // Stripe's 404 'No such checkout.session': nothing that could be paid.
    if ((err as { statusCode?: number }).statusCode === 404) return 'closed';
    return 'unavailable';
  }
}

async function endIncompleteSubscription(stripe: Stripe, subscriptionId: string): Promise<void> {
  try {
    await stripe.subscriptions.cancel(subscriptionId, {}, { idempotencyKey: `cancel_${subscriptionId}` });
  } catch (err) {
    // Ended already (Stripe answers 404 for a cancelled subscription): nothing left to end.
    if ((err as { statusCode?: number }).statusCode !== 404) throw err;
  }
}
