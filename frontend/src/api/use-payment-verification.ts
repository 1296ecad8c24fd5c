// /application-success's check that the application's checkout was paid (spec: Application
// success; sections 4 and 9): runs only when both session_id and application_id are present;
// failed requests are retried 3 times, 2 seconds apart (billing.ts), then the payment counts as
// failed. `success: false` is a failed payment too, unless the API says the payment is still with
// the bank (a Bacs Direct Debit: 'processing', told as such). After a success the signed-in user and their
// billing data are read again: paying may have created the account or changed its role.
import { useEffect, useState } from 'react';
import { mutate } from 'swr';
import type { PaymentVerification } from '../../../core/billing';
import { verifyPaymentWithRetries } from './billing';
import { CURRENT_USER_KEY } from './use-current-user';
import { refreshBillingData } from './use-subscription';

export type VerificationState =
  | { status: 'verifying' }
  | { status: 'succeeded'; applicationStatus: PaymentVerification['applicationStatus'] }
  | { status: 'processing' }
  | { status: 'failed' };

export function usePaymentVerification(sessionId: string | null, applicationId: string | null): VerificationState {
  const canVerify = Boolean(sessionId && applicationId);
  const [state, setState] = useState<VerificationState>(canVerify ? { status: 'verifying' } : { status: 'failed' });

  useEffect(() => {
    if (!sessionId || !applicationId) {
      setState({ status: 'failed' });
      return;
    }
    const controller = new AbortController();
    setState({ status: 'verifying' });
    verifyPaymentWithRetries(sessionId, applicationId, controller.signal).then(
      (answer) => {
        if (controller.signal.aborted) return;
        if (!answer.success) {
          setState({ status: answer.paymentStatus === 'processing' ? 'processing' : 'failed' });
          return;
        }
        setState({ status: 'succeeded', applicationStatus: answer.applicationStatus });
        void mutate(CURRENT_USER_KEY);
        void refreshBillingData();
      },
      () => {
        if (!controller.signal.aborted) setState({ status: 'failed' });
      },
    );
    return () => controller.abort();
  }, [sessionId, applicationId]);

  return state;
}
