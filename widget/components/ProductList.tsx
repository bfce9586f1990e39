/** @jsxImportSource preact */
import type { DealProduct } from '../../src/contract/orders';
import { t } from '../../src/i18n';
import type { WidgetStore } from '../state/widgetStore';
import { ProductRow } from './ProductRow';

/** Products, 'Loading…' while the first answer is awaited, or 'Nothing found' (nothing when `quiet`: folders are shown instead). */
export function ProductList({ store, items, loading, testId, quiet }: { store: WidgetStore; items: DealProduct[]; loading: boolean; testId: string; quiet?: boolean }) {
  if (!items.length) return quiet && !loading ? null : <p class="sr-muted">{loading ? t('widget.loading') : t('widget.nothingFound')}</p>;
  return (
    <ul aria-busy={loading} data-testid={testId}>
      {items.map((product) => (
        <ProductRow key={product.id} store={store} product={product} />
      ))}
    </ul>
  );
}
