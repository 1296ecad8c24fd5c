// /{service}/{place} ('/web-design/leeds'; issue 33, product rule 44, decision 0038): a page per
// service in each place with live listings, for the searches people start from ('web designer
// Leeds'). Everything on it comes from the data: the facts (GET /api/service-places/…), an
// introduction made only of those facts (core/service-places.ts servicePlaceIntro), the first
// page of the directory search it is (the same listings, in the directory's default order), and
// links to the nearest places and the other services here that have listings too, and to the
// full search with its map and filters. Slugs that name nothing, or a service with no live
// listing there, show the 404 page. Server-rendered with its facts and listings (server-render.tsx).
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { countOf } from '../../../../core/counts';
import { PAGES } from '../../../../core/pages';
import { hourlyRangeText, readServicePlace, SERVICE_PLACE_CHECK_LABELS, servicePlaceHeading, servicePlaceIntro, servicePlaceTitle, type ServicePlace, type ServicePlaceSummary } from '../../../../core/service-places';
import { directoryPath } from '../../api/directory-query';
import { useProfessionals } from '../../api/use-professionals';
import { servicePlaceFilters, useServicePlace } from '../../api/use-service-place';
import { ProfessionalCard, ProfessionalCardSkeleton } from '../../components/professional-card/professional-card';
import { displayHeadingClass, linkClass, pageWidthClass, panelClass, sectionHeadingClass } from '../../components/styles';
import { useDocumentTitle } from '../../components/use-document-title';
import { NotFoundPage } from '../../components/not-found';
import { CountedLinks, type CountedLink } from '../../components/counted-links';
import { MapErrorBoundary } from '../../components/map/map-error-boundary';
import { MAP_UNAVAILABLE_NOTE, MapOverlay } from '../../components/map/map-overlay';

const DirectoryMap = lazy(async () => ({ default: (await import('../../components/map/directory-map')).DirectoryMap }));

function LoadFailed({ what, retry }: { what: string; retry: () => void }) {
  return (
    <div role="alert" className="mt-4 text-gray-800">
      {what} could not be loaded.{' '}
      <button type="button" className={linkClass} onClick={retry}>
        Try again
      </button>
    </div>
  );
}

function Facts({ summary }: { summary: ServicePlaceSummary }) {
  return (
    <dl className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-3">
      <div className={panelClass}>
        <dt className="text-sm font-medium text-gray-700">Professionals</dt>
        <dd className="mt-1 text-2xl font-semibold text-gray-900">{summary.count}</dd>
      </div>
      <div className={panelClass}>
        <dt className="text-sm font-medium text-gray-700">Average rating</dt>
        <dd className="mt-1 text-2xl font-semibold text-gray-900">
          {summary.averageRating === null ? 'No reviews yet' : `${summary.averageRating.toFixed(1)} ★`}
          {summary.averageRating === null ? null : <span className="block text-sm font-normal text-gray-700">{countOf(summary.reviewCount, 'review', 'reviews')}</span>}
        </dd>
      </div>
      <div className={panelClass}>
        <dt className="text-sm font-medium text-gray-700">Rates</dt>
        <dd className="mt-1 text-2xl font-semibold text-gray-900">
          {summary.hourlyRange ? hourlyRangeText(summary.hourlyRange) : summary.projectBased > 0 ? 'Quoted per project' : 'Not given'}
        </dd>
      </div>
    </dl>
  );
}

function PlaceLinks({ id, title, links }: { id: string; title: string; links: readonly CountedLink[] }) {
  if (links.length === 0) return null;
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className={sectionHeadingClass}>
        {title}
      </h2>
      <CountedLinks links={links} />
    </section>
  );
}

/** Mounts its children once its box comes near the screen: the map's chunk and tiles load only for a visitor who scrolls to it. */
function WhenNearScreen({ children, className }: { children: ReactNode; className: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [isNear, setNear] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element || isNear) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: '200px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [isNear]);
  return (
    <div ref={box} className={className}>
      {isNear ? children : <MapOverlay state="loading-map" />}
    </div>
  );
}

/** A small map of the page's listings (the directory's map, with the same filters). */
function SmallMap({ named }: { named: ServicePlace }) {
  const [tilesFailed, setTilesFailed] = useState(false);
  const onTilesFailed = useCallback(() => setTilesFailed(true), []);
  const headingId = 'service-place-map';
  return (
    <section aria-labelledby={headingId} className="mt-10">
      <h2 id={headingId} className={sectionHeadingClass}>
        On the map
      </h2>
      {tilesFailed ? (
        <p role="status" className="mt-3 text-sm text-gray-800">
          {MAP_UNAVAILABLE_NOTE}
        </p>
      ) : (
        <WhenNearScreen className="relative isolate mt-3 h-72 overflow-hidden rounded-lg border border-gray-200 md:h-96">
          <MapErrorBoundary>
            <Suspense fallback={<MapOverlay state="loading-map" />}>
              <DirectoryMap filters={servicePlaceFilters(named)} onTilesFailed={onTilesFailed} />
            </Suspense>
          </MapErrorBoundary>
        </WhenNearScreen>
      )}
    </section>
  );
}

function Listings({ named, count }: { named: ServicePlace; count: number | undefined }) {
  const filters = servicePlaceFilters(named);
  const { service, location: place } = filters;
  const { professionals, error, isLoading, retry } = useProfessionals(filters);
  const headingId = 'service-place-listings';
  return (
    <section aria-labelledby={headingId} className="mt-10">
      <h2 id={headingId} className={sectionHeadingClass}>
        {servicePlaceHeading(service, place)}: the professionals
      </h2>
      {error ? (
        <LoadFailed what="The professionals" retry={retry} />
      ) : isLoading ? (
        <div role="status" aria-label="Loading professionals" className="mt-4 grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
          <ProfessionalCardSkeleton />
          <ProfessionalCardSkeleton />
          <ProfessionalCardSkeleton />
        </div>
      ) : (
        <ul className="mt-4 grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
          {professionals.map((professional) => (
            <li key={professional.id}>
              <ProfessionalCard professional={professional} />
            </li>
          ))}
        </ul>
      )}
      <p className="mt-6">
        <Link to={directoryPath(filters)} className={linkClass}>
          {count === undefined ? 'Search the directory' : `See ${count === 1 ? 'it' : `all ${count}`} in the directory`}, with the map and filters
        </Link>
      </p>
    </section>
  );
}

export function ServicePlacePage() {
  const { service: serviceSlug = '', place: placeSlug = '' } = useParams();
  const named = readServicePlace(serviceSlug, placeSlug);
  const { summary, error, retry } = useServicePlace(serviceSlug, placeSlug);
  const heading = named ? servicePlaceHeading(named.service, named.place.name) : undefined;
  // The server's head has the whole title; the heading stands in only until the facts arrive.
  useDocumentTitle(!named || summary === null ? PAGES.notFound.title : summary ? servicePlaceTitle(summary) : heading);

  if (!named || summary === null) return <NotFoundPage />;
  const { service, place } = named;
  return (
    <div className={`${pageWidthClass} py-10`}>
      <nav aria-label="Breadcrumb" className="text-sm text-gray-700">
        <ol className="flex flex-wrap gap-2">
          <li>
            <Link to="/" className={linkClass}>
              Home
            </Link>{' '}
            <span aria-hidden="true">›</span>
          </li>
          <li>
            <Link to={PAGES.locations.path} className={linkClass}>
              Locations
            </Link>{' '}
            <span aria-hidden="true">›</span>
          </li>
          <li aria-current="page">{heading}</li>
        </ol>
      </nav>
      <h1 className={`${displayHeadingClass} mt-4`}>{heading}</h1>
      {error ? (
        <LoadFailed what="This page" retry={retry} />
      ) : summary === undefined ? (
        <p role="status" className="mt-4 text-gray-700">
          Loading…
        </p>
      ) : (
        <>
          <p className="mt-4 max-w-3xl text-lg text-gray-800">{servicePlaceIntro(summary).join(' ')}</p>
          <Facts summary={summary} />
        </>
      )}
      <Listings named={named} count={summary?.count} />
      <SmallMap named={named} />
      {summary ? (
        <>
          <PlaceLinks
            id="service-place-nearby"
            title={`${service} near ${place.name}`}
            links={summary.nearby.map((n) => ({ label: n.name, path: n.path, count: n.count }))}
          />
          <PlaceLinks
            id="service-place-checks"
            title={`${service} in ${place.name}: insured, checked and available`}
            links={summary.checks.map((c) => ({
              label: SERVICE_PLACE_CHECK_LABELS[c.filter],
              path: directoryPath({ ...servicePlaceFilters(named), [c.filter]: true }),
              count: c.count,
            }))}
          />
          <PlaceLinks
            id="service-place-related"
            title={`Other IT services in ${place.name}`}
            links={summary.related.map((r) => ({ label: r.service, path: r.path, count: r.count }))}
          />
        </>
      ) : null}
    </div>
  );
}
