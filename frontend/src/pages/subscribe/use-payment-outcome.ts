// What /subscribe does once the card form has an answer (spec: Subscribe): success → the toast
// 'Payment Successful' / 'Your subscription is now active!' and /subscription-success; failure →
// the destructive toast 'Payment Failed' with the provider's message, and the form stays.
import { useNavigate } from 'react-router-dom';
import { refreshBillingData } from '../../api/use-subscription';
import { showToast } from '../../components/toast';
import { SUBSCRIBE_TEXTS } from './subscribe-logic';

export interface PaymentOutcome {
  onPaid: () => Promise<void>;
  onFailed: (message: string | undefined) => void;
}

export function usePaymentOutcome(): PaymentOutcome {
  const navigate = useNavigate();
  return {
    async onPaid() {
      showToast({ title: SUBSCRIBE_TEXTS.paidTitle, description: SUBSCRIBE_TEXTS.paidDescription });
      await refreshBillingData();
      await navigate('/subscription-success');
    },
    onFailed(message) {
      showToast({ title: SUBSCRIBE_TEXTS.failedTitle, description: message || SUBSCRIBE_TEXTS.failedFallback, variant: 'destructive' });
    },
  };
}
