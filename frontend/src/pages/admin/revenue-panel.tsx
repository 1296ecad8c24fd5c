// Revenue and active subscriptions per month for the last 12 months (issue 11): a chart (recharts,
// loaded only here and only when shown) and the same figures as a table. The table is always there
// for screen readers (visually hidden), and 'Show as table' shows it to everyone instead of the
// chart. A chart that fails to load leaves the table in its place.
import { Component, lazy, Suspense, useId, useState, type ReactNode } from 'react';
import type { AdminMonth } from '../../../../core/admin';
import { panelClass, secondaryButtonClass, sectionHeadingClass } from '../../components/styles';
import { TableScroller } from '../../components/table-scroller';
import { formatCount, formatMonthLong, formatPounds } from './admin-format';

const RevenueChart = lazy(async () => ({ default: (await import('./revenue-chart')).RevenueChart }));

class ChartBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { hasFailed: boolean }> {
  override state = { hasFailed: false };
  static getDerivedStateFromError() {
    return { hasFailed: true };
  }
  override render() {
    return this.state.hasFailed ? this.props.fallback : this.props.children;
  }
}

export function RevenuePanel({ months }: { months: readonly AdminMonth[] }) {
  const [isTableShown, setTableShown] = useState(false);
  const headingId = useId();
  const chartFailed = (
    <p className="flex h-[300px] items-center justify-center text-sm text-gray-700">The chart could not be loaded. Show the table to see the figures.</p>
  );

  return (
    <section aria-labelledby={headingId} className={panelClass}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id={headingId} className={sectionHeadingClass}>
            Revenue and subscriptions
          </h2>
          <p className="mt-1 text-sm text-gray-700">The last 12 months: payments received less refunds, and subscriptions active at each month's end.</p>
        </div>
        <button type="button" className={secondaryButtonClass} aria-pressed={isTableShown} onClick={() => setTableShown((shown) => !shown)}>
          Show as table
        </button>
      </div>
      {isTableShown ? null : (
        <div aria-hidden="true" className="mt-4">
          <ChartBoundary fallback={chartFailed}>
            <Suspense fallback={<div className="h-[300px] animate-pulse rounded bg-gray-100" />}>
              <RevenueChart months={months} />
            </Suspense>
          </ChartBoundary>
        </div>
      )}
      {isTableShown ? (
        <div className="mt-4">
          <TableScroller label="Revenue and subscriptions per month">
            <MonthsTable months={months} />
          </TableScroller>
        </div>
      ) : (
        <div className="sr-only">
          <MonthsTable months={months} />
        </div>
      )}
    </section>
  );
}

export function MonthsTable({ months }: { months: readonly AdminMonth[] }) {
  return (
    <table className="w-full border-collapse text-left text-sm">
      <caption className="sr-only">Revenue and active subscriptions per month, the last 12 months</caption>
      <thead>
        <tr className="border-b border-gray-300">
          <th scope="col" className="px-2 py-2 sm:px-3 font-semibold text-gray-900">
            Month
          </th>
          <th scope="col" className="px-2 py-2 sm:px-3 text-right font-semibold text-gray-900">
            Revenue
          </th>
          <th scope="col" className="px-2 py-2 sm:px-3 text-right font-semibold text-gray-900">
            Active subscriptions
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-gray-200">
        {months.map((month) => (
          <tr key={month.month}>
            <th scope="row" className="px-2 py-2 sm:px-3 font-medium text-gray-900">
              {formatMonthLong(month.month)}
            </th>
            <td className="px-2 py-2 sm:px-3 text-right text-gray-800 tabular-nums">{formatPounds(month.revenue)}</td>
            <td className="px-2 py-2 sm:px-3 text-right text-gray-800 tabular-nums">{formatCount(month.activeSubscriptions)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
