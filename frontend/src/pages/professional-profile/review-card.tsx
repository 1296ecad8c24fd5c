// One review on a profile: its stars, title, author, date (and 'Edited'), project type, whether
// the reviewer would recommend, the 'Verified' label (product rule 7) and the professional's
// reply. On their own listing the professional writes, edits or deletes that one reply here;
// other signed-in users may report the review. Everything stored is rendered as text.
import { lazy, Suspense, useState } from 'react';
import type { ReviewItem } from '../../../../core/directory';
import { formatUkDate } from '../../../../core/uk-date';
import { Tooltip } from '../../components/tooltip';
import { FormLoading } from './form-loading';
import { Stars } from './review-parts';

const ReplyEditor = lazy(async () => ({ default: (await import('./review-reply-editor')).ReplyEditor }));

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
        {review.foundThroughQuote ? (
          <Tooltip label={`The reviewer asked for quotes on ITConnect and picked ${companyName} from the answers.`} isExplanation>
            <button type="button" className="cursor-help rounded-full bg-blue-100 px-2 py-0.5 text-xs font-medium text-blue-900 hover:bg-blue-200">
              Job found through ITConnect
            </button>
          </Tooltip>
        ) : null}
      </div>
      <h3 id={headingId} className="mt-2 font-semibold text-gray-900">
        {review.title}
      </h3>
      <p className="mt-1 text-sm text-gray-700">
        {review.authorName} · <time dateTime={review.createdAt}>{formatUkDate(review.createdAt)}</time>
        {review.editedAt ? (
          <>
            {' '}
            · Edited <time dateTime={review.editedAt}>{formatUkDate(review.editedAt)}</time>
          </>
        ) : null}
        {review.projectType ? <> · Project: {review.projectType}</> : null}
      </p>
      <p className="mt-3 whitespace-pre-line break-words text-gray-800">{review.comment}</p>
      <p className="mt-2 text-sm font-medium text-gray-800">{review.wouldRecommend ? 'Would recommend' : 'Would not recommend'}</p>

      {isEditingReply ? (
        <Suspense fallback={<FormLoading />}>
          <ReplyEditor
            review={review}
            onDone={(changed) => {
              setEditingReply(false);
              if (changed) onReplyChanged();
            }}
          />
        </Suspense>
      ) : review.reply ? (
        <div className="mt-4 rounded-md bg-gray-50 p-4 text-sm">
          <p className="font-medium text-gray-900">
            Reply from {companyName}
            {review.repliedAt ? (
              <>
                {' '}
                · <time dateTime={review.repliedAt}>{formatUkDate(review.repliedAt)}</time>
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
