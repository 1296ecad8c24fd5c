// The header's free-text search (product rule 17): non-empty trimmed text goes to
// /professionals?search=…; empty or whitespace-only text is ignored. Before the scripts run it is a
// plain GET form to the same address, which the server renders (trimming the text as the SPA does).
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { PAGES } from '../../../../core/pages';
import { SearchIcon } from '../icons';
import { useRotatingPlaceholder } from '../rotating-placeholder';
import { buildSearchPath } from '../search-query';
import { Tooltip } from '../tooltip';

interface HeaderSearchProps {
  /** Unique per instance: the desktop header and the mobile menu each have one. */
  id: string;
  /** Called after a search navigates (the mobile menu closes itself). */
  onSearched?: () => void;
  className?: string;
}

export function HeaderSearch({ id, onSearched, className = '' }: HeaderSearchProps) {
  const [text, setText] = useState('');
  const placeholder = useRotatingPlaceholder();
  const navigate = useNavigate();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const path = buildSearchPath(text);
    if (path === null) return;
    setText('');
    void navigate(path);
    onSearched?.();
  }

  return (
    <form role="search" aria-label="Search professionals" action={PAGES.directory.path} method="get" onSubmit={onSubmit} className={`relative ${className}`}>
      <label htmlFor={id} className="sr-only">
        Search IT professionals
      </label>
      <input
        id={id}
        name="search"
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={placeholder}
        autoComplete="off"
        enterKeyHint="search"
        className="block w-full rounded-full border border-gray-400 bg-white py-2 pr-11 pl-4 text-sm text-gray-900 placeholder:text-gray-600 focus:border-blue-600"
      />
      <Tooltip label="Search" side="bottom">
        <button
          type="submit"
          aria-label="Search"
          className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-full text-gray-700 hover:text-blue-700"
        >
          <SearchIcon />
        </button>
      </Tooltip>
    </form>
  );
}
