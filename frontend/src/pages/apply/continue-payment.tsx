// /apply for a signed-in applicant whose application waits for payment: one button to pay it as
// sent (a new checkout; the old one is closed), instead of filling the form in again.
import { useState } from 'react';
import { APPLY_MESSAGES, type OpenApplication } from '../../../../core/billing';
import { PLANS } from '../../../../core/plans';
import { continueApplicationCheckout } from '../../api/billing';
import { errorMessageFor } from '../../api/client';
import { primaryButtonClass } from '../../components/styles';
import { showToast } from '../../components/toast';

export function ContinuePayment({ application }: { application: OpenApplication }) {
  const [isPaying, setPaying] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function pay() {
    setPaying(true);
    setFailure(null);
    try {
      const { checkoutUrl } = await continueApplicationCheckout();
      window.location.assign(checkoutUrl);
    } catch (error) {
      setPaying(false);
      const description = errorMessageFor(error, APPLY_MESSAGES.checkoutFailed);
      setFailure(description);
      showToast({ title: APPLY_MESSAGES.checkoutFailedTitle, description, variant: 'destructive' });
    }
  }

  return (
    <section aria-labelledby="apply-waiting-payment" className="space-y-3 rounded-md border border-blue-200 bg-blue-50 p-4 text-blue-950">
      <h2 id="apply-waiting-payment" className="font-semibold">
        Your application is waiting for payment
      </h2>
      <p className="text-sm">
        Your application for <strong>{application.companyName}</strong> ({PLANS[application.plan].shortPrice}) is saved. Pay for it
        now to send it for review, or change it below and continue from the form.
      </p>
      <button type="button" className={primaryButtonClass} disabled={isPaying} onClick={() => void pay()}>
        {isPaying ? 'Redirecting to payment…' : 'Continue to payment'}
      </button>
      {failure ? (
        <p role="alert" className="text-sm text-red-700">
          {failure}
        </p>
      ) : null}
    </section>
  );
}
