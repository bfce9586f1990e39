import { useEffect, useRef, useState } from 'react';
import { t } from '../../../src/i18n';

/** Typing pauses this long before the list is searched; Enter searches at once. */
export const SEARCH_DEBOUNCE_MS = 400;

export interface SearchBoxProps {
  value: string;
  onSearch: (text: string) => void;
}

/** The orders search: debounced while typing, at once on Enter; Escape clears it. */
export function SearchBox({ value, onSearch }: SearchBoxProps) {
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const lastSent = useRef(value);

  // A search cleared from elsewhere (Clear filters) shows here too.
  useEffect(() => {
    if (value !== lastSent.current) {
      lastSent.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);

  function send(next: string) {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (next.trim() === lastSent.current.trim()) return;
    lastSent.current = next;
    onSearch(next);
  }

  function change(next: string) {
    setText(next);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => send(next), SEARCH_DEBOUNCE_MS);
  }

  return (
    <div className="ui-field orders-search">
      <label className="ui-field__label" htmlFor="orders-search">
        {t('orders.search')}
      </label>
      <input
        id="orders-search"
        className="ui-input"
        type="search"
        value={text}
        placeholder={t('orders.searchHint')}
        autoComplete="off"
        onChange={(event) => change(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') send(text);
          if (event.key === 'Escape' && text !== '') {
            event.preventDefault();
            setText('');
            send('');
          }
        }}
      />
    </div>
  );
}
