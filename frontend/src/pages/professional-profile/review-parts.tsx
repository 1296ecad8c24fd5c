// Small pieces the review views share: the stars of a rating and the
// star picker of the review form (five radio buttons: arrow keys move between them, each is read
// out as '3 stars'; the stars are their visible face).
import { useId } from 'react';
import { StarIcon } from '../../components/professional-card/professional-card';
import { labelTextClass } from '../../components/styles';


/** The stars of a rating; `decorative` when the rating is written out beside them. */
export function Stars({ rating, size = 'h-4 w-4', decorative = false }: { rating: number; size?: string; decorative?: boolean }) {
  return (
    <p className="flex items-center gap-0.5" aria-hidden={decorative ? true : undefined}>
      {decorative ? null : <span className="sr-only">Rated {rating} out of 5</span>}
      {[1, 2, 3, 4, 5].map((n) => (
        <span key={n} className={n <= rating ? 'text-amber-500' : 'text-gray-300'}>
          <StarIcon className={size} />
        </span>
      ))}
    </p>
  );
}

export const starsText = (n: number) => `${n} ${n === 1 ? 'star' : 'stars'}`;

export function StarRatingField({ value, onChange, error }: { value: number | null; onChange: (rating: number) => void; error: string | undefined }) {
  const name = useId();
  const errorId = `${name}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className={labelTextClass}>Your rating</legend>
      <div className="mt-1 flex items-center gap-1">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className="relative cursor-pointer">
            {/* The real control, transparent over its star: clicks, taps and the keyboard all reach it. */}
            <input
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              aria-invalid={error ? true : undefined}
              className="peer absolute inset-0 m-0 h-full w-full cursor-pointer opacity-0"
            />
            <span
              aria-hidden="true"
              className={`block rounded p-0.5 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-blue-700 ${
                value !== null && n <= value ? 'text-amber-500' : 'text-gray-400 hover:text-amber-400'
              }`}
            >
              <StarIcon className="h-8 w-8" />
            </span>
            <span className="sr-only">{starsText(n)}</span>
          </label>
        ))}
        <span className="ml-2 text-sm text-gray-700" aria-hidden="true">
          {value ? `${starsText(value)} out of 5` : 'Choose 1 to 5 stars'}
        </span>
      </div>
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
