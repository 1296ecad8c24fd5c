// The audit log (issue 11): who did what and when (approvals, rejections, maintenance on and off,
// access-code changes, moderation, the retention job's runs). The dashboard shows the latest
// entries; the dialog pages through all of them.
import type { AuditEntry } from '../../../../core/admin';
import { useAdminList } from '../../api/admin-lists';
import { secondaryButtonClass, panelClass, sectionHeadingClass } from '../../components/styles';
import { AdminDialog } from './admin-dialog';
import { formatDateTime } from './admin-format';
import { AdminList } from './admin-list';
import { AdminTable, cellClass } from './admin-table';

export const AUDIT_LOG_PATH = '/api/admin/audit-log';
export const FETCH_AUDIT_LOG_FAILED = 'Failed to fetch the audit log';
const LATEST = 8;

function actorName(entry: AuditEntry): string {
  return entry.actor ?? 'System';
}

export function AuditLogPanel({ onOpen }: { onOpen: () => void }) {
  const { items, error, isLoading, hasData, reload } = useAdminList<AuditEntry>({ path: AUDIT_LOG_PATH, params: { offset: 0 }, limit: LATEST });
  return (
    <section aria-labelledby="audit-log-heading" className={panelClass}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="audit-log-heading" className={sectionHeadingClass}>
          Audit log
        </h2>
        <button type="button" className={secondaryButtonClass} onClick={onOpen}>
          View full log
        </button>
      </div>
      {error ? (
        <div role="alert" className="mt-4 text-sm text-red-800">
          <p>{FETCH_AUDIT_LOG_FAILED}</p>
          <button type="button" className={`${secondaryButtonClass} mt-2`} onClick={() => void reload()}>
            Try again
          </button>
        </div>
      ) : isLoading && !hasData ? (
        <p role="status" className="mt-4 text-sm text-gray-700">
          Loading…
        </p>
      ) : items.length === 0 ? (
        <p className="mt-4 text-sm text-gray-700">No admin actions yet.</p>
      ) : (
        <ol className="mt-4 divide-y divide-gray-200">
          {items.map((entry) => (
            <li key={entry.id} className="py-2 text-sm">
              <p className="break-words text-gray-900">{entry.summary}</p>
              <p className="text-gray-700">
                {actorName(entry)} · <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

export function AuditLogDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  return (
    <AdminDialog isOpen={isOpen} onClose={onClose} title="Audit log" description="Every admin action and retention run, newest first.">
      <AdminList<AuditEntry> path={AUDIT_LOG_PATH} failedText={FETCH_AUDIT_LOG_FAILED} emptyText="No admin actions yet.">
        {(entries) => (
          <AdminTable label="Audit log" columns={['When', 'Who', 'What']}>
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td className={`${cellClass} whitespace-nowrap`}>
                  <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
                </td>
                <td className={cellClass}>{actorName(entry)}</td>
                <td className={`${cellClass} break-words`}>{entry.summary}</td>
              </tr>
            ))}
          </AdminTable>
        )}
      </AdminList>
    </AdminDialog>
  );
}
