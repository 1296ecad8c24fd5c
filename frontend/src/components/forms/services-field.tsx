// A listing's services: a checkbox per service of core/services, at most MAX_LISTING_SERVICES
// (spec section 5). A live count says how many are chosen; ticking one more is ignored and the
// count says why, so nothing is disabled and every box stays reachable by keyboard.
import { useId, useState } from 'react';
import { MAX_LISTING_SERVICES, SERVICES, toggleService } from '../../../../core/services';
import { labelTextClass } from '../styles';
import { FieldError } from './form-fields';

interface ServicesFieldProps {
  legend: string;
  selected: readonly string[];
  onSelectedChange: (services: string[]) => void;
  error?: string | undefined;
  /** Scroll the list inside a shorter box (My Profile's editor). */
  isCompact?: boolean;
}

export function ServicesField({ legend, selected, onSelectedChange, error, isCompact = false }: ServicesFieldProps) {
  const id = useId();
  const countId = `${id}-count`;
  const errorId = `${id}-error`;
  const [note, setNote] = useState<string | null>(null);
  return (
    <fieldset aria-describedby={[countId, error ? errorId : null].filter(Boolean).join(' ')}>
      <legend className={labelTextClass}>{legend}</legend>
      <p id={countId} className="mt-1 text-sm text-gray-700" aria-live="polite">
        {selected.length} of {MAX_LISTING_SERVICES} selected
        {note ? `. ${note}` : ''}
      </p>
      <div
        className={`mt-2 grid gap-2 rounded-md border border-gray-300 p-3 sm:grid-cols-2 ${isCompact ? 'max-h-64 overflow-y-auto' : 'lg:grid-cols-3'}`}
      >
        {SERVICES.map((service) => (
          <label key={service} className="flex items-center gap-2 text-sm text-gray-800">
            <input
              type="checkbox"
              name="services"
              value={service}
              checked={selected.includes(service)}
              aria-invalid={error ? true : undefined}
              onChange={() => {
                const next = toggleService(selected, service);
                setNote(next.ignored ? `You can choose at most ${MAX_LISTING_SERVICES} services: untick one to choose another` : null);
                onSelectedChange(next.services);
              }}
              className="h-4 w-4"
            />
            {service}
          </label>
        ))}
      </div>
      <FieldError id={errorId} error={error} />
    </fieldset>
  );
}
