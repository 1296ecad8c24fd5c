// Maintenance mode (product rule 12, spec "Admin dashboard"): the switch, with the spec's toasts
// ('Maintenance Mode Enabled' / 'Maintenance Mode Disabled', or 'Failed to toggle maintenance mode.
// Please try again.'), and the beta testers' access code (stored hashed by the API; at least 6
// characters). Shown even when the statistics fail to load: an admin must always be able to switch.
import { useId, useState, type FormEvent } from 'react';
import { ACCESS_CODE_MIN, ADMIN_MESSAGES, AccessCodeInput, type MaintenanceStatus } from '../../../../core/admin';
import { refreshAdminData, setAccessCode, toggleMaintenance } from '../../api/admin-actions';
import { errorMessageFor } from '../../api/client';
import { useMaintenanceStatus } from '../../api/use-admin';
import { PasswordField } from '../../components/forms/form-fields';
import { showToast } from '../../components/toast';
import { panelClass, primaryButtonClass, secondaryButtonClass, sectionHeadingClass } from '../../components/styles';

const CODE_SOURCES: Record<NonNullable<MaintenanceStatus['accessCodeSource']>, string> = {
  admin: 'set on this dashboard',
  environment: "taken from the server's settings (MAINTENANCE_ACCESS_CODE)",
};

/** panelClass in amber: the site is closed. */
const maintenanceOnPanelClass = 'rounded-lg border border-amber-500 bg-amber-50 p-6 shadow-sm';

export function MaintenancePanel() {
  const { status, error, isLoading, reload } = useMaintenanceStatus();
  const [isSwitching, setSwitching] = useState(false);
  const headingId = useId();
  const stateId = useId();
  const isOn = status?.enabled ?? false;

  async function onToggle() {
    if (!status) return;
    const enabled = !status.enabled;
    setSwitching(true);
    try {
      await toggleMaintenance(enabled);
      showToast(
        enabled
          ? { title: ADMIN_MESSAGES.maintenanceOnTitle, description: ADMIN_MESSAGES.maintenanceOn }
          : { title: ADMIN_MESSAGES.maintenanceOffTitle, description: ADMIN_MESSAGES.maintenanceOff },
      );
    } catch {
      showToast({ title: 'Error', description: ADMIN_MESSAGES.maintenanceToggleFailed, variant: 'destructive' });
    } finally {
      setSwitching(false);
    }
    await refreshAdminData();
  }

  return (
    <section aria-labelledby={headingId} className={isOn ? maintenanceOnPanelClass : panelClass}>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="max-w-2xl">
          <h2 id={headingId} className={sectionHeadingClass}>
            Maintenance mode
          </h2>
          <p id={stateId} className="mt-1 text-sm text-gray-800">
            {status === null
              ? 'Closes the site to everyone but administrators and beta testers with the access code.'
              : isOn
                ? 'On: only administrators, and beta testers who enter the access code, can use the site.'
                : 'Off: the site is open to everyone.'}
          </p>
        </div>
        {status ? (
          <button
            type="button"
            role="switch"
            aria-checked={isOn}
            aria-labelledby={headingId}
            aria-describedby={stateId}
            disabled={isSwitching}
            onClick={() => void onToggle()}
            className="inline-flex items-center gap-3 rounded-full py-1 pr-1 text-sm font-semibold text-gray-900 disabled:cursor-wait disabled:opacity-60"
          >
            <span aria-hidden="true">{isOn ? 'On' : 'Off'}</span>
            <span aria-hidden="true" className={`relative inline-block h-7 w-12 rounded-full transition-colors ${isOn ? 'bg-amber-600' : 'bg-gray-500'}`}>
              <span className={`absolute top-1 left-1 h-5 w-5 rounded-full bg-white shadow transition-transform ${isOn ? 'translate-x-5' : ''}`} />
            </span>
          </button>
        ) : null}
      </div>

      {error ? (
        <div role="alert" className="mt-4 text-sm text-red-800">
          <p>{ADMIN_MESSAGES.fetchMaintenanceFailed}</p>
          <button type="button" className={`${secondaryButtonClass} mt-2`} onClick={() => void reload()}>
            Try again
          </button>
        </div>
      ) : isLoading && !status ? (
        <p role="status" className="mt-4 text-sm text-gray-700">
          Loading…
        </p>
      ) : status ? (
        <AccessCodeForm status={status} />
      ) : null}
    </section>
  );
}

function AccessCodeForm({ status }: { status: MaintenanceStatus }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [isSaving, setSaving] = useState(false);
  const current = status.accessCodeSource
    ? `The access code in force is ${CODE_SOURCES[status.accessCodeSource]}.`
    : 'No access code is set: only administrators can use the site during maintenance.';

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = AccessCodeInput.safeParse({ code });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    setSaving(true);
    try {
      await setAccessCode(parsed.data.code);
      setCode('');
      showToast({ title: 'Access code saved', description: 'Beta testers now enter the new code; earlier unlocks no longer work.' });
    } catch (failure) {
      showToast({ title: 'Error', description: errorMessageFor(failure, 'Failed to save the access code. Please try again.'), variant: 'destructive' });
    } finally {
      setSaving(false);
    }
    await refreshAdminData();
  }

  return (
    <form noValidate aria-label="Beta testers' access code" onSubmit={(event) => void onSubmit(event)} className="mt-5 border-t border-gray-200 pt-5">
      <p className="text-sm text-gray-800">{current}</p>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="sm:w-80">
          <PasswordField
            label="New access code"
            name="access-code"
            autoComplete="new-password"
            value={code}
            onValueChange={setCode}
            error={error}
            hint={`At least ${ACCESS_CODE_MIN} characters. Give it only to beta testers.`}
          />
        </div>
        <button type="submit" className={`${primaryButtonClass} sm:mt-6`} disabled={isSaving}>
          {isSaving ? 'Saving…' : 'Save access code'}
        </button>
      </div>
    </form>
  );
}
