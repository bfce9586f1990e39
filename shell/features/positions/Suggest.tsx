import { useEffect, useId, useRef, useState } from 'react';
import { t } from '../../../src/i18n';

export interface Suggestion {
  id: number;
  name: string;
  /** A second line: article, order number. */
  hint?: string;
}

export interface SuggestProps {
  label: string;
  placeholder: string;
  chosen: Suggestion | null;
  /** The matches of the typed text (the server searches). */
  find: (text: string) => Promise<Suggestion[]>;
  onChoose: (choice: Suggestion | null) => void;
}

/** Typing pauses this long before the server is asked. */
const FIND_DELAY_MS = 250;

/**
 * A text box that offers what the server finds for it, as a listbox below; choosing one fixes the choice
 * (shown with a button to remove it). Arrow keys move, Enter chooses, Escape closes.
 */
export function Suggest({ label, placeholder, chosen, find, onChoose }: SuggestProps) {
  const [text, setText] = useState('');
  const [found, setFound] = useState<Suggestion[] | null>(null);
  const [active, setActive] = useState(0);
  const listId = useId();
  const inputId = useId();
  const asked = useRef(0);

  useEffect(() => {
    const query = text.trim();
    if (!query) {
      setFound(null);
      return;
    }
    const ticket = ++asked.current;
    const timer = setTimeout(() => {
      void find(query).then((items) => {
        if (ticket !== asked.current) return;
        setFound(items);
        setActive(0);
      });
    }, FIND_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, find]);

  function choose(item: Suggestion) {
    onChoose(item);
    setText('');
    setFound(null);
  }

  if (chosen) {
    return (
      <div className="positions-suggest positions-suggest--chosen">
        <span className="positions-suggest__label">{label}</span>
        <span className="positions-chip">
          {chosen.name}
          <button type="button" className="positions-chip__remove" aria-label={t('orders.removeChoice', { name: chosen.name })} onClick={() => onChoose(null)}>
            ×
          </button>
        </span>
      </div>
    );
  }

  const open = found !== null;
  return (
    <div className="positions-suggest">
      <label className="positions-suggest__label" htmlFor={inputId}>
        {label}
      </label>
      <input
        id={inputId}
        type="text"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && found.length ? `${listId}-${active}` : undefined}
        value={text}
        placeholder={placeholder}
        autoComplete="off"
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (!found?.length) return;
          if (event.key === 'ArrowDown') setActive((active + 1) % found.length);
          else if (event.key === 'ArrowUp') setActive((active - 1 + found.length) % found.length);
          else if (event.key === 'Enter') choose(found[active]);
          else if (event.key === 'Escape') setFound(null);
          else return;
          event.preventDefault();
        }}
      />
      {open && (
        <ul id={listId} role="listbox" className="positions-suggest__list" aria-label={label}>
          {found.length === 0 && <li className="positions-suggest__none">{t('positions.noMatches')}</li>}
          {found.map((item, index) => (
            <li
              key={item.id}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              className="positions-suggest__option"
              onMouseDown={(event) => {
                event.preventDefault();
                choose(item);
              }}
            >
              {item.name}
              {item.hint ? <span className="positions-suggest__hint"> {item.hint}</span> : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
