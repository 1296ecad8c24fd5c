// The evidence queue (issue 34, product rule 45): credentials professionals sent to be checked,
// waiting ones first by default, filtered by status. Each shows its listing (a link to the
// profile), what was given, for Companies House the registered name beside the listing's with
// whether they match and a link to the register, the expiry, when it was sent and its evidence
// files. Approve and Reject ask first in a modal dialog, as an application's decisions do
// (application-decision-dialog.tsx); rejecting needs the reason the professional is e-mailed.
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatCheckDate } from '../../../../core/credential-badges';
import { CredentialRejection } from '../../../../core/credential-input';
import { CREDENTIAL_KIND_SPECS, publicRegisterUrl, type AdminCredential, type CredentialStatus, type PublicCheck } from '../../../../core/credentials';
import { errorMessageFor } from '../../api/client';
import { approveCredential, evidenceHref, rejectCredential, ADMIN_CREDENTIALS_PATH } from '../../api/use-credentials';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { TextAreaField } from '../../components/forms/form-fields';
import { dangerOutlineButtonClass, linkClass, primaryButtonClass } from '../../components/styles';
import { showToast } from '../../components/toast';
import { AdminDialog } from './admin-dialog';
import { formatDate, formatDateTime } from './admin-format';
import { AdminList, useFocusList } from './admin-list';
import { Badge } from './admin-table';
import { useDecision } from './use-decision';

const STATUS_FILTER = {
  label: 'Status',
  param: 'status',
  options: [
    { value: 'pending', label: 'Waiting for review' },
    { value: 'approved', label: 'Approved' },
    { value: 'rejected', label: 'Not approved' },
    { value: 'expired', label: 'Expired' },
    { value: 'withdrawn', label: 'Withdrawn' },
    { value: 'all', label: 'All' },
  ],
  initial: 'pending',
} as const;

const STATUS_BADGES: Record<CredentialStatus, { label: string; tone: 'amber' | 'green' | 'red' | 'grey' }> = {
  pending: { label: 'Waiting for review', tone: 'amber' },
  approved: { label: 'Approved', tone: 'green' },
  rejected: { label: 'Not approved', tone: 'red' },
  expired: { label: 'Expired', tone: 'grey' },
  withdrawn: { label: 'Withdrawn', tone: 'grey' },
};

export function CredentialsDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  return (
    <AdminDialog
      isOpen={isOpen}
      onClose={onClose}
      title="Evidence to check"
      description="Check each credential against its evidence, then approve it (its badge shows at once) or reject it with a reason for the professional."
    >
      <AdminList<AdminCredential> path={ADMIN_CREDENTIALS_PATH} filter={STATUS_FILTER} failedText="Failed to load the credentials." emptyText="No credentials found.">
        {(credentials) => (
          <ul className="space-y-4">
            {credentials.map((credential) => (
              <li key={credential.id}>
                <CredentialCard credential={credential} />
              </li>
            ))}
          </ul>
        )}
      </AdminList>
    </AdminDialog>
  );
}

/** What was given, field by field, in words an admin checks against the evidence. */
function detailRows(credential: AdminCredential): { term: string; text: string }[] {
  const { details } = credential;
  switch (credential.kind) {
    case 'companies_house': {
      const d = details as { companyNumber: string; registeredName: string };
      return [
        { term: 'Company number', text: d.companyNumber },
        { term: 'Registered name', text: d.registeredName },
      ];
    }
    case 'professional_indemnity':
    case 'public_liability': {
      const d = details as { insurer: string; coverPounds: number };
      return [
        { term: 'Insurer', text: d.insurer },
        { term: 'Cover', text: `£${d.coverPounds.toLocaleString('en-GB')}` },
      ];
    }
    case 'cyber_essentials':
    case 'cyber_essentials_plus':
      return [{ term: 'Certificate number', text: (details as { certificateNumber: string }).certificateNumber }];
    case 'ico_registration':
      return [{ term: 'Registration number', text: (details as { registrationNumber: string }).registrationNumber }];
    case 'vendor_certification': {
      const d = details as { vendor: string; certification: string; holderName: string };
      return [
        { term: 'Vendor', text: d.vendor },
        { term: 'Certification', text: d.certification },
        { term: 'Holder', text: d.holderName },
      ];
    }
  }
}

export function CredentialCard({ credential }: { credential: AdminCredential }) {
  const [asking, setAsking] = useState<'approve' | 'reject' | null>(null);
  const spec = CREDENTIAL_KIND_SPECS[credential.kind];
  const headingId = `credential-${credential.id}`;
  const badge = STATUS_BADGES[credential.status];
  const register = publicRegisterUrl({ ...credential, checkedOn: '' } as PublicCheck);
  const { professional } = credential;

  return (
    <article aria-labelledby={headingId} className="rounded-lg border border-gray-200 p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} className="text-base font-semibold text-gray-900">
            {spec.name}: {professional.companyName}
          </h3>
          <p className="text-sm text-gray-700">
            <Link to={`/professionals/${professional.slug}`} className={linkClass}>
              View {professional.companyName}’s profile
            </Link>
            {professional.isLive ? null : ' (not live)'}
          </p>
        </div>
        <Badge tone={badge.tone}>{badge.label}</Badge>
      </div>

      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        {detailRows(credential).map(({ term, text }) => (
          <Detail key={term} term={term}>
            {text}
          </Detail>
        ))}
        {credential.kind === 'companies_house' ? (
          <Detail term="Listing’s name">
            {professional.companyName}{' '}
            {credential.namesMatch === null ? null : credential.namesMatch ? (
              <Badge tone="green">Names match</Badge>
            ) : (
              <Badge tone="red">Names differ</Badge>
            )}
          </Detail>
        ) : null}
        <Detail term="Expires">{credential.expiresOn ? formatCheckDate(credential.expiresOn) : 'Does not expire'}</Detail>
        <Detail term="Sent">{formatDate(credential.submittedAt)}</Detail>
        {register ? (
          <Detail term="Register">
            <a href={register} className={`${linkClass} break-all`} rel="noopener noreferrer" target="_blank">
              Check it on the public register<span className="sr-only"> (opens in a new tab)</span>
            </a>
          </Detail>
        ) : null}
      </dl>

      <div className="mt-3 text-sm">
        <p className="font-medium text-gray-700">Evidence:</p>
        {credential.evidence.length === 0 ? (
          <p className="text-gray-800">None sent ({spec.evidenceRequired ? 'required' : 'the register is the evidence'}).</p>
        ) : (
          <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
            {credential.evidence.map((file) => (
              <li key={file.name}>
                <a href={evidenceHref(file.name)} className={`${linkClass} break-all`} target="_blank" rel="noopener noreferrer">
                  {file.originalName}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>

      {credential.reviewedAt ? (
        <p className="mt-3 text-sm text-gray-700">
          {credential.status === 'rejected' ? 'Rejected' : 'Decided'} by {credential.reviewedBy ?? 'an administrator'} on {formatDateTime(credential.reviewedAt)}
          {credential.rejectionReason ? `: “${credential.rejectionReason}”` : '.'}
        </p>
      ) : null}

      {credential.status === 'pending' ? (
        <>
          <div className="mt-4 flex flex-wrap gap-2">
            <button type="button" className={primaryButtonClass} onClick={() => setAsking('approve')} aria-describedby={headingId}>
              Approve
            </button>
            <button type="button" className={dangerOutlineButtonClass} onClick={() => setAsking('reject')} aria-describedby={headingId}>
              Reject
            </button>
          </div>
          {(['approve', 'reject'] as const).map((decision) => (
            <CredentialDecisionDialog key={decision} credential={credential} decision={decision} isOpen={asking === decision} onClose={() => setAsking(null)} />
          ))}
        </>
      ) : null}
    </article>
  );
}

function CredentialDecisionDialog({
  credential,
  decision,
  isOpen,
  onClose,
}: {
  credential: AdminCredential;
  decision: 'approve' | 'reject';
  isOpen: boolean;
  onClose: () => void;
}) {
  const focusList = useFocusList();
  const isApproval = decision === 'approve';
  const name = `${CREDENTIAL_KIND_SPECS[credential.kind].name} of ${credential.professional.companyName}`;

  const { reason, setReason, reasonError, failure, isBusy, fieldsRef, confirm, close } = useDecision<string>({
    isOpen,
    isApproval,
    onClose,
    checkReason(reason) {
      const parsed = CredentialRejection.safeParse({ reason });
      return parsed.success ? { reason: parsed.data.reason } : { error: parsed.error.issues[0]?.message ?? 'Reason is required' };
    },
    decide: (rejection) => (rejection === undefined ? approveCredential(credential.id) : rejectCredential(credential.id, rejection)),
    onFailure(error, isStillOpen) {
      const message = errorMessageFor(error, isApproval ? 'Failed to approve it. Please try again.' : 'Failed to reject it. Please try again.');
      return isStillOpen ? { show: message } : { toast: { title: 'Error', description: message, variant: 'destructive' } };
    },
    onSuccess() {
      showToast(
        isApproval
          ? { title: 'Credential approved', description: `The ${name} is approved: its badge shows now, and the professional is e-mailed.` }
          : { title: 'Credential rejected', description: `The professional is e-mailed the reason.` },
      );
      focusList();
    },
  });

  return (
    <ConfirmDialog
      isOpen={isOpen}
      title={isApproval ? `Approve the ${name}?` : `Reject the ${name}?`}
      tone={isApproval ? 'primary' : 'danger'}
      confirmLabel={isApproval ? 'Approve' : 'Reject'}
      busyLabel={isApproval ? 'Approving…' : 'Rejecting…'}
      isBusy={isBusy}
      onConfirm={() => void confirm()}
      onCancel={close}
      error={failure}
      fields={
        isApproval ? undefined : (
          <div ref={fieldsRef}>
            <TextAreaField
              label="Reason"
              hint="The professional is e-mailed it: say what was wrong and what would do."
              value={reason}
              onValueChange={setReason}
              error={reasonError}
              rows={3}
              maxLength={1000}
            />
          </div>
        )
      }
    >
      <p>
        {isApproval
          ? 'Its badge shows on the card and profile at once, with today’s date, and the professional is e-mailed.'
          : 'It stays off the listing, and the professional is e-mailed the reason.'}
      </p>
    </ConfirmDialog>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex gap-2">
      <dt className="shrink-0 font-medium text-gray-700">{term}:</dt>
      <dd className="min-w-0 break-words text-gray-900">{children}</dd>
    </div>
  );
}
