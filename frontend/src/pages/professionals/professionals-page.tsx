// The directory (/professionals): filters live in the address (only non-default values, changed
// without a reload), the list pages through the matches with 'Load more', and the map (a lazily
// loaded chunk) shows every located match. Desktop: a 420px list column beside the map in a 70vh
// area. Below md: the filters sit behind a 'Filters (n)' button beside the result count (so the
// first result shows without scrolling), and a 'View on Map' button opens a 60vh 'Map View' panel
// above the list. The list is the primary, accessible content; the map is an extra view of the same
// results. When the map's tiles cannot load, the map goes and the list takes the full width with a
// note (product rule 30).
// The server renders this page with its first results (src/server-render.tsx) without knowing the
// screen width, so the markup is the same at every width and CSS lays it out (md: and max-md:
// classes): the 'Filters (n)' row and the 'View on Map' panel exist below md only, the filter form is
// shown from md up and below md only when opened, the map's box exists from md up. The width only
// decides where the map is mounted, after hydration (useIsDesktop reads false on the server), so
// nothing on screen moves when the scripts arrive (CLS budget, docs/performance.md).
// What is on screen always answers the address: a search near an unknown postcode or place shows
// no results and no distance chip, only the message (near-error.ts, product rule 30).
import { lazy, Suspense, useCallback, useEffect, useId, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { PAGES } from '../../../../core/pages';
import { normalisePostcode } from '../../../../core/postcode';
import { QUOTE_RECIPIENTS_MAX } from '../../../../core/quotes-limits';
import {
  activeFilterCount,
  directoryTitle,
  filtersFromSearchParams,
  filtersToSearchParams,
  normaliseFilters,
  type DirectoryFilters,
} from '../../api/directory-query';
import { useProfessionals } from '../../api/use-professionals';
import { replayedClickProps, useReplayedClick } from '../../components/early-clicks';
import { MAP_UNAVAILABLE_NOTE, MapOverlay } from '../../components/map/map-overlay';
import { MapErrorBoundary } from '../../components/map/map-error-boundary';
import { isServiceAlone } from '../../api/use-service-place';
import { ServicePlaceLinks } from './service-place-links';
import { useDocumentTitle } from '../../components/use-document-title';
import { displayHeadingClass, linkClass, outlineButtonClass, pageWidthClass } from '../../components/styles';
import { DirectoryFilterForm } from './directory-filter-form';
import { FilterChips } from './filter-chips';
import { JoinBanner } from './join-banner';
import { MobileMapPanel } from './mobile-map-panel';
import { searchOutcome } from './near-error';
import { ResultsCount, ResultsList } from './results-list';
import { useIsDesktop } from './use-is-desktop';

const DirectoryMap = lazy(async () => ({ default: (await import('../../components/map/directory-map')).DirectoryMap }));


/** /get-quotes with this search's service and postcode (a place name is not a postcode: left out). */
function getQuotesHref(filters: DirectoryFilters): string {
  const query = new URLSearchParams();
  if (filters.service) query.set('service', filters.service);
  if (filters.near && normalisePostcode(filters.near)) query.set('postcode', filters.near);
  const text = query.toString();
  return text ? `${PAGES.getQuotes.path}?${text}` : PAGES.getQuotes.path;
}

export function ProfessionalsPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = searchParams.toString();
  const filters = useMemo(() => filtersFromSearchParams(new URLSearchParams(query)), [query]);
  const isDesktop = useIsDesktop();
  const [isMapOpen, setMapOpen] = useState(false);
  const [areFiltersOpen, setFiltersOpen] = useState(false);
  const [located, setLocated] = useState<number | null>(null);
  const [tilesFailed, setTilesFailed] = useState(false);
  // The address of the last search made on this page (the form or a chip): an unknown postcode or
  // place in its answer takes the focus to the postcode field, a shared link's does not.
  const [appliedQuery, setAppliedQuery] = useState<string | null>(null);
  const mapId = useId();
  const filtersPanelId = useId();

  useDocumentTitle(directoryTitle(filters));

  const apply = useCallback(
    (next: DirectoryFilters) => {
      const params = filtersToSearchParams(normaliseFilters(next));
      setFiltersOpen(false);
      setAppliedQuery(params.toString());
      setSearchParams(params);
    },
    [setSearchParams],
  );
  const clearAll = () => {
    setFiltersOpen(false);
    setSearchParams(new URLSearchParams());
  };
  const toggleFilters = useCallback(() => setFiltersOpen((isOpen) => !isOpen), []);
  // A tap on 'Filters (n)' before the page is hydrated opens the filters once it is (decision 0031).
  useReplayedClick('open-filters', toggleFilters);

  const { professionals, total, isLoading, isLoadingMore, hasMore, error, loadMore, retry } = useProfessionals(filters);
  const { unknownNear, chipFilters, listError } = searchOutcome(filters, error);

  useEffect(() => {
    if (unknownNear !== null) setFiltersOpen(true); // on a phone, the postcode field is in the filters
  }, [unknownNear, query]);

  const isMapAvailable = !tilesFailed;
  const isMapShown = isMapAvailable && (isDesktop || isMapOpen);

  // The located count belongs to the map on screen; none is known while no map is shown.
  useEffect(() => {
    if (!isMapShown) setLocated(null);
  }, [isMapShown]);

  const onTilesFailed = useCallback(() => {
    setTilesFailed(true);
    setMapOpen(false);
  }, []);

  const map = (
    <MapErrorBoundary>
      <Suspense fallback={<MapOverlay state="loading-map" />}>
        <DirectoryMap id={mapId} filters={filters} onLocatedCount={setLocated} onTilesFailed={onTilesFailed} />
      </Suspense>
    </MapErrorBoundary>
  );

  const filterForm = (
    <DirectoryFilterForm
      key={query}
      filters={filters}
      onApply={apply}
      nearError={unknownNear}
      isNearErrorFocused={appliedQuery === query && (isDesktop || areFiltersOpen)}
    />
  );
  const count = <ResultsCount total={total} located={isMapShown ? located : null} hasError={Boolean(listError)} />;
  const filterCount = activeFilterCount(chipFilters);

  return (
    <>
      <div className={`${pageWidthClass} py-8`}>
        <h1 className={displayHeadingClass}>Professionals</h1>
        <p className="mt-1 text-gray-700">Find trusted IT professionals across the UK.</p>
        <p className="mt-1 text-sm text-gray-700">
          Rather describe your job once?{' '}
          <Link to={getQuotesHref(filters)} className={linkClass}>
            Get quotes from up to {QUOTE_RECIPIENTS_MAX} of them
          </Link>
        </p>

        {/* Below md: a row of 'Filters (n)' and the count, the form under it when opened. From md up
            (block layout, where order does not apply): the form, then the count. */}
        <div className="mt-4 flex flex-wrap items-center justify-between gap-3 md:mt-6 md:block">
          <button
            type="button"
            aria-expanded={areFiltersOpen}
            aria-controls={filtersPanelId}
            {...replayedClickProps('open-filters')}
            onClick={toggleFilters}
            className={`${outlineButtonClass} md:hidden`}
          >
            Filters ({filterCount})
          </button>
          <div id={filtersPanelId} className={`order-last w-full ${areFiltersOpen ? '' : 'max-md:hidden'}`}>
            {filterForm}
          </div>
          <div className="md:mt-4">{count}</div>
        </div>

        <FilterChips filters={chipFilters} onApply={apply} onClearAll={clearAll} />

        {!isMapAvailable ? (
          <p role="status" className="mt-4 rounded-md border border-gray-200 bg-gray-50 px-4 py-3 text-sm text-gray-800">
            {MAP_UNAVAILABLE_NOTE}
          </p>
        ) : (
          <div className="md:hidden">
            <MobileMapPanel isOpen={isMapOpen} onOpenChange={setMapOpen} map={isDesktop ? null : map} />
          </div>
        )}

        <div className={isMapAvailable ? 'mt-4 md:grid md:h-[70vh] md:grid-cols-[420px_1fr] md:gap-4' : 'mt-4'}>
          <ResultsList
            professionals={professionals}
            isLoading={isLoading}
            error={listError}
            unknownNear={unknownNear}
            hasMore={hasMore}
            isLoadingMore={isLoadingMore}
            onLoadMore={loadMore}
            onRetry={retry}
            onClear={clearAll}
            filters={filters}
            onApply={apply}
            isFullWidth={!isMapAvailable}
            mapId={isMapShown ? mapId : undefined}
          />
          {isMapAvailable ? (
            // isolate: Leaflet's panes and controls (z-index 400–1000) stack inside this box, so
            // they never draw over the sticky header when the page scrolls.
            <section aria-label="Map of results" className="relative isolate hidden h-full overflow-hidden rounded-lg border border-gray-200 md:block">
              {isDesktop ? map : null}
            </section>
          ) : null}
        </div>
        {isServiceAlone(filters) ? <ServicePlaceLinks service={filters.service} /> : null}
      </div>
      <div className="mt-12">
        <JoinBanner />
      </div>
    </>
  );
}
