// The controls of a listing's choice fields (core/listing-fields.ts): an enum as a labelled select
// of its options, a boolean as a checkbox with its hint. /apply and My Profile's editor draw their
// listing fields with ListingFieldControls, and the rate's type and 'Project based' with the
// first two (rate-fields.tsx).
import { useId } from 'react';
import type { BooleanChoice, Choice, EnumChoice, ListingField } from '../../../../core/listing-fields';
import { FieldError, SelectField } from './form-fields';
import type { FieldErrors } from './form-validation';
import type { ListingFieldFormValues } from './listing-field-values';

interface SelectChoiceFieldProps<V extends string> {
  field: EnumChoice<string, V>;
  /** The label when not the field's own ('Number of employees (optional)'). */
  label?: string;
  value: V | '';
  onValueChange: (value: V | '') => void;
  error?: string | undefined;
  /** The empty first choice's text; none: one of the options is always chosen. */
  emptyChoice?: string | undefined;
  disabled?: boolean;
}

export function SelectChoiceField<V extends string>({ field, label = field.label, value, onValueChange, error, emptyChoice, disabled }: SelectChoiceFieldProps<V>) {
  return (
    <SelectField label={label} name={field.name} value={value} onValueChange={(chosen) => onValueChange(chosen as V | '')} error={error} disabled={disabled} hint={field.hint}>
      {emptyChoice === undefined ? null : <option value="">{emptyChoice}</option>}
      {field.options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </SelectField>
  );
}

interface CheckboxChoiceFieldProps {
  field: BooleanChoice;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  error?: string | undefined;
}

/** A checkbox inside its label, then its hint and message; in a grid row, level with the other controls' inputs. */
export function CheckboxChoiceField({ field, checked, onCheckedChange, error }: CheckboxChoiceFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [field.hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="sm:pt-7">
      <label className="flex items-center gap-2 text-sm text-gray-800">
        <input
          type="checkbox"
          name={field.name}
          checked={checked}
          onChange={(event) => onCheckedChange(event.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className="h-4 w-4"
        />
        {field.label}
      </label>
      {field.hint ? (
        <p id={hintId} className="mt-1 text-sm text-gray-700">
          {field.hint}
        </p>
      ) : null}
      <FieldError id={errorId} error={error} />
    </div>
  );
}

interface ListingFieldControlsProps<F extends readonly ListingField[]> {
  fields: F;
  values: ListingFieldFormValues<F>;
  onValuesChange: (change: Partial<ListingFieldFormValues<F>>) => void;
  errors: FieldErrors;
  /** /apply marks what may be left empty '(optional)' (its note says every other field is required); My Profile marks nothing. */
  isOptionalMarked: boolean;
}

/** Each of `fields` as its control, two to a row; nothing when there are none. */
export function ListingFieldControls<const F extends readonly ListingField[]>({ fields, values, onValuesChange, errors, isOptionalMarked }: ListingFieldControlsProps<F>) {
  if (fields.length === 0) return null;
  const held = values as Record<string, string | boolean>;
  const change = (field: Choice, value: string | boolean) => onValuesChange({ [field.name]: value } as Partial<ListingFieldFormValues<F>>);
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      {fields.map((field) =>
        field.kind === 'enum' ? (
          <SelectChoiceField
            key={field.name}
            field={field}
            label={isOptionalMarked ? `${field.label} (optional)` : field.label}
            value={held[field.name] as string}
            onValueChange={(value) => change(field, value)}
            error={errors[field.name]}
            emptyChoice="Select"
          />
        ) : (
          <CheckboxChoiceField key={field.name} field={field} checked={held[field.name] === true} onCheckedChange={(checked) => change(field, checked)} error={errors[field.name]} />
        ),
      )}
    </div>
  );
}
