// Closing a Checkout Session that must not be paid any more (an application sent again replaces
// its checkout): Stripe's expire call, which only an open session accepts. Whatever it answers, the
// session's own state is what counts, so an expiry whose answer was lost, or a session paid a
// moment before, is told apart from a failure.
import type Stripe from 'stripe';

/** 'closed': it cannot be paid (expired now or before, or unknown to Stripe); 'paid': it was paid
 * (or is being paid) first; 'unavailable': Stripe could not be asked, so nothing is known. */
export type ClosedCheckout = 'closed' | 'paid' | 'unavailable';

export async function closeCheckoutSession(stripe: Stripe, sessionId: string): Promise<ClosedCheckout> {
  try {
    await stripe.checkout.sessions.expire(sessionId, {}, { idempotencyKey: `expire_${sessionId}` });
    return 'closed';
  } catch {
    // Not open (expired already, or complete), or Stripe did not answer: read its state.
  }
  try {
    const session = await stripe.checkout.sessions.retrieve(sessionId);
    if (session.status === 'expired') return 'closed';
    if (session.status === 'complete') return 'paid';
    return 'unavailable';
  } catch (err) {
    // Stripe's 404 'No such checkout.session': nothing that could be paid.
    if ((err as { statusCode?: number }).statusCode === 404) return 'closed';
    return 'unavailable';
  }
}
