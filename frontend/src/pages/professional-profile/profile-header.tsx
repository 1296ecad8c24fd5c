// Top of the profile: rating with the review count (a button that scrolls smoothly to the
// reviews and moves focus there), 'Verified Professional', the company name, 'Serves {region}',
// the distance from a searched place, and the service badges.
import type { ProfessionalListItem } from '../../../../core/directory';
import {
  distanceText,
  formatRating,
  reviewCountText,
} from '../../components/professional-card/format-professional';
import { ListingLogo } from '../../components/professional-card/listing-logo';
import { StarIcon } from '../../components/professional-card/professional-card';
import { displayHeadingClass, pageWidthClass } from '../../components/styles';
import { REVIEWS_HEADING_ID } from './reviews-section';

function scrollToReviews(): void {
  const heading = document.getElementById(REVIEWS_HEADING_ID);
  if (!heading) return;
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  heading.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
  heading.focus({ preventScroll: true });
}

export function ProfileHeader({ professional, near }: { professional: ProfessionalListItem; near: string | null }) {
  const { companyName, region, rating, reviewCount, services, distanceMiles } = professional;
  return (
    <header className="border-b border-gray-200 bg-white">
      <div className={`${pageWidthClass} flex flex-col gap-6 py-10 sm:flex-row sm:items-start`}>
        <ListingLogo companyName={companyName} logo={professional.media?.logo} size={80} described />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-3 text-sm">
            <p className="flex items-center gap-1 text-gray-800">
              <span className="text-amber-500">
                <StarIcon className="h-5 w-5" />
              </span>
              <span className="font-semibold">
                <span className="sr-only">Rated </span>
                {formatRating(rating)}
                <span className="sr-only"> out of 5</span>
              </span>
            </p>
            <button
              type="button"
              onClick={scrollToReviews}
              className="rounded text-blue-700 underline underline-offset-2 hover:text-blue-900"
            >
              ({reviewCountText(reviewCount)})
            </button>
            <p className="inline-flex items-center gap-1 rounded-full bg-green-100 px-3 py-1 font-medium text-green-800">
              <span aria-hidden="true">✓</span> Verified Professional
            </p>
          </div>
          <h1 className={`${displayHeadingClass} mt-3 sm:text-4xl`}>{companyName}</h1>
          <p className="mt-2 text-gray-700">Serves {region}</p>
          {typeof distanceMiles === 'number' && near ? (
            <p className="mt-1 text-sm text-gray-700">
              {distanceText(distanceMiles)} from {near}
            </p>
          ) : null}
          {services.length > 0 ? (
            <ul aria-label="Services" className="mt-4 flex flex-wrap gap-2">
              {services.map((service) => (
                <li key={service} className="rounded-full bg-blue-50 px-3 py-1 text-xs font-medium text-blue-900">
                  {service}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
    </header>
  );
}
