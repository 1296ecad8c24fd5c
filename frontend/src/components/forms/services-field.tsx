// A listing's services: a checkbox per service of core/services, at most MAX_LISTING_SERVICES
// (spec section 5). A live count says how many are chosen; ticking one more is ignored and the
// count says why, so nothing is disabled and every box stays reachable by keyboard. The chosen
// services are listed first, as buttons that remove them, so they are never lost in a long list.
import { useId, useState } from 'react';
import { MAX_LISTING_SERVICES, SERVICES, toggleService } from '../../../../core/services';
import { labelTextClass } from '../styles';
import { FieldError } from './form-fields';

interface ServicesFieldProps {
  legend: string;
  selected: readonly string[];
  onSelectedChange: (services: string[]) => void;
  error?: string | undefined;
}

export function ServicesField({ legend, selected, onSelectedChange, error }: ServicesFieldProps) {
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
      {selected.length > 0 ? (
        <ul aria-label="Chosen services" className="mt-2 flex flex-wrap gap-2">
          {selected.map((service) => (
            <li key={service}>
              <button
                type="button"
                onClick={() => {
                  setNote(null);
                  onSelectedChange(toggleService(selected, service).services);
                }}
                className="inline-flex items-center gap-1 rounded-full bg-blue-50 px-3 py-1 text-sm font-medium text-blue-900 hover:bg-blue-100"
              >
                {service}
                <span aria-hidden="true">×</span>
                <span className="sr-only">: remove</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div
        className="mt-3 grid gap-2 rounded-md border border-gray-300 p-3 sm:grid-cols-2 lg:grid-cols-3"
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
