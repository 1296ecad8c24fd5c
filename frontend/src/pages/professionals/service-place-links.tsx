// Under the directory searched by one service anywhere (where the footer's service links lead,
// product rule 11): that service's page in each place with live listings (issue 33), most listings
// first, the first few in view and the rest under 'All n places'. Server-rendered with the
// directory, so a crawler follows them without scripts.
import { Link } from 'react-router-dom';
import { slugOf } from '../../../../core/service-places';
import { useServicePlacesOf } from '../../api/use-service-place';
import { linkClass, outlineButtonClass, sectionHeadingClass } from '../../components/styles';

/** Places shown before 'All n places'. */
const FIRST_PLACES = 12;

function PlaceList({ places, className }: { places: { name: string; path: string; count: number }[]; className: string }) {
  return (
    <ul className={className}>
      {places.map((place) => (
        <li key={place.path}>
          <Link to={place.path} className={`${outlineButtonClass} inline-block`}>
            {place.name}
            <span className="ml-1 font-normal text-gray-700">({place.count})</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function ServicePlaceLinks({ service }: { service: string }) {
  const serviceSlug = slugOf(service);
  const { places, error, retry } = useServicePlacesOf(serviceSlug);
  const headingId = 'service-places-heading';
  return (
    <section aria-labelledby={headingId} className="mt-10">
      <h2 id={headingId} className={sectionHeadingClass}>
        {service} by place
      </h2>
      {error ? (
        <p role="alert" className="mt-3 text-gray-800">
          The places could not be loaded.{' '}
          <button type="button" className={linkClass} onClick={retry}>
            Try again
          </button>
        </p>
      ) : !places ? (
        <p role="status" className="mt-3 text-gray-700">
          Loading places…
        </p>
      ) : places.length === 0 ? (
        <p className="mt-3 text-gray-700">No place has a live {service} professional yet.</p>
      ) : (
        <>
          <PlaceList places={places.slice(0, FIRST_PLACES)} className="mt-3 flex flex-wrap gap-3" />
          {places.length > FIRST_PLACES ? (
            <details className="mt-3">
              <summary className={`${linkClass} cursor-pointer`}>All {places.length} places</summary>
              <PlaceList places={places.slice(FIRST_PLACES)} className="mt-3 flex flex-wrap gap-3" />
            </details>
          ) : null}
        </>
      )}
    </section>
  );
}

