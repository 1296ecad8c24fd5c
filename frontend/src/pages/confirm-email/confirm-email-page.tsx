// /confirm-email?token=… : the link of the sign-up e-mail. The account is created only when the
// person presses the button (a mail scanner that opens links creates nothing), then they are
// signed in and go to the home page, as after signing in. A used or expired link says so and
// offers to sign up again; an address that got an account meanwhile is told to sign in.
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PAGES } from '../../../../core/pages';
import { confirmRegistration } from '../../api/auth';
import { errorMessageFor } from '../../api/client';
import { showToast } from '../../components/toast';
import { useDocumentTitle } from '../../components/use-document-title';
import { AuthCard, CardFooterLink } from '../../components/forms/form-fields';
import { primaryButtonClass } from '../../components/styles';

export const INVALID_SIGN_UP_LINK = 'This sign-up link is invalid or has expired. Please sign up again.';

export function ConfirmEmailPage() {
  useDocumentTitle(PAGES.confirmEmail.title);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [isSubmitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(token ? null : INVALID_SIGN_UP_LINK);

  async function onConfirm() {
    setSubmitting(true);
    try {
      const user = await confirmRegistration(token);
      showToast({ title: 'Account created', description: `Welcome to ITConnect, ${user.name}.` });
      await navigate('/');
    } catch (error) {
      setFailure(errorMessageFor(error, INVALID_SIGN_UP_LINK));
      setSubmitting(false);
    }
  }

  if (failure) {
    return (
      <AuthCard title="Confirm your e-mail">
        <p role="alert" className="text-sm text-red-700">
          {failure}
        </p>
        <CardFooterLink to="/register">Sign up again</CardFooterLink>
        <CardFooterLink to="/login">Sign in</CardFooterLink>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Confirm your e-mail" intro="Your e-mail address is confirmed by this link. One step left:">
      <button type="button" className={`${primaryButtonClass} w-full`} disabled={isSubmitting} onClick={() => void onConfirm()}>
        {isSubmitting ? 'Creating your account…' : 'Create my account'}
      </button>
    </AuthCard>
  );
}
