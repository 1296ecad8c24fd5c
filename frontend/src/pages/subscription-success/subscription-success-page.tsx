// /subscription-success (spec: Subscription success): 'Subscription Activated!', what happens next,
// links to the directory and home, and where to get help. /subscribe comes here after a card
// payment; Stripe also returns here (its return_url) after a payment that needed a redirect, with
// redirect_status in the address: 'failed' means the payment did not go through, which this page
// must not call activated.
import { Link, useSearchParams } from 'react-router-dom';
import { displayHeadingClass, linkClass, panelClass, primaryButtonClass, secondaryButtonClass, sectionHeadingClass } from '../../components/styles';
import { useDocumentTitle } from '../../components/use-document-title';

/** Whether the provider's return says the payment failed (Stripe's redirect_status=failed). */
export function isFailedReturn(search: string | URLSearchParams): boolean {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  return params.get('redirect_status') === 'failed';
}

export function SubscriptionSuccessPage() {
  const [searchParams] = useSearchParams();
  return isFailedReturn(searchParams) ? <SubscriptionPaymentFailed /> : <SubscriptionActivated />;
}

export function SubscriptionActivated() {
  useDocumentTitle('Subscription Activated');
  return (
    <div className="mx-auto max-w-2xl space-y-8 px-4 py-16 sm:px-6">
      <header className="text-center">
        <h1 className={displayHeadingClass}>Subscription Activated!</h1>
        <p className="mt-4 text-gray-700">Thank you: your payment has been received and your subscription is now active.</p>
      </header>

      <section aria-labelledby="subscription-next" className={panelClass}>
        <h2 id="subscription-next" className={sectionHeadingClass}>
          What happens next
        </h2>
        <ol className="mt-4 list-decimal space-y-2 pl-5 text-gray-800">
          <li>
            If your listing has not been approved yet, our team reviews it, usually within 24-48 hours. It goes live in
            the directory once it has been approved.
          </li>
          <li>We will send you an e-mail when your listing is live.</li>
          <li>
            You can update your listing and manage your subscription at any time from{' '}
            <Link to="/profile" className={linkClass}>
              My Profile
            </Link>
            .
          </li>
        </ol>
      </section>

      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/professionals" className={primaryButtonClass}>
          Browse Professionals
        </Link>
        <Link to="/" className={secondaryButtonClass}>
          Back to Home
        </Link>
      </div>

      <p className="text-center text-sm text-gray-700">
        Need help with your subscription?{' '}
        <Link to="/contact" className={linkClass}>
          Contact our support team
        </Link>
        .
      </p>
    </div>
  );
}

function SubscriptionPaymentFailed() {
  useDocumentTitle('Payment Failed');
  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-16 text-center sm:px-6">
      <h1 className={displayHeadingClass}>Payment Failed</h1>
      <p className="text-gray-700">
        Your payment did not go through, so your subscription has not started and nothing has been charged. Please try
        again from My Profile or contact support.
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to="/profile" className={primaryButtonClass}>
          Go to My Profile
        </Link>
        <Link to="/contact" className={secondaryButtonClass}>
          Contact support
        </Link>
      </div>
    </div>
  );
}
