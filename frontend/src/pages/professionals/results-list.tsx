import { errorMessageFor } from '../../api/client';
import type { useProfessionals } from '../../api/use-professionals';
import { ProfessionalCard, ProfessionalCardSkeleton } from '../../components/professional-card/professional-card';
import { dangerButtonClass, outlineButtonClass, primaryButtonClass } from '../../components/styles';

const SKELETON_COUNT = 6;

function countText(n: number): string {
  return `${n.toLocaleString('en-GB')} ${n === 1 ? 'professional' : 'professionals'}`;
}

/**
 * How many match, and how many of those the map shows. Always rendered, even empty, because a live
 * region only announces changes to a region that was already on the page.
 */
export function ResultsCount({ total, located, hasError }: { total: number | undefined; located: number | null; hasError: boolean }) {
  return (
    <div aria-live="polite" className="text-sm text-gray-800">
      {total !== undefined && !hasError ? (
        <p>
          <span className="font-semibold">{countText(total)}</span>
          {located !== null ? <span className="text-gray-700"> · {located.toLocaleString('en-GB')} on the map</span> : null}
        </p>
      ) : null}
    </div>
  );
}

interface ResultsListProps {
  professionals: ReturnType<typeof useProfessionals>['professionals'];
  isLoading: boolean;
  error: unknown;
  hasMore: boolean;
  isLoadingMore: boolean;
  onLoadMore: () => void;
  onRetry: () => void;
  onClear: () => void;
  /** The postcode or place searched near ('' for none), for the profile links. */
  near: string;
}

export function ResultsList(props: ResultsListProps) {
  return (
    <section aria-labelledby="results-heading" className="md:h-full md:overflow-y-auto md:pr-1">
      <h2 id="results-heading" className="sr-only">
        Results
      </h2>
      <ResultsBody {...props} />
    </section>
  );
}

function ResultsBody({ professionals, isLoading, error, hasMore, isLoadingMore, onLoadMore, onRetry, onClear, near }: ResultsListProps) {
  if (isLoading) {
    return (
      <div role="status" aria-label="Loading professionals" className="grid gap-4">
        {Array.from({ length: SKELETON_COUNT }, (_, i) => (
          <ProfessionalCardSkeleton key={i} />
        ))}
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
    return (
      <div className="rounded-lg border border-gray-200 bg-gray-50 p-8 text-center">
        <p className="font-medium text-gray-900">No professionals found matching your criteria.</p>
        <button
          type="button"
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
      <ul className="grid gap-4">
        {professionals.map((professional) => (
          <li key={professional.id}>
            <ProfessionalCard professional={professional} headingLevel={3} near={near || undefined} />
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
