// Applications (spec "Admin dashboard", section 4): the ones waiting for a decision first (pending
// and pending_payment), each with its business details, the first 2 services and '+N', Approve and
// Reject. Each asks first, in a dialog that says what happens next (application-decision-dialog.tsx);
// rejecting asks for a reason, which is e-mailed to the applicant. Toasts: 'Application Approved' /
// 'The professional has been approved and notified by email.', 'Application Rejected' (section 8).
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ADMIN_MESSAGES, DECIDABLE_STATUSES, type AdminApplication, type ApplicationStatus } from '../../../../core/admin';
import { LISTING_FIELDS, listingFacts } from '../../../../core/listing-fields';
import { PLANS } from '../../../../core/plans';
import { dangerOutlineButtonClass, linkClass, primaryButtonClass, tagClass } from '../../components/styles';
import { AdminDialog } from './admin-dialog';
import { formatDate, formatDateTime, servicesSummary } from './admin-format';
import { AdminList } from './admin-list';
import { Badge } from './admin-table';
import { ApplicationDecisionDialog } from './application-decision-dialog';
import type { Decision } from './decision-text';

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
  // The confirmation open, if any; both stay mounted so each can close (and give focus back) itself.
  const [asking, setAsking] = useState<Decision | null>(null);
  const headingId = `application-${application.id}`;
  const services = servicesSummary(application.services);
  const badge = STATUS_BADGES[application.status];
  const isDecidable = DECIDABLE_STATUSES.includes(application.status);

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
        {listingFacts(LISTING_FIELDS, application).map(({ name, term, text }) =>
          text === null ? null : (
            <Detail key={name} term={term}>
              {text}
            </Detail>
          ),
        )}
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

      {isDecidable ? (
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
            <ApplicationDecisionDialog
              key={decision}
              application={application}
              decision={decision}
              isOpen={asking === decision}
              onClose={() => setAsking(null)}
            />
          ))}
        </>
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
