// /register (spec section 2, issue 4): customer sign-up with full name, email, password and captcha.
// Registration always creates a customer; professionals join through /apply. The account is made
// when the e-mailed link is used (/confirm-email): the page then says to check the inbox, the same
// whether or not the address already has an account (the owner is e-mailed instead).
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { PAGES } from '../../../../core/pages';
import { NEW_PASSWORD_MIN } from '../../../../core/auth';
import { RegisterInput } from '../../../../core/auth';
import { register } from '../../api/auth';
import { Captcha } from '../../components/captcha/captcha';
import { showToast } from '../../components/toast';
import { useDocumentTitle } from '../../components/use-document-title';
import { AuthCard, AuthForm, CardFooterLink, EmailField, PasswordField, TextField } from '../../components/forms/form-fields';
import { apiFieldErrors, failureToast } from '../../components/forms/form-validation';
import { useCaptchaForm } from '../../components/forms/use-captcha-form';
import { linkClass, outlineButtonClass } from '../../components/styles';

export function RegisterPage() {
  useDocumentTitle(PAGES.register.title);
  const [sentTo, setSentTo] = useState<{ email: string; message: string } | null>(null);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { errors, setErrors, isSubmitting, submit, captchaProps } = useCaptchaForm({
    schema: RegisterInput,
    send: async (data) => {
      const message = await register({ name: data.name, email: data.email, password: data.password, captcha: data.captcha });
      setSentTo({ email: data.email, message });
    },
    onFailure: (error) => {
      setErrors(apiFieldErrors(error));
      showToast(failureToast(error, { title: 'Registration failed', description: 'Failed to create account' }));
    },
  });

  if (sentTo) {
    return (
      <AuthCard title="Check your e-mail">
        <div role="status" className="space-y-3 text-sm text-gray-800">
          <p>{sentTo.message}</p>
          <p>
            We sent it to <strong className="break-all">{sentTo.email}</strong>. If it does not arrive within a few minutes, look in
            your spam folder, or sign up again.
          </p>
        </div>
        <CardFooterLink to="/login">Back to sign in</CardFooterLink>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Create an account"
      intro={
        <>
          Already have an account?{' '}
          <Link to="/login" className={linkClass}>
            Sign in
          </Link>
        </>
      }
    >
      <AuthForm
        label="Create an account"
        submitLabel="Create account"
        busyLabel="Creating your account…"
        isSubmitting={isSubmitting}
        onSubmit={() => submit({ name, email, password })}
      >
        <TextField label="Full name" name="name" autoComplete="name" value={name} onValueChange={setName} error={errors.name} />
        <EmailField value={email} onValueChange={setEmail} error={errors.email} />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          value={password}
          onValueChange={setPassword}
          error={errors.password}
          hint={`At least ${NEW_PASSWORD_MIN} characters.`}
        />
        <Captcha {...captchaProps} />
      </AuthForm>
      <div className="mt-8 border-t border-gray-200 pt-6 text-center">
        <p className="text-sm text-gray-700">Are you an IT professional or company?</p>
        <Link
          to="/apply"
          className={`${outlineButtonClass} mt-3 w-full`}
        >
          Join As A Professional
        </Link>
      </div>
    </AuthCard>
  );
}
