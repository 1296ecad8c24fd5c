// 'Reported errors' (product rule 37): what the site's pages caught and reported, grouped by
// message, release and where it was caught (GET /api/admin/client-errors), the most recently seen
// first. With SENTRY_DSN set, reports go to Sentry instead and this stays empty.
import { CLIENT_ERROR_TEXTS } from '../../../../core/client-errors';
import type { ClientErrorSource } from '../../../../core/client-error-limits';
import { useClientErrors } from '../../api/use-admin';
import { panelClass, secondaryButtonClass, sectionHeadingClass } from '../../components/styles';
import { TableScroller } from '../../components/table-scroller';
import { formatCount, formatDateTime } from './admin-format';

const SOURCE_LABELS: Record<ClientErrorSource, string> = {
  page: 'Page',
  map: 'Map',
  uncaught: 'Uncaught',
  'unhandled-rejection': 'Rejected promise',
};

const cellClass = 'px-1.5 py-2 sm:px-2 align-top';

export function ReportedErrorsPanel() {
  const { groups, error, isLoading, hasData, reload } = useClientErrors();
  return (
    <section aria-labelledby="reported-errors-heading" className={panelClass}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="reported-errors-heading" className={sectionHeadingClass}>
          {CLIENT_ERROR_TEXTS.sectionTitle}
        </h2>
        <button type="button" className={secondaryButtonClass} onClick={() => void reload()}>
          Refresh
        </button>
      </div>
      {error && !hasData ? (
        <div role="alert" className="mt-4 text-sm text-red-800">
          <p>{CLIENT_ERROR_TEXTS.fetchFailed}</p>
        </div>
      ) : isLoading && !hasData ? (
        <p role="status" className="mt-4 text-sm text-gray-700">
          Loading…
        </p>
      ) : groups.length === 0 ? (
        <p className="mt-4 text-sm text-gray-700">{CLIENT_ERROR_TEXTS.empty}</p>
      ) : (
        <div className="mt-3">
          <TableScroller label="Error groups">
            <table className="w-full border-collapse text-left text-sm">
              <caption className="sr-only">Errors the site&apos;s pages reported, the most recent first</caption>
              <thead>
                <tr className="border-b border-gray-300">
                  {['Message', 'Where', 'Release', 'Times', 'First seen', 'Last seen', 'Last page'].map((column) => (
                    <th key={column} scope="col" className={`${cellClass} font-semibold text-gray-900 ${column === 'Times' ? 'text-right' : ''}`}>
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-200">
                {groups.map((group) => (
                  <tr key={group.id}>
                    <th scope="row" className={`${cellClass} max-w-xs font-medium break-words text-gray-900`}>
                      {group.message}
                    </th>
                    <td className={cellClass}>{SOURCE_LABELS[group.source] ?? group.source}</td>
                    <td className={`${cellClass} font-mono text-xs`}>{group.release}</td>
                    <td className={`${cellClass} text-right tabular-nums`}>{formatCount(group.count)}</td>
                    <td className={`${cellClass} whitespace-nowrap`}>{formatDateTime(group.firstSeen)}</td>
                    <td className={`${cellClass} whitespace-nowrap`}>{formatDateTime(group.lastSeen)}</td>
                    <td className={`${cellClass} break-all font-mono text-xs`}>{group.lastPage}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroller>
        </div>
      )}
    </section>
  );
}
