// The profile facts a buyer asks for (issue 34, product rule 46) in My Profile's listing editor:
// the year the business began and the languages it works in. Team size and 'taking on new
// clients' are listing fields (core/listing-fields.ts) and come with ListingFieldControls.
// Languages are checkboxes in a fieldset (keyboard and screen-reader usable as they are); once
// MAX_LANGUAGES are ticked the others are disabled and the hint says why.
import { useId } from 'react';
import { LANGUAGES, MAX_LANGUAGES, MIN_FOUNDED_YEAR } from '../../../../core/profile-facts';
import { FieldError, TextField } from '../../components/forms/form-fields';
import { labelTextClass } from '../../components/styles';

export function FoundedYearField({ value, onValueChange, error }: { value: string; onValueChange: (value: string) => void; error: string | undefined }) {
  return (
    <TextField
      label="Year the business began (optional)"
      value={value}
      onValueChange={(v) => onValueChange(v.replace(/\D/g, '').slice(0, 4))}
      error={error}
      inputMode="numeric"
      autoComplete="off"
      maxLength={4}
      hint={`A year from ${MIN_FOUNDED_YEAR} to ${new Date().getFullYear()}. Your profile shows how many years you have been in business.`}
    />
  );
}

export function LanguagesField({ selected, onSelectedChange, error }: { selected: readonly string[]; onSelectedChange: (languages: string[]) => void; error: string | undefined }) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const isFull = selected.length >= MAX_LANGUAGES;
  return (
    <fieldset aria-describedby={error ? `${hintId} ${errorId}` : hintId}>
      <legend className={labelTextClass}>Languages you work in (optional)</legend>
      <p id={hintId} className="mt-1 text-sm text-gray-700">
        Up to {MAX_LANGUAGES}. {isFull ? `You have chosen ${MAX_LANGUAGES}: untick one to choose another.` : `${selected.length} chosen.`}
      </p>
      <div className="mt-2 grid grid-cols-1 gap-x-4 gap-y-2 sm:grid-cols-2 lg:grid-cols-3">
        {LANGUAGES.map((language) => {
          const isChecked = selected.includes(language);
          return (
            <label key={language} className="flex min-h-6 items-center gap-2 text-sm text-gray-800">
              <input
                type="checkbox"
                name="languages"
                value={language}
                checked={isChecked}
                disabled={!isChecked && isFull}
                onChange={(event) =>
                  onSelectedChange(event.target.checked ? LANGUAGES.filter((l) => l === language || selected.includes(l)) : selected.filter((l) => l !== language))
                }
                className="h-4 w-4"
              />
              {language}
            </label>
          );
        })}
      </div>
      <FieldError id={errorId} error={error} />
    </fieldset>
  );
}
