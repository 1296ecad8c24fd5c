// /forgot-password (product rule 10): email + captcha → an e-mail with a single-use link valid for
// 1 hour. The answer is the same whether or not the email has an account.
import { useState } from 'react';
import { PAGES } from '../../../../core/pages';
import { PasswordResetRequestInput } from '../../../../core/auth';
import { requestPasswordReset } from '../../api/auth';
import { Captcha } from '../../components/captcha/captcha';
import { showToast } from '../../components/toast';
import { useDocumentTitle } from '../../components/use-document-title';
import { AuthCard, AuthForm, CardFooterLink, EmailField } from '../../components/forms/form-fields';
import { failureToast } from '../../components/forms/form-validation';
import { useCaptchaForm } from '../../components/forms/use-captcha-form';

export const RESET_REQUESTED_MESSAGE =
  "If an account exists for that email, we've sent a link to reset your password. It expires in 1 hour.";

export function ForgotPasswordPage() {
  useDocumentTitle(PAGES.forgotPassword.title);
  const [email, setEmail] = useState('');
  const [isSent, setSent] = useState(false);
  const { errors, isSubmitting, submit, captchaProps } = useCaptchaForm({
    schema: PasswordResetRequestInput,
    send: async (request) => {
      await requestPasswordReset(request);
      setSent(true);
    },
    onFailure: (error) =>
      showToast(failureToast(error, { title: 'Request failed', description: 'Failed to request a password reset.' })),
  });

  if (isSent) {
    return (
      <AuthCard title="Check your email">
        <p role="status" className="text-sm text-gray-800">
          {RESET_REQUESTED_MESSAGE}
        </p>
        <CardFooterLink to="/login">Back to sign in</CardFooterLink>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Forgot password" intro="Enter your email and we'll send you a link to reset your password.">
      <AuthForm
        label="Reset your password"
        submitLabel="Send reset link"
        busyLabel="Sending…"
        isSubmitting={isSubmitting}
        onSubmit={() => submit({ email })}
      >
        <EmailField value={email} onValueChange={setEmail} error={errors.email} />
        <Captcha {...captchaProps} />
      </AuthForm>
      <CardFooterLink to="/login">Back to sign in</CardFooterLink>
    </AuthCard>
  );
}
