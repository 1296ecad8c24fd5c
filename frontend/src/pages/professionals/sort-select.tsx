import { availableSorts, defaultSort, SORT_LABELS, type DirectoryFilters } from '../../api/directory-query';
import { RatingSortInfo } from '../../components/professional-card/rating-sort-info';
import { labelTextClass } from '../../components/styles';

export function SortSelect({ filters, onApply }: { filters: DirectoryFilters; onApply: (next: DirectoryFilters) => void }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor="directory-sort" className={`${labelTextClass} whitespace-nowrap`}>
        Sort by
      </label>
      <select
        id="directory-sort"
        value={filters.sort ?? defaultSort(filters)}
        onChange={(event) => onApply({ ...filters, sort: event.target.value as DirectoryFilters['sort'] })}
        className="rounded-md border border-gray-400 bg-white px-3 py-1.5 text-sm text-gray-900"
      >
        {availableSorts(filters).map((sort) => (
          <option key={sort} value={sort}>
            {SORT_LABELS[sort]}
          </option>
        ))}
      </select>
      {(filters.sort ?? defaultSort(filters)) === 'rating' ? <RatingSortInfo /> : null}
    </div>
  );
}
