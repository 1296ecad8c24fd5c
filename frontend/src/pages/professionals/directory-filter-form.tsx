// The directory's filters in one form: free text (shows ?search=, product rule 17), distance from a
// postcode or place with a radius (beyond the spec), then the shared search form's full layout.
// Submitting writes every filter to the address at once; the sort is kept.
import { useId, useState } from 'react';
import {
  RADIUS_OPTIONS,
  type DirectoryFilters,
} from '../../api/directory-query';
import { DEFAULT_RADIUS_MILES } from '../../../../core/directory';
import { SearchForm, type SearchFormValues } from '../../components/search-form/search-form';
import { inputClass, labelClass } from '../../components/styles';

export function DirectoryFilterForm({
  filters,
  onApply,
}: {
  filters: DirectoryFilters;
  onApply: (next: DirectoryFilters) => void;
}) {
  const id = useId();
  const [search, setSearch] = useState(filters.search);
  const [near, setNear] = useState(filters.near);
  const [radius, setRadius] = useState(String(filters.radiusMiles ?? DEFAULT_RADIUS_MILES));

  function onSearch(values: SearchFormValues) {
    const nearText = near.trim();
    onApply({
      service: values.service,
      location: values.location,
      minRating: values.minRating,
      minHourlyRate: values.minHourlyRate,
      maxHourlyRate: values.maxHourlyRate,
      search: search.trim(),
      near: nearText,
      radiusMiles: nearText !== '' && Number(radius) !== DEFAULT_RADIUS_MILES ? Number(radius) : undefined,
      sort: filters.sort,
    });
  }

  return (
    <SearchForm
      layout="full"
      initialValues={filters}
      onSearch={onSearch}
      className="rounded-lg border border-gray-200 bg-gray-50 p-4"
    >
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-[2fr_1fr_8rem]">
        <div>
          <label htmlFor={`${id}-search`} className={labelClass}>
            Keywords
          </label>
          <input
            id={`${id}-search`}
            type="search"
            name="search"
            value={search}
            maxLength={200}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="Company, skill or service"
            autoComplete="off"
            enterKeyHint="search"
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor={`${id}-near`} className={labelClass}>
            Near postcode or place
          </label>
          <input
            id={`${id}-near`}
            type="text"
            name="near"
            value={near}
            maxLength={100}
            onChange={(event) => setNear(event.target.value)}
            placeholder="e.g. M1 1AE or Leeds"
            autoComplete="postal-code"
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor={`${id}-radius`} className={labelClass}>
            Within
          </label>
          <select
            id={`${id}-radius`}
            name="radiusMiles"
            value={radius}
            onChange={(event) => setRadius(event.target.value)}
            className={inputClass}
          >
            {RADIUS_OPTIONS.map((miles) => (
              <option key={miles} value={String(miles)}>
                {miles} miles
              </option>
            ))}
          </select>
        </div>
      </div>
    </SearchForm>
  );
}
