// The statistics of GET /api/admin/stats (spec section 3, "Admin stats response"): stat cards for
// every field (money with its pence; counts), the subscription breakdown and Top Rated (5 approved
// professionals with a rating above 0, highest first, spec section 9). Revenue is what was received
// minus refunds (product rule 20). The cards that have a list open its dialog.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { AdminStats } from '../../../../core/admin';
import { linkClass, panelClass, secondaryButtonClass, sectionHeadingClass } from '../../components/styles';
import { formatCount, formatPounds } from './admin-format';

export type DashboardDialog = 'users' | 'professionals' | 'archived' | 'applications' | 'credentials' | 'messages' | 'reviews' | 'quote-reports' | 'audit';

interface StatCard {
  id: string;
  label: string;
  value: string;
  note?: string;
  /** The dialog listing what the card counts, its button's text, and the text on a narrow screen. */
  dialog?: { id: DashboardDialog; label: string; short: string };
}

export function statCards(stats: AdminStats): StatCard[] {
  return [
    { id: 'total-professionals', label: 'Total professionals', value: formatCount(stats.totalProfessionals), note: 'Every listing, live or not', dialog: { id: 'professionals', label: 'View professionals', short: 'View' } },
    { id: 'active-professionals', label: 'Active professionals', value: formatCount(stats.activeProfessionals), note: 'Approved, with an active subscription' },
    { id: 'total-customers', label: 'Total customers', value: formatCount(stats.totalCustomers), note: 'Customer accounts in use', dialog: { id: 'users', label: 'View users', short: 'View' } },
    { id: 'pending-applications', label: 'Pending applications', value: formatCount(stats.pendingApplications), note: 'Waiting for a decision', dialog: { id: 'applications', label: 'Review applications', short: 'Review' } },
    { id: 'pending-credentials', label: 'Pending credentials', value: formatCount(stats.pendingCredentials), note: 'Evidence waiting to be checked', dialog: { id: 'credentials', label: 'Check evidence', short: 'Check' } },
    { id: 'archived-users', label: 'Archived users', value: formatCount(stats.archivedUsers), note: 'Deleted or cancelled accounts', dialog: { id: 'archived', label: 'View archived users', short: 'View' } },
    { id: 'total-revenue', label: 'Total revenue', value: formatPounds(stats.totalRevenue), note: 'Payments received, less refunds' },
    { id: 'monthly-revenue', label: 'Monthly plan revenue', value: formatPounds(stats.monthlyRevenue), note: 'From Pay Monthly, less refunds' },
    { id: 'yearly-revenue', label: 'Yearly plan revenue', value: formatPounds(stats.yearlyRevenue), note: 'From Pay Annually, less refunds' },
    { id: 'quote-requests', label: 'Requests for quotes', value: formatCount(stats.quotes.requestsSent), note: `Sent to ${formatCount(stats.quotes.deliveries)} professionals in all` },
    {
      id: 'quote-reply-rate',
      label: 'Quote reply rate',
      // No requests delivered yet: no rate to show, rather than an invented 0%.
      value: stats.quotes.deliveries === 0 ? '—' : `${Math.round((stats.quotes.answered / stats.quotes.deliveries) * 100)}%`,
      note: `${formatCount(stats.quotes.answered)} answered`,
    },
    {
      id: 'quote-spam',
      label: 'Requests reported as spam',
      value: formatCount(stats.quotes.reportedAsSpam),
      note: `By the professionals who received them; ${formatCount(stats.quotes.spamAwaitingReview)} awaiting review`,
      dialog: { id: 'quote-reports', label: 'Review reported requests', short: 'Review' },
    },
  ];
}

/** A stat card: a panel with less padding than panelClass, so two fit side by side on a phone. */
const statCardClass = 'flex flex-col rounded-lg border border-gray-200 bg-white p-4 shadow-sm sm:p-5';

export function StatCards({ stats, onOpen }: { stats: AdminStats; onOpen: (dialog: DashboardDialog) => void }) {
  return (
    <section aria-labelledby="stats-heading">
      <h2 id="stats-heading" className="sr-only">
        Statistics
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {statCards(stats).map((card) => (
          <li key={card.id} className={statCardClass}>
            <p id={card.id} className="text-sm font-medium text-gray-700">
              {card.label}
            </p>
            <p className="mt-1 text-xl font-bold tracking-tight break-words text-gray-900 tabular-nums sm:text-2xl">
              {card.value}
            </p>
            {card.note ? <p className="mt-1 text-xs text-gray-700">{card.note}</p> : null}
            {card.dialog ? (
              // 'View' on a narrow screen, the whole label from sm up; its name is always the whole label.
              <button type="button" className={`${secondaryButtonClass} mt-auto self-start`} onClick={() => onOpen(card.dialog!.id)}>
                <span className="sm:hidden" aria-hidden="true">
                  {card.dialog.short}
                </span>
                <span className="sr-only sm:not-sr-only">{card.dialog.label}</span>
              </button>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function SubscriptionBreakdown({ breakdown }: { breakdown: AdminStats['subscriptionBreakdown'] }) {
  const planTotal = breakdown.monthly + breakdown.yearly;
  const monthlyShare = planTotal === 0 ? 0 : Math.round((breakdown.monthly / planTotal) * 100);
  return (
    <section aria-labelledby="breakdown-heading" className={panelClass}>
      <h2 id="breakdown-heading" className={sectionHeadingClass}>
        Subscription breakdown
      </h2>
      {planTotal > 0 ? (
        <div aria-hidden="true" className="mt-4 flex h-3 overflow-hidden rounded-full bg-gray-200">
          <div className="bg-blue-700" style={{ width: `${monthlyShare}%` }} />
          <div className="bg-teal-600" style={{ width: `${100 - monthlyShare}%` }} />
        </div>
      ) : null}
      <dl className="mt-4 divide-y divide-gray-200 text-sm">
        <BreakdownRow term="Active subscriptions" value={breakdown.activeSubscriptions} />
        <BreakdownRow term="Pay Monthly" value={breakdown.monthly} swatch="bg-blue-700" />
        <BreakdownRow term="Pay Annually" value={breakdown.yearly} swatch="bg-teal-600" />
        <BreakdownRow term="Payment overdue" value={breakdown.pastDueSubscriptions} />
        <BreakdownRow term="Cancelled" value={breakdown.cancelledSubscriptions} />
      </dl>
    </section>
  );
}

function BreakdownRow({ term, value, swatch }: { term: string; value: number; swatch?: string }) {
  return (
    <div className="flex items-center justify-between py-2">
      <dt className="flex items-center gap-2 text-gray-800">
        {swatch ? <span aria-hidden="true" className={`inline-block h-3 w-3 rounded-sm ${swatch}`} /> : null}
        {term}
      </dt>
      <dd className="font-semibold text-gray-900 tabular-nums">{formatCount(value)}</dd>
    </div>
  );
}

export function TopRated({ professionals }: { professionals: AdminStats['topRated'] }) {
  return (
    <section aria-labelledby="top-rated-heading" className={panelClass}>
      <h2 id="top-rated-heading" className={sectionHeadingClass}>
        Top Rated
      </h2>
      {professionals.length === 0 ? (
        <p className="mt-4 text-sm text-gray-700">No approved professional has a rating yet.</p>
      ) : (
        <ol className="mt-4 divide-y divide-gray-200">
          {professionals.slice(0, 5).map((professional, index) => (
            <li key={professional.id} className="flex items-center justify-between gap-3 py-2 text-sm">
              <span className="flex min-w-0 items-center gap-3">
                <span aria-hidden="true" className="w-4 shrink-0 font-semibold text-gray-700">
                  {index + 1}
                </span>
                <Link to={`/professionals/${professional.slug}`} className={`${linkClass} truncate`}>
                  {professional.companyName}
                </Link>
              </span>
              <span className="shrink-0 text-gray-800 tabular-nums">
                <span aria-hidden="true" className="text-amber-600">
                  ★{' '}
                </span>
                {professional.rating.toFixed(1)}
                <span className="sr-only"> out of 5</span> ({formatCount(professional.reviewCount)}{' '}
                {professional.reviewCount === 1 ? 'review' : 'reviews'})
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** A panel's frame while its data loads. */
export function PanelSkeleton({ label, children }: { label: string; children?: ReactNode }) {
  return (
    <div className={`${panelClass} animate-pulse`} role="status">
      <span className="sr-only">Loading {label}…</span>
      <div aria-hidden="true" className="h-5 w-40 rounded bg-gray-200" />
      <div aria-hidden="true" className="mt-4 h-24 rounded bg-gray-100" />
      {children}
    </div>
  );
}
