// /subscribe?professionalId=…&type=monthly|yearly (spec: Subscribe; sections 4 and 8): pay for an
// existing professional's subscription. Without professionalId the page goes to /; type defaults
// to monthly. A spinner while the payment session is created (POST /api/create-subscription), then
// the plan card and the card form: Stripe's Payment Element, or the built-in test-mode provider's
// form when no Stripe keys are configured (GET /api/site-config says which). Prices and the pay
// button's text come from core/plans (product rule 1).
import { lazy, Suspense } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { mutate } from 'swr';
import { MONEY_BACK_DAYS, type PlanId } from '../../../../core/plans';
import { ApiRequestError } from '../../api/client';
import { useNewSubscription } from '../../api/use-new-subscription';
import { SITE_CONFIG_KEY, useSiteConfig } from '../../api/use-site-config';
import { PlanFeatures } from '../../components/plans/plan-parts';
import { Spinner } from '../../components/spinner';
import { displayHeadingClass, linkClass, panelClass, primaryButtonClass, secondaryButtonClass, sectionHeadingClass } from '../../components/styles';
import { useDocumentTitle } from '../../components/use-document-title';
import { DemoCardForm } from './demo-card-form';
import { parseSubscribeQuery, planCardText, subscribeFailure, SUBSCRIBE_FEATURES, SUBSCRIBE_TEXTS } from './subscribe-logic';
import { usePaymentOutcome } from './use-payment-outcome';

const StripePaymentForm = lazy(async () => ({ default: (await import('./stripe-payment-form')).StripePaymentForm }));

export function SubscribePage() {
  const [searchParams] = useSearchParams();
  const query = parseSubscribeQuery(searchParams);
  if (!query) return <Navigate to="/" replace />;
  return <SubscribeCheckout key={`${query.professionalId}:${query.plan}`} professionalId={query.professionalId} plan={query.plan} />;
}

function SubscribeCheckout({ professionalId, plan }: { professionalId: number; plan: PlanId }) {
  useDocumentTitle(SUBSCRIBE_TEXTS.title);
  const { config, isLoading: isConfigLoading } = useSiteConfig();
  const { state, retry } = useNewSubscription({ professionalId, subscriptionType: plan });
  const outcome = usePaymentOutcome();

  if (state.status === 'loading' || (isConfigLoading && !config)) {
    return (
      <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6 lg:px-8">
        <h1 className="sr-only">{SUBSCRIBE_TEXTS.title}</h1>
        <Spinner message={SUBSCRIBE_TEXTS.preparing} />
      </div>
    );
  }

  if (state.status === 'failed' || !config) {
    const failure = subscribeFailure(state.status === 'failed' && state.error instanceof ApiRequestError ? state.error : null);
    return (
      <div className="mx-auto max-w-2xl space-y-6 px-4 py-16 text-center sm:px-6">
        <h1 className={displayHeadingClass}>{SUBSCRIBE_TEXTS.title}</h1>
        <div role="alert" className="space-y-2">
          <p className="font-medium text-red-700">{failure.message}</p>
          {failure.detail ? <p className="text-gray-700">{failure.detail}</p> : null}
        </div>
        <div className="flex flex-wrap justify-center gap-3">
          {failure.next === 'profile' ? (
            <Link to="/profile" className={primaryButtonClass}>
              Go to My Profile
            </Link>
          ) : (
            <button
              type="button"
              className={secondaryButtonClass}
              onClick={() => {
                if (!config) void mutate(SITE_CONFIG_KEY);
                retry();
              }}
            >
              Try again
            </button>
          )}
          <Link to="/" className={secondaryButtonClass}>
            Back to Home
          </Link>
        </div>
      </div>
    );
  }

  const card = planCardText(plan);
  const { payments } = config;
  return (
    <div className="mx-auto max-w-5xl space-y-8 px-4 py-12 sm:px-6 lg:px-8">
      <header className="text-center">
        <h1 className={displayHeadingClass}>{SUBSCRIBE_TEXTS.title}</h1>
        <p className="mt-3 text-gray-700">{SUBSCRIBE_TEXTS.subtitle}</p>
      </header>

      <div className="grid gap-8 md:grid-cols-2">
        <section aria-labelledby="subscribe-plan" className={panelClass}>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="subscribe-plan" className={sectionHeadingClass}>
              {card.title}
            </h2>
            {card.badge ? <p className="rounded-full bg-green-100 px-3 py-1 text-xs font-semibold text-green-800">{card.badge}</p> : null}
          </div>
          <p className="mt-2 text-lg font-semibold text-gray-900">{card.price}</p>
          <PlanFeatures features={SUBSCRIBE_FEATURES} className="mt-6 space-y-2" />
        </section>

        <section aria-labelledby="subscribe-payment" className={`${panelClass} space-y-5`}>
          <div>
            <h2 id="subscribe-payment" className={sectionHeadingClass}>
              Payment details
            </h2>
            <p className="mt-1 text-sm text-gray-700">{SUBSCRIBE_TEXTS.secure}</p>
          </div>
          {payments.provider === 'stripe' ? (
            <Suspense fallback={<Spinner message={SUBSCRIBE_TEXTS.loadingForm} />}>
              <StripePaymentForm publishableKey={payments.publishableKey} clientSecret={state.clientSecret} plan={plan} {...outcome} />
            </Suspense>
          ) : (
            <DemoCardForm confirmUrl={payments.confirmUrl} clientSecret={state.clientSecret} plan={plan} {...outcome} />
          )}
          <p className="text-sm text-gray-700">
            By subscribing you agree to our{' '}
            <Link to="/terms-of-service" className={linkClass}>
              Terms of Service
            </Link>
            . You can cancel at any time, and if you cancel within {MONEY_BACK_DAYS} days of your first payment we refund
            it in full.
          </p>
        </section>
      </div>
    </div>
  );
}
