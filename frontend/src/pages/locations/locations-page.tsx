// /locations: live professionals grouped by region (GET /api/locations), each with its count, the
// true average rating of its reviews (product rule 5), up to 3 popular services and a link to the
// directory filtered by that region. Each service links to its page in that region (issue 33), and
// the other services offered there are listed under 'n more services'. Loading, empty and error states.
import { Link } from 'react-router-dom';
import { PAGES } from '../../../../core/pages';
import { knownServicePlacePath, servicePlaceHeading } from '../../../../core/service-places';
import type { RegionSummary } from '../../../../core/directory';
import { useLocations } from '../../api/use-locations';
import { locationHref } from '../../components/search-query';
import { useDocumentTitle } from '../../components/use-document-title';
import {
  displayHeadingClass,
  largePrimaryButtonClass,
  largeSecondaryButtonClass,
  linkClass,
  pageWidthClass,
  panelClass,
  sectionHeadingClass,
  tagClass,
} from '../../components/styles';
import { countOf, professionalsText } from '../../../../core/counts';

/** '4.3 average rating', or 'No reviews yet' when the region has none. */
export function averageRatingText(averageRating: number | null): string {
  return averageRating === null ? 'No reviews yet' : `${averageRating.toFixed(1)} average rating`;
}

/** A service offered in the region: a link to its service-and-place page when it has one (issue 33). */
function ServiceLink({ service, region }: { service: string; region: string }) {
  const path = knownServicePlacePath(service, region);
  if (!path) return <>{service}</>;
  return (
    <Link to={path} aria-label={servicePlaceHeading(service, region)} className="underline-offset-2 hover:underline focus-visible:underline">
      {service}
    </Link>
  );
}

function RegionCard({ region }: { region: RegionSummary }) {
  const headingId = `region-${region.region.replace(/[^A-Za-z0-9]+/g, '-')}`;
  return (
    <article aria-labelledby={headingId} className={`${panelClass} flex h-full flex-col`}>
      <h2 id={headingId} className={sectionHeadingClass}>
        {region.region}
      </h2>
      <p className="mt-2 text-sm text-gray-700">
        {professionalsText(region.count)}
      </p>
      <p className="mt-1 text-sm text-gray-700">
        {region.averageRating !== null ? (
          <span aria-hidden="true" className="mr-1 text-amber-500">
            ★
          </span>
        ) : null}
        {averageRatingText(region.averageRating)}
      </p>
      {region.popularServices.length > 0 ? (
        <div className="mt-4">
          <h3 className="text-sm font-medium text-gray-900">Popular services</h3>
          <ul className="mt-2 flex flex-wrap gap-2">
            {region.popularServices.map((service) => (
              <li key={service} className={tagClass}>
                <ServiceLink service={service} region={region.region} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {region.services.length > region.popularServices.length ? (
        <details className="mt-3 text-sm">
          <summary className={`${linkClass} cursor-pointer`}>{countOf(region.services.length - region.popularServices.length, 'more service', 'more services')}</summary>
          <ul className="mt-2 flex flex-wrap gap-x-3 gap-y-1">
            {region.services.slice(region.popularServices.length).map((service) => (
              <li key={service}>
                <ServiceLink service={service} region={region.region} />
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      <p className="mt-auto pt-6">
        <Link
          to={locationHref(region.region)}
          aria-label={`View professionals in ${region.region}`}
          className={linkClass}
        >
          View professionals
        </Link>
      </p>
    </article>
  );
}

function Regions() {
  const { regions, error, isLoading } = useLocations();
  if (error !== undefined && !regions) {
    return (
      <p role="alert" className="mt-10 text-gray-700">
        Failed to load locations. Please try again.
      </p>
    );
  }
  if (isLoading || !regions) {
    return (
      <div role="status" className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        <span className="sr-only">Loading locations…</span>
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} aria-hidden="true" className="h-52 animate-pulse rounded-lg bg-gray-200" />
        ))}
      </div>
    );
  }
  if (regions.length === 0) {
    return <p className="mt-10 text-gray-700">No professionals are listed in any region yet.</p>;
  }
  return (
    <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {regions.map((region) => (
        <li key={region.region}>
          <RegionCard region={region} />
        </li>
      ))}
    </ul>
  );
}

export function LocationsPage() {
  useDocumentTitle(PAGES.locations.title);
  return (
    <div className="bg-gray-50">
      <div className={`${pageWidthClass} py-12`}>
        <h1 className={`${displayHeadingClass} sm:text-4xl`}>IT professionals by location</h1>
        <p className="mt-4 max-w-3xl text-lg text-gray-700">
          Find verified IT professionals across the United Kingdom, grouped by where they are based.
        </p>
        <div className="mt-6 flex flex-wrap gap-4">
          <Link to="/professionals" className={largePrimaryButtonClass}>
            Browse all professionals
          </Link>
          <Link to="/apply" className={`${largeSecondaryButtonClass} bg-white`}>
            List your business
          </Link>
        </div>
        <Regions />
      </div>
    </div>
  );
}
