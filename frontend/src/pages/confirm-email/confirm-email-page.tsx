// /confirm-email?token=… : the link of the sign-up e-mail (and of a visitor's application,
// `&for=application`). The account is created only when the person gives the password they chose
// and presses the button (a mail scanner that opens links creates nothing, and a sign-up someone
// else made with this address cannot become an account with their password: decision 0029). Then
// they are signed in: a plain sign-up goes to the home page, an application on to payment. A used
// or expired link says so and offers to sign up again; an address that got an account meanwhile is
// told to sign in.
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PAGES } from '../../../../core/pages';
import { confirmRegistration } from '../../api/auth';
import { continueApplicationCheckout } from '../../api/billing';
import { ApiRequestError, errorMessageFor } from '../../api/client';
import { showToast } from '../../components/toast';
import { useDocumentTitle } from '../../components/use-document-title';
import { AuthCard, CardFooterLink, PasswordField } from '../../components/forms/form-fields';
import { primaryButtonClass } from '../../components/styles';

export const INVALID_SIGN_UP_LINK = 'This sign-up link is invalid or has expired. Please sign up again.';
export const PAYMENT_NOT_STARTED = 'Your e-mail is confirmed and your application is saved, but the payment page could not be opened. Please try again from the Apply page.';

export function ConfirmEmailPage() {
  useDocumentTitle(PAGES.confirmEmail.title);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const isApplication = params.get('for') === 'application';
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>(undefined);
  const [isSubmitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(token ? null : INVALID_SIGN_UP_LINK);

  async function onConfirm() {
    if (password === '') {
      setPasswordError('Please enter your password');
      return;
    }
    setPasswordError(undefined);
    setSubmitting(true);
    let confirmed: Awaited<ReturnType<typeof confirmRegistration>>;
    try {
      confirmed = await confirmRegistration(token, password);
    } catch (error) {
      setSubmitting(false);
      const fieldMessage = error instanceof ApiRequestError ? error.body?.error.fields?.password : undefined;
      if (fieldMessage) setPasswordError(fieldMessage);
      else setFailure(errorMessageFor(error, INVALID_SIGN_UP_LINK));
      return;
    }
    if (confirmed.applicationId === null) {
      showToast({ title: 'Account created', description: `Welcome to ITConnect, ${confirmed.user.name}.` });
      await navigate('/');
      return;
    }
    // An application: on to pay for it (a failure here leaves it waiting, to be paid from /apply).
    try {
      const { checkoutUrl } = await continueApplicationCheckout();
      window.location.assign(checkoutUrl);
    } catch (error) {
      showToast({ title: 'Payment setup failed', description: errorMessageFor(error, PAYMENT_NOT_STARTED), variant: 'destructive' });
      await navigate('/apply');
    }
  }

  if (failure) {
    return (
      <AuthCard title="Confirm your e-mail">
        <p role="alert" className="text-sm text-red-700">
          {failure}
        </p>
        <CardFooterLink to={isApplication ? '/apply' : '/register'}>{isApplication ? 'Apply again' : 'Sign up again'}</CardFooterLink>
        <CardFooterLink to="/login">Sign in</CardFooterLink>
      </AuthCard>
    );
  }

  const busyText = isApplication ? 'Opening the payment page…' : 'Creating your account…';
  return (
    <AuthCard
      title="Confirm your e-mail"
      intro={
        isApplication
          ? 'Your e-mail address is confirmed by this link. Enter the password you chose when you applied, then pay for your listing.'
          : 'Your e-mail address is confirmed by this link. Enter the password you chose when you signed up to create your account.'
      }
    >
      <form
        noValidate
        aria-label={isApplication ? 'Confirm your application' : 'Create your account'}
        onSubmit={(event) => {
          event.preventDefault();
          if (!isSubmitting) void onConfirm();
        }}
        className="space-y-4"
      >
        <PasswordField label="Password" name="password" autoComplete="current-password" value={password} onValueChange={setPassword} error={passwordError} />
        <button type="submit" className={`${primaryButtonClass} w-full`} disabled={isSubmitting}>
          {isSubmitting ? busyText : isApplication ? 'Confirm and continue to payment' : 'Create my account'}
        </button>
      </form>
    </AuthCard>
  );
}
