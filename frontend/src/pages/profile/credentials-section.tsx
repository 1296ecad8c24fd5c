// /profile for providers: 'Checks and credentials' (issue 34, product rule 45). The provider's
// credentials with their status in words, expiry and evidence files, a Withdraw action behind a
// confirmation, and the form to ask for a new check (credential-request-form.tsx). Loading, empty
// and error states; the list is SWR's, read again after every change.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatCheckDate } from '../../../../core/credential-badges';
import { CREDENTIAL_KIND_SPECS, type MyCredential } from '../../../../core/credentials';
import { errorMessageFor } from '../../api/client';
import { evidenceHref, useMyCredentials, withdrawCredential } from '../../api/use-credentials';
import { MY_PROFILE_KEY } from '../../api/use-my-profile';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { linkClass, panelClass, secondaryButtonClass, sectionHeadingClass, smallButtonClass } from '../../components/styles';
import { showToast } from '../../components/toast';
import { useSWRConfig } from 'swr';
import { canWithdraw, credentialStatusText, credentialSummary } from './credential-form';
import { CredentialRequestForm } from './credential-request-form';

const STATUS_CLASS: Record<MyCredential['status'], string> = {
  pending: 'bg-amber-100 text-amber-900',
  approved: 'bg-green-100 text-green-900',
  rejected: 'bg-red-100 text-red-900',
  expired: 'bg-gray-200 text-gray-900',
  withdrawn: 'bg-gray-200 text-gray-900',
};

export function CredentialsSection() {
  const { credentials, error, isLoading, mutate } = useMyCredentials();
  const { mutate: mutateKey } = useSWRConfig();
  const [withdrawing, setWithdrawing] = useState<MyCredential | null>(null);
  const [isBusy, setBusy] = useState(false);
  const [withdrawError, setWithdrawError] = useState<string | undefined>();

  async function onWithdraw() {
    if (!withdrawing) return;
    setBusy(true);
    setWithdrawError(undefined);
    try {
      await withdrawCredential(withdrawing.id);
      setWithdrawing(null);
      showToast({ title: 'Check withdrawn', description: `${CREDENTIAL_KIND_SPECS[withdrawing.kind].name} was withdrawn.` });
      await mutate();
      void mutateKey(MY_PROFILE_KEY);
    } catch (err) {
      setWithdrawError(errorMessageFor(err, 'Failed to withdraw it. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  let list;
  if (isLoading && !credentials) {
    list = (
      <p role="status" className="mt-4 text-sm text-gray-700">
        Loading your checks…
      </p>
    );
  } else if (error || !credentials) {
    list = (
      <div className="mt-4">
        <p role="alert" className="text-sm text-red-700">
          {errorMessageFor(error, 'Failed to load your checks. Please try again.')}
        </p>
        <button type="button" onClick={() => void mutate()} className={`${secondaryButtonClass} mt-3`}>
          Try again
        </button>
      </div>
    );
  } else if (credentials.length === 0) {
    list = <p className="mt-4 text-sm text-gray-700">You have not asked for any checks yet. Each one we approve shows as a badge on your card and profile.</p>;
  } else {
    list = (
      <ul className="mt-4 divide-y divide-gray-200" aria-label="Your checks">
        {credentials.map((credential) => (
          <CredentialRow key={credential.id} credential={credential} onWithdraw={() => setWithdrawing(credential)} />
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="credentials-heading" className={panelClass}>
      <h2 id="credentials-heading" className={sectionHeadingClass}>
        Checks and credentials
      </h2>
      <p className="mt-2 text-sm text-gray-700">
        Send us evidence of your insurance, registration or certifications; once our team has checked it, its badge shows on your card and
        profile with the date we checked it.{' '}
        <Link to="/what-we-check" className={linkClass}>
          What we check
        </Link>
      </p>
      {list}
      <CredentialRequestForm onSubmitted={() => void mutate()} />
      <ConfirmDialog
        isOpen={withdrawing !== null}
        title="Withdraw this check?"
        confirmLabel="Withdraw"
        busyLabel="Withdrawing…"
        isBusy={isBusy}
        error={withdrawError}
        onConfirm={() => void onWithdraw()}
        onCancel={() => {
          setWithdrawing(null);
          setWithdrawError(undefined);
        }}
      >
        <p>
          {withdrawing ? CREDENTIAL_KIND_SPECS[withdrawing.kind].name : 'This check'}: its badge goes from your card and profile at once. To show
          it again you would ask for a new check.
        </p>
      </ConfirmDialog>
    </section>
  );
}

function CredentialRow({ credential, onWithdraw }: { credential: MyCredential; onWithdraw: () => void }) {
  const spec = CREDENTIAL_KIND_SPECS[credential.kind];
  return (
    <li className="py-4 first:pt-0">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-semibold text-gray-900">{spec.name}</h3>
          <p className="mt-1 text-sm break-words text-gray-800">{credentialSummary(credential)}</p>
          <p className="mt-1 text-sm text-gray-700">
            <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_CLASS[credential.status]}`}>{credentialStatusText(credential)}</span>
            {credential.expiresOn ? <span className="ml-2">Expires {formatCheckDate(credential.expiresOn)}</span> : null}
          </p>
          {credential.evidence.length > 0 ? (
            <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label={`Evidence for ${spec.name}`}>
              {credential.evidence.map((file) => (
                <li key={file.name}>
                  <a href={evidenceHref(file.name)} className={linkClass} target="_blank" rel="noopener noreferrer">
                    {file.originalName}
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        {canWithdraw(credential) ? (
          <button type="button" onClick={onWithdraw} className={smallButtonClass}>
            Withdraw<span className="sr-only"> {spec.name}</span>
          </button>
        ) : null}
      </div>
    </li>
  );
}
