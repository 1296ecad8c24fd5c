// /register (spec section 2, issue 4): customer sign-up with full name, email, password and captcha.
// Registration always creates a customer; professionals join through /apply.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { RegisterInput } from '../../../../core/auth';
import { register } from '../../api/auth';
import { Captcha } from '../../components/captcha/captcha';
import { showToast } from '../../components/toast';
import { useDocumentTitle } from '../../components/use-document-title';
import { AuthCard, AuthForm, EmailField, linkClass, PasswordField, TextField } from '../login/form-fields';
import { apiFieldErrors, failureToast } from '../login/form-validation';
import { useCaptchaForm } from '../login/use-captcha-form';

export function RegisterPage() {
  useDocumentTitle('Create an account');
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { errors, setErrors, isSubmitting, submit, captchaProps } = useCaptchaForm({
    schema: RegisterInput,
    send: async (data) => {
      const user = await register({ name: data.name, email: data.email, password: data.password, captcha: data.captcha });
      showToast({
        title: 'Account created',
        description: user ? `Welcome to ITConnect, ${user.name}.` : 'Welcome to ITConnect.',
      });
      await navigate('/');
    },
    onFailure: (error) => {
      setErrors(apiFieldErrors(error));
      showToast(failureToast(error, { title: 'Registration failed', description: 'Failed to create account' }));
    },
  });

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
          hint="At least 6 characters."
        />
        <Captcha {...captchaProps} />
      </AuthForm>
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
