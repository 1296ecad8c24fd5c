import { errorMessageFor } from '../../api/client';
import { DEFAULT_FILTERS, directoryPath, looserSearches, withoutNear, type DirectoryFilters } from '../../api/directory-query';
import type { useProfessionals } from '../../api/use-professionals';
import { earlyHrefProps } from '../../components/early-clicks';
import { ProfessionalCard, ProfessionalCardSkeleton } from '../../components/professional-card/professional-card';
import { dangerButtonClass, outlineButtonClass, primaryButtonClass, secondaryButtonClass } from '../../components/styles';
import { rateComparisonNote } from './rate-comparison';
import { formatCount, professionalsText } from '../../../../core/counts';

const SKELETON_COUNT = 6;

/**
 * How many match, and how many of those the map shows. Always rendered, even empty, because a live
 * region only announces changes to a region that was already on the page.
 */
export function ResultsCount({ total, located, hasError }: { total: number | undefined; located: number | null; hasError: boolean }) {
  return (
    <div aria-live="polite" className="text-sm text-gray-800">
      {total !== undefined && !hasError ? (
        <p>
          <span className="font-semibold">{professionalsText(total)}</span>
          {located !== null ? <span className="text-gray-700"> · {formatCount(located)} on the map</span> : null}
        </p>
      ) : null}
    </div>
  );
}

interface ResultsListProps {
  professionals: ReturnType<typeof useProfessionals>['professionals'];
  isLoading: boolean;
  error: unknown;
  /** The API's message when the address's postcode or place is unknown: shown instead of results. */
  unknownNear?: string | null | undefined;
  hasMore: boolean;
  isLoadingMore: boolean;
  onLoadMore: () => void;
  onRetry: () => void;
  onClear: () => void;
  /** The filters the list shows: the postcode or place searched near goes on the profile links, a
   * price filter explains day rates, and an empty list suggests what to loosen. */
  filters: DirectoryFilters;
  /** Applies looser filters (a suggestion of the empty state). */
  onApply: (next: DirectoryFilters) => void;
  /** The list has the page's width to itself from md up (no map beside it): cards in columns, no scroll box. */
  isFullWidth: boolean;
  /** The id of the map to skip to from the top of the list, when a map is shown beside or above it. */
  mapId?: string | undefined;
}

export function ResultsList(props: ResultsListProps) {
  // `relative`: the scroll box is the containing block of what is positioned inside it (the cards'
  // visually hidden text is absolutely positioned); without it that text escaped the box and
  // stretched the page thousands of pixels past the footer.
  return (
    <section
      aria-labelledby="results-heading"
      className={props.isFullWidth ? 'relative min-w-0' : 'relative min-w-0 md:h-full md:overflow-y-auto md:pr-1'}
    >
      <h2 id="results-heading" className="sr-only">
        Results
      </h2>
      {props.mapId ? (
        <a
          href={`#${props.mapId}`}
          onClick={(event) => {
            const map = document.getElementById(props.mapId ?? '');
            if (!map) return;
            event.preventDefault();
            map.focus();
          }}
          className="sr-only focus:not-sr-only focus:mb-2 focus:inline-block focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:text-sm focus:font-semibold focus:text-blue-700"
        >
          Skip to the map
        </a>
      ) : null}
      <ResultsBody {...props} />
    </section>
  );
}

function ResultsBody({
  professionals,
  isLoading,
  error,
  unknownNear,
  hasMore,
  isLoadingMore,
  onLoadMore,
  onRetry,
  onClear,
  filters,
  onApply,
  isFullWidth,
}: ResultsListProps) {
  const gridClass = isFullWidth ? 'grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3' : 'grid grid-cols-1 gap-4';
  const near = filters.near;
  if (isLoading) {
    return (
      <div role="status" aria-label="Loading professionals" className={gridClass}>
        {Array.from({ length: SKELETON_COUNT }, (_, i) => (
          <ProfessionalCardSkeleton key={i} />
        ))}
      </div>
    );
  }

  if (unknownNear) {
    // The answer to this address: nothing was searched, so nothing is listed (not the previous
    // search's results, which would read as the answer). The postcode field above says the same.
    return (
      <div className="rounded-lg border border-amber-300 bg-amber-50 p-6 text-center">
        <p className="font-medium text-gray-900">{unknownNear}</p>
        <p className="mt-1 text-sm text-gray-800 [overflow-wrap:anywhere]">
          Nothing is listed for ‘{near}’. Check it in ‘Near postcode or place’ and press Search, or search without it.
        </p>
        <button
          type="button"
          {...earlyHrefProps(directoryPath(withoutNear(filters)))}
          onClick={() => onApply(withoutNear(filters))}
          className={`${secondaryButtonClass} mt-4`}
        >
          Search without the postcode or place
        </button>
      </div>
    );
  }

  if (error && professionals.length === 0) {
    const detail = errorMessageFor(error, '');
    return (
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-6 text-center">
        <p className="font-medium text-red-900">Failed to load professionals. Please try again.</p>
        {detail ? <p className="mt-1 text-sm text-red-900">{detail}</p> : null}
        <button
          type="button"
          onClick={onRetry}
          className={`${dangerButtonClass} mt-4`}
        >
          Try again
        </button>
      </div>
    );
  }

  if (professionals.length === 0) {
    const suggestions = looserSearches(filters);
    return (
      <div className="rounded-lg border border-gray-200 bg-gray-50 p-8 text-center">
        <p className="font-medium text-gray-900">No professionals found matching your criteria.</p>
        {suggestions.length > 0 ? (
          <>
            <p className="mt-3 text-sm text-gray-700">Try a wider search:</p>
            <ul className="mt-2 flex flex-wrap justify-center gap-2">
              {suggestions.map((suggestion) => (
                <li key={suggestion.label} className="max-w-full">
                  <button
                    type="button"
                    {...earlyHrefProps(directoryPath(suggestion.filters))}
                    onClick={() => onApply(suggestion.filters)}
                    className={`${secondaryButtonClass} max-w-full [overflow-wrap:anywhere]`}
                  >
                    {suggestion.label}
                  </button>
                </li>
              ))}
            </ul>
          </>
        ) : null}
        <button
          type="button"
          {...earlyHrefProps(directoryPath(DEFAULT_FILTERS))}
          onClick={onClear}
          className={`${primaryButtonClass} mt-4`}
        >
          Clear Filters
        </button>
      </div>
    );
  }

  return (
    <>
      <ul className={gridClass}>
        {professionals.map((professional) => (
          <li key={professional.id} className="min-w-0">
            <ProfessionalCard
              professional={professional}
              headingLevel={3}
              near={near || undefined}
              rateNote={rateComparisonNote(professional, filters) ?? undefined}
            />
          </li>
        ))}
      </ul>
      {error ? (
        <p role="alert" className="mt-4 text-center text-sm text-red-800">
          Failed to load professionals. Please try again.
        </p>
      ) : null}
      {hasMore || (error && professionals.length > 0) ? (
        <div className="mt-4 text-center">
          <button
            type="button"
            onClick={error ? onRetry : onLoadMore}
            disabled={isLoadingMore}
            className={outlineButtonClass}
          >
            {isLoadingMore ? 'Loading…' : error ? 'Try again' : 'Load more'}
          </button>
        </div>
      ) : null}
    </>
  );
}
