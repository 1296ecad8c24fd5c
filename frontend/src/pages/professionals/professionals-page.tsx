// The directory (/professionals): filters live in the address (only non-default values, changed
// without a reload), the list pages through the matches with 'Load more', and the map (a lazily
// loaded chunk) shows every located match. Desktop: a 420px list column beside the map in a 70vh
// area. Below md: a 'View on Map' button opens a 60vh 'Map View' panel above the list.
// The list is the primary, accessible content; the map is an extra view of the same results.
import { lazy, Suspense, useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { errorMessageFor } from '../../api/client';
import {
  activeFilterChips,
  availableSorts,
  defaultSort,
  directoryTitle,
  filtersFromSearchParams,
  filtersToSearchParams,
  normaliseFilters,
  SORT_LABELS,
  withoutFilters,
  type DirectoryFilters,
} from '../../api/directory-query';
import { useProfessionals } from '../../api/use-professionals';
import { CloseIcon } from '../../components/icons';
import { MapOverlay } from '../../components/map/map-overlay';
import { MapErrorBoundary } from '../../components/map/map-error-boundary';
import { ProfessionalCard, ProfessionalCardSkeleton } from '../../components/professional-card/professional-card';
import { useDocumentTitle } from '../../components/use-document-title';
import { DirectoryFilterForm } from './directory-filter-form';
import { JoinBanner } from './join-banner';
import { useIsDesktop } from './use-is-desktop';

const DirectoryMap = lazy(async () => ({ default: (await import('../../components/map/directory-map')).DirectoryMap }));

const SKELETON_COUNT = 6;

function countText(n: number): string {
  return `${n.toLocaleString('en-GB')} ${n === 1 ? 'professional' : 'professionals'}`;
}

export function ProfessionalsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = searchParams.toString();
  const filters = useMemo(() => filtersFromSearchParams(new URLSearchParams(query)), [query]);
  const isDesktop = useIsDesktop();
  const [isMapOpen, setMapOpen] = useState(false);
  const [located, setLocated] = useState<number | null>(null);
  const mapPanelId = useId();

  useDocumentTitle(directoryTitle(filters));

  const apply = useCallback(
    (next: DirectoryFilters) => setSearchParams(filtersToSearchParams(normaliseFilters(next))),
    [setSearchParams],
  );

  const { professionals, total, isLoading, isLoadingMore, hasMore, error, loadMore, retry } = useProfessionals(filters);
  const chips = activeFilterChips(filters);
  const sorts = availableSorts(filters);
  const isMapShown = isDesktop || isMapOpen;

  // The located count belongs to the map on screen; none is known while no map is shown.
  useEffect(() => {
    if (!isMapShown) setLocated(null);
  }, [isMapShown]);

  const map = (
    <MapErrorBoundary>
      <Suspense fallback={<MapOverlay state="loading-map" />}>
        <DirectoryMap filters={filters} onLocatedCount={setLocated} />
      </Suspense>
    </MapErrorBoundary>
  );

  return (
    <>
      <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
        <h1 className="text-3xl font-bold tracking-tight text-gray-900">Professionals</h1>
        <p className="mt-1 text-gray-700">Find trusted IT professionals across the UK.</p>

        <div className="mt-6">
          <DirectoryFilterForm key={query} filters={filters} onApply={apply} />
        </div>

        <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div aria-live="polite" className="text-sm text-gray-800">
            {total !== undefined && !error ? (
              <p>
                <span className="font-semibold">{countText(total)}</span>
                {located !== null && isMapShown ? <span className="text-gray-700"> · {located.toLocaleString('en-GB')} on the map</span> : null}
              </p>
            ) : null}
          </div>
          <div className="flex items-center gap-2">
            <label htmlFor="directory-sort" className="text-sm font-medium text-gray-800">
              Sort by
            </label>
            <select
              id="directory-sort"
              value={filters.sort ?? defaultSort(filters)}
              onChange={(event) => apply({ ...filters, sort: event.target.value as DirectoryFilters['sort'] })}
              className="rounded-md border border-gray-400 bg-white px-3 py-1.5 text-sm text-gray-900"
            >
              {sorts.map((sort) => (
                <option key={sort} value={sort}>
                  {SORT_LABELS[sort]}
                </option>
              ))}
            </select>
          </div>
        </div>

        {chips.length > 0 ? (
          <div className="mt-3 flex flex-wrap items-center gap-2">
            <h2 className="sr-only">Active filters</h2>
            <ul className="flex flex-wrap gap-2">
              {chips.map((chip) => (
                <li key={chip.label}>
                  <button
                    type="button"
                    onClick={() => apply(withoutFilters(filters, chip.keys))}
                    aria-label={`Remove filter: ${chip.label}`}
                    className="inline-flex items-center gap-1 rounded-full border border-blue-200 bg-blue-50 py-1 pr-2 pl-3 text-sm text-blue-900 hover:bg-blue-100"
                  >
                    {chip.label}
                    <CloseIcon width={14} height={14} />
                  </button>
                </li>
              ))}
            </ul>
            {chips.length > 1 ? (
              <button
                type="button"
                onClick={() => setSearchParams(new URLSearchParams())}
                className="text-sm font-medium text-blue-700 underline underline-offset-2 hover:text-blue-900"
              >
                Clear all
              </button>
            ) : null}
          </div>
        ) : null}

        {!isDesktop ? (
          <div className="mt-4">
            <button
              type="button"
              aria-expanded={isMapOpen}
              aria-controls={mapPanelId}
              onClick={() => setMapOpen((open) => !open)}
              className="w-full rounded-md border border-blue-700 px-4 py-2 text-sm font-semibold text-blue-700 hover:bg-blue-50"
            >
              {isMapOpen ? 'Hide Map' : 'View on Map'}
            </button>
            <section
              id={mapPanelId}
              hidden={!isMapOpen}
              aria-labelledby={`${mapPanelId}-heading`}
              className="mt-3 overflow-hidden rounded-lg border border-gray-200"
            >
              <div className="flex items-center justify-between border-b border-gray-200 bg-white px-3 py-2">
                <h2 id={`${mapPanelId}-heading`} className="text-base font-semibold text-gray-900">
                  Map View
                </h2>
                <button
                  type="button"
                  aria-label="Close map"
                  onClick={() => setMapOpen(false)}
                  className="rounded-md p-1.5 text-gray-700 hover:bg-gray-100"
                >
                  <CloseIcon />
                </button>
              </div>
              <div className="relative h-[60vh]">{isMapOpen ? map : null}</div>
            </section>
          </div>
        ) : null}

        <div className="mt-4 md:grid md:h-[70vh] md:grid-cols-[420px_1fr] md:gap-4">
          <section aria-labelledby="results-heading" className="md:h-full md:overflow-y-auto md:pr-1">
            <h2 id="results-heading" className="sr-only">
              Results
            </h2>
            <ResultsList
              professionals={professionals}
              isLoading={isLoading}
              error={error}
              hasMore={hasMore}
              isLoadingMore={isLoadingMore}
              onLoadMore={loadMore}
              onRetry={retry}
              onClear={() => setSearchParams(new URLSearchParams())}
              near={filters.near}
            />
          </section>
          {isDesktop ? (
            <section aria-label="Map of results" className="relative hidden h-full overflow-hidden rounded-lg border border-gray-200 md:block">
              {map}
            </section>
          ) : null}
        </div>
      </div>
      <div className="mt-12">
        <JoinBanner />
      </div>
    </>
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

function ResultsList({ professionals, isLoading, error, hasMore, isLoadingMore, onLoadMore, onRetry, onClear, near }: ResultsListProps) {
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
          className="mt-4 rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800"
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
          className="mt-4 rounded-md bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800"
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
            className="rounded-md border border-blue-700 px-5 py-2 text-sm font-semibold text-blue-700 hover:bg-blue-50 disabled:opacity-60"
          >
            {isLoadingMore ? 'Loading…' : error ? 'Try again' : 'Load more'}
          </button>
        </div>
      ) : null}
    </>
  );
}
