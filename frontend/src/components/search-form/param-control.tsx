// A filter's control built from its entry in the parameter table (core/directory-params.ts): a
// select of its options for an enum filter (the rating, and any enum filter added to the table), a
// checkbox for a yes/no filter. Named as the address's parameter, with the address's text as each
// value, so a form sent before the scripts have run asks for the same page (decision 0031).
// The value is the select's text ('' for no filter): param-select.ts maps it to the filter.
import type { PageSpec } from '../../../../core/directory-params';
import { inputClass, labelClass } from '../styles';
import { paramSelectOptions, paramToSelect } from './param-select';

export interface ParamControlProps {
  id: string;
  /** The parameter's name (the field's name in the address). */
  name: string;
  page: PageSpec<unknown>;
  /** The control's value as the address's text ('' for no filter). */
  value: string;
  onChange: (value: string) => void;
  /** The address's own value, offered even when it is not among the options. */
  initialValue?: unknown;
  /** For the control's box in its form's grid. */
  className?: string;
}

export function ParamControl({ id, name, page, value, onChange, initialValue, className }: ParamControlProps) {
  const control = page.control;
  if (!control) return null;
  if (control.kind === 'checkbox') {
    const on = page.options?.[0];
    const onText = on === undefined ? 'true' : paramToSelect(page, on.value);
    return (
      <div className={className ? `sm:pt-7 ${className}` : 'sm:pt-7'}>
        <label htmlFor={id} className="flex items-center gap-2 text-sm text-gray-800">
          <input
            id={id}
            type="checkbox"
            name={name}
            value={onText}
            checked={value !== ''}
            onChange={(event) => onChange(event.target.checked ? onText : '')}
            className="h-4 w-4"
          />
          {control.label}
        </label>
      </div>
    );
  }
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {control.label}
      </label>
      <select id={id} name={name} value={value} onChange={(event) => onChange(event.target.value)} className={inputClass}>
        {paramSelectOptions(page, initialValue).map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
