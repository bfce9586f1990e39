import { useEffect, useId, useState } from 'react';
import type { AutocompleteItem } from '../../../../src/contract/stock';
import { t } from '../../../../src/i18n';
import { searchProducts } from './api';

export interface ProductSearchProps {
  label: string;
  onPick: (item: AutocompleteItem) => void;
  /** Offered under the results: create a product of the typed name on the spot (the arrival's lines). */
  onCreate?: (name: string) => void;
}

/** Searches the catalogue by name as the user types (a blank query asks nothing); services have no stock and are left out. */
export function ProductSearch({ label, onPick, onCreate }: ProductSearchProps) {
  const id = useId();
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<AutocompleteItem[]>([]);

  useEffect(() => {
    const text = query.trim();
    if (!text) {
      setFound([]);
      return;
    }
    let live = true;
    // A short pause, so a fast typist asks once.
    const timer = setTimeout(async () => {
      const answer = await searchProducts(text);
      if (live && answer.ok) setFound(answer.data.filter((item) => item.type === 'product'));
    }, 200);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [query]);

  const pick = (item: AutocompleteItem) => {
    onPick(item);
    setQuery('');
  };

  return (
    <div className="stock-ops__search">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="search" value={query} autoComplete="off" onChange={(event) => setQuery(event.target.value)} />
      {query.trim() && (
        <ul className="stock-ops__results" aria-label={t('stock.ops.searchResults')}>
          {found.map((item) => (
            <li key={item.id}>
              <button type="button" className="shell-button" onClick={() => pick(item)}>
                {item.name}
                {item.article && <span className="stock-ops__muted"> · {item.article}</span>}
              </button>
            </li>
          ))}
          {onCreate && (
            <li>
              <button
                type="button"
                className="shell-button"
                onClick={() => {
                  onCreate(query.trim());
                  setQuery('');
                }}
              >
                {t('stock.ops.createProduct', { name: query.trim() })}
              </button>
            </li>
          )}
        </ul>
      )}
    </div>
  );
}
