// /apply (spec: Apply; section 5): step 1 chooses a plan (?plan=monthly|yearly preselects it), step 2
// is the business profile form, disabled until a plan is chosen. A visitor without an account sets
// a password for the account the application creates, and the form then waits for the link e-mailed
// to the address (product rule 24); a signed-in user applies for their own account (their e-mail,
// no password), and a provider coming from My Profile's 'Update Professional Application' starts
// from their current listing. One whose application waits for payment is offered to pay it as it
// is. After payment the browser comes back to /application-success, which says the application is
// reviewed within 48 hours (product rule 3).
import { useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { type PlanId } from '../../../../core/plans';
import { PAGES } from '../../../../core/pages';
import { isProvider } from '../../api/current-user';
import { useCurrentUser } from '../../api/use-current-user';
import { useMyProfile } from '../../api/use-my-profile';
import { useOpenApplication } from '../../api/use-open-application';
import { PageLoading } from '../../components/layout/page-loading';
import { MoneyBackPromise } from '../../components/plans/plan-parts';
import { displayHeadingClass, linkClass, sectionHeadingClass } from '../../components/styles';
import { useDocumentTitle } from '../../components/use-document-title';
import { applicationFromProfile, emptyApplication, planFromQuery } from './application-form';
import { ApplicationForm } from './application-form-view';
import { ContinuePayment } from './continue-payment';
import { PlanStep } from './plan-step';

export function ApplyPage() {
  useDocumentTitle(PAGES.apply.title);
  const [searchParams] = useSearchParams();
  const [plan, setPlan] = useState<PlanId | null>(() => planFromQuery(searchParams));
  const planHeadingRef = useRef<HTMLHeadingElement>(null);
  const detailsHeadingRef = useRef<HTMLHeadingElement>(null);
  const { user, isLoading: isUserLoading } = useCurrentUser();
  const provider = isProvider(user);
  const { profile, error: profileError, isLoading: isProfileLoading } = useMyProfile(provider);
  const openApplication = useOpenApplication(user !== null);

  if (isUserLoading && !user) return <PageLoading />;
  if (provider && isProfileLoading) return <PageLoading />;

  const initialValues = provider && profile ? applicationFromProfile(profile, user?.email ?? '') : emptyApplication(user?.email ?? '');
  const isSubscribed = profile?.subscriptionStatus === 'active';

  return (
    <div className="mx-auto max-w-4xl space-y-10 px-4 py-12 sm:px-6 lg:px-8">
      <header className="space-y-3">
        <h1 className={displayHeadingClass}>{PAGES.apply.title}</h1>
        <p className="text-gray-700">
          List your IT business in the UK&apos;s directory of IT professionals: one flat fee, no commission on the work you
          win. Choose a plan, tell us about your business, then pay securely. We review every application within 48
          hours and e-mail you when your listing is approved.
        </p>
        <p className="text-gray-700">
          Requests for quotes come free with your listing: when a buyer describes a job you offer in your area, we send
          it to you (and to at most four others, shared out fairly) and you answer with a price or a message. Until the
          buyer picks you, you see their first name and postcode district, not their contact details.
        </p>
        <MoneyBackPromise className="text-sm text-gray-700" />
      </header>

      {isSubscribed ? (
        <p className="rounded-md border border-blue-200 bg-blue-50 p-4 text-sm text-blue-900">
          Your subscription is already active: sending this form asks us to review your updated application, with no
          new payment. Small changes can also be made straight away on{' '}
          <Link to="/profile" className={linkClass}>
            My Profile
          </Link>
          .
        </p>
      ) : null}
      {openApplication?.status === 'pending_payment' ? <ContinuePayment application={openApplication} /> : null}
      {provider && profileError ? (
        <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900">
          We could not load your current listing, so the form starts empty.
        </p>
      ) : null}

      <PlanStep
        plan={plan}
        headingRef={planHeadingRef}
        onChoose={(chosen) => {
          setPlan(chosen);
          // The plan cards give way to the summary: continue from the form's heading.
          window.setTimeout(() => detailsHeadingRef.current?.focus(), 0);
        }}
        onChange={() => {
          setPlan(null);
          window.setTimeout(() => planHeadingRef.current?.focus(), 0);
        }}
      />

      <section aria-labelledby="apply-step-details" className="space-y-4">
        <h2 id="apply-step-details" ref={detailsHeadingRef} tabIndex={-1} className={`${sectionHeadingClass} focus:outline-none`}>
          Step 2: Your business details
        </h2>
        <ApplicationForm
          key={user?.id ?? 'visitor'}
          plan={plan}
          isSignedIn={user !== null}
          initialValues={initialValues}
          onPlanMissing={() => {
            planHeadingRef.current?.scrollIntoView({ block: 'start' });
            planHeadingRef.current?.focus();
          }}
        />
      </section>
    </div>
  );
}
