// The dashboard's people: users in use (filter All / Customer / Provider, spec "Admin dashboard"),
// archived users (and whether the retention job has anonymised them, product rule 14), and every
// professional listing with its subscription. Links to a listing use its slug (product rule 4).
// Each user in use can be signed out everywhere (ASVS V7.4.5): every session ends at once, for a
// stolen cookie or a shared computer; the audit log records it. Two-step verification can be turned
// off for someone who lost their phone and recovery codes (product rule 35), with how the team checked.
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { ROLE_LABELS } from '../../../../core/auth';
import { ADMIN_MESSAGES, TurnOffTwoStepInput, type AdminProfessional, type AdminUser } from '../../../../core/admin';
import { PLANS } from '../../../../core/plans';
import { refreshAdminData, turnOffTwoStep } from '../../api/admin-actions';
import { errorMessageFor } from '../../api/client';
import { signOutUserEverywhere } from '../../api/sessions';
import { showToast } from '../../components/toast';
import { linkClass, smallButtonClass } from '../../components/styles';
import { AdminDialog } from './admin-dialog';
import { formatDate } from './admin-format';
import { AdminList } from './admin-list';
import { ReasonForm } from './decision-form';
import { AdminTable, Badge, cellClass } from './admin-table';

interface DialogProps {
  isOpen: boolean;
  onClose: () => void;
}

const ROLE_FILTER = {
  label: 'Account type',
  param: 'role',
  options: [
    { value: 'all', label: 'All' },
    { value: 'customer', label: 'Customer' },
    { value: 'provider', label: 'Provider' },
  ],
  initial: 'all',
} as const;

export function UsersDialog({ isOpen, onClose }: DialogProps) {
  return (
    <AdminDialog isOpen={isOpen} onClose={onClose} title="Users" description="Accounts in use. Archived accounts are listed separately.">
      <AdminList<AdminUser>
        path="/api/admin/users"
        searchLabel="Search by name or email"
        filter={ROLE_FILTER}
        failedText={ADMIN_MESSAGES.fetchUsersFailed}
        emptyText="No users found."
      >
        {(users) => (
          <AdminTable label="Users" columns={['Name', 'Email', 'Account type', 'Listing', 'Member since', 'Two-step verification', 'Sessions']}>
            {users.map((user) => (
              <UserRow key={user.id} user={user} />
            ))}
          </AdminTable>
        )}
      </AdminList>
    </AdminDialog>
  );
}

const USER_COLUMNS = 7;

/**
 * One user, and under it, while asked for, the form that turns their two-step verification off
 * (product rule 35): for someone who lost their phone and their recovery codes, once the team has
 * checked it is them; how goes in the audit log.
 */
function UserRow({ user }: { user: AdminUser }) {
  const [isAsking, setAsking] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const hasAsked = useRef(false);
  // Closing the form (cancel, or done while still on) gives the keyboard's focus back to its button.
  useEffect(() => {
    if (isAsking) hasAsked.current = true;
    else if (hasAsked.current) buttonRef.current?.focus();
  }, [isAsking]);

  async function turnOff(reason: string) {
    try {
      const answer = await turnOffTwoStep(user.id, reason);
      showToast({ title: 'Two-step verification turned off', description: answer?.message ?? `It is off for ${user.name}.` });
      setAsking(false);
    } catch (error) {
      showToast({ title: 'Turning off failed', description: errorMessageFor(error, 'Two-step verification could not be turned off.'), variant: 'destructive' });
    }
    await refreshAdminData();
  }

  return (
    <>
      <tr>
        <td className={`${cellClass} font-medium text-gray-900`}>{user.name}</td>
        <td className={`${cellClass} break-all`}>{user.email}</td>
        <td className={cellClass}>{ROLE_LABELS[user.role] ?? user.role}</td>
        <td className={cellClass}>
          {user.professional ? (
            <Link to={`/professionals/${user.professional.slug}`} className={linkClass}>
              {user.professional.companyName}
            </Link>
          ) : (
            '—'
          )}
        </td>
        <td className={`${cellClass} whitespace-nowrap`}>{formatDate(user.createdAt)}</td>
        <td className={cellClass}>
          {user.twoStepEnabled ? (
            <div className="flex flex-wrap items-center gap-2">
              <span>On</span>
              {isAsking ? null : (
                <button
                  ref={buttonRef}
                  type="button"
                  className={`${smallButtonClass} whitespace-nowrap`}
                  onClick={() => setAsking(true)}
                  aria-label={`Turn off two-step verification: ${user.name}`}
                >
                  Turn off
                </button>
              )}
            </div>
          ) : (
            'Off'
          )}
        </td>
        <td className={cellClass}>
          <SignOutEverywhereButton user={user} />
        </td>
      </tr>
      {isAsking ? (
        <tr>
          <td colSpan={USER_COLUMNS} className={cellClass}>
            <ReasonForm
              label={`Turn off two-step verification for ${user.name}`}
              fieldLabel="How you checked it is them"
              hint="Only for someone who lost their phone and their recovery codes, after checking it is really them (a reply from the account's address, details only they know). Kept in the audit log; they are e-mailed."
              submitLabel="Turn off two-step verification"
              busyLabel="Turning off…"
              tone="danger"
              schema={TurnOffTwoStepInput}
              onSubmit={turnOff}
              onCancel={() => setAsking(false)}
            />
          </td>
        </tr>
      ) : null}
    </>
  );
}

/** Ends every session of one user; the toast says how many ended. Its name starts with the visible text (WCAG 2.5.3). */
function SignOutEverywhereButton({ user }: { user: Pick<AdminUser, 'id' | 'name'> }) {
  const [isBusy, setBusy] = useState(false);

  async function signOut() {
    setBusy(true);
    try {
      const answer = await signOutUserEverywhere(user.id);
      showToast({ title: 'Signed out everywhere', description: answer?.message ?? `${user.name} has been signed out.` });
    } catch (error) {
      showToast({ title: 'Sign-out failed', description: errorMessageFor(error, `${user.name} could not be signed out. Please try again.`), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
    // The audit log shows the action.
    await refreshAdminData();
  }

  return (
    <button type="button" className={`${smallButtonClass} whitespace-nowrap`} disabled={isBusy} onClick={() => void signOut()} aria-label={`Sign out everywhere: ${user.name}`}>
      {isBusy ? 'Signing out…' : 'Sign out everywhere'}
    </button>
  );
}

export function ArchivedUsersDialog({ isOpen, onClose }: DialogProps) {
  return (
    <AdminDialog
      isOpen={isOpen}
      onClose={onClose}
      title="Archived users"
      description="Deleted or cancelled accounts. Their personal data is anonymised 30 days after archiving."
    >
      <AdminList<AdminUser>
        path="/api/admin/archived-users"
        searchLabel="Search by name or email"
        failedText={ADMIN_MESSAGES.fetchArchivedUsersFailed}
        emptyText="No archived users found."
      >
        {(users) => (
          <AdminTable label="Archived users" columns={['Name', 'Email', 'Account type', 'Archived', 'Personal data']}>
            {users.map((user) => (
              <tr key={user.id}>
                <td className={`${cellClass} font-medium text-gray-900`}>{user.name}</td>
                <td className={`${cellClass} break-all`}>{user.email}</td>
                <td className={cellClass}>{ROLE_LABELS[user.role] ?? user.role}</td>
                <td className={`${cellClass} whitespace-nowrap`}>{formatDate(user.archivedAt)}</td>
                <td className={cellClass}>
                  {user.anonymisedAt ? <Badge tone="grey">Anonymised {formatDate(user.anonymisedAt)}</Badge> : <Badge tone="amber">Kept until anonymised</Badge>}
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </AdminList>
    </AdminDialog>
  );
}

const PROFESSIONAL_FILTER = {
  label: 'Status',
  param: 'status',
  options: [
    { value: 'all', label: 'All' },
    { value: 'live', label: 'Live' },
    { value: 'awaiting-approval', label: 'Awaiting approval' },
    { value: 'past-due', label: 'Payment overdue' },
    { value: 'cancelled', label: 'Cancelled' },
  ],
  initial: 'all',
} as const;

/** A listing's state in words: live, waiting for an admin, a failed renewal, cancelled. */
export function professionalState(professional: Pick<AdminProfessional, 'isApproved' | 'subscriptionStatus'>): { label: string; tone: 'green' | 'amber' | 'red' | 'grey' } {
  if (professional.subscriptionStatus === 'cancelled') return { label: 'Cancelled', tone: 'grey' };
  if (professional.subscriptionStatus === 'past_due') return { label: 'Payment overdue', tone: 'red' };
  if (!professional.isApproved) return { label: 'Awaiting approval', tone: 'amber' };
  if (professional.subscriptionStatus === 'active') return { label: 'Live', tone: 'green' };
  return { label: 'No subscription', tone: 'grey' };
}

export function ProfessionalsDialog({ isOpen, onClose }: DialogProps) {
  return (
    <AdminDialog isOpen={isOpen} onClose={onClose} title="Professionals" description="Every listing, live or not, with its subscription.">
      <AdminList<AdminProfessional>
        path="/api/admin/professionals"
        searchLabel="Search by company, contact, email or region"
        filter={PROFESSIONAL_FILTER}
        failedText={ADMIN_MESSAGES.fetchProfessionalsFailed}
        emptyText="No professionals found."
      >
        {(professionals) => (
          <AdminTable label="Professionals" columns={['Company', 'Contact', 'Region', 'Rating', 'Status', 'Plan', 'Paid until']}>
            {professionals.map((professional) => {
              const state = professionalState(professional);
              return (
                <tr key={professional.id}>
                  <td className={`${cellClass} font-medium text-gray-900`}>
                    {professional.isApproved ? (
                      <Link to={`/professionals/${professional.slug}`} className={linkClass}>
                        {professional.companyName}
                      </Link>
                    ) : (
                      professional.companyName
                    )}
                  </td>
                  <td className={cellClass}>
                    {professional.contactName}
                    <span className="block break-all text-gray-700">{professional.email}</span>
                  </td>
                  <td className={cellClass}>{professional.region}</td>
                  <td className={`${cellClass} whitespace-nowrap`}>
                    {professional.reviewCount > 0 ? `${professional.rating.toFixed(1)} (${professional.reviewCount})` : 'No reviews'}
                  </td>
                  <td className={cellClass}>
                    <Badge tone={state.tone}>{state.label}</Badge>
                  </td>
                  <td className={`${cellClass} whitespace-nowrap`}>{PLANS[professional.subscriptionType]?.name ?? professional.subscriptionType}</td>
                  <td className={`${cellClass} whitespace-nowrap`}>{formatDate(professional.currentPeriodEnd)}</td>
                </tr>
              );
            })}
          </AdminTable>
        )}
      </AdminList>
    </AdminDialog>
  );
}

