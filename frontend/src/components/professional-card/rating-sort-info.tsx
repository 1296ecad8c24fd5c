// 'How is Highest rated ranked?': a disclosure beside the directory's sort (product rule 31). A
// <details> element, so it opens by click, tap, Enter or Space without any script, and its text is
// part of the page for screen readers once open. Hovered or focused while closed, a tooltip gives
// the gist (product rule 38).
import { useState } from 'react';
import { RATING_SORT_EXPLANATION, RATING_SORT_GIST } from '../../../../core/rating';
import { Tooltip } from '../tooltip';

export function RatingSortInfo() {
  const [isOpen, setOpen] = useState(false);
  return (
    <details className="relative text-sm" data-testid="rating-sort-info" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <Tooltip label={RATING_SORT_GIST} isDisabled={isOpen}>
        <summary className="cursor-pointer list-none rounded px-1 text-blue-700 underline underline-offset-2 hover:text-blue-900 [&::-webkit-details-marker]:hidden">
          How is ‘Highest rated’ ranked?
        </summary>
      </Tooltip>
      <p className="absolute right-0 z-30 mt-2 w-72 max-w-[80vw] rounded-md border border-gray-200 bg-white p-3 text-gray-800 shadow-lg">
        {RATING_SORT_EXPLANATION}
      </p>
    </details>
  );
}
