// The worker's queues at a glance (issue 11, item 4): waiting, active, delayed and failed jobs per
// queue (GET /api/admin/queues), with the way to Bull Board (/admin/queues, admins only), where
// jobs are inspected and failed ones retried. Bull Board is the server's own page, so it is a
// plain link (a full page load), not a route of the SPA.
import { useQueueSummary } from '../../api/use-admin';
import { linkClass, panelClass, secondaryButtonClass, sectionHeadingClass } from '../../components/styles';
import { TableScroller } from '../../components/table-scroller';
import { formatCount } from './admin-format';

export const FETCH_QUEUES_FAILED = 'Failed to fetch the queue summary';
export const BULL_BOARD_PATH = '/admin/queues';

export function QueueSummaryPanel() {
  const { queues, error, isLoading, hasData, reload } = useQueueSummary();
  const failed = queues.reduce((sum, queue) => sum + queue.failed, 0);
  return (
    <section aria-labelledby="queues-heading" className={panelClass}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="queues-heading" className={sectionHeadingClass}>
          Background jobs
        </h2>
        <button type="button" className={secondaryButtonClass} onClick={() => void reload()}>
          Refresh
        </button>
      </div>
      {error ? (
        <div role="alert" className="mt-4 text-sm text-red-800">
          <p>{FETCH_QUEUES_FAILED}</p>
        </div>
      ) : isLoading && !hasData ? (
        <p role="status" className="mt-4 text-sm text-gray-700">
          Loading…
        </p>
      ) : (
        <>
          {failed > 0 ? (
            <p className="mt-3 text-sm font-medium text-red-800">
              {formatCount(failed)} failed {failed === 1 ? 'job needs' : 'jobs need'} a look: retry {failed === 1 ? 'it' : 'them'} in Bull Board.
            </p>
          ) : null}
          <div className="mt-3">
            <TableScroller label="Jobs in each queue">
              <table className="w-full border-collapse text-left text-sm">
                <caption className="sr-only">Jobs in each queue</caption>
                <thead>
                  <tr className="border-b border-gray-300">
                    {['Queue', 'Waiting', 'Active', 'Delayed', 'Failed'].map((column, index) => (
                      <th key={column} scope="col" className={`px-1.5 py-2 sm:px-2 font-semibold text-gray-900 ${index > 0 ? 'text-right' : ''}`}>
                        {column}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className="divide-y divide-gray-200">
                  {queues.map((queue) => (
                    <tr key={queue.name}>
                      <th scope="row" className="px-1.5 py-2 sm:px-2 font-medium text-gray-900">
                        {queue.name}
                      </th>
                      <td className="px-1.5 py-2 sm:px-2 text-right tabular-nums">{formatCount(queue.waiting)}</td>
                      <td className="px-1.5 py-2 sm:px-2 text-right tabular-nums">{formatCount(queue.active)}</td>
                      <td className="px-1.5 py-2 sm:px-2 text-right tabular-nums">{formatCount(queue.delayed)}</td>
                      <td className={`px-1.5 py-2 sm:px-2 text-right tabular-nums ${queue.failed > 0 ? 'font-semibold text-red-800' : ''}`}>{formatCount(queue.failed)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroller>
          </div>
        </>
      )}
      <p className="mt-4 text-sm">
        <a href={BULL_BOARD_PATH} className={linkClass}>
          Open Bull Board
        </a>{' '}
        <span className="text-gray-700">to see the jobs and retry failed ones.</span>
      </p>
    </section>
  );
}
