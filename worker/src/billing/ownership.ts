// Which listing a Stripe subscription pays for, and whether it may: a listing has one subscription.
// A subscription is *accepted* once a payment of it is recorded (only a listing's own subscription
// ever gets payment rows); until then it is judged:
//   - made by a checkout (metadata.applicationId) that is not its application's own checkout: a
//     checkout paid after its application was sent again (or that never committed), a duplicate;
//   - for a listing whose own subscription is another one, still live in Stripe: a duplicate
//     (the first one stays); one whose own subscription has ended takes its place.
// Duplicates are refunded and ended (duplicates.ts); they never touch the listing.
import type Stripe from 'stripe';
import { reconcileCheckoutSession } from './checkout';
import { wasEndedAsDuplicate, type Duplicate } from './duplicates';
import type { ReconcileDeps } from './reconcile-deps';
import { idFromMetadata, idOf, isLive, isLiveInStripe } from './stripe-state';

export type Ownership =
  /** `current`: the listing's own subscription as read (null: none yet); `accepted`: a payment of
   * this subscription is recorded. */
  | { kind: 'listing'; professionalId: number; current: string | null; accepted: boolean }
  | { kind: 'duplicate'; duplicate: Duplicate }
  | { kind: 'none' };

/** The listing `subscription` pays for, or why it pays for none. Reconciles its checkout first when needed. */
export async function ownershipOf(deps: ReconcileDeps, subscription: Stripe.Subscription, known: { invoice?: Stripe.Invoice } = {}): Promise<Ownership> {
  const { prisma, stripe } = deps;
  const own = await prisma.professional.findUnique({ where: { stripeSubscriptionId: subscription.id }, select: { id: true } });
  if (own) return { kind: 'listing', professionalId: own.id, current: subscription.id, accepted: true };
  const accepted = await prisma.payment.findFirst({ where: { stripeSubscriptionId: subscription.id }, select: { professionalId: true } });

  let professionalId: number | null;
  const applicationId = idFromMetadata(subscription.metadata?.applicationId);
  if (applicationId !== null) {
    const application = await prisma.application.findUnique({
      where: { id: applicationId },
      select: { checkoutSessionId: true, professionalId: true, email: true, contactName: true, companyName: true },
    });
    if (!accepted) {
      const checkout = application?.checkoutSessionId ? await stripe.checkout.sessions.retrieve(application.checkoutSessionId) : null;
      if (!checkout || idOf(checkout.subscription) !== subscription.id) {
        return {
          kind: 'duplicate',
          duplicate: {
            reason: 'stale-checkout',
            subscription,
            applicationId,
            professionalId: application?.professionalId ?? null,
            email: application?.email ?? null,
            contactName: application?.contactName ?? null,
            companyName: application?.companyName ?? null,
          },
        };
      }
      // Its checkout's own events may not have been reconciled yet (events out of order): that first.
      if (application && application.professionalId === null) {
        const reconciled = await reconcileCheckoutSession(deps, checkout.id, { session: checkout, subscription, ...known });
        if (reconciled.outcome === 'paid') application.professionalId = reconciled.professionalId;
        else application.professionalId = (await prisma.application.findUnique({ where: { id: applicationId }, select: { professionalId: true } }))?.professionalId ?? null;
      }
    }
    professionalId = application?.professionalId ?? accepted?.professionalId ?? null;
  } else {
    professionalId = idFromMetadata(subscription.metadata?.professionalId) ?? accepted?.professionalId ?? null;
  }
  if (professionalId === null) return { kind: 'none' };
  const listing = await prisma.professional.findUnique({
    where: { id: professionalId },
    select: { id: true, stripeSubscriptionId: true, email: true, contactName: true, companyName: true },
  });
  if (!listing) return { kind: 'none' };
  const current = listing.stripeSubscriptionId;
  const mayCharge = isLive(subscription.status) || wasEndedAsDuplicate(subscription);
  if (!accepted && current !== null && current !== subscription.id && mayCharge && (await isLiveInStripe(stripe, current))) {
    return {
      kind: 'duplicate',
      duplicate: {
        reason: 'second-subscription',
        subscription,
        applicationId,
        professionalId: listing.id,
        email: listing.email,
        contactName: listing.contactName,
        companyName: listing.companyName,
      },
    };
  }
  return { kind: 'listing', professionalId: listing.id, current, accepted: accepted !== null };
}
