// The review form (product rules 7 and 26): a star rating, a title, the review, an optional project
// type and whether the reviewer would recommend the professional, checked with core's schema and
// its messages before sending. Used to write a review and to edit one's own.
import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { REVIEW_LIMITS, type OwnReview, type ReviewWriteResult } from '../../../../core/reviews';
import { ReviewFields } from '../../../../core/review-inputs';
import { SERVICES } from '../../../../core/services';
import { createReview, updateReview } from '../../api/use-reviews';
import { focusFirstInvalid } from '../../components/forms/focus-invalid';
import { OptionList, SelectField, TextAreaField, TextField } from '../../components/forms/form-fields';
import { apiFieldErrors, failureToast, validate, type FieldErrors } from '../../components/forms/form-validation';
import { labelTextClass, linkClass, primaryButtonClass, secondaryButtonClass } from '../../components/styles';
import { showToast } from '../../components/toast';
import { StarRatingField } from './review-parts';
import { formatCount } from '../../../../core/counts';

interface ReviewFormProps {
  professionalId: number;
  companyName: string;
  /** The review being edited; absent when writing a new one. */
  review?: OwnReview;
  onSaved: (result: ReviewWriteResult) => void;
  onCancel: () => void;
}

export function ReviewForm({ professionalId, companyName, review, onSaved, onCancel }: ReviewFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const [rating, setRating] = useState<number | null>(review?.rating ?? null);
  const [title, setTitle] = useState(review?.title ?? '');
  const [comment, setComment] = useState(review?.comment ?? '');
  const [projectType, setProjectType] = useState(review?.projectType ?? '');
  const [wouldRecommend, setWouldRecommend] = useState(review?.wouldRecommend ?? true);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isSaving, setSaving] = useState(false);
  const isEdit = review !== undefined;

  async function onSubmit() {
    const result = validate(ReviewFields, { rating, title, comment, projectType, wouldRecommend });
    if (!result.ok) {
      setErrors(result.errors);
      focusFirstInvalid(formRef.current);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const saved = isEdit ? await updateReview(review.id, result.data) : await createReview(professionalId, result.data);
      if (saved) onSaved(saved);
    } catch (error) {
      const fieldErrors = apiFieldErrors(error);
      setErrors(fieldErrors);
      if (Object.keys(fieldErrors).length > 0) focusFirstInvalid(formRef.current);
      else showToast(failureToast(error, { title: 'Review not saved', description: 'Your review could not be saved. Please try again.' }));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      ref={formRef}
      noValidate
      aria-label={isEdit ? 'Edit your review' : `Review ${companyName}`}
      className="space-y-5"
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      <p className="text-sm text-gray-700">
        Your review is published straight away under your first name and last initial. Please read our{' '}
        <Link to="/review-policy" className={linkClass}>
          review policy
        </Link>{' '}
        first: honest reviews of your own experience, good or bad, are welcome.
      </p>
      <StarRatingField value={rating} onChange={setRating} error={errors.rating} />
      <TextField
        label="Title"
        name="title"
        value={title}
        onValueChange={setTitle}
        error={errors.title}
        maxLength={REVIEW_LIMITS.titleMax}
        hint={`Sum up your experience (${REVIEW_LIMITS.titleMin} to ${REVIEW_LIMITS.titleMax} characters).`}
      />
      <TextAreaField
        label="Your review"
        name="comment"
        rows={5}
        value={comment}
        onValueChange={setComment}
        error={errors.comment}
        maxLength={REVIEW_LIMITS.commentMax}
        hint={`What did they do, and how did it go? ${formatCount(comment.length)} of ${formatCount(REVIEW_LIMITS.commentMax)} characters.`}
      />
      <SelectField label="Project type (optional)" name="projectType" value={projectType} onValueChange={setProjectType} error={errors.projectType}>
        <OptionList placeholder="Not specified" values={projectType && !(SERVICES as readonly string[]).includes(projectType) ? [projectType, ...SERVICES] : SERVICES} />
      </SelectField>
      <fieldset>
        <legend className={labelTextClass}>Would you recommend {companyName}?</legend>
        <div className="mt-2 flex gap-6">
          {[
            { label: 'Yes', value: true },
            { label: 'No', value: false },
          ].map((option) => (
            <label key={option.label} className="inline-flex items-center gap-2 text-sm text-gray-900">
              <input type="radio" name="wouldRecommend" checked={wouldRecommend === option.value} onChange={() => setWouldRecommend(option.value)} />
              {option.label}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-wrap gap-3">
        <button type="submit" className={primaryButtonClass} disabled={isSaving}>
          {isSaving ? 'Saving…' : isEdit ? 'Save changes' : 'Publish review'}
        </button>
        <button type="button" className={secondaryButtonClass} onClick={onCancel} disabled={isSaving}>
          Cancel
        </button>
      </div>
    </form>
  );
}
