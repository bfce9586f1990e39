/** @jsxImportSource preact */
import { t } from '../../src/i18n';
import type { WidgetStore } from '../state/widgetStore';
import { useAtom } from '../useAtom';
import { ProductList } from './ProductList';

/** Autocomplete: typing is debounced in the store; an empty or blank query shows nothing and calls nothing. */
export function Search({ store, id }: { store: WidgetStore; id: string }) {
  const query = useAtom(store.$query);
  const found = useAtom(store.$suggestions);
  const searching = useAtom(store.$searching);
  return (
    <section>
      <label for={`${id}-q`}>{t('widget.searchLabel')}</label>
      <input
        id={`${id}-q`}
        type="search"
        placeholder={t('widget.searchPlaceholder')}
        autoComplete="off"
        value={query}
        data-testid="widget-search"
        onInput={(event) => store.search((event.currentTarget as HTMLInputElement).value)}
        onKeyDown={(event) => event.key === 'Escape' && store.search('')}
      />
      {query.trim() && (
        <div aria-live="polite">
          <h3>{t('widget.results')}</h3>
          <ProductList store={store} items={found} loading={searching} testId="widget-results" />
        </div>
      )}
    </section>
  );
}
