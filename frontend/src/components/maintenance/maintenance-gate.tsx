// The maintenance gate (spec "Maintenance gate", product rule 12): 'We'll be with you soon', one
// required access-code field (a password field) and 'Proceed' ('Checking...' while busy). The code
// is right → toast 'Access granted' and the page reloads (the unlock cookie now lets the probe
// through); wrong → destructive toast 'Access denied' / 'Incorrect password. Please try again.'
// (any failure means denied, spec section 7; too many tries shows the API's own message).
// Administrators sign in from here: the sign-in page is always reachable. An admin signed in but
// still at the gate lacks two-step verification where admins need it (product rule 35): they are
// told to get in with the access code and turn it on.
import { useId, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { MAINTENANCE_MESSAGES } from '../../../../core/maintenance-texts';
import { ApiRequestError } from '../../api/client';
import { isAdmin, type CurrentUser } from '../../api/current-user';
import { unlockMaintenance } from '../../api/maintenance';
import { useCurrentUser } from '../../api/use-current-user';
import { useSiteConfig } from '../../api/use-site-config';
import { signInPathFor } from '../return-path';
import { showToast } from '../toast';
import { useDocumentTitle } from '../use-document-title';
import { inputClass, labelClass, linkClass, panelClass, primaryButtonClass } from '../styles';

/** How long 'Access granted' shows before the page reloads into the site. */
export const RELOAD_AFTER_UNLOCK_MS = 1200;

export function MaintenanceGate({ reload = () => window.location.reload() }: { reload?: () => void }) {
  useDocumentTitle(MAINTENANCE_MESSAGES.gateTitle);
  const { user } = useCurrentUser();
  const { pathname, search } = useLocation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [isChecking, setChecking] = useState(false);
  const fieldId = useId();
  const errorId = `${fieldId}-error`;
  const hintId = `${fieldId}-hint`;
  const next = pathname === '/login' ? '/' : `${pathname}${search}`;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (code === '') {
      setError(MAINTENANCE_MESSAGES.accessCodeRequired);
      return;
    }
    setError(undefined);
    setChecking(true);
    try {
      await unlockMaintenance(code);
    } catch (failure) {
      setChecking(false);
      const isRateLimited = failure instanceof ApiRequestError && failure.status === 429;
      showToast({
        title: MAINTENANCE_MESSAGES.accessDeniedTitle,
        description: isRateLimited && failure.apiMessage ? failure.apiMessage : MAINTENANCE_MESSAGES.accessDenied,
        variant: 'destructive',
      });
      return;
    }
    showToast({ title: MAINTENANCE_MESSAGES.accessGrantedTitle, description: 'Taking you to the site…' });
    window.setTimeout(reload, RELOAD_AFTER_UNLOCK_MS);
  }

  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:px-6">
      <div className={`${panelClass} sm:p-8`}>
        <h1 className="text-2xl font-bold tracking-tight text-gray-900">{MAINTENANCE_MESSAGES.gateTitle}</h1>
        <p className="mt-3 text-gray-700">
          ITConnect is closed for maintenance for a short while. Please come back soon: your account and listings are
          safe.
        </p>
        <form noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Beta tester access" className="mt-6 space-y-4">
          <div>
            <label htmlFor={fieldId} className={labelClass}>
              Access code
            </label>
            <input
              id={fieldId}
              name="access-code"
              type="password"
              required
              autoComplete="off"
              value={code}
              onChange={(event) => setCode(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={[hintId, error ? errorId : null].filter(Boolean).join(' ')}
              className={inputClass}
            />
            <p id={hintId} className="mt-1 text-sm text-gray-700">
              Beta testers: enter the access code you were given.
            </p>
            {error ? (
              <p id={errorId} className="mt-1 text-sm text-red-700">
                {error}
              </p>
            ) : null}
          </div>
          <button type="submit" className={`${primaryButtonClass} w-full`} disabled={isChecking}>
            {isChecking ? 'Checking...' : 'Proceed'}
          </button>
        </form>
        <p className="mt-6 border-t border-gray-200 pt-4 text-sm text-gray-700">
          {user && isAdmin(user) ? (
            <SignedInAdminNote user={user} />
          ) : user ? (
            <>Signed in as {user.name}. Only administrators can use the site during maintenance.</>
          ) : (
            <>
              Administrator?{' '}
              <Link to={signInPathFor(next)} className={linkClass}>
                Sign in
              </Link>
            </>
          )}
        </p>
      </div>
    </div>
  );
}

/** Whom the gate keeps out although they are an admin: one without two-step verification where it is required. */
function SignedInAdminNote({ user }: { user: CurrentUser }) {
  const { config } = useSiteConfig();
  if (config?.adminTwoStepRequired && !user.twoStepEnabled) {
    return (
      <>
        Signed in as {user.name}. Administrators need two-step verification on to use the site during maintenance: enter
        the access code above (another administrator can give it to you), then turn it on in Account settings on My
        Profile.
      </>
    );
  }
  // Two-step verification on, or not needed: the layout's probe lets them through in a moment.
  return <>Signed in as {user.name}. Only administrators can use the site during maintenance.</>;
}
