// Under the directory searched by one service anywhere (where the footer's service links lead,
// product rule 11): that service's page in each place with live listings (issue 33), most listings
// first, the first few in view and the rest under 'All n places'. Server-rendered with the
// directory, so a crawler follows them without scripts.
import { slugOf } from '../../../../core/service-places';
import { useServicePlacesOf } from '../../api/use-service-place';
import { CountedLinks } from '../../components/counted-links';
import { linkClass, sectionHeadingClass } from '../../components/styles';

/** Places shown before 'All n places'. */
const FIRST_PLACES = 12;

const asLink = ({ name, path, count }: { name: string; path: string; count: number }) => ({ label: name, path, count });

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
          <CountedLinks links={places.slice(0, FIRST_PLACES).map(asLink)} />
          {places.length > FIRST_PLACES ? (
            <details className="mt-3">
              <summary className={`${linkClass} cursor-pointer`}>All {places.length} places</summary>
              <CountedLinks links={places.slice(FIRST_PLACES).map(asLink)} />
            </details>
          ) : null}
        </>
      )}
    </section>
  );
}

