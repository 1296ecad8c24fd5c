// My Profile's subscription panel for providers (spec: My Profile; product rules 2 and 13): the plan,
// its state and renewal or end date; 'Manage billing' opens the payment provider's billing page;
// 'Cancel Subscription' asks first, in a dialog that says exactly what happens (the plan ends at
// once, the listing is removed, the account is archived and signed out) and whether the 30-day
// refund applies. After cancelling the browser goes to / and the user is forgotten.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { SubscriptionSummary } from '../../../../core/billing';
import { clearCurrentUser } from '../../api/auth';
import { cancelSubscription, openBillingPortal } from '../../api/billing';
import { errorMessageFor } from '../../api/client';
import { useSubscription } from '../../api/use-subscription';
import { dangerButtonClass, panelClass, primaryButtonClass, secondaryButtonClass, sectionHeadingClass } from '../../components/styles';
import { showToast } from '../../components/toast';
import { ConfirmDialog } from '../../components/confirm-dialog';
import {
  canCancel,
  cancellationEffects,
  cancelledToastDescription,
  endingMessage,
  pastDueMessage,
  periodEndRow,
  planLabel,
  refundStatement,
  SUBSCRIPTION_STATUS_LABELS,
} from './subscription-text';

export function SubscriptionPanel({ professionalId }: { professionalId: number | null }) {
  const { subscription, error, isLoading, revalidate } = useSubscription(true);

  let body;
  if (isLoading) {
    body = (
      <p role="status" className="mt-4 text-sm text-gray-700">
        Loading your subscription…
      </p>
    );
  } else if (error || !subscription) {
    body = (
      <div className="mt-4">
        <p role="alert" className="text-sm text-red-700">
          {errorMessageFor(error, 'Failed to load your subscription. Please try again.')}
        </p>
        <button type="button" onClick={() => void revalidate()} className={`${secondaryButtonClass} mt-3`}>
          Try again
        </button>
      </div>
    );
  } else {
    body = <SubscriptionDetails subscription={subscription} professionalId={professionalId} />;
  }

  return (
    <section aria-labelledby="subscription-heading" className={panelClass}>
      <h2 id="subscription-heading" className={sectionHeadingClass}>
        Subscription
      </h2>
      {body}
    </section>
  );
}

function SubscriptionDetails({ subscription, professionalId }: { subscription: SubscriptionSummary; professionalId: number | null }) {
  const navigate = useNavigate();
  const [isOpeningBilling, setOpeningBilling] = useState(false);
  const [isConfirmOpen, setConfirmOpen] = useState(false);
  const [isCancelling, setCancelling] = useState(false);
  const dateRow = periodEndRow(subscription);
  const isRunning = canCancel(subscription);
  const ending = endingMessage(subscription);

  async function onManageBilling() {
    setOpeningBilling(true);
    try {
      const url = await openBillingPortal();
      window.location.assign(url);
    } catch (error) {
      setOpeningBilling(false);
      showToast({
        title: 'Billing unavailable',
        description: errorMessageFor(error, 'The billing page could not be opened. Please try again.'),
        variant: 'destructive',
      });
    }
  }

  async function onCancelSubscription() {
    setCancelling(true);
    let refundedPence: number;
    try {
      ({ refundedPence } = await cancelSubscription());
    } catch {
      setCancelling(false);
      setConfirmOpen(false);
      showToast({ title: 'Cancellation failed', description: 'Failed to cancel subscription. Please try again.', variant: 'destructive' });
      return;
    }
    setConfirmOpen(false);
    // The session has ended: leave for / first, then forget the user (as after archiving).
    await navigate('/');
    await clearCurrentUser();
    showToast({ title: 'Subscription cancelled', description: cancelledToastDescription(refundedPence) });
  }

  return (
    <>
      <dl className="mt-4 grid gap-4 sm:grid-cols-3">
        <div>
          <dt className="text-sm font-medium text-gray-700">Plan</dt>
          <dd className="mt-1 text-gray-900">{planLabel(subscription)}</dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-gray-700">Status</dt>
          <dd className="mt-1 text-gray-900">{SUBSCRIPTION_STATUS_LABELS[subscription.status] ?? subscription.status}</dd>
        </div>
        {dateRow ? (
          <div>
            <dt className="text-sm font-medium text-gray-700">{dateRow.label}</dt>
            <dd className="mt-1 text-gray-900">{dateRow.value}</dd>
          </div>
        ) : null}
      </dl>

      {ending ? <p className="mt-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">{ending}</p> : null}
      {subscription.status === 'past_due' ? (
        <p role="alert" className="mt-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          {pastDueMessage(subscription)}
        </p>
      ) : null}
      {!isRunning ? (
        <p className="mt-4 text-sm text-gray-800">
          Your subscription is not active, so your listing is not shown in the directory.
          {professionalId !== null ? ' Subscribe to list your business.' : null}
        </p>
      ) : null}

      <div className="mt-6 flex flex-wrap gap-3">
        {!isRunning && professionalId !== null ? (
          <Link to={`/subscribe?professionalId=${professionalId}&type=${subscription.plan}`} className={primaryButtonClass}>
            Subscribe
          </Link>
        ) : null}
        {subscription.hasBilling ? (
          <button type="button" className={secondaryButtonClass} onClick={() => void onManageBilling()} disabled={isOpeningBilling}>
            {isOpeningBilling ? 'Opening billing…' : 'Manage billing'}
          </button>
        ) : null}
        {isRunning ? (
          <button type="button" className={dangerButtonClass} onClick={() => setConfirmOpen(true)}>
            Cancel Subscription
          </button>
        ) : null}
      </div>

      <ConfirmDialog
        isOpen={isConfirmOpen}
        title="Cancel your subscription?"
        confirmLabel="Cancel Subscription"
        cancelLabel="Keep my subscription"
        busyLabel="Cancelling…"
        isBusy={isCancelling}
        onConfirm={() => void onCancelSubscription()}
        onCancel={() => setConfirmOpen(false)}
      >
        <p>If you cancel now:</p>
        <ul className="list-disc space-y-1 pl-5">
          {cancellationEffects(subscription).map((effect) => (
            <li key={effect}>{effect}</li>
          ))}
        </ul>
        <p className="font-medium text-gray-900">{refundStatement(subscription)}</p>
        <p>This cannot be undone. To be listed again you would need to apply again.</p>
      </ConfirmDialog>
    </>
  );
}
