// /login (spec section 2, issue 4): email, password with show/hide, captcha, 'Forgot password' and
// 'Sign up'. Success → a success toast and / (or the address in `?next=`, e.g. /admin, when it is
// on this site); failure → toast 'Error' with the API's message and the captcha starts over.
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { PAGES } from '../../../../core/pages';
import { LoginInput } from '../../../../core/auth';
import { signIn } from '../../api/auth';
import { Captcha } from '../../components/captcha/captcha';
import { showToast } from '../../components/toast';
import { useDocumentTitle } from '../../components/use-document-title';
import { AuthCard, AuthForm, EmailField, PasswordField } from '../../components/forms/form-fields';
import { failureToast } from '../../components/forms/form-validation';
import { safeReturnPath } from '../../components/return-path';
import { useCaptchaForm } from '../../components/forms/use-captcha-form';
import { linkClass } from '../../components/styles';

export function LoginPage() {
  useDocumentTitle(PAGES.login.title);
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const returnTo = safeReturnPath(searchParams.get('next')) ?? '/';
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { errors, isSubmitting, submit, captchaProps } = useCaptchaForm({
    schema: LoginInput,
    send: async (credentials) => {
      const user = await signIn(credentials);
      showToast({ title: 'Signed in successfully', description: user ? `Welcome back, ${user.name}.` : 'Welcome back.' });
      await navigate(returnTo);
    },
    onFailure: (error) => showToast(failureToast(error, { title: 'Login failed', description: 'Failed to login' })),
  });

  return (
    <AuthCard
      title="Sign in"
      intro={
        <>
          Don&apos;t have an account?{' '}
          <Link to="/register" className={linkClass}>
            Sign up
          </Link>
        </>
      }
    >
      <AuthForm
        label="Sign in"
        submitLabel="Sign in"
        busyLabel="Signing in…"
        isSubmitting={isSubmitting}
        onSubmit={() => submit({ email, password })}
      >
        <EmailField value={email} onValueChange={setEmail} error={errors.email} />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          value={password}
          onValueChange={setPassword}
          error={errors.password}
        />
        <p className="text-right text-sm">
          <Link to="/forgot-password" className={linkClass}>
            Forgot password?
          </Link>
        </p>
        <Captcha {...captchaProps} />
      </AuthForm>
    </AuthCard>
  );
}
