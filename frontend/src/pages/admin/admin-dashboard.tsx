// The admin dashboard (spec "Admin dashboard", issue 11): the maintenance switch and access code,
// the statistics (stat cards, revenue chart and table, subscription breakdown, Top Rated), the
// lists in dialogs (applications, users, professionals, archived users, contact messages, reported
// reviews, requests for quotes reported as spam, audit log), the queue summary, the latest audit
// entries and the errors the site's pages reported (product rule 37). A failed statistics load
// shows 'Error loading dashboard' with a retry; the rest of the dashboard keeps working.
import { useState } from 'react';
import { ADMIN_MESSAGES } from '../../../../core/admin';
import { useAdminStats } from '../../api/use-admin';
import type { CurrentUser } from '../../api/current-user';
import { displayHeadingClass, pageWidthClass, panelClass, secondaryButtonClass, sectionHeadingClass } from '../../components/styles';
import { ApplicationsDialog } from './applications-dialog';
import { AuditLogDialog, AuditLogPanel } from './audit-log';
import { CredentialsDialog } from './credentials-dialog';
import { ContactMessagesDialog } from './messages-dialog';
import { MaintenancePanel } from './maintenance-panel';
import { ArchivedUsersDialog, ProfessionalsDialog, UsersDialog } from './people-dialogs';
import { QuoteReportsDialog } from './quote-reports-dialog';
import { QueueSummaryPanel } from './queue-summary';
import { ReportedErrorsPanel } from './reported-errors';
import { RevenuePanel } from './revenue-panel';
import { ReportedReviewsDialog } from './reviews-dialog';
import { PanelSkeleton, StatCards, SubscriptionBreakdown, TopRated, type DashboardDialog } from './stats-panels';

const MANAGE: readonly { id: DashboardDialog; label: string }[] = [
  { id: 'applications', label: 'Applications' },
  { id: 'credentials', label: 'Evidence to check' },
  { id: 'users', label: 'Users' },
  { id: 'professionals', label: 'Professionals' },
  { id: 'archived', label: 'Archived users' },
  { id: 'messages', label: 'Contact messages' },
  { id: 'reviews', label: 'Reported reviews' },
  { id: 'quote-reports', label: 'Reported requests' },
  { id: 'audit', label: 'Audit log' },
];

export function AdminDashboard({ user }: { user: CurrentUser }) {
  const [dialog, setDialog] = useState<DashboardDialog | null>(null);
  const close = () => setDialog(null);

  return (
    <div className={`${pageWidthClass} space-y-8 py-10`}>
      <header>
        <h1 className={displayHeadingClass}>Admin dashboard</h1>
        <p className="mt-2 text-gray-700">Signed in as {user.name}.</p>
      </header>

      <MaintenancePanel />
      <Statistics onOpen={setDialog} />

      <section aria-labelledby="manage-heading" className={panelClass}>
        <h2 id="manage-heading" className={sectionHeadingClass}>
          Manage
        </h2>
        <ul className="mt-4 flex flex-wrap gap-3">
          {MANAGE.map((item) => (
            <li key={item.id}>
              <button type="button" className={secondaryButtonClass} onClick={() => setDialog(item.id)}>
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      </section>

      {/* min-w-0: a grid item is otherwise as wide as its widest table, which would widen the page. */}
      <div className="grid gap-8 lg:grid-cols-2">
        <div className="min-w-0">
          <QueueSummaryPanel />
        </div>
        <div className="min-w-0">
          <AuditLogPanel onOpen={() => setDialog('audit')} />
        </div>
      </div>

      <ReportedErrorsPanel />

      <ApplicationsDialog isOpen={dialog === 'applications'} onClose={close} />
      <CredentialsDialog isOpen={dialog === 'credentials'} onClose={close} />
      <UsersDialog isOpen={dialog === 'users'} onClose={close} />
      <ProfessionalsDialog isOpen={dialog === 'professionals'} onClose={close} />
      <ArchivedUsersDialog isOpen={dialog === 'archived'} onClose={close} />
      <ContactMessagesDialog isOpen={dialog === 'messages'} onClose={close} />
      <ReportedReviewsDialog isOpen={dialog === 'reviews'} onClose={close} />
      <QuoteReportsDialog isOpen={dialog === 'quote-reports'} onClose={close} />
      <AuditLogDialog isOpen={dialog === 'audit'} onClose={close} />
    </div>
  );
}

function Statistics({ onOpen }: { onOpen: (dialog: DashboardDialog) => void }) {
  const { stats, error, reload } = useAdminStats();
  if (error && !stats) return <DashboardError onRetry={() => void reload()} />;
  if (!stats) {
    return (
      <div className="grid gap-8 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <PanelSkeleton label="statistics" />
        </div>
        <PanelSkeleton label="subscriptions" />
      </div>
    );
  }
  return (
    <>
      <StatCards stats={stats} onOpen={onOpen} />
      <div className="grid gap-8 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <RevenuePanel months={stats.months} />
        </div>
        <div className="min-w-0 space-y-8">
          <SubscriptionBreakdown breakdown={stats.subscriptionBreakdown} />
          <TopRated professionals={stats.topRated} />
        </div>
      </div>
    </>
  );
}

export function DashboardError({ onRetry }: { onRetry: () => void }) {
  return (
    <section role="alert" aria-labelledby="dashboard-error" className="rounded-lg border border-red-300 bg-red-50 p-6 shadow-sm">
      <h2 id="dashboard-error" className="text-lg font-semibold text-red-900">
        {ADMIN_MESSAGES.dashboardErrorTitle}
      </h2>
      <p className="mt-1 text-sm text-red-900">{ADMIN_MESSAGES.statsFailed}</p>
      <button type="button" className={`${secondaryButtonClass} mt-4 bg-white`} onClick={onRetry}>
        Try again
      </button>
    </section>
  );
}
