// The small forms of Account settings (product rules 32 and 35): their buttons, and the submit logic
// that validates, sends and shows field errors or the API's message.
import { useState } from 'react';
import { errorMessageFor } from '../../api/client';
import { PasswordField } from '../../components/forms/form-fields';
import { apiFieldErrors, type FieldErrors } from '../../components/forms/form-validation';
import { primaryButtonClass, secondaryButtonClass } from '../../components/styles';

export function FormButtons({ isBusy, label, onCancel }: { isBusy: boolean; label: string; onCancel: () => void }) {
  return (
    <div className="flex flex-wrap gap-3">
      <button type="submit" disabled={isBusy} className={primaryButtonClass}>
        {isBusy ? 'Saving…' : label}
      </button>
      <button type="button" onClick={onCancel} className={secondaryButtonClass}>
        Cancel
      </button>
    </div>
  );
}

/** The current password, asked for again before a change (e-mail, password, two-step verification). */
export function CurrentPasswordField({ value, onValueChange, error, hint }: { value: string; onValueChange: (value: string) => void; error: string | undefined; hint?: string | undefined }) {
  return (
    <PasswordField
      label="Current password"
      name="currentPassword"
      autoComplete="current-password"
      value={value}
      onValueChange={onValueChange}
      error={error}
      hint={hint}
    />
  );
}

/** Shared submit logic: validate, send, show field errors or the API's message. */
export function useSettingForm() {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  async function run<T>(work: () => Promise<T>, onDone: (answer: T) => void) {
    setBusy(true);
    setFormError(null);
    try {
      onDone(await work());
    } catch (error) {
      const fields = apiFieldErrors(error);
      setErrors(fields);
      if (Object.keys(fields).length === 0) setFormError(errorMessageFor(error, 'That could not be saved. Please try again.'));
    } finally {
      setBusy(false);
    }
  }
  const alert = formError ? (
    <p role="alert" className="text-sm text-red-700">
      {formError}
    </p>
  ) : null;
  return { errors, setErrors, isBusy, run, alert };
}
