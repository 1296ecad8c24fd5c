// Reported reviews (product rule 7): each review with its reports; an admin hides it, or restores a
// hidden one, giving a reason (kept in the audit log). Served by GET /api/admin/review-reports and
// POST /api/admin/reviews/{id}/hide|restore.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ModerateReviewInput, type AdminReportedReview } from '../../../../core/admin';
import { moderateReview, refreshAdminData } from '../../api/admin-actions';
import { errorMessageFor } from '../../api/client';
import { showToast } from '../../components/toast';
import { dangerOutlineButtonClass, linkClass, secondaryButtonClass } from '../../components/styles';
import { AdminDialog } from './admin-dialog';
import { formatDate, formatDateTime } from './admin-format';
import { AdminList, useFocusList } from './admin-list';
import { Badge } from './admin-table';
import { ReasonForm } from './decision-form';

export const FETCH_REPORTED_REVIEWS_FAILED = 'Failed to fetch reported reviews';

const STATE_FILTER = {
  label: 'Show',
  param: 'state',
  options: [
    { value: 'open', label: 'Reports to look at' },
    { value: 'resolved', label: 'Resolved' },
    { value: 'all', label: 'All' },
  ],
  initial: 'open',
} as const;

export function ReportedReviewsDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  return (
    <AdminDialog isOpen={isOpen} onClose={onClose} title="Reported reviews" description="Reviews people reported. Hide one that breaks the review policy, with a reason.">
      <AdminList<AdminReportedReview>
        path="/api/admin/review-reports"
        searchLabel="Search by professional, title or text"
        filter={STATE_FILTER}
        failedText={FETCH_REPORTED_REVIEWS_FAILED}
        emptyText="No reported reviews found."
      >
        {(items) => (
          <ul className="space-y-4">
            {items.map((item) => (
              <li key={item.review.id}>
                <ReportedReviewCard item={item} />
              </li>
            ))}
          </ul>
        )}
      </AdminList>
    </AdminDialog>
  );
}

function ReportedReviewCard({ item: { review, reports } }: { item: AdminReportedReview }) {
  const [isAsking, setAsking] = useState(false);
  const focusList = useFocusList();
  const headingId = `reported-review-${review.id}`;
  const action = review.hiddenAt ? 'restore' : 'hide';

  async function moderate(reason: string) {
    try {
      await moderateReview(review.id, action, reason);
      showToast(action === 'hide' ? { title: 'Review hidden', description: 'It no longer shows on the profile.' } : { title: 'Review restored', description: 'It shows on the profile again.' });
      setAsking(false);
      focusList();
    } catch (error) {
      showToast({
        title: action === 'hide' ? 'Hiding failed' : 'Restoring failed',
        description: errorMessageFor(error, action === 'hide' ? 'Failed to hide the review.' : 'Failed to restore the review.'),
        variant: 'destructive',
      });
    }
    await refreshAdminData();
  }

  return (
    <article aria-labelledby={headingId} className="rounded-lg border border-gray-200 p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} className="text-base font-semibold break-words text-gray-900">
            {review.title}
          </h3>
          <p className="text-sm text-gray-700">
            {review.rating} out of 5 by {review.authorName} for{' '}
            <Link to={`/professionals/${review.professional.slug}`} className={linkClass}>
              {review.professional.companyName}
            </Link>{' '}
            · {formatDate(review.createdAt)}
          </p>
        </div>
        {review.hiddenAt ? <Badge tone="grey">Hidden</Badge> : <Badge tone="green">Published</Badge>}
      </div>
      <p className="mt-3 text-sm whitespace-pre-line break-words text-gray-900">{review.comment}</p>
      {review.hiddenAt ? (
        <p className="mt-2 text-sm text-gray-700">
          Hidden on {formatDateTime(review.hiddenAt)}
          {review.hiddenReason ? `: “${review.hiddenReason}”` : '.'}
        </p>
      ) : null}

      <h4 className="mt-4 text-sm font-semibold text-gray-900">
        {reports.length === 1 ? '1 report' : `${reports.length} reports`}
      </h4>
      <ul className="mt-1 space-y-1 text-sm text-gray-800">
        {reports.map((report) => (
          <li key={report.id}>
            {report.reporterName}, {formatDate(report.createdAt)}: “{report.reason}”{report.resolvedAt ? ' (resolved)' : ''}
          </li>
        ))}
      </ul>

      {isAsking ? (
        <ReasonForm
          label={action === 'hide' ? `Hide the review “${review.title}”` : `Restore the review “${review.title}”`}
          fieldLabel={action === 'hide' ? 'Reason for hiding' : 'Reason for restoring'}
          hint="Kept in the audit log."
          submitLabel={action === 'hide' ? 'Hide review' : 'Restore review'}
          busyLabel={action === 'hide' ? 'Hiding…' : 'Restoring…'}
          tone={action === 'hide' ? 'danger' : 'primary'}
          schema={ModerateReviewInput}
          onSubmit={moderate}
          onCancel={() => setAsking(false)}
        />
      ) : (
        <button
          type="button"
          className={`${action === 'hide' ? dangerOutlineButtonClass : secondaryButtonClass} mt-4`}
          onClick={() => setAsking(true)}
          aria-describedby={headingId}
        >
          {action === 'hide' ? 'Hide review' : 'Restore review'}
        </button>
      )}
    </article>
  );
}
