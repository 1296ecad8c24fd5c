// /confirm-email-change?token=… : the link sent to a new e-mail address (product rule 32). The
// address changes only when the person presses the button (a mail scanner that opens links changes
// nothing). It works in any browser, signed in or not: the token is the proof.
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PAGES } from '../../../../core/pages';
import { ACCOUNT_MESSAGES } from '../../../../core/account';
import { confirmEmailChange } from '../../api/account';
import { errorMessageFor } from '../../api/client';
import { useDocumentTitle } from '../../components/use-document-title';
import { AuthCard, CardFooterLink } from '../../components/forms/form-fields';
import { primaryButtonClass } from '../../components/styles';

export function ConfirmEmailChangePage() {
  useDocumentTitle(PAGES.confirmEmailChange.title);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [isSubmitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(token ? null : ACCOUNT_MESSAGES.emailChangeInvalid);
  const [changedTo, setChangedTo] = useState<string | null>(null);

  async function onConfirm() {
    setSubmitting(true);
    try {
      const { email } = await confirmEmailChange(token);
      setChangedTo(email);
    } catch (error) {
      setFailure(errorMessageFor(error, ACCOUNT_MESSAGES.emailChangeInvalid));
      setSubmitting(false);
    }
  }

  if (failure) {
    return (
      <AuthCard title="Confirm your new e-mail address">
        <p role="alert" className="text-sm text-red-700">
          {failure}
        </p>
        <CardFooterLink to="/profile">Go to My Profile</CardFooterLink>
      </AuthCard>
    );
  }
  if (changedTo) {
    return (
      <AuthCard title="Confirm your new e-mail address">
        <p role="status" className="text-sm text-green-800">
          {ACCOUNT_MESSAGES.emailChanged} You now sign in with {changedTo}.
        </p>
        <CardFooterLink to="/profile">Go to My Profile</CardFooterLink>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Confirm your new e-mail address" intro="Press the button to use this address for your ITConnect account.">
      <button type="button" className={`${primaryButtonClass} w-full`} disabled={isSubmitting} onClick={() => void onConfirm()}>
        {isSubmitting ? 'Changing your e-mail address…' : 'Use this e-mail address'}
      </button>
    </AuthCard>
  );
}
