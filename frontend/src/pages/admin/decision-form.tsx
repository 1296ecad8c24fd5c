// A reason an admin gives for an action that is kept or sent on: hiding and restoring a review,
// turning off a user's two-step verification. Opens inline beside the item, takes focus, and is
// checked with the same schema the API uses. (Rejecting an application asks in a confirmation
// dialog instead, which says what the rejection does: application-decision-dialog.tsx.)
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { TextAreaField } from '../../components/forms/form-fields';
import { dangerButtonClass, primaryButtonClass, secondaryButtonClass } from '../../components/styles';

interface ReasonFormProps {
  /** The form's name ('Reject Acme IT'). */
  label: string;
  fieldLabel: string;
  hint?: string;
  submitLabel: string;
  busyLabel: string;
  tone: 'danger' | 'primary';
  schema: z.ZodType<{ reason: string }>;
  onSubmit: (reason: string) => Promise<void>;
  onCancel: () => void;
}

export function ReasonForm({ label, fieldLabel, hint, submitLabel, busyLabel, tone, schema, onSubmit, onCancel }: ReasonFormProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [isBusy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const formId = useId();

  useEffect(() => {
    formRef.current?.querySelector('textarea')?.focus();
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = schema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please give a reason');
      formRef.current?.querySelector('textarea')?.focus();
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      await onSubmit(parsed.data.reason);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      ref={formRef}
      id={formId}
      noValidate
      aria-label={label}
      onSubmit={(event) => void submit(event)}
      className="mt-4 space-y-3 rounded-md border border-gray-300 bg-gray-50 p-4"
    >
      <TextAreaField label={fieldLabel} hint={hint} value={reason} onValueChange={setReason} error={error} rows={3} maxLength={2000} />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={tone === 'danger' ? dangerButtonClass : primaryButtonClass} disabled={isBusy}>
          {isBusy ? busyLabel : submitLabel}
        </button>
        <button type="button" className={secondaryButtonClass} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
