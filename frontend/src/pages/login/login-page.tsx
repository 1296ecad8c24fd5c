// /login (spec section 2, issue 4): email, password with show/hide, captcha, 'Forgot password' and
// 'Sign up'. Success → a success toast and / (or the address in `?next=`, e.g. /admin, when it is
// on this site); failure → toast 'Error' with the API's message and the captcha starts over.
// An account with two-step verification on (product rule 35) is asked next for the code from its
// authenticator app, or a recovery code, on the same page.
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { PAGES } from '../../../../core/pages';
import { LoginInput, type CurrentUser } from '../../../../core/auth';
import { AuthenticatorCode, RecoveryCode } from '../../../../core/two-step';
import { signIn, signInWithCode } from '../../api/auth';
import { errorMessageFor } from '../../api/client';
import { Captcha } from '../../components/captcha/captcha';
import { showToast } from '../../components/toast';
import { useDocumentTitle } from '../../components/use-document-title';
import { AuthCard, AuthForm, AuthenticatorCodeField, EmailField, PasswordField, TextField } from '../../components/forms/form-fields';
import { apiFieldErrors, failureToast, validate, type FieldErrors } from '../../components/forms/form-validation';
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
  const [needsCode, setNeedsCode] = useState(false);
  async function signedIn(user: CurrentUser | null) {
    showToast({ title: 'Signed in successfully', description: user ? `Welcome back, ${user.name}.` : 'Welcome back.' });
    await navigate(returnTo);
  }
  const { errors, isSubmitting, submit, captchaProps } = useCaptchaForm({
    schema: LoginInput,
    send: async (credentials) => {
      const answer = await signIn(credentials);
      if (answer && 'twoStepRequired' in answer) {
        setPassword('');
        setNeedsCode(true);
        return;
      }
      await signedIn(answer);
    },
    onFailure: (error) => showToast(failureToast(error, { title: 'Login failed', description: 'Failed to login' })),
  });

  if (needsCode) {
    return <SecondStep onSignedIn={signedIn} onStartAgain={() => setNeedsCode(false)} />;
  }

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

/**
 * The second step: the 6-digit code from the app (or a recovery code). A wrong code says so beside
 * the field; an expired sign-in or too many wrong codes go back to the password.
 */
function SecondStep({ onSignedIn, onStartAgain }: { onSignedIn: (user: CurrentUser | null) => Promise<void>; onStartAgain: () => void }) {
  const [useRecovery, setUseRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const field = useRecovery ? 'recoveryCode' : 'code';
  // The password form is gone: the keyboard's focus goes to the code's field (and to the other one on switching).
  const fieldRef = useRef<HTMLDivElement>(null);
  useEffect(() => fieldRef.current?.querySelector('input')?.focus(), [useRecovery]);

  async function onSubmit() {
    const parsed = validate(useRecovery ? RecoveryCode : AuthenticatorCode, value);
    if (!parsed.ok) return setErrors({ [field]: Object.values(parsed.errors)[0] });
    setBusy(true);
    setErrors({});
    setFormError(null);
    try {
      await onSignedIn(await signInWithCode(useRecovery ? { recoveryCode: parsed.data } : { code: parsed.data }));
    } catch (error) {
      const fields = apiFieldErrors(error);
      if (fields[field]) setErrors(fields);
      else setFormError(errorMessageFor(error, 'That could not be checked. Please try again.'));
      setValue('');
    } finally {
      setBusy(false);
    }
  }

  function switchKind() {
    setUseRecovery(!useRecovery);
    setValue('');
    setErrors({});
  }

  return (
    <AuthCard
      title="Two-step verification"
      intro={
        useRecovery
          ? 'Enter one of the recovery codes you saved when you turned on two-step verification. Each code works once.'
          : 'Enter the 6-digit code shown in your authenticator app.'
      }
    >
      <AuthForm label="Two-step verification" submitLabel="Verify" busyLabel="Checking…" isSubmitting={isBusy} onSubmit={onSubmit}>
        <div ref={fieldRef}>
          {useRecovery ? (
            <TextField
              key="recovery"
              label="Recovery code"
              name="recoveryCode"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              value={value}
              onValueChange={setValue}
              error={errors.recoveryCode}
            />
          ) : (
            <AuthenticatorCodeField key="code" label="Authentication code" value={value} onValueChange={setValue} error={errors.code} />
          )}
        </div>
        {formError ? (
          <div role="alert" className="space-y-2 text-sm text-red-700">
            <p>{formError}</p>
            <button type="button" className={linkClass} onClick={onStartAgain}>
              Sign in again
            </button>
          </div>
        ) : null}
      </AuthForm>
      <div className="mt-4 flex flex-wrap justify-between gap-3 text-sm">
        <button type="button" className={linkClass} onClick={switchKind}>
          {useRecovery ? 'Use a code from your app instead' : 'Use a recovery code instead'}
        </button>
        <button type="button" className={linkClass} onClick={onStartAgain}>
          Start again
        </button>
      </div>
    </AuthCard>
  );
}
