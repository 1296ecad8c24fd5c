// Two-step verification in Account settings (product rule 35). Off: 'Turn on' asks for the password,
// shows a QR code and the secret to type in by hand, and turns it on once a code from the app is
// right; the ten recovery codes are then shown once, to copy or download. On: how many recovery
// codes are left, 'New recovery codes' and 'Turn off' (each asks for the password).
import { useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { AuthenticatorCode, TwoStepPasswordInput, type TwoStepSetup, type TwoStepStatus } from '../../../../core/two-step';
import { disableTwoStep, enableTwoStep, replaceRecoveryCodes, startTwoStepSetup, TWO_STEP_STATUS_KEY } from '../../api/account';
import { errorMessageFor } from '../../api/client';
import { AuthenticatorCodeField } from '../../components/forms/form-fields';
import { validate } from '../../components/forms/form-validation';
import { primaryButtonClass, secondaryButtonClass, smallButtonClass } from '../../components/styles';
import { formatMemberSince } from './profile-form';
import { CurrentPasswordField, FormButtons, useSettingForm } from './settings-form';

type Step =
  | { kind: 'idle' }
  | { kind: 'password'; purpose: 'turn-on' | 'turn-off' | 'new-codes' }
  | { kind: 'scan'; setup: TwoStepSetup }
  | { kind: 'codes'; codes: string[]; message: string };

export function TwoStepSettings({ onStatus }: { onStatus: (message: string | null) => void }) {
  const { data: status, error, isLoading, mutate } = useSWR<TwoStepStatus | null>(TWO_STEP_STATUS_KEY);
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const cancel = () => setStep({ kind: 'idle' });

  let summary;
  if (isLoading) {
    // Not a live region: the section's own status line (Account settings) is the one to announce.
    summary = <p className="mt-1 text-sm text-gray-700">Checking two-step verification…</p>;
  } else if (error || !status) {
    summary = (
      <div role="alert" className="mt-1 text-sm text-red-700">
        <p>{errorMessageFor(error, 'Two-step verification could not be loaded. Please try again.')}</p>
        <button type="button" className={`${secondaryButtonClass} mt-2`} onClick={() => void mutate()}>
          Try again
        </button>
      </div>
    );
  } else if (status.enabled) {
    summary = (
      <p className="mt-1 text-gray-900">
        On since {formatMemberSince(status.enabledAt)}. {status.recoveryCodesLeft} of 10 recovery codes left.
      </p>
    );
  } else {
    summary = <p className="mt-1 text-gray-900">Off. Turn it on to ask for a code from an authenticator app after your password.</p>;
  }

  const start = (purpose: 'turn-on' | 'turn-off' | 'new-codes') => {
    onStatus(null);
    setStep({ kind: 'password', purpose });
  };

  return (
    <div className="py-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm font-medium text-gray-700">Two-step verification</p>
          {summary}
        </div>
        {step.kind === 'idle' && status ? (
          <div className="flex flex-wrap gap-2">
            {status.enabled ? (
              <>
                <button type="button" className={smallButtonClass} onClick={() => start('new-codes')}>
                  New recovery codes
                </button>
                <button type="button" className={smallButtonClass} onClick={() => start('turn-off')}>
                  Turn off two-step verification
                </button>
              </>
            ) : (
              <button type="button" className={smallButtonClass} onClick={() => start('turn-on')}>
                Turn on two-step verification
              </button>
            )}
          </div>
        ) : null}
      </div>
      {step.kind === 'password' ? (
        <div className="mt-4">
          <PasswordStep
            purpose={step.purpose}
            onCancel={cancel}
            onSetup={(setup) => setStep({ kind: 'scan', setup })}
            onCodes={(codes, message) => setStep({ kind: 'codes', codes, message })}
            onDone={(message) => {
              cancel();
              onStatus(message);
            }}
          />
        </div>
      ) : null}
      {step.kind === 'scan' ? (
        <div className="mt-4">
          <ScanStep setup={step.setup} onCancel={cancel} onCodes={(codes, message) => setStep({ kind: 'codes', codes, message })} />
        </div>
      ) : null}
      {step.kind === 'codes' ? (
        <div className="mt-4">
          <RecoveryCodes
            codes={step.codes}
            message={step.message}
            onDone={() => {
              cancel();
              onStatus(step.message);
            }}
          />
        </div>
      ) : null}
    </div>
  );
}

const PASSWORD_STEP = {
  'turn-on': { label: 'Turn on two-step verification', submit: 'Continue' },
  'turn-off': { label: 'Turn off two-step verification', submit: 'Turn off' },
  'new-codes': { label: 'Make new recovery codes', submit: 'Make new codes' },
} as const;

function PasswordStep({
  purpose,
  onCancel,
  onSetup,
  onCodes,
  onDone,
}: {
  purpose: keyof typeof PASSWORD_STEP;
  onCancel: () => void;
  onSetup: (setup: TwoStepSetup) => void;
  onCodes: (codes: string[], message: string) => void;
  onDone: (message: string) => void;
}) {
  const [currentPassword, setCurrentPassword] = useState('');
  const form = useSettingForm();
  const text = PASSWORD_STEP[purpose];
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = validate(TwoStepPasswordInput, { currentPassword });
    if (!parsed.ok) return form.setErrors(parsed.errors);
    const password = parsed.data.currentPassword;
    if (purpose === 'turn-on') void form.run(() => startTwoStepSetup(password), onSetup);
    else if (purpose === 'new-codes') void form.run(() => replaceRecoveryCodes(password), (answer) => onCodes(answer.recoveryCodes, answer.message));
    else void form.run(() => disableTwoStep(password), onDone);
  }
  return (
    <form noValidate onSubmit={onSubmit} aria-label={text.label} className="space-y-4">
      <CurrentPasswordField
        value={currentPassword}
        onValueChange={setCurrentPassword}
        error={form.errors.currentPassword}
        hint={purpose === 'turn-off' ? 'Turning it off signs you out on every other device.' : undefined}
      />
      {form.alert}
      <FormButtons isBusy={form.isBusy} label={text.submit} onCancel={onCancel} />
    </form>
  );
}

/** The secret in groups of four, as authenticator apps show typed keys. */
function groupSecret(secret: string): string {
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

function ScanStep({ setup, onCancel, onCodes }: { setup: TwoStepSetup; onCancel: () => void; onCodes: (codes: string[], message: string) => void }) {
  const [code, setCode] = useState('');
  const form = useSettingForm();
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = validate(AuthenticatorCode, code);
    if (!parsed.ok) return form.setErrors({ code: Object.values(parsed.errors)[0] });
    void form.run(() => enableTwoStep(parsed.data), (answer) => onCodes(answer.recoveryCodes, answer.message));
  }
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Scan the code and confirm" className="space-y-4">
      <ol className="list-decimal space-y-2 pl-5 text-sm text-gray-800">
        <li>Open an authenticator app on your phone (for example Google Authenticator, Microsoft Authenticator or 1Password).</li>
        <li>Scan this QR code with it, or type in the key below.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`}
        alt="QR code to add ITConnect to your authenticator app"
        width={192}
        height={192}
        className="rounded border border-gray-200"
      />
      <div>
        <p className="text-sm font-medium text-gray-700">Key, to type in by hand</p>
        <p className="mt-1 break-all font-mono text-gray-900" data-testid="two-step-secret">
          {groupSecret(setup.secret)}
        </p>
      </div>
      <AuthenticatorCodeField label="Code from the app" value={code} onValueChange={setCode} error={form.errors.code} />
      {form.alert}
      <FormButtons isBusy={form.isBusy} label="Turn on" onCancel={onCancel} />
    </form>
  );
}

function RecoveryCodes({ codes, message, onDone }: { codes: string[]; message: string; onDone: () => void }) {
  const fileUrl = `data:text/plain;charset=utf-8,${encodeURIComponent(
    `ITConnect recovery codes\nEach code works once, in place of a code from your authenticator app.\n\n${codes.join('\n')}\n`,
  )}`;
  return (
    <section aria-labelledby="recovery-codes-heading" className="space-y-4 rounded-md border border-amber-300 bg-amber-50 p-4">
      <h3 id="recovery-codes-heading" className="font-semibold text-gray-900">
        Your recovery codes
      </h3>
      <p className="text-sm text-gray-800">
        {message} If you lose your phone, each code signs you in once in place of a code from the app. They are shown only
        now.
      </p>
      <ul className="grid grid-cols-2 gap-2 font-mono text-gray-900" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <a href={fileUrl} download="itconnect-recovery-codes.txt" className={secondaryButtonClass}>
          Download codes
        </a>
        <button type="button" className={primaryButtonClass} onClick={onDone}>
          I have saved my codes
        </button>
      </div>
    </section>
  );
}
