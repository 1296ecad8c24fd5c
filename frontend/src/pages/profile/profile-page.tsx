// /profile (spec section 2, issue 4): anonymous visitors go to /login. Account info for everyone;
// providers also get their listing editor (view and edit), 'View Public Profile' and their
// subscription (plan, billing, Cancel Subscription: subscription-panel.tsx, product rule 13).
// Account settings: name, e-mail and password (account-settings.tsx, product rule 32); the devices
// signed in to the account, each of which can be signed out (sessions-section.tsx). Actions:
// Join As A Professional (customers), Download my data (product rule 14) and Sign Out; Delete
// Account sits apart, in its own section (archives it, after a confirmation dialog). Messages: the provider's inbox and
// everyone's 'My messages' (messages-section.tsx, product rule 28). A provider's requests for quotes (quote-requests-section.tsx, product rule 42).
// A provider's checks and credentials (credentials-section.tsx, product rule 45).
import { useRef, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { PAGES } from '../../../../core/pages';
import { ROLE_LABELS } from '../../../../core/auth';
import { archiveAccount, clearCurrentUser, fetchMyData } from '../../api/auth';
import { ApiRequestError } from '../../api/client';
import { isProvider, type CurrentUser } from '../../api/current-user';
import { useCurrentUser } from '../../api/use-current-user';
import { useSignOut } from '../../components/layout/use-sign-out';
import { PageLoading } from '../../components/layout/page-loading';
import { showToast } from '../../components/toast';
import { useDocumentTitle } from '../../components/use-document-title';
import { PasswordField } from '../../components/forms/form-fields';
import {
  dangerButtonClass,
  displayHeadingClass,
  panelClass,
  secondaryButtonClass,
  sectionHeadingClass,
} from '../../components/styles';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { AccountSettings } from './account-settings';
import { CredentialsSection } from './credentials-section';
import { ListingEditor } from './listing-editor';
import { MediaSection } from './media-section';
import { CaseStudiesSection } from './case-studies-section';
import { MessagesSection } from './messages-section';
import { MyQuoteRequestsSection } from './my-quote-requests-section';
import { QuoteRequestsSection } from './quote-requests-section';
import { SessionsSection } from './sessions-section';
import { SubscriptionPanel } from './subscription-panel';
import { formatMemberSince, myDataFileName } from './profile-form';

export function ProfilePage() {
  useDocumentTitle(PAGES.myProfile.title);
  const { user, isLoading } = useCurrentUser();
  // Signing out or archiving from this page leaves for / before the user is cleared; a user who
  // disappears while the page is open (e.g. signed out from the header) also goes to /, not /login.
  const wasSignedIn = useRef(false);
  if (user) wasSignedIn.current = true;

  if (isLoading && !user) return <PageLoading />;
  if (!user) return <Navigate to={wasSignedIn.current ? '/' : '/login'} replace />;
  return <SignedInProfile user={user} />;
}

function SignedInProfile({ user }: { user: CurrentUser }) {
  const navigate = useNavigate();
  const signOut = useSignOut();
  const [isConfirmOpen, setConfirmOpen] = useState(false);
  const [isArchiving, setArchiving] = useState(false);
  const [archivePassword, setArchivePassword] = useState('');
  const [archiveError, setArchiveError] = useState<string | undefined>();
  const [isDownloading, setDownloading] = useState(false);
  const provider = isProvider(user);

  function closeConfirm() {
    setConfirmOpen(false);
    setArchivePassword('');
    setArchiveError(undefined);
  }

  async function onArchive() {
    if (!archivePassword) {
      setArchiveError('Please enter your password');
      return;
    }
    setArchiving(true);
    try {
      await archiveAccount(archivePassword);
    } catch (error) {
      setArchiving(false);
      // A wrong password keeps the dialog open with the API's message beside the field.
      const passwordProblem = error instanceof ApiRequestError ? error.body?.error.fields?.password : undefined;
      if (passwordProblem) {
        setArchiveError(passwordProblem);
        return;
      }
      closeConfirm();
      showToast({ title: 'Archive failed', description: 'Failed to archive account.', variant: 'destructive' });
      return;
    }
    closeConfirm();
    await navigate('/');
    await clearCurrentUser();
    showToast({ title: 'Account archived', description: 'Your account has been deactivated.' });
  }

  async function onDownload() {
    setDownloading(true);
    try {
      const json = await fetchMyData();
      const url = URL.createObjectURL(new Blob([json], { type: 'application/json' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = myDataFileName();
      document.body.append(link);
      link.click();
      link.remove();
      window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      showToast({ title: 'Download failed', description: 'Failed to download your data. Please try again.', variant: 'destructive' });
    } finally {
      setDownloading(false);
    }
  }

  return (
    <div className="mx-auto max-w-4xl space-y-8 px-4 py-12 sm:px-6 lg:px-8">
      <h1 className={displayHeadingClass}>My Profile</h1>

      <section aria-labelledby="account-info" className={panelClass}>
        <h2 id="account-info" className={sectionHeadingClass}>
          Account information
        </h2>
        <dl className="mt-4 grid gap-4 sm:grid-cols-2">
          <div>
            <dt className="text-sm font-medium text-gray-700">Account type</dt>
            <dd className="mt-1 text-gray-900">{ROLE_LABELS[user.role] ?? user.role}</dd>
          </div>
          <div>
            <dt className="text-sm font-medium text-gray-700">Member since</dt>
            <dd className="mt-1 text-gray-900">{formatMemberSince(user.createdAt)}</dd>
          </div>
        </dl>
      </section>

      <AccountSettings user={user} />

      <SessionsSection />

      <MessagesSection isProvider={provider} />

      {provider ? <QuoteRequestsSection /> : null}

      <MyQuoteRequestsSection />

      {provider ? <ListingEditor publicSlug={user.professionalSlug} /> : null}
      {provider ? <MediaSection /> : null}
      {provider ? <CaseStudiesSection /> : null}
      {provider ? <CredentialsSection /> : null}

      {provider ? <SubscriptionPanel professionalId={user.professionalId} /> : null}

      <section aria-labelledby="account-actions" className={panelClass}>
        <h2 id="account-actions" className={sectionHeadingClass}>
          Account actions
        </h2>
        <div className="mt-4 flex flex-wrap gap-3">
          {provider ? null : (
            <Link to="/apply" className={secondaryButtonClass}>
              Join As A Professional
            </Link>
          )}
          <button type="button" className={secondaryButtonClass} onClick={() => void onDownload()} disabled={isDownloading}>
            {isDownloading ? 'Preparing your data…' : 'Download my data'}
          </button>
          <button type="button" className={secondaryButtonClass} onClick={() => void signOut()}>
            Sign Out
          </button>
        </div>
      </section>

      <section aria-labelledby="delete-account" className={`${panelClass} border-red-200`}>
        <h2 id="delete-account" className={sectionHeadingClass}>
          Delete account
        </h2>
        <p className="mt-2 text-sm text-gray-700">
          Deleting your account signs you out and archives it. You will be asked for your password first.
        </p>
        <button type="button" className={`${dangerButtonClass} mt-4`} onClick={() => setConfirmOpen(true)}>
          Delete Account
        </button>
      </section>

      <ConfirmDialog
        isOpen={isConfirmOpen}
        title="Delete your account?"
        confirmLabel="Delete Account"
        busyLabel="Deleting…"
        isBusy={isArchiving}
        onConfirm={() => void onArchive()}
        onCancel={closeConfirm}
      >
        <p>
          Your account will be archived: you will be signed out and will no longer be able to sign in or use ITConnect.
        </p>
        <p>
          We keep your data for 30 days and then anonymise it, unless a payment record must be kept by law. You can
          download a copy of your data first.
        </p>
        <PasswordField
          label="Your password"
          name="archivePassword"
          autoComplete="current-password"
          value={archivePassword}
          onValueChange={setArchivePassword}
          error={archiveError}
          hint="To delete your account, enter its password."
        />
      </ConfirmDialog>
    </div>
  );
}
