// The Stripe stand-in's card form (site config payments.provider 'demo': PAYMENTS=stand-in).
// Clearly marked as a test: nothing is charged. Paying posts the card number with the client
// secret to the stand-in's /demo-pay/confirm; 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002
// is declined with the provider's message.
import { useState } from 'react';
import type { PlanId } from '../../../../core/plans';
import { confirmDemoPayment, PaymentError } from '../../api/billing';
import { TextField } from '../../components/forms/form-fields';
import { primaryButtonClass } from '../../components/styles';
import { PAYING_BUTTON_TEXT, subscribeButtonText, SUBSCRIBE_TEXTS } from './subscribe-logic';
import type { PaymentOutcome } from './use-payment-outcome';

interface DemoCardFormProps extends PaymentOutcome {
  /** The stand-in's card form endpoint (site config). */
  confirmUrl: string;
  clientSecret: string;
  plan: PlanId;
}

export function DemoCardForm({ confirmUrl, clientSecret, plan, onPaid, onFailed }: DemoCardFormProps) {
  const [cardNumber, setCardNumber] = useState<string>(SUBSCRIBE_TEXTS.demoCard);
  const [isPaying, setPaying] = useState(false);

  async function pay() {
    setPaying(true);
    try {
      await confirmDemoPayment(clientSecret, cardNumber, confirmUrl);
    } catch (error) {
      setPaying(false);
      onFailed(error instanceof PaymentError ? error.message : undefined);
      return;
    }
    await onPaid();
  }

  return (
    <form
      noValidate
      aria-label="Test card payment"
      onSubmit={(event) => {
        event.preventDefault();
        if (!isPaying) void pay();
      }}
      className="space-y-4 rounded-md border-2 border-dashed border-amber-600 bg-amber-50 p-4"
    >
      <p className="text-sm font-bold uppercase tracking-wide text-amber-900">{SUBSCRIBE_TEXTS.demoBanner}</p>
      <TextField
        label="Card number"
        name="cardNumber"
        inputMode="numeric"
        autoComplete="off"
        value={cardNumber}
        onValueChange={setCardNumber}
        hint={SUBSCRIBE_TEXTS.demoHint}
      />
      <button type="submit" disabled={isPaying} className={`${primaryButtonClass} w-full`}>
        {isPaying ? PAYING_BUTTON_TEXT : subscribeButtonText(plan)}
      </button>
    </form>
  );
}
