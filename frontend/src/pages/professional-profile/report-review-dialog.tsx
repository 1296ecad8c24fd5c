// 'Report review' (product rule 7): a modal dialog asking why the review breaks the review policy.
// The report goes to the site team; nothing is hidden until an admin has looked at it.
import { useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { REVIEW_LIMITS } from '../../../../core/reviews';
import { ReportReviewInput } from '../../../../core/review-inputs';
import { reportReview } from '../../api/use-reviews';
import { focusFirstInvalid } from '../../components/forms/focus-invalid';
import { TextAreaField } from '../../components/forms/form-fields';
import { apiFieldErrors, failureToast, validate, type FieldErrors } from '../../components/forms/form-validation';
import { dangerButtonClass, linkClass, secondaryButtonClass } from '../../components/styles';
import { showToast } from '../../components/toast';
import { useModalDialog } from '../../components/use-modal-dialog';

interface ReportReviewDialogProps {
  review: { id: number; title: string } | null;
  onClose: () => void;
  onReported: (reviewId: number) => void;
}

export function ReportReviewDialog({ review, onClose, onReported }: ReportReviewDialogProps) {
  const dialogRef = useModalDialog(review !== null);
  const formRef = useRef<HTMLFormElement>(null);
  const titleId = useId();
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isSending, setSending] = useState(false);

  function close() {
    setReason('');
    setErrors({});
    onClose();
  }

  async function onSubmit() {
    if (!review) return;
    const result = validate(ReportReviewInput, { reason });
    if (!result.ok) {
      setErrors(result.errors);
      focusFirstInvalid(formRef.current);
      return;
    }
    setSending(true);
    try {
      const answer = await reportReview(review.id, result.data.reason);
      showToast({ title: 'Review reported', description: answer?.message });
      onReported(review.id);
      close();
    } catch (error) {
      const fieldErrors = apiFieldErrors(error);
      if (Object.keys(fieldErrors).length > 0) setErrors(fieldErrors);
      else {
        showToast(failureToast(error, { title: 'Report not sent', description: 'Your report could not be sent. Please try again.' }));
        close();
      }
    } finally {
      setSending(false);
    }
  }

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      onClose={close}
      className="m-auto w-full max-w-lg rounded-lg bg-white p-0 text-gray-900 shadow-xl backdrop:bg-gray-900/50"
    >
      <form
        ref={formRef}
        noValidate
        className="space-y-4 p-6"
        onSubmit={(event) => {
          event.preventDefault();
          void onSubmit();
        }}
      >
        <h2 id={titleId} className="text-lg font-semibold">
          Report this review
        </h2>
        {review ? <p className="text-sm text-gray-700">“{review.title}”</p> : null}
        <p className="text-sm text-gray-700">
          Tell us how it breaks our{' '}
          <Link to="/review-policy" className={linkClass}>
            review policy
          </Link>{' '}
          (for example: not a real customer, abusive, personal details). Our team will look at it; a review is never removed just
          because it is negative.
        </p>
        <TextAreaField
          label="Reason"
          name="reason"
          rows={4}
          value={reason}
          onValueChange={setReason}
          error={errors.reason}
          maxLength={REVIEW_LIMITS.reportReasonMax}
        />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="button" className={secondaryButtonClass} onClick={close} autoFocus>
            Cancel
          </button>
          <button type="submit" className={dangerButtonClass} disabled={isSending}>
            {isSending ? 'Sending…' : 'Send report'}
          </button>
        </div>
      </form>
    </dialog>
  );
}
