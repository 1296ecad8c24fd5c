// The directory page's address (/professionals?…) read and written from a parameter table
// (core/directory-params.ts): each function takes the table, so a test can add an entry of its own
// and see it reach the address, the chips and the title. Zod-free; the SPA binds these to
// DIRECTORY_PARAMS in frontend/src/api/directory-query.ts, with the rules that join filters there
// (a radius only with near, a sort only where it applies).
import type { ActiveValues, DirectoryParam, FiltersOf, PageKey, PageSpec, ParamTable } from './directory-params';

type PageEntry = [name: string, page: PageSpec<unknown>];

const entriesByTable = new WeakMap<ParamTable, { inTableOrder: readonly PageEntry[]; inAddressOrder: readonly PageEntry[] }>();

function entriesOf(table: ParamTable) {
  let entries = entriesByTable.get(table);
  if (!entries) {
    const inTableOrder = Object.entries(table)
      .filter((entry): entry is [string, DirectoryParam & { page: PageSpec<unknown> }] => entry[1].page !== undefined)
      .map(([name, { page }]): PageEntry => [name, page]);
    entries = { inTableOrder, inAddressOrder: [...inTableOrder].sort((a, b) => a[1].order - b[1].order) };
    entriesByTable.set(table, entries);
  }
  return entries;
}

/** A table's page parameters, in the table's order (the order the filters hold them in). */
export function pageEntries(table: ParamTable): readonly PageEntry[] {
  return entriesOf(table).inTableOrder;
}

/** A table's page parameters in address order (how addresses, chips and the title list them). */
export function pageEntriesInAddressOrder(table: ParamTable): readonly PageEntry[] {
  return entriesOf(table).inAddressOrder;
}

type Bag = Record<string, unknown>;

/** The address's text for a value, undefined when it filters nothing (off, or its "no filter" value). */
export function writeValue(page: PageSpec<unknown>, value: unknown): string | undefined {
  if (value === undefined || value === page.noFilter) return undefined;
  if (page.write) return page.write(value);
  return value === '' ? undefined : String(value);
}

/** The filters with every filter off. */
export function noFilters<T extends ParamTable>(table: T): FiltersOf<T> {
  const filters: Bag = {};
  for (const [name, page] of pageEntries(table)) if (page.noFilter !== undefined) filters[name] = page.noFilter;
  return filters as FiltersOf<T>;
}

/** The filters an address asks for, read leniently (what cannot be read is no filter). */
export function readAddress<T extends ParamTable>(table: T, params: URLSearchParams): FiltersOf<T> {
  const filters: Bag = {};
  for (const [name, page] of pageEntries(table)) {
    const raw = params.get(name);
    const value = (raw === null ? undefined : page.read(raw)) ?? page.noFilter;
    if (value !== undefined) filters[name] = value;
  }
  return filters as FiltersOf<T>;
}

/** The address's parameters that differ from "no filter", in address order. */
export function addressEntries<T extends ParamTable>(table: T, filters: FiltersOf<T>): [string, string][] {
  const bag = filters as Bag;
  return pageEntriesInAddressOrder(table).flatMap(([name, page]): [string, string][] => {
    const text = writeValue(page, bag[name]);
    return text === undefined ? [] : [[name, text]];
  });
}

/** Each active filter's value, by name (off filters are left out). */
export function activeValues<T extends ParamTable>(table: T, filters: FiltersOf<T>): ActiveValues {
  const bag = filters as Bag;
  const active: Bag = {};
  for (const [name, page] of pageEntries(table)) if (writeValue(page, bag[name]) !== undefined) active[name] = bag[name];
  return active;
}

/** A value's label: its option's, else the entry's own wording, else the value. */
export function valueLabel(page: PageSpec<unknown>, value: unknown): string {
  return page.options?.find((option) => option.value === value)?.label ?? page.label?.(value) ?? String(value);
}

export interface FilterChip<K extends string = string> {
  /** The filter(s) removing the chip clears. */
  keys: K[];
  label: string;
}

/** The active filters as removable chips, in address order. */
export function filterChips<T extends ParamTable>(table: T, filters: FiltersOf<T>): FilterChip<PageKey<T>>[] {
  const active = activeValues(table, filters);
  return pageEntriesInAddressOrder(table).flatMap(([name, page]): FilterChip<PageKey<T>>[] => {
    if (page.chip === false) return [];
    const value = active[name];
    const label = page.chip ? page.chip.label(value, active) : value === undefined ? undefined : valueLabel(page, value);
    if (label === undefined) return [];
    return [{ keys: [name, ...(page.chip ? (page.chip.alsoClears ?? []) : [])] as PageKey<T>[], label }];
  });
}

/** The filters with the given ones off. */
export function withoutParams<T extends ParamTable>(table: T, filters: FiltersOf<T>, keys: readonly string[]): FiltersOf<T> {
  const next: Bag = { ...(filters as Bag) };
  const pages = new Map(pageEntries(table));
  for (const key of keys) {
    const noFilter = pages.get(key)?.noFilter;
    if (noFilter === undefined) delete next[key];
    else next[key] = noFilter;
  }
  return next as FiltersOf<T>;
}
