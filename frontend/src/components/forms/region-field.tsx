// A listing's region: one of the places of core/locations (product rule 19), grouped into cities,
// regions and counties as the search form's location picker shows them. A stored region that is
// no longer on the list stays selectable, so editing a listing never silently changes it.
import type { ReactNode } from 'react';
import { ALL_UK, UK_LOCATIONS } from '../../../../core/locations';
import { groupPickerOptions, LOCATION_PICKER_OPTIONS } from '../search-form/search-form-options';
import { SelectField } from './form-fields';

const REGION_GROUPS = groupPickerOptions(LOCATION_PICKER_OPTIONS.filter((option) => option.value !== ALL_UK));

interface RegionFieldProps {
  value: string;
  onValueChange: (value: string) => void;
  error?: string | undefined;
  hint?: ReactNode;
  /** The first, empty option's text. */
  placeholder: string;
  name?: string;
  required?: boolean;
}

export function RegionField({ value, onValueChange, error, hint, placeholder, name, required }: RegionFieldProps) {
  const isUnlisted = value !== '' && !UK_LOCATIONS.some((place) => place.name === value);
  return (
    <SelectField label="Region" name={name} required={required} value={value} onValueChange={onValueChange} error={error} hint={hint}>
      <option value="">{placeholder}</option>
      {isUnlisted ? <option value={value}>{value}</option> : null}
      {REGION_GROUPS.map(({ group, options }) => (
        <optgroup key={group ?? ''} label={group ?? ''}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </optgroup>
      ))}
    </SelectField>
  );
}
