import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { t } from '../i18n';
import styles from './customers.css?raw';
import { adoptStyles } from './adoptStyles';

adoptStyles(styles);

export interface CustomerSearchItem {
  id: number;
  name: string;
  /** A second line: e-mail, phone, tax id. */
  detail?: string;
}

export interface CustomerSearchProps {
  label: string;
  placeholder?: string;
  /** Finds matches for a non-blank query (blank queries are never sent). */
  search: (query: string) => Promise<CustomerSearchItem[]>;
  onPick: (item: CustomerSearchItem) => void;
  /** Ids not to offer (already linked). */
  exclude?: readonly number[];
  disabled?: boolean;
  /** Shown as an extra option when nothing fits, e.g. 'Create "Anna"'. */
  createLabel?: (query: string) => string;
  onCreate?: (query: string) => void;
}

export const CUSTOMER_SEARCH_DELAY_MS = 250;

/**
 * Autocomplete by name (the ARIA combobox pattern): typing searches after a short pause, arrow keys move
 * through the matches, Enter picks, Escape closes. A blank query finds nothing and calls nothing.
 */
export function CustomerSearch(props: CustomerSearchProps) {
  const id = useId();
  const listId = `${id}-list`;
  const [query, setQuery] = useState('');
  const [items, setItems] = useState<CustomerSearchItem[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const latest = useRef(0);
  const search = useRef(props.search);
  search.current = props.search;

  useEffect(() => {
    const text = query.trim();
    const ticket = ++latest.current;
    if (!text) {
      setItems(null);
      setBusy(false);
      return undefined;
    }
    setBusy(true);
    const timer = setTimeout(() => {
      void search.current(text).then((found) => {
        if (ticket !== latest.current) return;
        setItems(found);
        setBusy(false);
        setActive(-1);
      });
    }, CUSTOMER_SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [query]);

  const shown = (items ?? []).filter((item) => !props.exclude?.includes(item.id));
  const canCreate = Boolean(props.onCreate && props.createLabel && query.trim());
  const options = [...shown.map((item) => ({ kind: 'item' as const, item })), ...(canCreate ? [{ kind: 'create' as const }] : [])];
  const expanded = open && query.trim() !== '' && (busy || items !== null);

  const pick = (index: number) => {
    const option = options[index];
    if (!option) return;
    if (option.kind === 'create') props.onCreate?.(query.trim());
    else props.onPick(option.item);
    setQuery('');
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + options.length) % options.length);
    } else if (event.key === 'Enter' && expanded) {
      event.preventDefault();
      if (active >= 0) pick(active);
      else if (shown.length === 1) pick(0);
    } else if (event.key === 'Escape' && expanded) {
      event.stopPropagation();
      setOpen(false);
    }
  };

  return (
    <div className="customer-search ui-field">
      <label className="ui-field__label" htmlFor={`${id}-input`}>
        {props.label}
      </label>
      <input
        id={`${id}-input`}
        className="ui-input"
        type="search"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${id}-option-${active}` : undefined}
        placeholder={props.placeholder}
        value={query}
        disabled={props.disabled}
        onChange={(event) => {
          setQuery(event.currentTarget.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <ul id={listId} role="listbox" aria-label={props.label} className="customer-search__list" hidden={!expanded}>
        {busy && items === null ? (
          <li className="customer-search__note" role="presentation">
            {t('clients.searching')}
          </li>
        ) : null}
        {!busy && items !== null && shown.length === 0 ? (
          <li className="customer-search__note" role="presentation">
            {t('errors.nothingFound')}
          </li>
        ) : null}
        {options.map((option, index) => (
          <li
            key={option.kind === 'item' ? option.item.id : 'create'}
            id={`${id}-option-${index}`}
            role="option"
            aria-selected={index === active}
            className={`customer-search__option${index === active ? ' is-active' : ''}${option.kind === 'create' ? ' is-create' : ''}`}
            // Picking on mouse down keeps the input from blurring (and closing the list) first.
            onMouseDown={(event) => {
              event.preventDefault();
              pick(index);
            }}
          >
            {option.kind === 'item' ? (
              <>
                <span className="customer-search__name">{option.item.name}</span>
                {option.item.detail ? <span className="customer-search__detail">{option.item.detail}</span> : null}
              </>
            ) : (
              props.createLabel?.(query.trim())
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
