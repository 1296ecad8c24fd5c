// One review on a profile: its stars, title, author, date (and 'Edited'), project type, whether
// the reviewer would recommend, the 'Verified' label (product rule 7) and the professional's
// reply. On their own listing the professional writes, edits or deletes that one reply here;
// other signed-in users may report the review. Everything stored is rendered as text.
import { useRef, useState } from 'react';
import type { ReviewItem } from '../../../../core/directory';
import { REVIEW_LIMITS, ReviewReplyInput } from '../../../../core/reviews';
import { deleteReviewReply, saveReviewReply } from '../../api/use-reviews';
import { focusFirstInvalid } from '../../components/forms/focus-invalid';
import { TextAreaField } from '../../components/forms/form-fields';
import { apiFieldErrors, failureToast, validate } from '../../components/forms/form-validation';
import { primaryButtonClass, secondaryButtonClass } from '../../components/styles';
import { showToast } from '../../components/toast';
import { Tooltip } from '../../components/tooltip';
import { formatDate, Stars } from './review-parts';

const textButtonClass = 'rounded text-sm font-medium text-blue-700 underline underline-offset-2 hover:text-blue-900';

interface ReviewCardProps {
  review: ReviewItem;
  companyName: string;
  /** The viewer owns the reviewed listing: they may reply. */
  canReply: boolean;
  /** What the viewer may do about reporting it. */
  report: 'none' | 'available' | 'reported';
  onReport: () => void;
  onReplyChanged: () => void;
}

export function ReviewCard({ review, companyName, canReply, report, onReport, onReplyChanged }: ReviewCardProps) {
  const [isEditingReply, setEditingReply] = useState(false);
  const headingId = `review-${review.id}`;
  return (
    <article aria-labelledby={headingId} className="border-b border-gray-200 py-6 last:border-b-0">
      <div className="flex flex-wrap items-center gap-3">
        <Stars rating={review.rating} />
        {review.isVerified ? (
          // A button only to be focused and tapped: its tooltip says what 'Verified' means (product rule 7).
          <Tooltip label={`The reviewer messaged ${companyName} through ITConnect before writing this review.`} isExplanation>
            <button type="button" className="cursor-help rounded-full bg-green-100 px-2 py-0.5 text-xs font-medium text-green-800 hover:bg-green-200">
              <span aria-hidden="true">✓ </span>Verified
            </button>
          </Tooltip>
        ) : null}
      </div>
      <h3 id={headingId} className="mt-2 font-semibold text-gray-900">
        {review.title}
      </h3>
      <p className="mt-1 text-sm text-gray-700">
        {review.authorName} · <time dateTime={review.createdAt}>{formatDate(review.createdAt)}</time>
        {review.editedAt ? (
          <>
            {' '}
            · Edited <time dateTime={review.editedAt}>{formatDate(review.editedAt)}</time>
          </>
        ) : null}
        {review.projectType ? <> · Project: {review.projectType}</> : null}
      </p>
      <p className="mt-3 whitespace-pre-line break-words text-gray-800">{review.comment}</p>
      <p className="mt-2 text-sm font-medium text-gray-800">{review.wouldRecommend ? 'Would recommend' : 'Would not recommend'}</p>

      {isEditingReply ? (
        <ReplyEditor
          review={review}
          onDone={(changed) => {
            setEditingReply(false);
            if (changed) onReplyChanged();
          }}
        />
      ) : review.reply ? (
        <div className="mt-4 rounded-md bg-gray-50 p-4 text-sm">
          <p className="font-medium text-gray-900">
            Reply from {companyName}
            {review.repliedAt ? (
              <>
                {' '}
                · <time dateTime={review.repliedAt}>{formatDate(review.repliedAt)}</time>
              </>
            ) : null}
          </p>
          <p className="mt-1 whitespace-pre-line break-words text-gray-800">{review.reply}</p>
        </div>
      ) : null}

      <div className="mt-3 flex flex-wrap gap-4">
        {canReply && !isEditingReply ? (
          <button
            type="button"
            className={textButtonClass}
            onClick={() => setEditingReply(true)}
            aria-label={`${review.reply ? 'Edit your reply' : 'Reply to this review'}: ${review.title}`}
          >
            {review.reply ? 'Edit your reply' : 'Reply to this review'}
          </button>
        ) : null}
        {report === 'available' ? (
          <button type="button" className={textButtonClass} onClick={onReport} aria-label={`Report review: ${review.title}`}>
            Report review
          </button>
        ) : report === 'reported' ? (
          <p className="text-sm text-gray-700">You reported this review.</p>
        ) : null}
      </div>
    </article>
  );
}

/** The professional's one public reply: write or change it, or delete it. */
function ReplyEditor({ review, onDone }: { review: ReviewItem; onDone: (changed: boolean) => void }) {
  const formRef = useRef<HTMLFormElement>(null);
  const [reply, setReply] = useState(review.reply ?? '');
  const [error, setError] = useState<string | undefined>();
  const [isBusy, setBusy] = useState(false);

  async function run(action: () => Promise<unknown>, success: string) {
    setBusy(true);
    try {
      await action();
      showToast({ title: success });
      onDone(true);
    } catch (err) {
      const fieldError = apiFieldErrors(err).reply;
      if (fieldError) setError(fieldError);
      else showToast(failureToast(err, { title: 'Reply not saved', description: 'Your reply could not be saved. Please try again.' }));
    } finally {
      setBusy(false);
    }
  }

  function onSave() {
    const result = validate(ReviewReplyInput, { reply });
    if (!result.ok) {
      setError(result.errors.reply);
      focusFirstInvalid(formRef.current);
      return;
    }
    setError(undefined);
    void run(() => saveReviewReply(review.id, result.data.reply), 'Reply published');
  }

  return (
    <form
      ref={formRef}
      noValidate
      aria-label={`Your reply to ${review.title}`}
      className="mt-4 space-y-3 rounded-md bg-gray-50 p-4"
      onSubmit={(event) => {
        event.preventDefault();
        onSave();
      }}
    >
      <TextAreaField
        label="Your public reply"
        name="reply"
        rows={3}
        value={reply}
        onValueChange={setReply}
        error={error}
        maxLength={REVIEW_LIMITS.replyMax}
        hint="Shown under the review to everyone. You have one reply per review; you can change it later."
      />
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={primaryButtonClass} disabled={isBusy}>
          {isBusy ? 'Saving…' : 'Publish reply'}
        </button>
        <button type="button" className={secondaryButtonClass} onClick={() => onDone(false)} disabled={isBusy}>
          Cancel
        </button>
        {review.reply ? (
          <button type="button" className={secondaryButtonClass} disabled={isBusy} onClick={() => void run(() => deleteReviewReply(review.id), 'Reply deleted')}>
            Delete reply
          </button>
        ) : null}
      </div>
    </form>
  );
}
