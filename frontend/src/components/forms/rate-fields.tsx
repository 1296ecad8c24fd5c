// A listing's rate: the amount in pounds, per hour or per day, or 'Project based', which clears and
// disables both (spec section 5). The same three controls on /apply and My Profile's editor; the
// rate type and 'Project based' are the choice fields of core/listing-fields.ts.
import { PROJECT_BASED_FIELD, RATE_TYPE_FIELD, type RateType } from '../../../../core/listing-fields';
import { CheckboxChoiceField, SelectChoiceField } from './choice-fields';
import { TextField } from './form-fields';

interface RateFieldsProps {
  /** The rate control's props, from useFormState's field('hourlyRate', keepRateCharacters). */
  rate: { name: string; value: string; onValueChange: (value: string) => void; error: string | undefined };
  rateLabel: string;
  rateHint?: string;
  rateType: RateType | '';
  onRateTypeChange: (rateType: RateType | '') => void;
  rateTypeError?: string | undefined;
  /** The empty choice's text while a rate is asked for (none: a rate type is always chosen). */
  rateTypePlaceholder?: string;
  isProjectBased: boolean;
  onProjectBasedChange: (isProjectBased: boolean) => void;
}

export function RateFields(props: RateFieldsProps) {
  const { rate, rateLabel, rateHint, rateType, onRateTypeChange, rateTypeError, rateTypePlaceholder, isProjectBased, onProjectBasedChange } = props;
  return (
    <div className="grid gap-5 sm:grid-cols-3">
      <TextField label={rateLabel} inputMode="decimal" {...rate} disabled={isProjectBased} hint={rateHint} />
      <SelectChoiceField
        field={RATE_TYPE_FIELD}
        value={rateType}
        onValueChange={onRateTypeChange}
        error={rateTypeError}
        emptyChoice={isProjectBased ? 'Not applicable' : rateTypePlaceholder}
        disabled={isProjectBased}
      />
      <CheckboxChoiceField field={PROJECT_BASED_FIELD} checked={isProjectBased} onCheckedChange={onProjectBasedChange} />
    </div>
  );
}
