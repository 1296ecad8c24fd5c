// The selects and checkboxes built from entries of the directory's parameter table
// (core/directory-params.ts), as pure functions (unit tested): their choices, the mapping between a
// control's value (the address's text, '' for no filter) and the filter's value, the rating select's
// choices, and which of the table's filters the directory's form renders controls for.
import { pageEntries, valueLabel, writeValue } from '../../../../core/directory-address';
import { DIRECTORY_PARAMS, type PageSpec, type ParamTable } from '../../../../core/directory-params';

export interface SelectOption {
  label: string;
  /** The address's text for the choice ('' for no filter). */
  value: string;
}

/** A filter's value as its select's value ('' when off). */
export function paramToSelect(page: PageSpec<unknown>, value: unknown): string {
  return writeValue(page, value) ?? '';
}

/** A select's value as the filter's value (undefined when off or unreadable). */
export function selectToParam(page: PageSpec<unknown>, text: string): unknown {
  return text === '' ? undefined : page.read(text);
}

/**
 * A table entry's select choices: its "no filter" option, then its options, plus the address's own
 * value when it is not one of them (a shared link with ?minRating=3 shows '3+ stars', in order among
 * numbers, and searching again keeps it).
 */
export function paramSelectOptions(page: PageSpec<unknown>, current: unknown): readonly SelectOption[] {
  const options: SelectOption[] = [
    { label: page.control?.anyLabel ?? 'Any', value: '' },
    ...(page.options ?? []).map((option) => ({ label: option.label, value: paramToSelect(page, option.value) })),
  ];
  const currentText = paramToSelect(page, current);
  if (options.some((o) => o.value === currentText)) return options;
  const extra = { label: valueLabel(page, current), value: currentText };
  const before = typeof current === 'number' ? options.findIndex((o) => o.value !== '' && Number(o.value) > current) : -1;
  if (before === -1) options.push(extra);
  else options.splice(before, 0, extra);
  return options;
}

/** The directory's parameters the shared search form has controls for (the directory's own form adds the rest). */
export const SEARCH_FORM_PARAMS: readonly string[] = ['service', 'location', 'minRating', 'minHourlyRate', 'maxHourlyRate'];

/** A table's enum and yes/no filters the shared search form has no control for: the directory's form renders them from their entries. */
export function tableControls(table: ParamTable): readonly (readonly [string, PageSpec<unknown>])[] {
  return pageEntries(table).filter(([name, page]) => page.control !== undefined && !SEARCH_FORM_PARAMS.includes(name));
}

/** Those controls' values ('' for no filter) for the filters. */
export function controlValues(controls: ReturnType<typeof tableControls>, filters: object): Record<string, string> {
  const values = filters as Readonly<Record<string, unknown>>;
  return Object.fromEntries(controls.map(([name, page]) => [name, paramToSelect(page, values[name])]));
}

/** The filters those controls' values ask for (a filter left at '' is off). */
export function controlFilters(controls: ReturnType<typeof tableControls>, values: Readonly<Record<string, string>>): Record<string, unknown> {
  return Object.fromEntries(controls.map(([name, page]) => [name, selectToParam(page, values[name] ?? '') ?? page.noFilter]));
}

const ratingParam = DIRECTORY_PARAMS.minRating.page;

export const RATING_SELECT_OPTIONS: readonly SelectOption[] = paramSelectOptions(ratingParam, undefined);

export function ratingToSelect(minRating: number | undefined): string {
  return paramToSelect(ratingParam, minRating);
}

/** The rating choices, plus the address's own minimum when it is not one of them. */
export function ratingSelectOptions(minRating: number | undefined): readonly SelectOption[] {
  return paramSelectOptions(ratingParam, minRating);
}

export function selectToRating(value: string): number | undefined {
  return selectToParam(ratingParam, value) as number | undefined;
}
