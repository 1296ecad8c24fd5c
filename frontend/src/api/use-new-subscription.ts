// /subscribe's payment session (POST /api/create-subscription): created once when the page opens
// (React's development double mount reuses the same request) and again only on 'Try again'.
import { useEffect, useRef, useState } from 'react';
import type { CreateSubscriptionAnswer, CreateSubscriptionInput } from '../../../core/billing';
import { createSubscription } from './billing';

export type NewSubscriptionState =
  | { status: 'loading' }
  | { status: 'ready'; clientSecret: string; subscriptionId: string }
  | { status: 'failed'; error: unknown };

export function useNewSubscription({ professionalId, subscriptionType }: CreateSubscriptionInput) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<NewSubscriptionState>({ status: 'loading' });
  const request = useRef<{ key: string; answer: Promise<CreateSubscriptionAnswer> } | null>(null);

  useEffect(() => {
    const key = `${professionalId}:${subscriptionType}:${attempt}`;
    if (request.current?.key !== key) {
      request.current = { key, answer: createSubscription({ professionalId, subscriptionType }) };
    }
    let isCurrent = true;
    setState({ status: 'loading' });
    request.current.answer.then(
      ({ clientSecret, subscriptionId }) => {
        if (isCurrent) setState({ status: 'ready', clientSecret, subscriptionId });
      },
      (error: unknown) => {
        if (!isCurrent) return;
        // The spec logs this failure; the page shows it.
        console.warn('Unable to create subscription', error);
        setState({ status: 'failed', error });
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [professionalId, subscriptionType, attempt]);

  return { state, retry: () => setAttempt((n) => n + 1) };
}
