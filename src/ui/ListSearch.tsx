import { useEffect, useRef, useState } from 'react';

/** Typing pauses this long before the list is searched; Enter searches at once. */
export const LIST_SEARCH_DELAY_MS = 300;

export interface ListSearchProps {
  label: string;
  placeholder: string;
  /** The text the list is searched by now: the box starts with it, and the same text (but for spaces) is not asked again. */
  searched: string;
  onSearch: (text: string) => void;
  className?: string;
}

/** The search box above a paged list (clients, facilities): debounced while typing, at once on Enter. */
export function ListSearch({ label, placeholder, searched, onSearch, className }: ListSearchProps) {
  const [query, setQuery] = useState(searched);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const searchNow = (text: string) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (text.trim() !== searched.trim()) onSearch(text);
  };
  const onQuery = (text: string) => {
    setQuery(text);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => searchNow(text), LIST_SEARCH_DELAY_MS);
  };

  return (
    <form
      role="search"
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        searchNow(query);
      }}
    >
      <label className="ui-field">
        <span className="ui-field__label">{label}</span>
        <input className="ui-input" type="search" value={query} placeholder={placeholder} maxLength={200} onChange={(event) => onQuery(event.currentTarget.value)} />
      </label>
    </form>
  );
}
