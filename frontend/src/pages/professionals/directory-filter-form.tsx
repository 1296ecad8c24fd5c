// The directory's filters in one form: free text (shows ?search=, product rule 17), distance from a
// postcode or place with a radius (beyond the spec), the order of the list, then the shared search
// form's full layout. Every control behaves one way: nothing applies until 'Search' (the form says
// so), and then every filter and the order go to the address at once. Removing a chip applies at
// once: that is a single, explicit action.
//
// An unknown postcode or place is checked before the address changes: the field shows the API's
// message and the list stays as it was (product rule 30).
import { useId, useRef, useState } from 'react';
import type { Sort } from '../../../../core/directory';
import { DEFAULT_RADIUS_MILES } from '../../../../core/directory';
import {
  availableSorts,
  defaultSort,
  normaliseFilters,
  professionalsApiPath,
  RADIUS_OPTIONS,
  SORT_LABELS,
  type DirectoryFilters,
} from '../../api/directory-query';
import { fetchProfessionalsPage } from '../../api/directory-fetch';
import { FieldError } from '../../components/forms/form-fields';
import { SearchForm, type SearchFormValues } from '../../components/search-form/search-form';
import { inputClass, labelClass } from '../../components/styles';
import { nearFieldError } from './near-error';
import { RatingSortInfo } from '../../components/professional-card/rating-sort-info';

export const FILTERS_APPLY_NOTE = 'Changes apply when you press Search.';

export function DirectoryFilterForm({
  filters,
  onApply,
  nearError: rejectedNearError = null,
}: {
  filters: DirectoryFilters;
  onApply: (next: DirectoryFilters) => void;
  /** The API's message when the address's own postcode or place is unknown (a shared link). */
  nearError?: string | null;
}) {
  const id = useId();
  const nearRef = useRef<HTMLInputElement>(null);
  const [search, setSearch] = useState(filters.search);
  const [near, setNear] = useState(filters.near);
  const [radius, setRadius] = useState(String(filters.radiusMiles ?? DEFAULT_RADIUS_MILES));
  const [sort, setSort] = useState<Sort | undefined>(filters.sort);
  const [checkedNearError, setCheckedNearError] = useState<string | null>(null);
  const [isChecking, setChecking] = useState(false);
  const nearError = checkedNearError ?? (near.trim() === filters.near ? rejectedNearError : null);

  // A postcode the API refused (a shared link) is set aside: the list is not in distance order, so
  // the sort box must not say 'Nearest first' until a postcode it knows is typed.
  const isNearSetAside = rejectedNearError !== null && near.trim() === filters.near;
  const typed = { search: search.trim(), near: isNearSetAside ? '' : near.trim() };
  const sorts = availableSorts(typed);
  const sortValue = sort !== undefined && sorts.includes(sort) ? sort : defaultSort(typed);

  async function onSearch(values: SearchFormValues) {
    const nearText = near.trim();
    const next: DirectoryFilters = normaliseFilters({
      service: values.service,
      location: values.location,
      minRating: values.minRating,
      minHourlyRate: values.minHourlyRate,
      maxHourlyRate: values.maxHourlyRate,
      search: search.trim(),
      near: nearText,
      radiusMiles: nearText !== '' && Number(radius) !== DEFAULT_RADIUS_MILES ? Number(radius) : undefined,
      sort: sortValue,
    });
    if (nearText !== '' && (nearText !== filters.near || rejectedNearError !== null)) {
      setChecking(true);
      const message = await checkNear(next);
      setChecking(false);
      if (message !== null) {
        setCheckedNearError(message);
        nearRef.current?.focus();
        return;
      }
    }
    setCheckedNearError(null);
    onApply(next);
  }

  const nearErrorId = `${id}-near-error`;

  return (
    <SearchForm
      layout="full"
      initialValues={filters}
      onSearch={(values) => void onSearch(values)}
      className="rounded-lg border border-gray-200 bg-gray-50 p-4"
      note={
        <p className="text-sm text-gray-700" aria-live="polite">
          {isChecking ? 'Checking the postcode or place…' : FILTERS_APPLY_NOTE}
        </p>
      }
    >
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_8rem_11rem]">
        <div className="sm:col-span-2 lg:col-span-1">
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
            ref={nearRef}
            id={`${id}-near`}
            type="text"
            name="near"
            value={near}
            maxLength={100}
            onChange={(event) => {
              setNear(event.target.value);
              setCheckedNearError(null);
            }}
            placeholder="e.g. M1 1AE or Leeds"
            autoComplete="postal-code"
            aria-invalid={nearError ? true : undefined}
            aria-describedby={nearError ? nearErrorId : undefined}
            className={inputClass}
          />
          <FieldError id={nearErrorId} error={nearError ?? undefined} />
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
        <div>
          <label htmlFor="directory-sort" className={labelClass}>
            Sort by
          </label>
          <select
            id="directory-sort"
            name="sort"
            value={sortValue}
            onChange={(event) => setSort(event.target.value as Sort)}
            className={inputClass}
          >
            {sorts.map((option) => (
              <option key={option} value={option}>
                {SORT_LABELS[option]}
              </option>
            ))}
          </select>
          {sortValue === 'rating' ? <RatingSortInfo /> : null}
        </div>
      </div>
    </SearchForm>
  );
}

/** Null when the postcode or place is known (or the check could not say), else the API's message. */
async function checkNear(next: DirectoryFilters): Promise<string | null> {
  try {
    await fetchProfessionalsPage(professionalsApiPath(next, 0, 1));
    return null;
  } catch (error) {
    return nearFieldError(error);
  }
}
