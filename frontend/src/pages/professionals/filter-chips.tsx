import { activeFilterChips, DEFAULT_FILTERS, directoryPath, withoutFilters, type DirectoryFilters } from '../../api/directory-query';
import { earlyHrefProps } from '../../components/early-clicks';
import { CloseIcon } from '../../components/icons';
import { linkClass } from '../../components/styles';

/** One removable chip per active filter, and 'Clear all' once there are two or more. */
export function FilterChips({
  filters,
  onApply,
  onClearAll,
}: {
  filters: DirectoryFilters;
  onApply: (next: DirectoryFilters) => void;
  onClearAll: () => void;
}) {
  const chips = activeFilterChips(filters);
  if (chips.length === 0) return null;
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2">
      <h2 className="sr-only">Active filters</h2>
      <ul className="flex max-w-full min-w-0 flex-wrap gap-2">
        {chips.map((chip) => (
          <li key={chip.label} className="max-w-full min-w-0">
            <button
              type="button"
              {...earlyHrefProps(directoryPath(withoutFilters(filters, chip.keys)))}
              onClick={() => onApply(withoutFilters(filters, chip.keys))}
              aria-label={`Remove filter: ${chip.label}`}
              className="inline-flex max-w-full items-center gap-1 rounded-full border border-blue-200 bg-blue-50 py-1 pr-2 pl-3 text-sm text-blue-900 hover:bg-blue-100"
            >
              {/* A long search text is cut short, never wider than the screen (the label says it whole). */}
              <span className="truncate">{chip.label}</span>
              <CloseIcon width={14} height={14} className="shrink-0" />
            </button>
          </li>
        ))}
      </ul>
      {chips.length > 1 ? (
        <button
          type="button"
          {...earlyHrefProps(directoryPath(DEFAULT_FILTERS))}
          onClick={onClearAll}
          className={`${linkClass} text-sm`}
        >
          Clear all
        </button>
      ) : null}
    </div>
  );
}
