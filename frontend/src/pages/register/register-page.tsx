// /register (spec section 2, issue 4): customer sign-up with full name, email, password and captcha.
// Registration always creates a customer; professionals join through /apply.
import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { RegisterInput } from '../../../../core/auth';
import { register } from '../../api/auth';
import { Captcha, type CaptchaHandle } from '../../components/captcha/captcha';
import { showToast } from '../../components/toast';
import { useDocumentTitle } from '../../components/use-document-title';
import { AuthCard, linkClass, PasswordField, primaryButtonClass, TextField } from '../login/form-fields';
import { apiFieldErrors, failureToast, validate, type FieldErrors } from '../login/form-validation';

export function RegisterPage() {
  useDocumentTitle('Create an account');
  const navigate = useNavigate();
  const captchaRef = useRef<CaptchaHandle>(null);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isSubmitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = validate(RegisterInput, { name, email, password, captcha: captcha ?? '' });
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      const user = await register({
        name: result.data.name,
        email: result.data.email,
        password: result.data.password,
        captcha: result.data.captcha,
      });
      showToast({
        title: 'Account created',
        description: user ? `Welcome to ITConnect, ${user.name}.` : 'Welcome to ITConnect.',
      });
      await navigate('/');
    } catch (error) {
      setErrors(apiFieldErrors(error));
      showToast(failureToast(error, { title: 'Registration failed', description: 'Failed to create account' }));
      captchaRef.current?.reset();
    } finally {
      setSubmitting(false);
    }
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
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-5" aria-label="Create an account">
        <TextField label="Full name" name="name" autoComplete="name" value={name} onValueChange={setName} error={errors.name} />
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
          autoComplete="new-password"
          value={password}
          onValueChange={setPassword}
          error={errors.password}
          hint="At least 6 characters."
        />
        <Captcha ref={captchaRef} onChange={setCaptcha} error={errors.captcha} />
        <button type="submit" className={primaryButtonClass} disabled={isSubmitting}>
          {isSubmitting ? 'Creating your account…' : 'Create account'}
        </button>
      </form>
      <div className="mt-8 border-t border-gray-200 pt-6 text-center">
        <p className="text-sm text-gray-700">Are you an IT professional or company?</p>
        <Link
          to="/apply"
          className="mt-3 inline-flex w-full items-center justify-center rounded-md border border-blue-700 px-4 py-2 text-sm font-semibold text-blue-700 hover:bg-blue-50"
        >
          Join As A Professional
        </Link>
      </div>
    </AuthCard>
  );
}
