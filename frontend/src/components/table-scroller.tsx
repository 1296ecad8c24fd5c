import type { ReactNode } from 'react';

/** Lets a wide table scroll sideways on a narrow screen instead of widening the page. The region is
 * focusable so keyboard users can scroll it too (WCAG 2.1.1). */
export function TableScroller({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className="mb-4 overflow-x-auto">
      {children}
    </div>
  );
}
