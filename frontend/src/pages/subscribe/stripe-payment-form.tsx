// Stripe's Payment Element for /subscribe (site config payments.provider 'stripe'). This module and
// Stripe's libraries are a chunk of their own, loaded only when the page needs them, so neither the
// entry bundle nor the demo provider's form carries them. Stripe.js itself comes from js.stripe.com
// (the Content-Security-Policy must allow it). The payment is confirmed in the page when it can be
// (redirect: 'if_required'); a payment method that needs a redirect comes back to
// /subscription-success.
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useEffect, useState } from 'react';
import type { PlanId } from '../../../../core/plans';
import { Spinner } from '../../components/spinner';
import { primaryButtonClass } from '../../components/styles';
import { PAYING_BUTTON_TEXT, subscribeButtonText, SUBSCRIBE_TEXTS } from './subscribe-logic';
import type { PaymentOutcome } from './use-payment-outcome';

/** One Stripe.js per publishable key for the life of the page (loadStripe must not run per render). */
const stripes = new Map<string, Promise<Stripe | null>>();

function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey).catch(() => {
      stripes.delete(publishableKey);
      return null;
    });
    stripes.set(publishableKey, stripe);
  }
  return stripe;
}

interface StripePaymentFormProps extends PaymentOutcome {
  publishableKey: string;
  clientSecret: string;
  plan: PlanId;
}

export function StripePaymentForm({ publishableKey, clientSecret, ...rest }: StripePaymentFormProps) {
  const [stripe, setStripe] = useState<Stripe | null | undefined>(undefined);
  useEffect(() => {
    let isCurrent = true;
    void stripeFor(publishableKey).then((loaded) => {
      if (isCurrent) setStripe(loaded);
    });
    return () => {
      isCurrent = false;
    };
  }, [publishableKey]);

  if (stripe === undefined) return <Spinner message={SUBSCRIBE_TEXTS.loadingForm} />;
  if (stripe === null) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {SUBSCRIBE_TEXTS.stripeUnavailable}
      </p>
    );
  }
  return (
    <Elements stripe={stripe} options={{ clientSecret }}>
      <CardForm {...rest} />
    </Elements>
  );
}

function CardForm({ plan, onPaid, onFailed }: PaymentOutcome & { plan: PlanId }) {
  const stripe = useStripe();
  const elements = useElements();
  const [isReady, setReady] = useState(false);
  const [isPaying, setPaying] = useState(false);

  async function pay() {
    if (!stripe || !elements) return;
    setPaying(true);
    const result = await stripe.confirmPayment({
      elements,
      confirmParams: { return_url: `${window.location.origin}/subscription-success` },
      redirect: 'if_required',
    });
    if (result.error) {
      setPaying(false);
      onFailed(result.error.message);
      return;
    }
    const status = result.paymentIntent?.status;
    if (status === 'succeeded' || status === 'processing') {
      await onPaid();
      return;
    }
    setPaying(false);
    onFailed(undefined);
  }

  return (
    <form
      noValidate
      aria-label="Card payment"
      onSubmit={(event) => {
        event.preventDefault();
        if (!isPaying) void pay();
      }}
      className="space-y-4"
    >
      <PaymentElement onReady={() => setReady(true)} />
      <button type="submit" disabled={!stripe || !elements || !isReady || isPaying} className={`${primaryButtonClass} w-full`}>
        {isPaying ? PAYING_BUTTON_TEXT : subscribeButtonText(plan)}
      </button>
    </form>
  );
}
