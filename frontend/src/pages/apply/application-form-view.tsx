// Step 2 of /apply: the business profile form (spec: Apply; section 5). Disabled until a plan is
// chosen; 'Continue to Payment' stays usable and, without a plan, says 'Please select a plan' (a
// toast and beside the button) and takes the user to step 1. With one, it checks every field with core's schema (each message beside its
// field, focus on the first), then asks the API for a checkout and sends the browser there. On any
// failure: the toast 'Payment setup failed' (with the API's message when it sent one), the API's
// field messages beside their fields, and the captcha starts over (spec section 8). A visitor without
// an account is not sent to pay at once: the form waits for the e-mailed link that proves the
// address (product rule 24), and this form says so in its place.
import { useId, useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'react-router-dom';
import { APPLY_MESSAGES, keepRateCharacters, MAX_APPLICATION_SERVICES, MAX_SOCIAL_LINKS, SOCIAL_PLATFORMS } from '../../../../core/billing';
import { LISTING_FIELDS } from '../../../../core/listing-fields';
import type { PlanId } from '../../../../core/plans';
import { createApplicationCheckout } from '../../api/billing';
import { errorMessageFor } from '../../api/client';
import { Captcha, type CaptchaHandle } from '../../components/captcha/captcha';
import { ListingFieldControls } from '../../components/forms/choice-fields';
import { FieldError, PasswordField, TextAreaField, TextField } from '../../components/forms/form-fields';
import { RateFields } from '../../components/forms/rate-fields';
import { RegionField } from '../../components/forms/region-field';
import { ServicesField } from '../../components/forms/services-field';
import type { FieldErrors } from '../../components/forms/form-validation';
import { useFormState } from '../../components/forms/use-form-state';
import { inputClass, labelClass, linkClass, panelClass, primaryButtonClass, secondaryButtonClass, sectionHeadingClass } from '../../components/styles';
import { showToast } from '../../components/toast';
import {
  addSocialRow,
  apiErrorsToForm,
  canAddSocialRow,
  firstInvalidField,
  removeSocialRow,
  setProjectBased,
  socialErrorKey,
  updateSocialRow,
  validateApplication,
  type ApplicationFormValues,
} from './application-form';

interface ApplicationFormProps {
  plan: PlanId | null;
  isSignedIn: boolean;
  initialValues: ApplicationFormValues;
  /** 'Continue to Payment' without a plan: take the user to step 1. */
  onPlanMissing?: () => void;
}

/** Moves focus to the control of `key` (a field name, a social row's part, or the captcha). */
function focusControl(form: HTMLFormElement | null, key: string): void {
  if (!form) return;
  const target =
    key === 'captcha'
      ? form.querySelector<HTMLElement>('[data-field="captcha"] input[type="checkbox"]')
      : form.querySelector<HTMLElement>(`[name="${CSS.escape(key)}"]`);
  target?.focus();
}

export function ApplicationForm({ plan, isSignedIn, initialValues, onPlanMissing }: ApplicationFormProps) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const captchaRef = useRef<CaptchaHandle>(null);
  const { values, setValues, set, errors, setErrors, field } = useFormState(initialValues);
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  /** A visitor's form was sent: the e-mailed link goes on from here (the API's message). */
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const sentHeadingRef = useRef<HTMLHeadingElement>(null);
  const [isPlanMissing, setPlanMissing] = useState(false);
  const isDisabled = plan === null;
  const planMessageId = `${id}-plan-required`;


  function showErrors(found: FieldErrors) {
    flushSync(() => setErrors(found));
    const first = firstInvalidField(found, values);
    if (first) focusControl(formRef.current, first);
  }

  async function onSubmit() {
    if (isSubmitting) return;
    if (!plan) {
      // The spec's message, as a toast and beside the button; then on to step 1 to choose one.
      setPlanMissing(true);
      showToast({ title: APPLY_MESSAGES.planRequired, description: APPLY_MESSAGES.planRequiredDetail, variant: 'destructive' });
      onPlanMissing?.();
      return;
    }
    setPlanMissing(false);
    const result = validateApplication(values, { plan, isSignedIn, captcha: captcha ?? '' });
    if (!result.ok) {
      showErrors(result.errors);
      return;
    }
    setErrors({});
    setFailure(null);
    setSubmitting(true);
    try {
      const answer = await createApplicationCheckout(result.body);
      if ('emailSent' in answer) {
        setSubmitting(false);
        flushSync(() => setSentMessage(answer.message));
        sentHeadingRef.current?.focus();
        return;
      }
      // The browser leaves for the payment page; the button keeps saying so until it has.
      window.location.assign(answer.checkoutUrl);
    } catch (error) {
      setSubmitting(false);
      const description = errorMessageFor(error, APPLY_MESSAGES.checkoutFailed);
      setFailure(description);
      showToast({ title: APPLY_MESSAGES.checkoutFailedTitle, description, variant: 'destructive' });
      captchaRef.current?.reset();
      const fieldErrors = apiErrorsToForm(error, values);
      if (Object.keys(fieldErrors).length > 0) showErrors(fieldErrors);
    }
  }

  const socialHintId = `${id}-social-hint`;

  if (sentMessage) {
    return (
      <section aria-labelledby={`${id}-sent`} className={`${panelClass} space-y-4`}>
        <h3 id={`${id}-sent`} ref={sentHeadingRef} tabIndex={-1} className={`${sectionHeadingClass} focus:outline-none`}>
          Check your e-mail
        </h3>
        <p role="status" className="text-gray-800">
          {sentMessage}
        </p>
        <p className="text-sm text-gray-700">
          It was sent to <strong>{values.email}</strong>. Not there after a few minutes? Look in your spam folder, or check
          the address and send the form again.
        </p>
        <button
          type="button"
          className={secondaryButtonClass}
          onClick={() => {
            // The captcha was spent: a fresh one comes with the form.
            setCaptcha(null);
            setSentMessage(null);
          }}
        >
          Change the details and send again
        </button>
      </section>
    );
  }

  return (
    <form
      ref={formRef}
      noValidate
      aria-label="Your business details"
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      {/* A disabled fieldset disables every control in it until a plan is chosen. */}
      <fieldset disabled={isDisabled} className="min-w-0 space-y-8">
        <legend className="sr-only">Your business details</legend>
        <p className="text-sm text-gray-700">
          {isDisabled ? 'Choose a plan in step 1 to fill in your details. ' : null}All fields are required unless marked
          (optional).
        </p>

        <FormSection title="Your business">
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField label="Company name" required autoComplete="organization" {...field('companyName')} />
            <TextField label="Contact name" required autoComplete="name" {...field('contactName')} />
            <TextField
              label="Email"
              type="email"
              required
              autoComplete="email"
              readOnly={isSignedIn}
              {...field('email')}
              hint={isSignedIn ? 'The e-mail address of your account: you apply for this account.' : undefined}
            />
            <TextField label="Phone (optional)" type="tel" autoComplete="tel" {...field('phone')} />
            <TextField
              label="Website (optional)"
              type="url"
              autoComplete="url"
              placeholder="https://"
              {...field('website')}
            />
          </div>
          <TextAreaField
            label="Description"
            rows={6}
            required
            {...field('description')}
            hint="What you do, for whom, and what makes your business stand out. Clients read this on your profile."
          />
        </FormSection>

        <FormSection title="Services">
          <ServicesField
            legend={`The services you offer (up to ${MAX_APPLICATION_SERVICES})`}
            selected={values.services}
            onSelectedChange={(services) => set('services', services)}
            error={errors.services}
          />
        </FormSection>

        <FormSection title="Where you work">
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              label="Service area"
              required
              {...field('location')}
              hint="Where you work, in your own words, e.g. Greater London and the South East."
            />
            <RegionField required placeholder="Select your location" {...field('region')} hint="The city, region or county you are based in." />
            <TextField
              label="Postcode"
              required
              autoComplete="postal-code"
              {...field('postcode')}
              hint="Places you on the map. A district such as M1 is enough."
            />
          </div>
        </FormSection>

        <FormSection title="Your rate and business">
          <RateFields
            rateLabel="Rate in £ (optional)"
            rate={field('hourlyRate', keepRateCharacters)}
            rateHint="For example 45 or 37.50."
            rateType={values.rateType}
            onRateTypeChange={(rateType) => set('rateType', rateType)}
            rateTypeError={errors.rateType}
            isProjectBased={values.isProjectBased}
            onProjectBasedChange={(isProjectBased) => setValues((current) => setProjectBased(current, isProjectBased))}
          />
          <ListingFieldControls
            fields={LISTING_FIELDS}
            values={values}
            onValuesChange={(change) => setValues((current) => ({ ...current, ...change }))}
            errors={errors}
            isOptionalMarked
          />
        </FormSection>

        <FormSection title="Social links (optional)">
          <p id={socialHintId} className="text-sm text-gray-700">
            Up to {MAX_SOCIAL_LINKS} links. Only links with both a platform and an address are sent.
          </p>
          <ul className="space-y-4">
            {values.socialLinks.map((row, index) => {
              const platformKey = socialErrorKey(index, 'platform');
              const urlKey = socialErrorKey(index, 'url');
              return (
                <li key={row.key} className="grid items-start gap-3 sm:grid-cols-[12rem_1fr_auto]">
                  <div>
                    <label htmlFor={`${id}-social-${row.key}-platform`} className={labelClass}>
                      Link {index + 1}: platform
                    </label>
                    <select
                      id={`${id}-social-${row.key}-platform`}
                      name={platformKey}
                      value={row.platform}
                      onChange={(event) =>
                        set('socialLinks', updateSocialRow(values.socialLinks, row.key, { platform: event.target.value as typeof row.platform }))
                      }
                      aria-invalid={errors[platformKey] ? true : undefined}
                      aria-describedby={errors[platformKey] ? `${id}-social-${row.key}-platform-error` : undefined}
                      className={inputClass}
                    >
                      <option value="">Choose a platform</option>
                      {SOCIAL_PLATFORMS.map((platform) => (
                        <option key={platform.id} value={platform.id}>
                          {platform.label}
                        </option>
                      ))}
                    </select>
                    <FieldError id={`${id}-social-${row.key}-platform-error`} error={errors[platformKey]} />
                  </div>
                  <TextField
                    label={`Link ${index + 1}: address`}
                    name={urlKey}
                    type="url"
                    placeholder="https://"
                    value={row.url}
                    onValueChange={(v) => set('socialLinks', updateSocialRow(values.socialLinks, row.key, { url: v }))}
                    error={errors[urlKey]}
                  />
                  <button
                    type="button"
                    onClick={() => {
                      flushSync(() => set('socialLinks', removeSocialRow(values.socialLinks, row.key)));
                      formRef.current?.querySelector<HTMLElement>('[data-action="add-link"]')?.focus();
                    }}
                    className={`${secondaryButtonClass} sm:mt-6`}
                  >
                    Remove<span className="sr-only"> link {index + 1}</span>
                  </button>
                </li>
              );
            })}
          </ul>
          <FieldError id={`${id}-social-error`} error={errors.socialLinks} />
          <div className="flex flex-wrap items-center gap-3">
            <button
              type="button"
              data-action="add-link"
              disabled={!canAddSocialRow(values.socialLinks)}
              aria-describedby={socialHintId}
              onClick={() => {
                const rows = addSocialRow(values.socialLinks);
                flushSync(() => set('socialLinks', rows));
                focusControl(formRef.current, socialErrorKey(rows.length - 1, 'platform'));
              }}
              className={secondaryButtonClass}
            >
              Add link
            </button>
            <p className="text-sm text-gray-700">
              {values.socialLinks.length} of {MAX_SOCIAL_LINKS} links
            </p>
          </div>
        </FormSection>

        {isSignedIn ? null : (
          <FormSection title="Your account">
            <p className="text-sm text-gray-700">
              Your application creates an ITConnect account for this e-mail address: you will sign in with it to manage
              your listing. Already have an account?{' '}
              <Link to="/login" className={linkClass}>
                Sign in
              </Link>{' '}
              first, then apply from My Profile.
            </p>
            <div className="grid gap-5 sm:grid-cols-2">
              <PasswordField
                label="Password"
                autoComplete="new-password"
                {...field('password')}
                hint="At least 8 characters."
              />
              <PasswordField
                label="Confirm password"
                autoComplete="new-password"
                {...field('confirmPassword')}
              />
            </div>
          </FormSection>
        )}

        <div data-field="captcha">
          <Captcha ref={captchaRef} onChange={setCaptcha} error={errors.captcha} />
        </div>
      </fieldset>

      {/* Outside the fieldset, so that without a plan it still answers: with the spec's message. */}
      <div className="mt-8 space-y-3">
        <button
          type="submit"
          disabled={isSubmitting}
          aria-describedby={isDisabled && isPlanMissing ? planMessageId : undefined}
          className={`${primaryButtonClass} w-full sm:w-auto`}
        >
          {isSubmitting ? 'Redirecting to payment…' : 'Continue to Payment'}
        </button>
        {isDisabled && isPlanMissing ? (
          <p id={planMessageId} role="alert" className="text-sm text-red-700">
            <strong>{APPLY_MESSAGES.planRequired}</strong>: {APPLY_MESSAGES.planRequiredDetail}
          </p>
        ) : null}
        {failure ? <p className="text-sm text-red-700">{failure}</p> : null}
        <p className="text-sm text-gray-700">
          You pay securely on the next page. We review every application within 48 hours and e-mail you when your
          listing is approved.
        </p>
      </div>
    </form>
  );
}

function FormSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={`${panelClass} space-y-5`}>
      <h3 id={headingId} className={sectionHeadingClass}>
        {title}
      </h3>
      {children}
    </section>
  );
}
