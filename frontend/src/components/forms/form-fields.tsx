// Labelled form controls and the card, form and link layout of the account pages (sign in, sign up,
// forgot and reset password; My Profile uses the fields). A field's message sits next to it and is
// tied to the control with aria-describedby; an invalid control carries aria-invalid.
import { useId, useState, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { Link } from 'react-router-dom';
import { inputClass, labelClass, linkClass, panelClass, primaryButtonClass } from '../styles';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange' | 'value'> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | undefined;
  hint?: ReactNode;
}

export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-700">
      {error}
    </p>
  );
}

/** What a field's control needs to be tied to its label, hint and error message. */
interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** A label, the control that `children` draws with `control`'s props, then the hint and the error. */
function Field({
  label,
  hint,
  error,
  children,
}: {
  label: string;
  hint: ReactNode;
  error: string | undefined;
  children: (control: ControlProps) => ReactNode;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-gray-700">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} error={error} />
    </div>
  );
}

export function TextField({ label, value, onValueChange, error, hint, ...inputProps }: TextFieldProps) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => (
        <input
          {...inputProps}
          {...control}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          className={inputClass}
        />
      )}
    </Field>
  );
}

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'onChange' | 'value'> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | undefined;
  hint?: ReactNode;
  /** The <option>s (and <optgroup>s). */
  children: ReactNode;
}

export function SelectField({ label, value, onValueChange, error, hint, children, ...selectProps }: SelectFieldProps) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => (
        <select {...selectProps} {...control} value={value} onChange={(event) => onValueChange(event.target.value)} className={inputClass}>
          {children}
        </select>
      )}
    </Field>
  );
}

/** An empty first option, then one option per value (its text is the value). */
export function OptionList({ placeholder, values }: { placeholder: string; values: readonly string[] }) {
  return (
    <>
      <option value="">{placeholder}</option>
      {values.map((value) => (
        <option key={value} value={value}>
          {value}
        </option>
      ))}
    </>
  );
}

interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'onChange' | 'value'> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | undefined;
  hint?: ReactNode;
}

export function TextAreaField({ label, value, onValueChange, error, hint, ...textareaProps }: TextAreaFieldProps) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => <textarea {...textareaProps} {...control} value={value} onChange={(event) => onValueChange(event.target.value)} className={inputClass} />}
    </Field>
  );
}

/** The account forms' email field (sign in, sign up, forgot password). */
export function EmailField({ value, onValueChange, error }: Pick<TextFieldProps, 'value' | 'onValueChange' | 'error'>) {
  return (
    <TextField
      label="Email"
      type="email"
      name="email"
      autoComplete="email"
      value={value}
      onValueChange={onValueChange}
      error={error}
    />
  );
}

/** A code from an authenticator app (two-step verification): digits, and the phone's one-time-code autofill. */
export function AuthenticatorCodeField({ label, value, onValueChange, error }: Pick<TextFieldProps, 'label' | 'value' | 'onValueChange' | 'error'>) {
  return (
    <TextField label={label} name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={20} value={value} onValueChange={onValueChange} error={error} />
  );
}

interface PasswordFieldProps {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | undefined;
  autoComplete: 'current-password' | 'new-password';
  name?: string;
  hint?: ReactNode;
}

/** A password input with a show/hide toggle (a toggle button: its name stays, aria-pressed says whether it shows). */
export function PasswordField({ label, value, onValueChange, error, autoComplete, name = 'password', hint }: PasswordFieldProps) {
  const [isVisible, setVisible] = useState(false);
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => (
        <div className="relative">
          <input
            {...control}
            name={name}
            type={isVisible ? 'text' : 'password'}
            value={value}
            onChange={(event) => onValueChange(event.target.value)}
            autoComplete={autoComplete}
            className={`${inputClass} pr-20`}
          />
          <button
            type="button"
            onClick={() => setVisible((visible) => !visible)}
            aria-pressed={isVisible}
            aria-label={`Show ${label.toLowerCase()}`}
            aria-controls={control.id}
            className="absolute inset-y-0 right-0 rounded-r-md px-3 text-sm font-medium text-blue-700 hover:text-blue-900"
          >
            {isVisible ? 'Hide' : 'Show'}
          </button>
        </div>
      )}
    </Field>
  );
}

/** The card that holds an account form. */
export function AuthCard({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:px-6">
      <div className={`${panelClass} sm:p-8`}>
        <h1 className="text-2xl font-bold tracking-tight text-gray-900">{title}</h1>
        {intro ? <div className="mt-2 text-sm text-gray-700">{intro}</div> : null}
        <div className="mt-6">{children}</div>
      </div>
    </div>
  );
}

/**
 * An account form: its fields, then the submit button, which is disabled and says what is
 * happening ('Signing in…') while the form sends.
 */
export function AuthForm({
  label,
  submitLabel,
  busyLabel,
  isSubmitting,
  onSubmit,
  children,
}: {
  /** The form's accessible name. */
  label: string;
  submitLabel: string;
  busyLabel: string;
  isSubmitting: boolean;
  onSubmit: () => Promise<void>;
  children: ReactNode;
}) {
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
      className="space-y-5"
      aria-label={label}
    >
      {children}
      <button type="submit" className={`${primaryButtonClass} w-full`} disabled={isSubmitting}>
        {isSubmitting ? busyLabel : submitLabel}
      </button>
    </form>
  );
}

/** The link under an account card's content ('Back to sign in'). */
export function CardFooterLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <p className="mt-6 text-sm">
      <Link to={to} className={linkClass}>
        {children}
      </Link>
    </p>
  );
}
