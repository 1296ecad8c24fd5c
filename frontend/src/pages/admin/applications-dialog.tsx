// Applications (spec "Admin dashboard", section 4): the ones waiting for a decision first (pending
// and pending_payment), each with its business details, the first 2 services and '+N', Approve and
// Reject. Rejecting asks for a reason, which is e-mailed to the applicant. Toasts: 'Application
// Approved' / 'The professional has been approved and notified by email.', 'Application Rejected',
// 'Approval Failed' / 'Failed to approve application.', 'Rejection Failed' / 'Failed to reject
// application.' (section 8); a decision already taken (409) says so. The API decides once, however
// often the button is pressed; the button is also disabled while the call runs.
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ADMIN_MESSAGES, DECIDABLE_STATUSES, RejectApplicationInput, type AdminApplication, type ApplicationStatus } from '../../../../core/admin';
import { PLANS } from '../../../../core/plans';
import { approveApplication, refreshAdminData, rejectApplication } from '../../api/admin-actions';
import { ApiRequestError } from '../../api/client';
import { showToast } from '../../components/toast';
import { dangerOutlineButtonClass, linkClass, primaryButtonClass, tagClass } from '../../components/styles';
import { AdminDialog } from './admin-dialog';
import { formatDate, formatDateTime, servicesSummary } from './admin-format';
import { AdminList, useFocusList } from './admin-list';
import { Badge } from './admin-table';
import { ReasonForm } from './decision-form';

const STATUS_FILTER = {
  label: 'Status',
  param: 'status',
  options: [
    { value: 'open', label: 'Waiting for a decision' },
    { value: 'pending', label: 'Paid, pending review' },
    { value: 'pending_payment', label: 'Awaiting payment' },
    { value: 'approved', label: 'Approved' },
    { value: 'rejected', label: 'Rejected' },
    { value: 'all', label: 'All' },
  ],
  initial: 'open',
} as const;

const STATUS_BADGES: Record<ApplicationStatus, { label: string; tone: 'amber' | 'blue' | 'green' | 'red' }> = {
  pending: { label: 'Pending review', tone: 'amber' },
  pending_payment: { label: 'Awaiting payment', tone: 'blue' },
  approved: { label: 'Approved', tone: 'green' },
  rejected: { label: 'Rejected', tone: 'red' },
};

/** The toast's text for a failed decision: a decision already taken (409) says so; anything else, the spec's text. */
export function decisionFailureText(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError && error.status === 409) return error.apiMessage ?? ADMIN_MESSAGES.applicationDecided;
  return fallback;
}

export function ApplicationsDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  return (
    <AdminDialog isOpen={isOpen} onClose={onClose} title="Applications" description="Approve a paid application to put the listing live; reject it with a reason for the applicant.">
      <AdminList<AdminApplication>
        path="/api/admin/applications"
        searchLabel="Search by company, contact or email"
        filter={STATUS_FILTER}
        failedText={ADMIN_MESSAGES.fetchApplicationsFailed}
        emptyText="No applications found."
      >
        {(applications) => (
          <ul className="space-y-4">
            {applications.map((application) => (
              <li key={application.id}>
                <ApplicationCard application={application} />
              </li>
            ))}
          </ul>
        )}
      </AdminList>
    </AdminDialog>
  );
}

export function ApplicationCard({ application }: { application: AdminApplication }) {
  const [isApproving, setApproving] = useState(false);
  const [isRejecting, setRejecting] = useState(false);
  const headingId = `application-${application.id}`;
  const services = servicesSummary(application.services);
  const badge = STATUS_BADGES[application.status];
  const isDecidable = DECIDABLE_STATUSES.includes(application.status);
  const focusList = useFocusList();

  async function approve() {
    setApproving(true);
    try {
      await approveApplication(application.id);
      showToast({ title: ADMIN_MESSAGES.approvedTitle, description: ADMIN_MESSAGES.approved });
      // The card leaves the list of open applications: keep the keyboard user's place in the dialog.
      focusList();
    } catch (error) {
      showToast({ title: ADMIN_MESSAGES.approveFailedTitle, description: decisionFailureText(error, ADMIN_MESSAGES.approveFailed), variant: 'destructive' });
    } finally {
      setApproving(false);
    }
    await refreshAdminData();
  }

  async function reject(reason: string) {
    try {
      await rejectApplication(application.id, reason);
      showToast({ title: ADMIN_MESSAGES.rejectedTitle, description: `${application.companyName} has been e-mailed your reason.` });
      setRejecting(false);
      focusList();
    } catch (error) {
      showToast({ title: ADMIN_MESSAGES.rejectFailedTitle, description: decisionFailureText(error, ADMIN_MESSAGES.rejectFailed), variant: 'destructive' });
    }
    await refreshAdminData();
  }

  return (
    <article aria-labelledby={headingId} className="rounded-lg border border-gray-200 p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 id={headingId} className="text-base font-semibold text-gray-900">
            {application.companyName}
          </h3>
          <p className="text-sm text-gray-700">
            {application.contactName} ·{' '}
            <a href={`mailto:${application.email}`} className={`${linkClass} break-all`}>
              {application.email}
            </a>
            {application.phone ? ` · ${application.phone}` : null}
          </p>
        </div>
        <Badge tone={badge.tone}>{badge.label}</Badge>
      </div>

      <ul className="mt-3 flex flex-wrap gap-2" aria-label="Services">
        {services.shown.map((service) => (
          <li key={service} className={tagClass}>
            {service}
          </li>
        ))}
        {services.more > 0 ? (
          <li className={tagClass} title={application.services.slice(2).join(', ')}>
            +{services.more}
            <span className="sr-only"> more: {application.services.slice(2).join(', ')}</span>
          </li>
        ) : null}
      </ul>

      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        <Detail term="Region">
          {application.region}, {application.postcode}
        </Detail>
        <Detail term="Service area">{application.location}</Detail>
        <Detail term="Plan">{PLANS[application.plan]?.name ?? application.plan}</Detail>
        <Detail term="Paid">{application.paidAt ? formatDateTime(application.paidAt) : 'Not paid yet'}</Detail>
        <Detail term="Rate">{application.rate ?? 'Not given'}</Detail>
        <Detail term="Sent">{formatDate(application.createdAt)}</Detail>
        {application.employeeCount ? <Detail term="Employees">{application.employeeCount}</Detail> : null}
        {application.businessType ? <Detail term="Business type">{application.businessType}</Detail> : null}
        {application.website ? (
          <Detail term="Website">
            <a href={application.website} className={`${linkClass} break-all`} rel="noopener noreferrer nofollow" target="_blank">
              {application.website}
            </a>
          </Detail>
        ) : null}
      </dl>

      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-medium text-gray-800">Description</summary>
        <p className="mt-2 whitespace-pre-line text-gray-800">{application.description}</p>
      </details>

      {application.reviewedAt ? (
        <p className="mt-3 text-sm text-gray-700">
          {application.status === 'rejected' ? 'Rejected' : 'Decided'} by {application.reviewedBy ?? 'an administrator'} on {formatDateTime(application.reviewedAt)}
          {application.rejectionReason ? `: “${application.rejectionReason}”` : '.'}
        </p>
      ) : null}
      {application.professional?.isApproved ? (
        <p className="mt-2 text-sm">
          <Link to={`/professionals/${application.professional.slug}`} className={linkClass}>
            View Public Profile
          </Link>
        </p>
      ) : null}

      {isDecidable && !isRejecting ? (
        <div className="mt-4 flex flex-wrap gap-2">
          <button type="button" className={primaryButtonClass} disabled={isApproving} onClick={() => void approve()} aria-describedby={headingId}>
            {isApproving ? 'Approving…' : 'Approve'}
          </button>
          <button type="button" className={dangerOutlineButtonClass} onClick={() => setRejecting(true)} aria-describedby={headingId}>
            Reject
          </button>
        </div>
      ) : null}
      {isDecidable && isRejecting ? (
        <ReasonForm
          label={`Reject ${application.companyName}`}
          fieldLabel="Reason for rejecting"
          hint="Sent to the applicant by e-mail."
          submitLabel="Reject application"
          busyLabel="Rejecting…"
          tone="danger"
          schema={RejectApplicationInput}
          onSubmit={reject}
          onCancel={() => setRejecting(false)}
        />
      ) : null}
    </article>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex gap-2">
      <dt className="shrink-0 font-medium text-gray-700">{term}:</dt>
      <dd className="min-w-0 text-gray-900">{children}</dd>
    </div>
  );
}
