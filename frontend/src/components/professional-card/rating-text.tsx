// A professional's rating as every list, popup and profile shows it (product rule 31): the star and
// the mean with its review count, or 'New — no reviews yet' for a professional without reviews
// (never '★ 0.0 (0 reviews)'). The star and mean are one image named 'Rated 4.5 out of 5' for
// assistive technology, so no visually hidden text is needed (it cannot escape a scroll box).
import type { ReactNode } from 'react';
import { ratingDisplay } from '../../../../core/rating';
import { StarIcon } from './star-icon';

interface RatingTextProps {
  rating: number;
  reviewCount: number;
  /** The star's size class. */
  starClassName?: string;
  /** Renders the '(12 reviews)' part (the profile makes it a button to the reviews). */
  renderCount?: (text: string) => ReactNode;
  className?: string;
}

export function RatingText({ rating, reviewCount, starClassName = 'h-4 w-4', renderCount, className = '' }: RatingTextProps) {
  const shown = ratingDisplay(rating, reviewCount);
  if (shown.kind === 'new') {
    return (
      <p className={`flex items-center gap-1 text-sm text-gray-800 ${className}`} data-rating="new">
        <span className="rounded-full bg-blue-50 px-2 py-0.5 text-xs font-semibold text-blue-900">{shown.text}</span>
      </p>
    );
  }
  const count = `(${shown.reviews})`;
  return (
    <p className={`flex flex-wrap items-center gap-1 text-sm text-gray-800 ${className}`} data-rating="rated">
      <span role="img" aria-label={`Rated ${shown.rating} out of 5`} className="inline-flex items-center gap-1">
        <span className="text-amber-500">
          <StarIcon className={starClassName} />
        </span>
        <span className="font-semibold">{shown.rating}</span>
      </span>
      {renderCount ? renderCount(count) : <span className="text-gray-700">{count}</span>}
    </p>
  );
}
