// One admin list inside a dialog: an optional search box and filter, the page of rows, and paging
// ('Showing 1–20 of 57', Previous / Next), with loading, empty and error states (spec section 8:
// 'Failed to fetch …', with a way to try again). A new search or filter starts from the first page.
import { createContext, useCallback, useContext, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { ADMIN_PAGE_SIZE } from '../../../../core/admin';
import { useAdminList, type ListParams } from '../../api/admin-lists';
import { inputClass, labelClass, secondaryButtonClass } from '../../components/styles';
import { pageRangeText } from './admin-format';

const SEARCH_DELAY_MS = 300;

const FocusListContext = createContext<() => void>(() => undefined);

/** Moves focus to the list (after an action removed the item that had it). */
export function useFocusList(): () => void {
  return useContext(FocusListContext);
}

export interface ListFilter {
  label: string;
  /** The query parameter ('role', 'status', 'handled', 'state'). */
  param: string;
  options: readonly { value: string; label: string }[];
  initial: string;
}

interface AdminListProps<T> {
  path: string;
  /** The search box's label ('Search by name or email'); none: no search box. */
  searchLabel?: string;
  filter?: ListFilter;
  /** The spec's failure text ('Failed to fetch users'). */
  failedText: string;
  /** What an empty page says ('No users found.'). */
  emptyText: string;
  /** The rows, drawn by the list's owner. */
  children: (items: T[]) => ReactNode;
}

export function AdminList<T>({ path, searchLabel, filter, failedText, emptyText, children }: AdminListProps<T>) {
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [filterValue, setFilterValue] = useState(filter?.initial ?? '');
  const [offset, setOffset] = useState(0);
  const searchId = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const focusList = useCallback(() => listRef.current?.focus(), []);
  const filterId = useId();

  useEffect(() => {
    const timer = window.setTimeout(() => {
      setSearch(searchText.trim());
      setOffset(0);
    }, SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [searchText]);

  const params: ListParams = { search, offset };
  if (filter) params[filter.param] = filterValue;
  const { items, total, hasData, error, isLoading, isValidating, reload } = useAdminList<T>({ path, params });
  const isFiltered = search !== '' || (filter !== undefined && filterValue !== filter.initial);

  // A page emptied by a change (the last application of the last page decided): back to the last page.
  const isPastTheEnd = hasData && !isValidating && items.length === 0 && offset > 0;
  useEffect(() => {
    if (isPastTheEnd) setOffset(Math.max(0, Math.floor((total - 1) / ADMIN_PAGE_SIZE) * ADMIN_PAGE_SIZE));
  }, [isPastTheEnd, total]);

  return (
    <div>
      {searchLabel || filter ? (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          {searchLabel ? (
            <div className="sm:flex-1">
              <label htmlFor={searchId} className={labelClass}>
                {searchLabel}
              </label>
              <input
                id={searchId}
                type="search"
                value={searchText}
                onChange={(event) => setSearchText(event.target.value)}
                className={inputClass}
                autoComplete="off"
              />
            </div>
          ) : null}
          {filter ? (
            <div className="sm:w-56">
              <label htmlFor={filterId} className={labelClass}>
                {filter.label}
              </label>
              <select
                id={filterId}
                value={filterValue}
                onChange={(event) => {
                  setFilterValue(event.target.value);
                  setOffset(0);
                }}
                className={inputClass}
              >
                {filter.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
        </div>
      ) : null}

      <div ref={listRef} tabIndex={-1} className="mt-4 outline-none" aria-busy={isValidating}>
        {error && !isValidating ? (
          <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">
            <p className="font-medium">{failedText}</p>
            <button type="button" onClick={() => void reload()} className={`${secondaryButtonClass} mt-3 bg-white`}>
              Try again
            </button>
          </div>
        ) : isLoading && !hasData ? (
          <p role="status" className="text-sm text-gray-700">
            Loading…
          </p>
        ) : items.length === 0 ? (
          <p className="rounded-md border border-dashed border-gray-300 p-6 text-center text-sm text-gray-700">
            {isFiltered ? `${emptyText} Try another search or filter.` : emptyText}
          </p>
        ) : (
          <FocusListContext.Provider value={focusList}>{children(items)}</FocusListContext.Provider>
        )}
      </div>

      {hasData && !error ? (
        <Pager offset={offset} count={items.length} total={total} isBusy={isValidating} onOffset={setOffset} />
      ) : null}
    </div>
  );
}

/**
 * Previous / Next stay focusable at the ends (aria-disabled, not disabled): a button that becomes
 * disabled while focused drops the keyboard user's focus out of the dialog.
 */
function Pager({ offset, count, total, isBusy, onOffset }: { offset: number; count: number; total: number; isBusy: boolean; onOffset: (offset: number) => void }) {
  const hasPrevious = offset > 0;
  const hasNext = offset + count < total;
  const pagerButtonClass = `${secondaryButtonClass} aria-disabled:cursor-not-allowed aria-disabled:opacity-60`;
  return (
    <nav aria-label="Pages" className="mt-4 flex flex-wrap items-center justify-between gap-3 border-t border-gray-200 pt-4">
      <p className="text-sm text-gray-700" aria-live="polite">
        {pageRangeText({ offset, count, total })}
      </p>
      {offset > 0 || total > count ? (
        <div className="flex gap-2">
          <button
            type="button"
            className={pagerButtonClass}
            aria-disabled={!hasPrevious || isBusy}
            onClick={() => {
              if (hasPrevious && !isBusy) onOffset(Math.max(0, offset - ADMIN_PAGE_SIZE));
            }}
          >
            Previous
          </button>
          <button
            type="button"
            className={pagerButtonClass}
            aria-disabled={!hasNext || isBusy}
            onClick={() => {
              if (hasNext && !isBusy) onOffset(offset + ADMIN_PAGE_SIZE);
            }}
          >
            Next
          </button>
        </div>
      ) : null}
    </nav>
  );
}
