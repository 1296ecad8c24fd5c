// The dialogs' tables: a header row, one row per item, sideways scrolling on a narrow screen
// (TableScroller: a focusable region, so keyboard users can scroll it too).
import type { ReactNode } from 'react';
import { TableScroller } from '../../components/table-scroller';

export function AdminTable({ label, columns, children }: { label: string; columns: readonly string[]; children: ReactNode }) {
  return (
    <TableScroller label={label}>
      <table className="w-full min-w-[40rem] border-collapse text-left text-sm">
        <caption className="sr-only">{label}</caption>
        <thead>
          <tr className="border-b border-gray-300">
            {columns.map((column) => (
              <th key={column} scope="col" className="px-3 py-2 font-semibold whitespace-nowrap text-gray-900">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-200">{children}</tbody>
      </table>
    </TableScroller>
  );
}

export const cellClass = 'px-3 py-2 align-top text-gray-800';

/** A small coloured label ('Live', 'Pending review'). */
export function Badge({ tone, children }: { tone: 'green' | 'amber' | 'red' | 'grey' | 'blue'; children: ReactNode }) {
  const tones = {
    green: 'bg-green-100 text-green-900',
    amber: 'bg-amber-100 text-amber-900',
    red: 'bg-red-100 text-red-900',
    grey: 'bg-gray-100 text-gray-800',
    blue: 'bg-blue-100 text-blue-900',
  } as const;
  return <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${tones[tone]}`}>{children}</span>;
}
