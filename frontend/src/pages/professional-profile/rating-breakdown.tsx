// The rating breakdown above the reviews: the mean of the visible reviews, how many there are, the
// share who would recommend, and a bar per star with its count (GET /api/reviews/summary).
import type { ReviewSummary } from '../../../../core/reviews';
import { formatRating, reviewCountText } from '../../components/professional-card/format-professional';
import { Stars, starsText } from './review-parts';
import { formatCount } from '../../../../core/counts';

export function RatingBreakdown({ summary }: { summary: ReviewSummary }) {
  const { reviewCount, averageRating, breakdown, recommendCount } = summary;
  if (reviewCount === 0 || averageRating === null) return null;
  const percent = (count: number) => Math.round((100 * count) / reviewCount);
  return (
    <div className="grid gap-6 sm:grid-cols-[auto_1fr] sm:items-center">
      <div className="text-center sm:pr-6 sm:text-left">
        <p className="text-4xl font-bold text-gray-900">
          {formatRating(averageRating)}
          <span className="text-base font-normal text-gray-700"> out of 5</span>
        </p>
        <Stars rating={Math.round(averageRating)} size="h-5 w-5" decorative />
        <p className="mt-1 text-sm text-gray-700">Based on {reviewCountText(reviewCount)}</p>
        <p className="mt-1 text-sm text-gray-700">{percent(recommendCount)}% would recommend</p>
      </div>
      <ul aria-label="Rating breakdown" className="space-y-1.5">
        {breakdown.map(({ stars, count }) => (
          <li key={stars} className="grid grid-cols-[4.5rem_1fr_3.5rem] items-center gap-3 text-sm text-gray-800">
            <span>{starsText(stars)}</span>
            <span aria-hidden="true" className="h-2.5 overflow-hidden rounded-full bg-gray-200">
              <span className="block h-full rounded-full bg-amber-500" style={{ width: `${percent(count)}%` }} />
            </span>
            <span className="text-right">
              {formatCount(count)}
              <span className="sr-only"> {count === 1 ? 'review' : 'reviews'} ({percent(count)}%)</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
