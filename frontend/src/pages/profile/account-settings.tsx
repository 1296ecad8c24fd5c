// 'Account settings' on My Profile (product rule 32): the name, the e-mail address (a link goes to
// the new address and the change happens only when it is opened; the current address is told) and
// the password (the current one required; every other session is signed out). Each is its own small
// form, opened with its 'Change …' button, with messages beside the fields and a status line; then
// two-step verification (product rule 35, two-step-settings.tsx).
import { useState, type FormEvent, type ReactNode } from 'react';
import { ChangeEmailInput, ChangeNameInput, ChangePasswordInput } from '../../../../core/account';
import { changeName, changePassword, requestEmailChange } from '../../api/account';
import type { CurrentUser } from '../../api/current-user';
import { PasswordField, TextField } from '../../components/forms/form-fields';
import { validate } from '../../components/forms/form-validation';
import { panelClass, sectionHeadingClass, smallButtonClass } from '../../components/styles';
import { CurrentPasswordField, FormButtons, useSettingForm } from './settings-form';
import { TwoStepSettings } from './two-step-settings';

type Setting = 'name' | 'email' | 'password';

export function AccountSettings({ user }: { user: CurrentUser }) {
  const [open, setOpen] = useState<Setting | null>(null);
  const [status, setStatus] = useState<string | null>(null);

  function done(message: string) {
    setOpen(null);
    setStatus(message);
  }

  return (
    <section aria-labelledby="account-settings" className={panelClass}>
      <h2 id="account-settings" className={sectionHeadingClass}>
        Account settings
      </h2>
      <p role="status" className="mt-2 text-sm text-green-800">
        {status}
      </p>
      <div className="mt-2 divide-y divide-gray-200">
        <SettingRow
          title="Name"
          current={user.name}
          isOpen={open === 'name'}
          onOpen={() => { setStatus(null); setOpen('name'); }}
        >
          <NameForm initial={user.name} onDone={done} onCancel={() => setOpen(null)} />
        </SettingRow>
        <SettingRow
          title="Email"
          current={user.email}
          isOpen={open === 'email'}
          onOpen={() => { setStatus(null); setOpen('email'); }}
        >
          <EmailForm onDone={done} onCancel={() => setOpen(null)} />
        </SettingRow>
        <SettingRow
          title="Password"
          current="••••••••"
          isOpen={open === 'password'}
          onOpen={() => { setStatus(null); setOpen('password'); }}
        >
          <PasswordForm onDone={done} onCancel={() => setOpen(null)} />
        </SettingRow>
        <TwoStepSettings onStatus={setStatus} />
      </div>
    </section>
  );
}

function SettingRow({ title, current, isOpen, onOpen, children }: { title: string; current: string; isOpen: boolean; onOpen: () => void; children: ReactNode }) {
  return (
    <div className="py-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm font-medium text-gray-700">{title}</p>
          <p className="mt-1 break-all text-gray-900">{current}</p>
        </div>
        {isOpen ? null : (
          <button type="button" className={smallButtonClass} onClick={onOpen}>
            Change {title.toLowerCase()}
          </button>
        )}
      </div>
      {isOpen ? <div className="mt-4">{children}</div> : null}
    </div>
  );
}

interface FormProps {
  onDone: (message: string) => void;
  onCancel: () => void;
}

function NameForm({ initial, onDone, onCancel }: FormProps & { initial: string }) {
  const [name, setName] = useState(initial);
  const form = useSettingForm();
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = validate(ChangeNameInput, { name });
    if (!parsed.ok) return form.setErrors(parsed.errors);
    void form.run(() => changeName(parsed.data.name), onDone);
  }
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Change name" className="space-y-4">
      <TextField label="New name" name="name" autoComplete="name" value={name} onValueChange={setName} error={form.errors.name} />
      {form.alert}
      <FormButtons isBusy={form.isBusy} label="Save name" onCancel={onCancel} />
    </form>
  );
}

function EmailForm({ onDone, onCancel }: FormProps) {
  const [email, setEmail] = useState('');
  const [currentPassword, setCurrentPassword] = useState('');
  const form = useSettingForm();
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = validate(ChangeEmailInput, { email, currentPassword });
    if (!parsed.ok) return form.setErrors(parsed.errors);
    void form.run(() => requestEmailChange(parsed.data.email, parsed.data.currentPassword), onDone);
  }
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Change email" className="space-y-4">
      <TextField
        label="New email address"
        name="newEmail"
        type="email"
        autoComplete="email"
        value={email}
        onValueChange={setEmail}
        error={form.errors.email}
        hint="We send a link to the new address; your address changes only when you open it. We also tell your current address."
      />
      <CurrentPasswordField value={currentPassword} onValueChange={setCurrentPassword} error={form.errors.currentPassword} />
      {form.alert}
      <FormButtons isBusy={form.isBusy} label="Send confirmation link" onCancel={onCancel} />
    </form>
  );
}

function PasswordForm({ onDone, onCancel }: FormProps) {
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const form = useSettingForm();
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = validate(ChangePasswordInput, { currentPassword, newPassword });
    if (!parsed.ok) return form.setErrors(parsed.errors);
    void form.run(() => changePassword(parsed.data.currentPassword, parsed.data.newPassword), onDone);
  }
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Change password" className="space-y-4">
      <CurrentPasswordField value={currentPassword} onValueChange={setCurrentPassword} error={form.errors.currentPassword} />
      <PasswordField
        label="New password"
        name="newPassword"
        autoComplete="new-password"
        value={newPassword}
        onValueChange={setNewPassword}
        error={form.errors.newPassword}
        hint="At least 8 characters. Changing it signs you out on every other device."
      />
      {form.alert}
      <FormButtons isBusy={form.isBusy} label="Change password" onCancel={onCancel} />
    </form>
  );
}
