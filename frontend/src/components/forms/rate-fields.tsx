// A listing's rate: the amount in pounds, per hour or per day, or 'Project based', which clears and
// disables both (spec section 5). The same three controls on /apply and My Profile's editor.
import { useId } from 'react';
import { SelectField, TextField } from './form-fields';

type RateTypeValue = 'hourly' | 'daily' | '';

interface RateFieldsProps {
  /** The rate control's props, from useFormState's field('hourlyRate', keepRateCharacters). */
  rate: { name: string; value: string; onValueChange: (value: string) => void; error: string | undefined };
  rateLabel: string;
  rateHint?: string;
  rateType: RateTypeValue;
  onRateTypeChange: (rateType: RateTypeValue) => void;
  rateTypeError?: string | undefined;
  /** The empty choice's text while a rate is asked for (none: a rate type is always chosen). */
  rateTypePlaceholder?: string;
  isProjectBased: boolean;
  onProjectBasedChange: (isProjectBased: boolean) => void;
}

export function RateFields(props: RateFieldsProps) {
  const { rate, rateLabel, rateHint, rateType, onRateTypeChange, rateTypeError, rateTypePlaceholder, isProjectBased, onProjectBasedChange } = props;
  const hintId = `${useId()}-project-hint`;
  const emptyChoice = isProjectBased ? 'Not applicable' : rateTypePlaceholder;
  return (
    <div className="grid gap-5 sm:grid-cols-3">
      <TextField label={rateLabel} inputMode="decimal" {...rate} disabled={isProjectBased} hint={rateHint} />
      <SelectField
        label="Rate type"
        name="rateType"
        value={rateType}
        onValueChange={(value) => onRateTypeChange(value as RateTypeValue)}
        error={rateTypeError}
        disabled={isProjectBased}
      >
        {emptyChoice === undefined ? null : <option value="">{emptyChoice}</option>}
        <option value="hourly">Per hour</option>
        <option value="daily">Per day</option>
      </SelectField>
      <div className="sm:pt-7">
        <label className="flex items-center gap-2 text-sm text-gray-800">
          <input
            type="checkbox"
            name="isProjectBased"
            checked={isProjectBased}
            onChange={(event) => onProjectBasedChange(event.target.checked)}
            aria-describedby={hintId}
            className="h-4 w-4"
          />
          Project based
        </label>
        <p id={hintId} className="mt-1 text-sm text-gray-700">
          You quote per project, with no hourly or daily rate.
        </p>
      </div>
    </div>
  );
}
