// 'Write a review' on a profile (product rule 7): the form for a signed-in user who may review this
// professional, and for everyone else a plain reason: sign in first; you cannot review your own
// listing; or you have reviewed it already, with your review (and, if an admin hid it, why) to
// edit or delete.
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { REVIEW_MESSAGES, type MyReviewStatus, type OwnReview } from '../../../../core/reviews';
import { formatUkDate } from '../../../../core/uk-date';
import type { CurrentUser } from '../../api/current-user';
import { errorMessageFor } from '../../api/client';
import { deleteReview } from '../../api/use-reviews';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { linkClass, primaryButtonClass, secondaryButtonClass } from '../../components/styles';
import { showToast } from '../../components/toast';
import { FormLoading } from './form-loading';
import { Stars } from './review-parts';

const ReviewForm = lazy(async () => ({ default: (await import('./review-form')).ReviewForm }));

interface ReviewPanelProps {
  professionalId: number;
  companyName: string;
  user: CurrentUser | null;
  status: MyReviewStatus | undefined;
  statusError: unknown;
  isLoading: boolean;
  /** A review was written, edited or deleted: reload what shows it. */
  onChanged: () => void;
}

const boxClass = 'rounded-md border border-gray-200 bg-gray-50 p-4';

export function ReviewPanel({ professionalId, companyName, user, status, statusError, isLoading, onChanged }: ReviewPanelProps) {
  const [mode, setMode] = useState<'closed' | 'writing' | 'editing'>('closed');
  /** The review form (its chunk loads when first shown), new or editing `review`; saving closes it. */
  const reviewForm = (review: OwnReview | undefined, savedTitle: string) => (
    <Suspense fallback={<FormLoading />}>
      <ReviewForm
        professionalId={professionalId}
        companyName={companyName}
        review={review}
        onCancel={() => setMode('closed')}
        onSaved={(result) => {
          setMode('closed');
          showToast({ title: savedTitle, description: result.message });
          onChanged();
        }}
      />
    </Suspense>
  );
  const [isConfirmOpen, setConfirmOpen] = useState(false);
  const [isDeleting, setDeleting] = useState(false);

  if (!user) {
    return (
      <div className={boxClass}>
        <p className="text-gray-800">
          <Link to="/login" className={linkClass}>
            Sign in
          </Link>{' '}
          to write a review. No account yet?{' '}
          <Link to="/register" className={linkClass}>
            Create one for free
          </Link>
          .
        </p>
      </div>
    );
  }
  if (statusError !== undefined && !status) {
    return (
      <p role="alert" className={`${boxClass} text-gray-800`}>
        We could not check whether you can review this professional. Please reload the page.
      </p>
    );
  }
  if (isLoading || !status) {
    return (
      <p role="status" className={`${boxClass} text-gray-700`}>
        Checking whether you can write a review…
      </p>
    );
  }
  if (status.reason === 'own-listing') {
    return (
      <p className={`${boxClass} text-gray-800`}>
        This is your listing: you cannot review your own business. You can reply to each review below.
      </p>
    );
  }

  const own = status.review;
  if (own) {
    async function onDelete() {
      setDeleting(true);
      try {
        const answer = await deleteReview(own!.id);
        setConfirmOpen(false);
        setMode('closed');
        showToast({ title: 'Review deleted', description: answer?.message ?? REVIEW_MESSAGES.deleted });
        onChanged();
      } catch (error) {
        setConfirmOpen(false);
        showToast({ title: 'Review not deleted', description: errorMessageFor(error, 'Your review could not be deleted. Please try again.'), variant: 'destructive' });
      } finally {
        setDeleting(false);
      }
    }
    return (
      <div className={boxClass}>
        {mode === 'editing' ? (
          <>
            <h3 className="mb-4 font-semibold text-gray-900">Edit your review</h3>
            {reviewForm(own, 'Review updated')}
          </>
        ) : (
          <OwnReviewView review={own} onEdit={() => setMode('editing')} onDelete={() => setConfirmOpen(true)} />
        )}
        <ConfirmDialog
          isOpen={isConfirmOpen}
          title="Delete your review?"
          confirmLabel="Delete review"
          busyLabel="Deleting…"
          isBusy={isDeleting}
          onConfirm={() => void onDelete()}
          onCancel={() => setConfirmOpen(false)}
        >
          <p>Your review of {companyName} will be removed for good. You can write a new one afterwards.</p>
        </ConfirmDialog>
      </div>
    );
  }

  if (mode === 'writing') {
    return (
      <div className={boxClass}>
        <h3 className="mb-4 font-semibold text-gray-900">Write a review of {companyName}</h3>
        {reviewForm(undefined, 'Review published')}
      </div>
    );
  }
  return (
    <div className={`${boxClass} flex flex-wrap items-center justify-between gap-3`}>
      <p className="text-gray-800">Have you worked with {companyName}? Share your experience to help others.</p>
      <button type="button" className={primaryButtonClass} onClick={() => setMode('writing')}>
        Write a review
      </button>
    </div>
  );
}

function OwnReviewView({ review, onEdit, onDelete }: { review: OwnReview; onEdit: () => void; onDelete: () => void }) {
  return (
    <div>
      <h3 className="font-semibold text-gray-900">You have already reviewed this professional</h3>
      <p className="mt-1 text-sm text-gray-700">You can edit or delete your review.</p>
      {review.hiddenAt ? (
        <p className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          Our moderators hid this review on {formatUkDate(review.hiddenAt)}, so it is not shown on the profile or counted in the rating
          {review.hiddenReason ? <>. Reason: {review.hiddenReason}</> : null}. You can edit it to follow our{' '}
          <Link to="/review-policy" className={linkClass}>
            review policy
          </Link>{' '}
          and{' '}
          <Link to="/contact" className={linkClass}>
            contact us
          </Link>{' '}
          to ask for it to be shown again.
        </p>
      ) : null}
      <div className="mt-3 rounded-md border border-gray-200 bg-white p-4">
        <Stars rating={review.rating} />
        <p className="mt-1 font-semibold text-gray-900">{review.title}</p>
        <p className="mt-1 whitespace-pre-line text-gray-800">{review.comment}</p>
        <p className="mt-2 text-sm text-gray-700">
          Posted {formatUkDate(review.createdAt)}
          {review.editedAt ? <> · Edited {formatUkDate(review.editedAt)}</> : null}
          {review.isVerified ? <> · Verified</> : null}
        </p>
      </div>
      <div className="mt-3 flex flex-wrap gap-3">
        <button type="button" className={secondaryButtonClass} onClick={onEdit}>
          Edit review
        </button>
        <button type="button" className={secondaryButtonClass} onClick={onDelete}>
          Delete review
        </button>
      </div>
    </div>
  );
}
