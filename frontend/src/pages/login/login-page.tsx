// /login (spec section 2, issue 4): email, password with show/hide, captcha, 'Forgot password' and
// 'Sign up'. Success → a success toast and /; failure → toast 'Error' with the API's message and
// the captcha starts over.
import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { LoginInput } from '../../../../core/auth';
import { signIn } from '../../api/auth';
import { Captcha, type CaptchaHandle } from '../../components/captcha/captcha';
import { showToast } from '../../components/toast';
import { useDocumentTitle } from '../../components/use-document-title';
import { AuthCard, linkClass, PasswordField, primaryButtonClass, TextField } from './form-fields';
import { failureToast, validate, type FieldErrors } from './form-validation';

export function LoginPage() {
  useDocumentTitle('Sign in');
  const navigate = useNavigate();
  const captchaRef = useRef<CaptchaHandle>(null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isSubmitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = validate(LoginInput, { email, password, captcha: captcha ?? '' });
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      const user = await signIn(result.data);
      showToast({ title: 'Signed in successfully', description: user ? `Welcome back, ${user.name}.` : 'Welcome back.' });
      await navigate('/');
    } catch (error) {
      showToast(failureToast(error, { title: 'Login failed', description: 'Failed to login' }));
      captchaRef.current?.reset();
    } finally {
      setSubmitting(false);
    }
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
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-5" aria-label="Sign in">
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onValueChange={setEmail}
          error={errors.email}
        />
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
        <Captcha ref={captchaRef} onChange={setCaptcha} error={errors.captcha} />
        <button type="submit" className={primaryButtonClass} disabled={isSubmitting}>
          {isSubmitting ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </AuthCard>
  );
}
