// 'Customer Reviews' (product rules 7 and 26): the rating breakdown, the review panel ('Write a
// review', or why the viewer cannot), the visible reviews in the chosen order (newest, highest,
// lowest) a page at a time, each with its 'Verified' label, reply and report button. After a
// review changes, the lists reload and the profile's rating and count follow once the worker has
// recalculated them; so do they when the profile was fetched before the worker had them. The
// heading is the target of the header's review-count button.
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { ProfessionalListItem, ReviewItem } from '../../../../core/directory';
import { REVIEW_SORT_LABELS, REVIEW_SORTS, type ReviewSort } from '../../../../core/reviews';
import { useCurrentUser } from '../../api/use-current-user';
import { figuresBehind, useFiguresRefresh } from '../../api/use-figures-refresh';
import { useMyReviewStatus, useReviews, useReviewSummary } from '../../api/use-reviews';
import { SelectField } from '../../components/forms/form-fields';
import { linkClass, panelClass, secondaryButtonClass, sectionHeadingClass } from '../../components/styles';
import { RatingBreakdown } from './rating-breakdown';
import { FormLoading } from './form-loading';
import { ReviewCard } from './review-card';
import { ReviewPanel } from './review-panel';

const ReportReviewDialog = lazy(async () => ({ default: (await import('./report-review-dialog')).ReportReviewDialog }));

export const REVIEWS_HEADING_ID = 'customer-reviews';

interface ReviewsSectionProps {
  professional: ProfessionalListItem;
  /** The profile's data key, refreshed once the worker has the new rating. */
  professionalKey: string;
}

export function ReviewsSection({ professional, professionalKey }: ReviewsSectionProps) {
  const { id, companyName } = professional;
  const { user } = useCurrentUser();
  const [sort, setSort] = useState<ReviewSort>('newest');
  const [reporting, setReporting] = useState<{ id: number; title: string } | null>(null);
  const list = useReviews(id, sort);
  const summary = useReviewSummary(id);
  const mine = useMyReviewStatus(id, user !== null);
  const refreshFigures = useFiguresRefresh(professionalKey);

  // Whenever the breakdown (counted from the reviews themselves) shows other figures than the
  // header (the worker has not recalculated yet: a review just written, edited or hidden, here or
  // in the seconds before this profile was opened), the header catches up without a reload. One
  // refresh per set of figures it waits for.
  const awaited = useRef<string | null>(null);
  const behind = figuresBehind(professional, summary.summary);
  const [behindRating, behindCount] = behind ? [behind.rating, behind.reviewCount] : [null, null];
  useEffect(() => {
    if (behindRating === null || behindCount === null) {
      awaited.current = null;
      return;
    }
    const key = `${behindRating}/${behindCount}`;
    if (awaited.current === key) return;
    awaited.current = key;
    void refreshFigures({ rating: behindRating, reviewCount: behindCount });
  }, [behindRating, behindCount, refreshFigures]);

  async function onReviewsChanged() {
    // The new breakdown starts the header's refresh (above).
    await Promise.all([list.reload(), summary.reload(), mine.reload()]);
  }

  const ownReviewId = mine.status?.review?.id;
  const reported = new Set(mine.status?.reportedReviewIds ?? []);
  const reportState = (reviewId: number) => (!user || reviewId === ownReviewId ? 'none' : reported.has(reviewId) ? 'reported' : 'available');

  return (
    <section aria-labelledby={REVIEWS_HEADING_ID} className={`${panelClass} mt-6 scroll-mt-header`}>
      <h2 id={REVIEWS_HEADING_ID} tabIndex={-1} className={`${sectionHeadingClass} scroll-mt-header outline-none`}>
        Customer Reviews
      </h2>
      {summary.summary ? (
        <div className="mt-4">
          <RatingBreakdown summary={summary.summary} />
        </div>
      ) : null}
      <div className="mt-6">
        <ReviewPanel
          professionalId={id}
          companyName={companyName}
          user={user}
          status={mine.status}
          statusError={mine.error}
          isLoading={mine.isLoading}
          onChanged={() => void onReviewsChanged()}
        />
      </div>

      {list.total !== undefined && list.total > 0 ? (
        <div className="mt-6 flex flex-wrap items-end justify-between gap-4 border-b border-gray-200 pb-4">
          <p className="max-w-xl text-sm text-gray-700">
            Reviews are published as written, good or bad. <strong className="font-semibold">Verified</strong> means the reviewer contacted{' '}
            {companyName} through ITConnect before reviewing. Read our{' '}
            <Link to="/review-policy" className={linkClass}>
              review policy
            </Link>
            .
          </p>
          <div className="w-48">
            <SelectField label="Sort reviews" name="sort" value={sort} onValueChange={(value) => setSort(value as ReviewSort)}>
              {REVIEW_SORTS.map((option) => (
                <option key={option} value={option}>
                  {REVIEW_SORT_LABELS[option]}
                </option>
              ))}
            </SelectField>
          </div>
        </div>
      ) : null}

      <div className="mt-2">
        <ReviewList
          list={list}
          reviewCount={professional.reviewCount}
          render={(review) => (
            <ReviewCard
              key={review.id}
              review={review}
              companyName={companyName}
              canReply={user !== null && user.professionalId === id}
              report={reportState(review.id)}
              onReport={() => setReporting({ id: review.id, title: review.title })}
              onReplyChanged={() => void list.reload()}
            />
          )}
        />
      </div>
      {reporting ? (
        <Suspense fallback={<FormLoading />}>
          <ReportReviewDialog review={reporting} onClose={() => setReporting(null)} onReported={() => void mine.reload()} />
        </Suspense>
      ) : null}
    </section>
  );
}

function ReviewList({
  list,
  reviewCount,
  render,
}: {
  list: ReturnType<typeof useReviews>;
  reviewCount: number;
  render: (review: ReviewItem) => ReactNode;
}) {
  const { reviews, error, isLoading, hasMore, isLoadingMore, loadMore } = list;
  if (error !== undefined && !reviews) {
    return (
      <p role="alert" className="py-4 text-gray-700">
        Failed to fetch reviews. Please try again later.
      </p>
    );
  }
  if (isLoading || !reviews) {
    return (
      <div role="status" className="space-y-4 py-4">
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
      {reviews.map(render)}
      {hasMore ? (
        <div className="mt-4 text-center">
          <button type="button" className={secondaryButtonClass} onClick={loadMore} disabled={isLoadingMore}>
            {isLoadingMore ? 'Loading…' : 'Show more reviews'}
          </button>
        </div>
      ) : null}
    </div>
  );
}
