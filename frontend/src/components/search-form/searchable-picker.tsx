// A searchable picker: an editable combobox (WAI-ARIA APG "combobox with list autocomplete").
// The input shows the chosen option; focusing or typing opens the listbox, typing filters it
// (type-ahead), Arrow keys move the active option, Enter chooses it, Escape closes and restores
// the choice, and leaving the field keeps the last choice. Options may be grouped under headings.
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { ChevronDownIcon } from '../icons';
import { labelClass } from '../styles';
import { filterPickerOptions, groupPickerOptions, type PickerOption } from './search-form-options';

export interface SearchablePickerProps {
  label: string;
  /** Visually hide the label (it stays the accessible name). */
  isLabelHidden?: boolean;
  options: readonly PickerOption[];
  value: string;
  onChange: (value: string) => void;
  /** 'Search services...' */
  placeholder: string;
  /** 'No service found.' */
  emptyMessage: string;
  name?: string;
}

export function SearchablePicker({
  label,
  isLabelHidden = false,
  options,
  value,
  onChange,
  placeholder,
  emptyMessage,
  name,
}: SearchablePickerProps) {
  const id = useId();
  const inputId = `${id}-input`;
  const listId = `${id}-list`;
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const selected = options.find((option) => option.value === value);
  const selectedLabel = selected?.label ?? value;

  const [isOpen, setOpen] = useState(false);
  /** What the visitor typed since opening; null shows every option. */
  const [query, setQuery] = useState<string | null>(null);
  const [activeIndex, setActiveIndex] = useState(-1);

  const visible = useMemo(() => filterPickerOptions(options, query ?? ''), [options, query]);
  const groups = useMemo(() => groupPickerOptions(visible), [visible]);
  const optionId = (index: number) => `${id}-option-${index}`;

  useEffect(() => {
    if (!isOpen || activeIndex < 0) return;
    document.getElementById(`${id}-option-${activeIndex}`)?.scrollIntoView({ block: 'nearest' });
  }, [id, isOpen, activeIndex]);

  function open() {
    if (isOpen) return;
    setOpen(true);
    setQuery(null);
    setActiveIndex(Math.max(0, options.findIndex((option) => option.value === value)));
  }

  function close() {
    setOpen(false);
    setQuery(null);
    setActiveIndex(-1);
  }

  function choose(option: PickerOption | undefined) {
    if (option) onChange(option.value);
    close();
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!isOpen) open();
        else setActiveIndex((i) => Math.min(visible.length - 1, i + 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!isOpen) open();
        else setActiveIndex((i) => Math.max(0, i - 1));
        break;
      case 'Home':
        if (isOpen && visible.length > 0) {
          event.preventDefault();
          setActiveIndex(0);
        }
        break;
      case 'End':
        if (isOpen && visible.length > 0) {
          event.preventDefault();
          setActiveIndex(visible.length - 1);
        }
        break;
      case 'Enter':
        if (isOpen) {
          // Choosing an option must not submit the surrounding form.
          event.preventDefault();
          choose(visible[activeIndex]);
        }
        break;
      case 'Escape':
        if (isOpen) {
          event.preventDefault();
          event.stopPropagation();
          close();
        }
        break;
      case 'Tab':
        if (isOpen) close();
        break;
      default:
        break;
    }
  }

  const activeId = isOpen && activeIndex >= 0 && activeIndex < visible.length ? optionId(activeIndex) : undefined;
  let flatIndex = -1;

  return (
    <div className="relative">
      <label
        htmlFor={inputId}
        className={isLabelHidden ? 'sr-only' : labelClass}
      >
        {label}
      </label>
      <div className="relative">
        <input
          ref={inputRef}
          id={inputId}
          name={name}
          type="text"
          role="combobox"
          aria-expanded={isOpen}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeId}
          autoComplete="off"
          spellCheck={false}
          placeholder={placeholder}
          value={query ?? selectedLabel}
          onFocus={(event) => {
            event.currentTarget.select();
          }}
          onClick={open}
          onChange={(event) => {
            if (!isOpen) setOpen(true);
            setQuery(event.target.value);
            setActiveIndex(0);
          }}
          onKeyDown={onKeyDown}
          onBlur={(event) => {
            if (listRef.current?.contains(event.relatedTarget as Node | null)) return;
            close();
          }}
          className="block w-full rounded-md border border-gray-400 bg-white py-2 pr-9 pl-3 text-sm text-gray-900 placeholder:text-gray-600 focus:border-blue-600"
        />
        <button
          type="button"
          tabIndex={-1}
          aria-hidden="true"
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            inputRef.current?.focus();
            if (isOpen) close();
            else open();
          }}
          className="absolute inset-y-0 right-0 flex w-9 items-center justify-center text-gray-700"
        >
          <ChevronDownIcon width={16} height={16} />
        </button>
      </div>
      <div
        ref={listRef}
        hidden={!isOpen}
        className="absolute z-30 mt-1 w-full min-w-56 rounded-md border border-gray-200 bg-white shadow-lg"
      >
        {/* The listbox itself scrolls: axe (and assistive technology) treat a combobox's popup as
            reachable through the combobox, which moves through it with aria-activedescendant. */}
        <div
          id={listId}
          role="listbox"
          aria-label={label}
          hidden={visible.length === 0}
          className="max-h-72 overflow-auto py-1"
        >
          {groups.map(({ group, options: groupOptions }) => {
            const items = groupOptions.map((option) => {
              flatIndex += 1;
              const index = flatIndex;
              const isActive = index === activeIndex;
              const isSelected = option.value === value;
              return (
                <div
                  key={option.value}
                  id={optionId(index)}
                  role="option"
                  aria-selected={isSelected}
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseMove={() => setActiveIndex(index)}
                  onClick={() => choose(option)}
                  className={`cursor-pointer px-3 py-1.5 text-sm ${isActive ? 'bg-blue-100 text-blue-900' : 'text-gray-900'} ${
                    isSelected ? 'font-semibold' : ''
                  }`}
                >
                  {option.label}
                </div>
              );
            });
            if (group === undefined) return items;
            const headingId = `${id}-group-${group}`;
            return (
              <div key={group} role="group" aria-labelledby={headingId}>
                <div
                  id={headingId}
                  role="presentation"
                  className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-gray-700 uppercase"
                >
                  {group}
                </div>
                {items}
              </div>
            );
          })}
        </div>
        {visible.length === 0 ? (
          <p role="status" className="px-3 py-2 text-sm text-gray-700">
            {emptyMessage}
          </p>
        ) : null}
      </div>
    </div>
  );
}
