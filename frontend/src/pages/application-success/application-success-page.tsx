// /application-success (spec: Application success; sections 4, 8, 9): where the payment provider
// sends an applicant back after paying. 'Verifying Payment' while GET /api/verify-payment runs
// (retried 3 times, 2 seconds apart); then 'Application Submitted Successfully!' (reviewed within
// 48 hours, product rule 3) or 'Payment Failed' with 'Try Again' back to /apply; for a payment the
// bank is still processing (a Bacs Direct Debit, days) 'Payment Processing', never 'Payment Failed'.
// An update sent by a provider whose subscription is active (session_id=no-payment-needed) paid
// nothing: its texts say so.
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { NO_PAYMENT_NEEDED } from '../../../../core/billing';
import { usePaymentVerification, type VerificationState } from '../../api/use-payment-verification';
import { Spinner } from '../../components/spinner';
import { displayHeadingClass, linkClass, primaryButtonClass, secondaryButtonClass } from '../../components/styles';
import { useDocumentTitle } from '../../components/use-document-title';
import { verificationParams } from './verification-params';

export const APPLICATION_SUCCESS_TEXTS = {
  verifyingHeading: 'Verifying Payment',
  verifying: 'Please wait while we confirm your payment. This can take a few seconds.',
  failedHeading: 'Payment Failed',
  failed: 'There was an issue processing your payment. Please try again or contact support.',
  successHeading: 'Application Submitted Successfully!',
  success:
    'Thank you: your payment has been received. Your application will be reviewed within 48 hours, and we will send you an e-mail confirmation once it has been approved.',
  processingHeading: 'Payment Processing',
  processing:
    'Thank you: your Direct Debit has been set up and your bank is processing the payment, which usually takes about three working days. Nothing more is needed from you now. We will e-mail you when the payment has gone through (or if it does not), and your application will then be reviewed within 48 hours.',
} as const;

/** An update sent by a provider whose subscription is active: nothing was paid, so nothing is said of a payment. */
export const UPDATE_SUCCESS_TEXTS = {
  verifyingHeading: 'Checking Your Application',
  verifying: 'Please wait while we check your updated application. This takes a moment.',
  failedHeading: 'Application Not Found',
  failed: 'We could not find this application. Please sign in and check My Profile, or contact support.',
  successHeading: 'Application Submitted Successfully!',
  success:
    'Thank you: your updated application has been received. No payment was needed, as your subscription is already active. It will be reviewed within 48 hours, and we will e-mail you once it has been decided; until then your listing stays as it is.',
} as const;

export function ApplicationSuccessPage() {
  const [searchParams] = useSearchParams();
  const { sessionId, applicationId } = verificationParams(searchParams);
  const state = usePaymentVerification(sessionId, applicationId);
  return <ApplicationSuccessView state={state} isUpdate={sessionId === NO_PAYMENT_NEEDED} />;
}

export function ApplicationSuccessView({ state, isUpdate = false }: { state: VerificationState; isUpdate?: boolean }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const texts = isUpdate ? UPDATE_SUCCESS_TEXTS : APPLICATION_SUCCESS_TEXTS;
  const heading =
    state.status === 'verifying'
      ? texts.verifyingHeading
      : state.status === 'succeeded'
        ? texts.successHeading
        : state.status === 'processing'
          ? APPLICATION_SUCCESS_TEXTS.processingHeading
          : texts.failedHeading;
  useDocumentTitle(heading.replace(/!$/, ''));

  // The heading changes with the outcome: take focus to it so that it is read out.
  const shownStatus = useRef(state.status);
  useEffect(() => {
    if (shownStatus.current === state.status) return;
    shownStatus.current = state.status;
    headingRef.current?.focus();
  }, [state.status]);

  return (
    <div className="mx-auto max-w-2xl px-4 py-16 text-center sm:px-6">
      <h1 ref={headingRef} tabIndex={-1} className={`${displayHeadingClass} focus:outline-none`}>
        {heading}
      </h1>
      {state.status === 'verifying' ? <Spinner message={texts.verifying} /> : null}
      {state.status === 'processing' ? (
        <>
          <p className="mt-4 text-gray-700">{APPLICATION_SUCCESS_TEXTS.processing}</p>
          <HomeAndProfileLinks />
        </>
      ) : null}
      {state.status === 'failed' ? (
        <>
          <p className="mt-4 text-gray-700">{texts.failed}</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Link to="/apply" className={primaryButtonClass}>
              Try Again
            </Link>
            <Link to="/contact" className={secondaryButtonClass}>
              Contact support
            </Link>
          </div>
        </>
      ) : null}
      {state.status === 'succeeded' ? (
        <>
          <p className="mt-4 text-gray-700">{texts.success}</p>
          <HomeAndProfileLinks />
          <p className="mt-8 text-sm text-gray-700">
            Questions about your application?{' '}
            <Link to="/contact" className={linkClass}>
              Contact us
            </Link>
            .
          </p>
        </>
      ) : null}
    </div>
  );
}

/** The ways on once the payment is taken or under way (spec: Back to Home, View Profile). */
function HomeAndProfileLinks() {
  return (
    <div className="mt-8 flex flex-wrap justify-center gap-3">
      <Link to="/" className={secondaryButtonClass}>
        Back to Home
      </Link>
      <Link to="/profile" className={primaryButtonClass}>
        View Profile
      </Link>
    </div>
  );
}
