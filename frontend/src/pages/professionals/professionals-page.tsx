// The directory (/professionals): filters live in the address (only non-default values, changed
// without a reload), the list pages through the matches with 'Load more', and the map (a lazily
// loaded chunk) shows every located match. Desktop: a 420px list column beside the map in a 70vh
// area. Below md: a 'View on Map' button opens a 60vh 'Map View' panel above the list.
// The list is the primary, accessible content; the map is an extra view of the same results.
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  directoryTitle,
  filtersFromSearchParams,
  filtersToSearchParams,
  normaliseFilters,
  type DirectoryFilters,
} from '../../api/directory-query';
import { useProfessionals } from '../../api/use-professionals';
import { MapOverlay } from '../../components/map/map-overlay';
import { MapErrorBoundary } from '../../components/map/map-error-boundary';
import { useDocumentTitle } from '../../components/use-document-title';
import { displayHeadingClass, pageWidthClass } from '../../components/styles';
import { DirectoryFilterForm } from './directory-filter-form';
import { FilterChips } from './filter-chips';
import { JoinBanner } from './join-banner';
import { MobileMapPanel } from './mobile-map-panel';
import { ResultsCount, ResultsList } from './results-list';
import { SortSelect } from './sort-select';
import { useIsDesktop } from './use-is-desktop';

const DirectoryMap = lazy(async () => ({ default: (await import('../../components/map/directory-map')).DirectoryMap }));

export function ProfessionalsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = searchParams.toString();
  const filters = useMemo(() => filtersFromSearchParams(new URLSearchParams(query)), [query]);
  const isDesktop = useIsDesktop();
  const [isMapOpen, setMapOpen] = useState(false);
  const [located, setLocated] = useState<number | null>(null);

  useDocumentTitle(directoryTitle(filters));

  const apply = useCallback(
    (next: DirectoryFilters) => setSearchParams(filtersToSearchParams(normaliseFilters(next))),
    [setSearchParams],
  );
  const clearAll = () => setSearchParams(new URLSearchParams());

  const { professionals, total, isLoading, isLoadingMore, hasMore, error, loadMore, retry } = useProfessionals(filters);
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
      <div className={`${pageWidthClass} py-8`}>
        <h1 className={displayHeadingClass}>Professionals</h1>
        <p className="mt-1 text-gray-700">Find trusted IT professionals across the UK.</p>

        <div className="mt-6">
          <DirectoryFilterForm key={query} filters={filters} onApply={apply} />
        </div>

        <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <ResultsCount total={total} located={isMapShown ? located : null} hasError={Boolean(error)} />
          <SortSelect filters={filters} onApply={apply} />
        </div>

        <FilterChips filters={filters} onApply={apply} onClearAll={clearAll} />

        {!isDesktop ? <MobileMapPanel isOpen={isMapOpen} onOpenChange={setMapOpen} map={map} /> : null}

        <div className="mt-4 md:grid md:h-[70vh] md:grid-cols-[420px_1fr] md:gap-4">
          <ResultsList
            professionals={professionals}
            isLoading={isLoading}
            error={error}
            hasMore={hasMore}
            isLoadingMore={isLoadingMore}
            onLoadMore={loadMore}
            onRetry={retry}
            onClear={clearAll}
            near={filters.near}
          />
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
