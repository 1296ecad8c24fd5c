// The professional's one public reply to a review on their own listing (product rule 7): write or
// change it, or delete it. Loaded only when opened (review-card.tsx, form-loading.tsx).
import { useRef, useState } from 'react';
import type { ReviewItem } from '../../../../core/directory';
import { REVIEW_LIMITS } from '../../../../core/reviews';
import { ReviewReplyInput } from '../../../../core/review-inputs';
import { deleteReviewReply, saveReviewReply } from '../../api/use-reviews';
import { focusFirstInvalid } from '../../components/forms/focus-invalid';
import { TextAreaField } from '../../components/forms/form-fields';
import { apiFieldErrors, failureToast, validate } from '../../components/forms/form-validation';
import { primaryButtonClass, secondaryButtonClass } from '../../components/styles';
import { showToast } from '../../components/toast';

/** The professional's one public reply: write or change it, or delete it. */
export function ReplyEditor({ review, onDone }: { review: ReviewItem; onDone: (changed: boolean) => void }) {
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
