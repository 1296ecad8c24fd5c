// A professional in a list (the directory, the home page's Top Rated): logo or initials, company
// name, region, rating, up to three checks it has earned (product rule 45), up to two services,
// price and distance, and a 'View Profile' link.
// The card is an <article> whose heading names it; the heading level fits the page it sits in.
import { Link, useLocation } from 'react-router-dom';
import type { ProfessionalListItem } from '../../../../core/directory';
import { DAY_RATE_COMPARISON_EXPLANATION } from '../../../../core/hourly-rate';
import { CardChecks } from '../checks/card-checks';
import { primaryButtonClass, tagClass } from '../styles';
import { Tooltip } from '../tooltip';
import {
  distanceText,
  priceLine,
  profileHref,
  visibleServices,
} from './format-professional';
import { ListingLogo } from './listing-logo';
import { RatingText } from './rating-text';
import { resultsStateFor } from './results-link';

export { StarIcon } from './star-icon';

export interface ProfessionalCardProps {
  professional: ProfessionalListItem;
  /** 2 when the card sits directly under the page's h1, 3 (default) under a section heading. */
  headingLevel?: 2 | 3;
  /** The postcode or place the list was searched near: the profile link carries it. */
  near?: string;
  /** Under the price: how a day rate was compared with an hourly price filter (the directory). */
  rateNote?: string;
}

export function ProfessionalCard({ professional, headingLevel = 3, near, rateNote }: ProfessionalCardProps) {
  const { companyName, region, rating, reviewCount, services, hourlyRate, rateType, distanceMiles, slug } = professional;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { shown, more } = visibleServices(services);
  const price = priceLine(hourlyRate, rateType);
  const { pathname, search } = useLocation();

  return (
    // relative: anything positioned inside the card (screen-reader text) stays inside it, never past the page;
    // min-w-0 and break-words: a long unbroken name or service never makes the card wider than its column.
    <article className="relative flex h-full min-w-0 flex-col rounded-lg border border-gray-200 bg-white p-5 break-words shadow-sm">
      <div className="flex items-start gap-4">
        <ListingLogo companyName={companyName} logo={professional.media?.logo} size={48} />
        <div className="min-w-0 flex-1">
          <Heading className="truncate text-lg font-semibold text-gray-900" title={companyName}>
            {companyName}
          </Heading>
          <p className="text-sm text-gray-700">{region}</p>
          <RatingText rating={rating} reviewCount={reviewCount} className="mt-1" />
        </div>
      </div>

      <CardChecks checks={professional.verifiedChecks} />

      {shown.length > 0 ? (
        <ul className="mt-4 flex flex-wrap gap-2" aria-label="Services">
          {shown.map((service) => (
            <li key={service} className={`${tagClass} max-w-full`}>
              {service}
            </li>
          ))}
          {more > 0 ? (
            <li className={tagClass}>+{more} more</li>
          ) : null}
        </ul>
      ) : null}

      <div className="mt-auto flex flex-wrap items-end justify-between gap-3 pt-4">
        <div className="min-w-0 text-sm">
          {price ? <p className="font-semibold text-gray-900">{price}</p> : null}
          {price && rateNote ? (
            // A button only to be focused and tapped: its tooltip says why a day rate is compared so.
            <p>
              <Tooltip label={DAY_RATE_COMPARISON_EXPLANATION} isExplanation>
                <button type="button" className="cursor-help text-left text-gray-700 underline decoration-dotted underline-offset-2 hover:text-gray-900">
                  {rateNote}
                </button>
              </Tooltip>
            </p>
          ) : null}
          {distanceMiles !== undefined ? <p className="text-gray-700">{distanceText(distanceMiles)}</p> : null}
        </div>
        <Link
          to={profileHref(slug, near)}
          state={resultsStateFor(pathname, search)}
          aria-label={`View Profile: ${companyName}`}
          className={primaryButtonClass}
        >
          View Profile
        </Link>
      </div>
    </article>
  );
}

/** A grey stand-in of the card's shape while the list loads (hidden from assistive technology). */
export function ProfessionalCardSkeleton() {
  return (
    <div aria-hidden="true" className="flex h-full animate-pulse flex-col rounded-lg border border-gray-200 bg-white p-5">
      <div className="flex items-start gap-4">
        <div className="h-12 w-12 shrink-0 rounded-full bg-gray-200" />
        <div className="flex-1 space-y-2">
          <div className="h-5 w-3/4 rounded bg-gray-200" />
          <div className="h-4 w-1/3 rounded bg-gray-200" />
          <div className="h-4 w-1/2 rounded bg-gray-200" />
        </div>
      </div>
      <div className="mt-4 flex gap-2">
        <div className="h-6 w-24 rounded-full bg-gray-200" />
        <div className="h-6 w-20 rounded-full bg-gray-200" />
      </div>
      <div className="mt-auto flex items-end justify-between pt-4">
        <div className="h-4 w-24 rounded bg-gray-200" />
        <div className="h-9 w-28 rounded-md bg-gray-200" />
      </div>
    </div>
  );
}
