// Top of the profile: 'Back to results', the rating with the review count (a button that scrolls
// smoothly to the reviews and moves focus there) or 'New — no reviews yet', 'Verified Professional'
// (what it means one click away), 'Member since', the company name, 'Serves {region}',
// the distance from a searched place, the service badges and the checks it has earned (product
// rule 45).
import type { ProfessionalListItem } from '../../../../core/directory';
import { memberSinceText } from '../../../../core/rating';
import { distanceText } from '../../components/professional-card/format-professional';
import { ProfileChecks } from '../../components/checks/profile-checks';
import { ListingLogo } from '../../components/professional-card/listing-logo';
import { RatingText } from '../../components/professional-card/rating-text';
import { displayHeadingClass, pageWidthClass } from '../../components/styles';
import { REVIEWS_HEADING_ID } from './reviews-section';
import { BackToResultsLink, VerifiedBadge } from './trust-details';

function scrollToReviews(): void {
  const heading = document.getElementById(REVIEWS_HEADING_ID);
  if (!heading) return;
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  heading.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
  heading.focus({ preventScroll: true });
}

export function ProfileHeader({ professional, near }: { professional: ProfessionalListItem; near: string | null }) {
  const { companyName, region, rating, reviewCount, services, distanceMiles, createdAt } = professional;
  const memberSince = memberSinceText(createdAt);
  return (
    <header className="border-b border-gray-200 bg-white">
      <div className={`${pageWidthClass} pt-6`}>
        <BackToResultsLink />
      </div>
      <div className={`${pageWidthClass} flex flex-col gap-6 pb-10 pt-6 sm:flex-row sm:items-start`}>
        <ListingLogo companyName={companyName} logo={professional.media?.logo} size={80} described />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-3 text-sm">
            <RatingText
              rating={rating}
              reviewCount={reviewCount}
              starClassName="h-5 w-5"
              className="text-base"
              renderCount={(count) => (
                <button
                  type="button"
                  onClick={scrollToReviews}
                  className="rounded text-blue-700 underline underline-offset-2 hover:text-blue-900"
                >
                  {count}
                </button>
              )}
            />
            <VerifiedBadge />
          </div>
          <h1 className={`${displayHeadingClass} mt-3 sm:text-4xl`}>{companyName}</h1>
          <p className="mt-2 text-gray-700">Serves {region}</p>
          {memberSince ? <p className="mt-1 text-sm text-gray-700">{memberSince}</p> : null}
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
          <ProfileChecks checks={professional.verifiedChecks} className="mt-6" />
        </div>
      </div>
    </header>
  );
}
