// 'Customer Reviews': the public reviews, newest first, each with its stars, title, comment, date,
// project type, whether the reviewer would recommend, the 'Verified' label (product rule 7) and the
// professional's reply. The heading is the target of the header's review-count button.
import type { ReviewItem } from '../../../../core/directory';
import { useReviews } from '../../api/use-reviews';
import { StarIcon } from '../../components/professional-card/professional-card';
import { panelClass, sectionHeadingClass } from '../../components/styles';

export const REVIEWS_HEADING_ID = 'customer-reviews';

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}

function Stars({ rating }: { rating: number }) {
  return (
    <p className="flex items-center gap-0.5">
      <span className="sr-only">Rated {rating} out of 5</span>
      {[1, 2, 3, 4, 5].map((n) => (
        <span key={n} className={n <= rating ? 'text-amber-500' : 'text-gray-300'}>
          <StarIcon />
        </span>
      ))}
    </p>
  );
}

function Review({ review }: { review: ReviewItem }) {
  return (
    <article aria-labelledby={`review-${review.id}`} className="border-b border-gray-200 py-6 last:border-b-0">
      <div className="flex flex-wrap items-center gap-3">
        <Stars rating={review.rating} />
        {review.isVerified ? (
          <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800">Verified</span>
        ) : null}
      </div>
      <h3 id={`review-${review.id}`} className="mt-2 font-semibold text-gray-900">
        {review.title}
      </h3>
      <p className="mt-1 text-sm text-gray-700">
        {review.authorName} · <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
        {review.projectType ? <> · Project: {review.projectType}</> : null}
      </p>
      <p className="mt-3 whitespace-pre-line text-gray-800">{review.comment}</p>
      <p className="mt-2 text-sm font-medium text-gray-800">
        {review.wouldRecommend ? 'Would recommend' : 'Would not recommend'}
      </p>
      {review.reply ? (
        <div className="mt-4 rounded-md bg-gray-50 p-4 text-sm">
          <p className="font-medium text-gray-900">
            Reply from the professional
            {review.repliedAt ? (
              <>
                {' '}
                · <time dateTime={review.repliedAt}>{formatDate(review.repliedAt)}</time>
              </>
            ) : null}
          </p>
          <p className="mt-1 whitespace-pre-line text-gray-800">{review.reply}</p>
        </div>
      ) : null}
    </article>
  );
}

function Body({ professionalId, reviewCount }: { professionalId: number; reviewCount: number }) {
  const { reviews, error, isLoading } = useReviews(professionalId);
  if (error !== undefined && !reviews) {
    return (
      <p role="alert" className="text-gray-700">
        Reviews could not be loaded. Please try again later.
      </p>
    );
  }
  if (isLoading || !reviews) {
    return (
      <div role="status" className="space-y-4">
        <span className="sr-only">Loading reviews…</span>
        {Array.from({ length: Math.min(Math.max(reviewCount, 1), 3) }, (_, i) => (
          <div key={i} aria-hidden="true" className="h-28 animate-pulse rounded bg-gray-100" />
        ))}
      </div>
    );
  }
  if (reviews.length === 0) {
    return (
      <div className="py-6 text-center text-gray-700">
        <p className="font-medium text-gray-900">No reviews yet.</p>
        <p className="mt-1">Be the first to leave a review for this professional.</p>
      </div>
    );
  }
  return (
    <div>
      {reviews.map((review) => (
        <Review key={review.id} review={review} />
      ))}
    </div>
  );
}

export function ReviewsSection({ professionalId, reviewCount }: { professionalId: number; reviewCount: number }) {
  return (
    <section
      aria-labelledby={REVIEWS_HEADING_ID}
      className={`${panelClass} mt-6 scroll-mt-20`}
    >
      <h2 id={REVIEWS_HEADING_ID} tabIndex={-1} className={`${sectionHeadingClass} scroll-mt-20 outline-none`}>
        Customer Reviews
      </h2>
      <div className="mt-2">
        <Body professionalId={professionalId} reviewCount={reviewCount} />
      </div>
    </section>
  );
}
