// /forgot-password (DECISIONS #10): email + captcha → an e-mail with a single-use link valid for
// 1 hour. The answer is the same whether or not the email has an account.
import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { PasswordResetRequestInput } from '../../../../core/auth';
import { requestPasswordReset } from '../../api/auth';
import { Captcha, type CaptchaHandle } from '../../components/captcha/captcha';
import { showToast } from '../../components/toast';
import { useDocumentTitle } from '../../components/use-document-title';
import { AuthCard, linkClass, primaryButtonClass, TextField } from '../login/form-fields';
import { failureToast, validate, type FieldErrors } from '../login/form-validation';

export const RESET_REQUESTED_MESSAGE =
  "If an account exists for that email, we've sent a link to reset your password. It expires in 1 hour.";

export function ForgotPasswordPage() {
  useDocumentTitle('Forgot password');
  const captchaRef = useRef<CaptchaHandle>(null);
  const [email, setEmail] = useState('');
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const [isSent, setSent] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = validate(PasswordResetRequestInput, { email, captcha: captcha ?? '' });
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      await requestPasswordReset(result.data);
      setSent(true);
    } catch (error) {
      showToast(failureToast(error, { title: 'Request failed', description: 'Failed to request a password reset.' }));
      captchaRef.current?.reset();
    } finally {
      setSubmitting(false);
    }
  }

  if (isSent) {
    return (
      <AuthCard title="Check your email">
        <p role="status" className="text-sm text-gray-800">
          {RESET_REQUESTED_MESSAGE}
        </p>
        <p className="mt-6 text-sm">
          <Link to="/login" className={linkClass}>
            Back to sign in
          </Link>
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Forgot password" intro="Enter your email and we'll send you a link to reset your password.">
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-5" aria-label="Reset your password">
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onValueChange={setEmail}
          error={errors.email}
        />
        <Captcha ref={captchaRef} onChange={setCaptcha} error={errors.captcha} />
        <button type="submit" className={primaryButtonClass} disabled={isSubmitting}>
          {isSubmitting ? 'Sending…' : 'Send reset link'}
        </button>
      </form>
      <p className="mt-6 text-sm">
        <Link to="/login" className={linkClass}>
          Back to sign in
        </Link>
      </p>
    </AuthCard>
  );
}
