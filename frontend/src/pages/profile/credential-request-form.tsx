// /profile's form to ask for a check (product rule 45): the kind (its `ask` shown under it), the
// kind's fields, the expiry date where the kind has one, and up to three evidence files, each
// uploaded as soon as it is chosen (PUT, with its progress), then one POST naming them. Checked by
// the API's own zod input first (credential-form.ts); each message sits beside its field.
import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { ukIsoDate } from '../../../../core/credential-badges';
import { CERTIFICATION_VENDORS, CREDENTIAL_KIND_SPECS, EVIDENCE_TYPES, MAX_EVIDENCE_FILES, type CredentialKind } from '../../../../core/credentials';
import { ApiRequestError, errorMessageFor } from '../../api/client';
import { submitCredential, uploadEvidence } from '../../api/use-credentials';
import { focusFirstInvalid } from '../../components/forms/focus-invalid';
import { FieldError, OptionList, SelectField, TextField } from '../../components/forms/form-fields';
import type { FieldErrors } from '../../components/forms/form-validation';
import { labelTextClass, primaryButtonClass, secondaryButtonClass, smallButtonClass } from '../../components/styles';
import { showToast } from '../../components/toast';
import { DETAIL_FIELDS, evidenceFileProblem, KIND_OPTIONS, validateCredentialForm, type CredentialFormValues } from './credential-form';

interface Upload {
  key: number;
  fileName: string;
  /** 0 to 1 while it is sent. */
  progress: number;
  /** The stored name once the API has it. */
  name?: string;
  error?: string;
}

const EMPTY: CredentialFormValues = { kind: '', details: {}, expiresOn: '', evidence: [] };

/** The API's field messages, keyed by the whole path ('details.insurer'), as the form keys its own. */
function apiErrorsByPath(error: unknown): FieldErrors {
  return error instanceof ApiRequestError ? { ...(error.body?.error.fields ?? {}) } : {};
}

export function CredentialRequestForm({ onSubmitted }: { onSubmitted: () => void }) {
  const formRef = useRef<HTMLFormElement>(null);
  const nextKey = useRef(0);
  const fileInputId = useId();
  const [values, setValues] = useState<CredentialFormValues>(EMPTY);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const [formError, setFormError] = useState<string | undefined>();

  const spec = values.kind ? CREDENTIAL_KIND_SPECS[values.kind] : null;
  const isUploading = uploads.some((upload) => upload.name === undefined && upload.error === undefined);
  const activeUploads = uploads.filter((upload) => upload.error === undefined);

  function setDetail(key: string, value: string) {
    setValues((current) => ({ ...current, details: { ...current.details, [key]: value } }));
  }

  function chooseKind(kind: string) {
    setValues((current) => ({ ...current, kind: kind as CredentialKind | '', details: {}, expiresOn: '' }));
    setErrors({});
  }

  function updateUpload(key: number, change: Partial<Upload>) {
    setUploads((current) => current.map((upload) => (upload.key === key ? { ...upload, ...change } : upload)));
  }

  function onFiles(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    let room = MAX_EVIDENCE_FILES - activeUploads.length;
    const added: Upload[] = [];
    for (const file of files) {
      const key = nextKey.current++;
      const problem = room <= 0 ? `Attach at most ${MAX_EVIDENCE_FILES} files` : evidenceFileProblem(file);
      added.push({ key, fileName: file.name, progress: 0, ...(problem ? { error: problem } : {}) });
      if (problem) continue;
      room -= 1;
      uploadEvidence(file, (progress) => updateUpload(key, { progress }))
        .then((info) => updateUpload(key, { name: info.name, progress: 1 }))
        .catch((error: unknown) => updateUpload(key, { error: errorMessageFor(error, `${file.name} could not be uploaded. Please try again.`) }));
    }
    setUploads((current) => [...current, ...added]);
    setErrors((current) => ({ ...current, evidence: undefined }));
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFormError(undefined);
    if (isUploading) {
      setFormError('Wait for your files to finish uploading.');
      return;
    }
    const evidence = uploads.flatMap((upload) => (upload.name && !upload.error ? [upload.name] : []));
    const result = validateCredentialForm({ ...values, evidence }, ukIsoDate());
    if (!result.ok) {
      setErrors(result.errors);
      focusFirstInvalid(formRef.current);
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      await submitCredential(result.data);
      showToast({ title: 'Sent for review', description: `We will check your ${CREDENTIAL_KIND_SPECS[result.data.kind].name} and e-mail you when we have.` });
      setValues(EMPTY);
      setUploads([]);
      onSubmitted();
    } catch (error) {
      const fieldErrors = apiErrorsByPath(error);
      if (Object.keys(fieldErrors).length > 0) {
        setErrors(fieldErrors);
        focusFirstInvalid(formRef.current);
      }
      setFormError(errorMessageFor(error, 'Failed to send it. Please try again.'));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form ref={formRef} noValidate onSubmit={(event) => void onSubmit(event)} className="mt-8 space-y-4 border-t border-gray-200 pt-6" aria-labelledby="credential-form-heading">
      <h3 id="credential-form-heading" className="text-lg font-semibold text-gray-900">
        Ask for a check
      </h3>
      <SelectField label="What to have checked" name="kind" value={values.kind} onValueChange={chooseKind} error={errors.kind} hint={spec?.ask}>
        <option value="">Choose a check</option>
        {KIND_OPTIONS.map(({ kind, name }) => (
          <option key={kind} value={kind}>
            {name}
          </option>
        ))}
      </SelectField>

      {values.kind
        ? DETAIL_FIELDS[values.kind].map((field) =>
            field.input === 'vendor' ? (
              <SelectField
                key={field.key}
                label={field.label}
                name={`details.${field.key}`}
                value={values.details[field.key] ?? ''}
                onValueChange={(value) => setDetail(field.key, value)}
                error={errors[`details.${field.key}`]}
              >
                <OptionList placeholder="Choose the vendor" values={CERTIFICATION_VENDORS} />
              </SelectField>
            ) : (
              <TextField
                key={field.key}
                label={field.label}
                name={`details.${field.key}`}
                value={values.details[field.key] ?? ''}
                onValueChange={(value) => setDetail(field.key, value)}
                error={errors[`details.${field.key}`]}
                hint={field.hint}
                inputMode={field.input === 'pounds' ? 'numeric' : undefined}
              />
            ),
          )
        : null}

      {spec && spec.expiry !== 'none' ? (
        <TextField
          label={spec.expiry === 'optional' ? 'Date it expires (if it does)' : 'Date it expires'}
          name="expiresOn"
          type="date"
          value={values.expiresOn}
          onValueChange={(expiresOn) => setValues((current) => ({ ...current, expiresOn }))}
          error={errors.expiresOn}
        />
      ) : null}

      {spec ? (
        <div>
          <p className={labelTextClass} id={`${fileInputId}-label`}>
            Evidence{spec.evidenceRequired ? '' : ' (optional)'}
          </p>
          <p className="mt-1 text-sm text-gray-700" id={`${fileInputId}-hint`}>
            PDF, PNG or JPEG, up to 10 MB each, up to {MAX_EVIDENCE_FILES} files. Only you and our team can open them.
          </p>
          <label
            htmlFor={fileInputId}
            className={`${secondaryButtonClass} mt-2 cursor-pointer focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-blue-700 ${activeUploads.length >= MAX_EVIDENCE_FILES ? 'cursor-not-allowed opacity-60' : ''}`}
          >
            Choose files
            <input
              id={fileInputId}
              name="evidence"
              type="file"
              multiple
              accept={EVIDENCE_TYPES.join(',')}
              disabled={activeUploads.length >= MAX_EVIDENCE_FILES}
              onChange={onFiles}
              aria-describedby={`${fileInputId}-hint${errors.evidence ? ` ${fileInputId}-error` : ''}`}
              aria-invalid={errors.evidence ? true : undefined}
              className="sr-only"
            />
          </label>
          <FieldError id={`${fileInputId}-error`} error={errors.evidence} />
          {uploads.length > 0 ? (
            <ul className="mt-3 space-y-2 text-sm" aria-label="Files">
              {uploads.map((upload) => (
                <li key={upload.key} className="flex flex-wrap items-center gap-3">
                  <span className="min-w-0 break-all text-gray-900">{upload.fileName}</span>
                  {upload.error ? (
                    <span role="alert" className="text-red-700">
                      {upload.error}
                    </span>
                  ) : upload.name ? (
                    <span className="text-green-800">Uploaded</span>
                  ) : (
                    <progress value={upload.progress} max={1} aria-label={`Uploading ${upload.fileName}`} className="h-2 w-32" />
                  )}
                  {upload.name || upload.error ? (
                    <button type="button" className={smallButtonClass} onClick={() => setUploads((current) => current.filter((u) => u.key !== upload.key))}>
                      Remove<span className="sr-only"> {upload.fileName}</span>
                    </button>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}

      <div aria-live="polite" className="text-sm">
        {formError ? (
          <p role="alert" className="text-red-700">
            {formError}
          </p>
        ) : null}
      </div>
      <button type="submit" className={primaryButtonClass} disabled={isSubmitting}>
        {isSubmitting ? 'Sending…' : 'Send for review'}
      </button>
    </form>
  );
}
