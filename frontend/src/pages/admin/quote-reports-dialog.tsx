// Requests for quotes the professionals who received them reported as spam (issue 32): open ones
// first. An admin reads the whole request, the buyer included, and gives one verdict: spam closes
// the request (it takes no more replies), not spam leaves it as it was. Served by
// GET /api/admin/quote-reports and POST /api/admin/quote-reports/{id}/review.
import { useState } from 'react';
import type { AdminQuoteReport } from '../../../../core/admin';
import { BUDGET_BAND_LABELS, TIMESCALE_LABELS, whereText, type QuoteSpamVerdict } from '../../../../core/quotes';
import { refreshAdminData, reviewQuoteReport } from '../../api/admin-actions';
import { errorMessageFor } from '../../api/client';
import { showToast } from '../../components/toast';
import { dangerButtonClass, linkClass, secondaryButtonClass } from '../../components/styles';
import { AdminDialog } from './admin-dialog';
import { formatCount, formatDateTime } from './admin-format';
import { AdminList, useFocusList } from './admin-list';
import { Badge } from './admin-table';

export const FETCH_QUOTE_REPORTS_FAILED = 'Failed to fetch reported requests';

const REVIEWED_FILTER = {
  label: 'Show',
  param: 'reviewed',
  options: [
    { value: 'open', label: 'Not reviewed yet' },
    { value: 'reviewed', label: 'Reviewed' },
    { value: 'all', label: 'All' },
  ],
  initial: 'open',
} as const;

export function QuoteReportsDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  return (
    <AdminDialog
      isOpen={isOpen}
      onClose={onClose}
      title="Requests reported as spam"
      description="Requests for quotes that professionals reported as spam. Spam closes the request; not spam leaves it as it was."
    >
      <AdminList<AdminQuoteReport>
        path="/api/admin/quote-reports"
        filter={REVIEWED_FILTER}
        failedText={FETCH_QUOTE_REPORTS_FAILED}
        emptyText="No reported requests found."
      >
        {(reports) => (
          <ul className="space-y-4">
            {reports.map((report) => (
              <li key={report.id}>
                <QuoteReportCard report={report} />
              </li>
            ))}
          </ul>
        )}
      </AdminList>
    </AdminDialog>
  );
}

/** The badge for where a report stands. */
function reportState(report: Pick<AdminQuoteReport, 'spamVerdict'>): { tone: 'amber' | 'red' | 'green'; label: string } {
  if (report.spamVerdict === 'spam') return { tone: 'red', label: 'Spam' };
  if (report.spamVerdict === 'not_spam') return { tone: 'green', label: 'Not spam' };
  return { tone: 'amber', label: 'Not reviewed' };
}

/** What an admin reads once a verdict is given. */
export function verdictText(report: Pick<AdminQuoteReport, 'spamVerdict' | 'spamReviewedAt'>): string | null {
  if (report.spamVerdict === 'spam') return `Marked as spam on ${formatDateTime(report.spamReviewedAt)}: the request is closed.`;
  if (report.spamVerdict === 'not_spam') return `Marked as not spam on ${formatDateTime(report.spamReviewedAt)}.`;
  return null;
}

export function QuoteReportCard({ report }: { report: AdminQuoteReport }) {
  const [busyWith, setBusyWith] = useState<QuoteSpamVerdict | null>(null);
  const focusList = useFocusList();
  const headingId = `quote-report-${report.id}`;
  const state = reportState(report);
  const verdict = verdictText(report);
  const isAnonymised = report.anonymisedAt !== null;

  async function review(choice: QuoteSpamVerdict) {
    setBusyWith(choice);
    try {
      await reviewQuoteReport(report.id, choice);
      showToast(
        choice === 'spam'
          ? { title: 'Marked as spam', description: `Request ${report.id} is closed: it takes no more replies.` }
          : { title: 'Marked as not spam', description: `Request ${report.id} stays as it was.` },
      );
      focusList();
    } catch (error) {
      showToast({ title: 'Review failed', description: errorMessageFor(error, 'Failed to save the review.'), variant: 'destructive' });
    } finally {
      setBusyWith(null);
    }
    await refreshAdminData();
  }

  return (
    <article aria-labelledby={headingId} className="rounded-lg border border-gray-200 p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} className="text-base font-semibold break-words text-gray-900">
            Request {report.id}: {report.service}
          </h3>
          <p className="text-sm text-gray-700">
            {whereText(report.postcodeDistrict, report.remoteOk)} · Sent {formatDateTime(report.sentAt ?? report.createdAt)} ·{' '}
            {report.status === 'closed' ? 'Closed' : report.status === 'open' ? 'Open' : 'Not sent'}
          </p>
        </div>
        <Badge tone={state.tone}>{state.label}</Badge>
      </div>

      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium text-gray-800">Budget</dt>
        <dd className="text-gray-900">{BUDGET_BAND_LABELS[report.budget] ?? report.budget}</dd>
        <dt className="font-medium text-gray-800">Timescale</dt>
        <dd className="text-gray-900">{TIMESCALE_LABELS[report.timescale] ?? report.timescale}</dd>
        <dt className="font-medium text-gray-800">Buyer</dt>
        <dd className="break-words text-gray-900">
          {isAnonymised ? (
            `Removed on ${formatDateTime(report.anonymisedAt)} (data retention)`
          ) : (
            <>
              {report.buyerName} ·{' '}
              <a href={`mailto:${report.buyerEmail}`} className={`${linkClass} break-all`}>
                {report.buyerEmail}
              </a>
            </>
          )}
        </dd>
        <dt className="font-medium text-gray-800">Received by</dt>
        <dd className="text-gray-900">
          {formatCount(report.recipients)} {report.recipients === 1 ? 'professional' : 'professionals'}
        </dd>
      </dl>

      {report.details ? (
        <p className="mt-3 text-sm whitespace-pre-line break-words text-gray-900">{report.details}</p>
      ) : (
        <p className="mt-3 text-sm text-gray-700">{isAnonymised ? 'The description was removed with the buyer’s details.' : 'No description.'}</p>
      )}

      <h4 className="mt-4 text-sm font-semibold text-gray-900">Reported by</h4>
      <ul className="mt-1 space-y-1 text-sm text-gray-800">
        {report.reports.map((flag) => (
          <li key={flag.professionalId}>
            {flag.companyName}, {formatDateTime(flag.flaggedAt)}
          </li>
        ))}
      </ul>

      {verdict ? (
        <p className="mt-4 text-sm text-gray-800">{verdict}</p>
      ) : (
        <div className="mt-4 flex flex-wrap gap-3">
          <button type="button" className={dangerButtonClass} disabled={busyWith !== null} onClick={() => void review('spam')}>
            {busyWith === 'spam' ? 'Saving…' : report.status === 'closed' ? 'Spam' : 'Spam: close the request'}
            <span className="sr-only"> (request {report.id})</span>
          </button>
          <button type="button" className={secondaryButtonClass} disabled={busyWith !== null} onClick={() => void review('not_spam')}>
            {busyWith === 'not_spam' ? 'Saving…' : 'Not spam'}
            <span className="sr-only"> (request {report.id})</span>
          </button>
        </div>
      )}
    </article>
  );
}
