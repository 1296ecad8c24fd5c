// /reset-password?token=… (product rule 10): choose a new password (at least 8 characters, typed
// twice). An invalid, used or expired link shows the API's message and a way to ask for a new one.
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PAGES } from '../../../../core/pages';
import { resetPassword } from '../../api/auth';
import { errorMessageFor } from '../../api/client';
import { useDocumentTitle } from '../../components/use-document-title';
import { AuthCard, AuthForm, CardFooterLink, PasswordField } from '../../components/forms/form-fields';
import { newPasswordErrors } from './new-password';

export const INVALID_LINK_MESSAGE = 'This password reset link is invalid or has expired.';

type Outcome = { kind: 'done' } | { kind: 'failed'; message: string } | null;

export function ResetPasswordPage() {
  useDocumentTitle(PAGES.resetPassword.title);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirmPassword?: string }>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(token ? null : { kind: 'failed', message: INVALID_LINK_MESSAGE });

  async function onSubmit() {
    const found = newPasswordErrors(password, confirmPassword);
    setErrors(found);
    if (found.password || found.confirmPassword) return;
    setSubmitting(true);
    try {
      await resetPassword({ token, password });
      setOutcome({ kind: 'done' });
    } catch (error) {
      setOutcome({ kind: 'failed', message: errorMessageFor(error, INVALID_LINK_MESSAGE) });
    } finally {
      setSubmitting(false);
    }
  }

  if (outcome?.kind === 'done') {
    return (
      <AuthCard title="Password changed">
        <p role="status" className="text-sm text-gray-800">
          Your password has been changed. You can now sign in with your new password.
        </p>
        <CardFooterLink to="/login">Sign in</CardFooterLink>
      </AuthCard>
    );
  }

  if (outcome?.kind === 'failed') {
    return (
      <AuthCard title="Reset password">
        <p role="alert" className="text-sm text-red-700">
          {outcome.message}
        </p>
        <CardFooterLink to="/forgot-password">Request a new reset link</CardFooterLink>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Reset password" intro="Choose a new password for your account.">
      <AuthForm
        label="Choose a new password"
        submitLabel="Set new password"
        busyLabel="Saving…"
        isSubmitting={isSubmitting}
        onSubmit={onSubmit}
      >
        <PasswordField
          label="New password"
          name="password"
          autoComplete="new-password"
          value={password}
          onValueChange={setPassword}
          error={errors.password}
          hint="At least 8 characters."
        />
        <PasswordField
          label="Confirm new password"
          name="confirmPassword"
          autoComplete="new-password"
          value={confirmPassword}
          onValueChange={setConfirmPassword}
          error={errors.confirmPassword}
        />
      </AuthForm>
    </AuthCard>
  );
}
