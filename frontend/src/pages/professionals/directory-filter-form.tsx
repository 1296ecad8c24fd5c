// The directory's filters in one form: free text (shows ?search=, product rule 17), distance from a
// postcode or place with a radius (beyond the spec), the order of the list, a control for each enum
// or yes/no filter of the parameter table the shared form has none for (core/directory-params.ts),
// then the shared search form's full layout. Every control behaves one way: nothing applies until 'Search' (the form says
// so), and then every filter and the order go to the address at once. Removing a chip applies at
// once: that is a single, explicit action.
//
// A search near an unknown postcode or place goes to the address like any other: the page shows
// the API's message where the results were, and this form shows it on the postcode field, taking
// the focus there after a search made on the page (product rule 30).
import { useEffect, useId, useRef, useState } from 'react';
import type { Sort } from '../../../../core/directory';
import { DEFAULT_RADIUS_MILES } from '../../../../core/directory';
import { DIRECTORY_PARAMS } from '../../../../core/directory-params';
import { availableSorts, defaultSort, normaliseFilters, sortLabel, type DirectoryFilters } from '../../api/directory-query';
import { FieldError } from '../../components/forms/form-fields';
import { ParamControl } from '../../components/search-form/param-control';
import { controlFilters, controlValues, tableControls } from '../../components/search-form/param-select';
import { SearchForm, type SearchFormValues } from '../../components/search-form/search-form';
import { inputClass, labelClass } from '../../components/styles';
import { RatingSortInfo } from '../../components/professional-card/rating-sort-info';

export const FILTERS_APPLY_NOTE = 'Changes apply when you press Search.';

// Enum and yes/no filters the shared form has no control for: each a control from its entry (the
// selects in the grid, the checkboxes together in one fieldset).
const TABLE_CONTROLS = tableControls(DIRECTORY_PARAMS);
const SELECT_CONTROLS = TABLE_CONTROLS.filter(([, page]) => page.control?.kind !== 'checkbox');
const CHECKBOX_CONTROLS = TABLE_CONTROLS.filter(([, page]) => page.control?.kind === 'checkbox');

export function DirectoryFilterForm({
  filters,
  onApply,
  nearError: rejectedNearError = null,
  isNearErrorFocused = false,
}: {
  filters: DirectoryFilters;
  onApply: (next: DirectoryFilters) => void;
  /** The API's message when the address's postcode or place is unknown. */
  nearError?: string | null;
  /** Take the focus to the postcode field when nearError comes (a search made here, not a shared
   * link), once the field is on screen (on a phone, once the filters are open). */
  isNearErrorFocused?: boolean;
}) {
  const id = useId();
  const nearRef = useRef<HTMLInputElement>(null);
  const [search, setSearch] = useState(filters.search);
  const [near, setNear] = useState(filters.near);
  const [radius, setRadius] = useState(String(filters.radiusMiles ?? DEFAULT_RADIUS_MILES));
  const [sort, setSort] = useState<Sort | undefined>(filters.sort);
  const [choices, setChoices] = useState<Readonly<Record<string, string>>>(() => controlValues(TABLE_CONTROLS, filters));
  const nearError = near.trim() === filters.near ? rejectedNearError : null;

  // Once per search (the page remounts the form for each address), when the field can be seen.
  const hasFocusedNearError = useRef(false);
  useEffect(() => {
    if (rejectedNearError === null || !isNearErrorFocused || hasFocusedNearError.current) return;
    hasFocusedNearError.current = true;
    nearRef.current?.focus();
  }, [rejectedNearError, isNearErrorFocused]);

  // A postcode the API refused is set aside: nothing is in distance order, so the sort box must
  // not offer 'Nearest first' until a postcode it knows is typed.
  const isNearSetAside = rejectedNearError !== null && near.trim() === filters.near;
  // 'Nearest first' is offered with a postcode typed or a place searched (measured from its centre).
  const typed = { search: search.trim(), near: isNearSetAside ? '' : near.trim(), location: filters.location };
  const sorts = availableSorts(typed);
  const sortValue = sort !== undefined && sorts.includes(sort) ? sort : defaultSort(typed);

  function onSearch(values: SearchFormValues) {
    const nearText = near.trim();
    const next: DirectoryFilters = normaliseFilters({
      ...(controlFilters(TABLE_CONTROLS, choices) as Partial<DirectoryFilters>),
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
    onApply(next);
  }

  const nearErrorId = `${id}-near-error`;

  return (
    <SearchForm
      layout="full"
      initialValues={filters}
      onSearch={onSearch}
      className="rounded-lg border border-gray-200 bg-gray-50 p-4"
      note={
        <p className="text-sm text-gray-700">{FILTERS_APPLY_NOTE}</p>
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
            maxLength={DIRECTORY_PARAMS.search.api.maxLength}
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
            maxLength={DIRECTORY_PARAMS.near.api.maxLength}
            onChange={(event) => setNear(event.target.value)}
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
            {DIRECTORY_PARAMS.radiusMiles.page.options.map((option) => (
              <option key={option.value} value={String(option.value)}>
                {option.label}
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
                {sortLabel(option)}
              </option>
            ))}
          </select>
          {sortValue === 'rating' ? <RatingSortInfo /> : null}
        </div>
        {SELECT_CONTROLS.map(([name, page]) => (
          <ParamControl
            key={name}
            id={`${id}-${name}`}
            name={name}
            page={page}
            value={choices[name] ?? ''}
            onChange={(value) => setChoices((current) => ({ ...current, [name]: value }))}
            initialValue={(filters as Readonly<Record<string, unknown>>)[name]}
            className="lg:max-w-xs"
          />
        ))}
        {CHECKBOX_CONTROLS.length > 0 ? (
          // The yes/no filters together, one legend naming them for screen readers (issue 34).
          <fieldset className="sm:col-span-2 lg:col-span-4">
            <legend className={labelClass}>Only show (insurance, Cyber Essentials and registration are checked by ITConnect; taking on new clients is the professional’s word)</legend>
            <div className="flex flex-wrap gap-x-6 gap-y-2">
              {CHECKBOX_CONTROLS.map(([name, page]) => {
                const onText = page.options?.[0] === undefined ? 'true' : String(page.options[0].value);
                return (
                  <label key={name} htmlFor={`${id}-${name}`} className="flex min-h-6 items-center gap-2 text-sm text-gray-800">
                    <input
                      id={`${id}-${name}`}
                      type="checkbox"
                      name={name}
                      value={onText}
                      checked={(choices[name] ?? '') !== ''}
                      onChange={(event) => setChoices((current) => ({ ...current, [name]: event.target.checked ? onText : '' }))}
                      className="h-4 w-4"
                    />
                    {page.control?.label}
                  </label>
                );
              })}
            </div>
          </fieldset>
        ) : null}
      </div>
    </SearchForm>
  );
}
