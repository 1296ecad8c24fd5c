// 'Signed-in devices' on My Profile (ASVS V7.5.2, core/sessions.ts): every browser where the account
// is signed in now, named from its User-Agent ('Chrome on Windows'), with when it signed in and was
// last used, 'This device' for the one in hand; sign out any other one, or all the others at once.
// This device is signed out with Sign Out, not here. Times are UK time.
import { useRef, useState } from 'react';
import type { AccountSession } from '../../../../core/sessions';
import { errorMessageFor } from '../../api/client';
import { endOtherSessions, endSession, useAccountSessions } from '../../api/sessions';
import { showToast } from '../../components/toast';
import { panelClass, secondaryButtonClass, sectionHeadingClass, smallButtonClass } from '../../components/styles';

const SESSION_TIME = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/London' });

/** '3 Mar 2026, 14:05' (UK time), or 'Unknown' for a session from before times were kept. */
export function formatSessionTime(iso: string | null): string {
  const date = iso ? new Date(iso) : null;
  return date && !Number.isNaN(date.getTime()) ? SESSION_TIME.format(date) : 'Unknown';
}

export function SessionsSection() {
  // The list on hand is shown while it is read again (each time the section mounts).
  const { sessions, error, reload } = useAccountSessions();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The handle being signed out, or 'others'; one action at a time.
  const [busy, setBusy] = useState<string | null>(null);
  const others = sessions?.filter((session) => !session.isCurrent) ?? [];

  /** A row's button has gone with its row: keep the keyboard in this section. */
  function focusHeading() {
    window.setTimeout(() => headingRef.current?.focus(), 0);
  }

  async function signOutOne(session: AccountSession) {
    setBusy(session.handle);
    try {
      const answer = await endSession(session.handle);
      showToast({ title: 'Device signed out', description: answer?.message ?? `${session.device} has been signed out.` });
      focusHeading();
    } catch (failure) {
      showToast({ title: 'Sign-out failed', description: errorMessageFor(failure, `${session.device} could not be signed out. Please try again.`), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }

  async function signOutOthers() {
    setBusy('others');
    try {
      const answer = await endOtherSessions();
      showToast({ title: 'Other devices signed out', description: answer?.message ?? 'Your other devices have been signed out.' });
      focusHeading();
    } catch (failure) {
      showToast({ title: 'Sign-out failed', description: errorMessageFor(failure, 'Your other devices could not be signed out. Please try again.'), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby="sessions-heading" className={panelClass}>
      <h2 id="sessions-heading" ref={headingRef} tabIndex={-1} className={`${sectionHeadingClass} outline-none`}>
        Signed-in devices
      </h2>
      <p className="mt-2 text-sm text-gray-700">
        Where your account is signed in now. If you do not recognise a device, sign it out and change your password.
      </p>
      {error !== undefined && !sessions ? (
        <div role="alert" className="mt-4 text-sm text-gray-800">
          <p>Your signed-in devices could not be loaded.</p>
          <button type="button" className={`${secondaryButtonClass} mt-2`} onClick={() => void reload()}>
            Try again
          </button>
        </div>
      ) : !sessions ? (
        <div role="status" className="mt-4 space-y-2">
          <span className="sr-only">Loading signed-in devices…</span>
          {[0, 1].map((i) => (
            <div key={i} aria-hidden="true" className="h-14 animate-pulse rounded bg-gray-100" />
          ))}
        </div>
      ) : sessions.length === 0 ? (
        <p className="mt-4 text-sm text-gray-700">No devices are signed in.</p>
      ) : (
        <>
          <ul className="mt-4 divide-y divide-gray-200 rounded-md border border-gray-200" aria-label="Signed-in devices">
            {sessions.map((session) => (
              <SessionRow key={session.handle} session={session} isBusy={busy !== null} onSignOut={() => void signOutOne(session)} />
            ))}
          </ul>
          {others.length > 0 ? (
            <button type="button" className={`${secondaryButtonClass} mt-4`} disabled={busy !== null} onClick={() => void signOutOthers()}>
              {busy === 'others' ? 'Signing out…' : 'Sign out all other devices'}
            </button>
          ) : (
            <p className="mt-4 text-sm text-gray-700">You are not signed in on any other device.</p>
          )}
        </>
      )}
    </section>
  );
}

function SessionRow({ session, isBusy, onSignOut }: { session: AccountSession; isBusy: boolean; onSignOut: () => void }) {
  const detailsId = `session-${session.handle}`;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
      <div className="min-w-0">
        <p className="font-medium text-gray-900">
          {session.device}
          {session.isCurrent ? (
            <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">This device</span>
          ) : null}
        </p>
        <p id={detailsId} className="mt-1 text-sm text-gray-700">
          Signed in {formatSessionTime(session.signedInAt)} · Last active {formatSessionTime(session.lastActiveAt)}
        </p>
      </div>
      {session.isCurrent ? null : (
        <button type="button" className={smallButtonClass} disabled={isBusy} onClick={onSignOut} aria-label={`Sign out ${session.device}`} aria-describedby={detailsId}>
          Sign out
        </button>
      )}
    </li>
  );
}
