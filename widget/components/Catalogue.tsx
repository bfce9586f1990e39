/** @jsxImportSource preact */
import type { WidgetCategory } from '../../src/api/widget';
import { t } from '../../src/i18n';
import type { WidgetStore } from '../state/widgetStore';
import { useAtom } from '../useAtom';
import { Pager } from './Pager';
import { ProductList } from './ProductList';

type Flat = { id: number; name: string; parent: number | null };

function flatten(tree: readonly WidgetCategory[], depth = 0): Flat[] {
  return tree.flatMap((node) => [{ id: node.id, name: '\u00a0\u00a0'.repeat(depth) + node.name, parent: node.parent_id }, ...flatten(node.subcategories ?? [], depth + 1)]);
}

/** Browsing by category (widget/categories, then the product list of a category with paging). */
export function Catalogue({ store, id }: { store: WidgetStore; id: string }) {
  const categories = flatten(useAtom(store.$categories));
  const list = useAtom(store.$list);
  const current = categories.find((category) => category.id === list.categoryId);
  return (
    <section>
      <h3>{t('widget.catalogue')}</h3>
      <label for={`${id}-c`}>{t('widget.category')}</label>
      <select id={`${id}-c`} value={list.categoryId ?? ''} data-testid="widget-category" onChange={(event) => void store.openCategory(Number((event.currentTarget as HTMLSelectElement).value) || null)}>
        <option value="">{t('widget.allCategories')}</option>
        {categories.map((category) => (
          <option key={category.id} value={category.id}>
            {category.name}
          </option>
        ))}
      </select>
      {current && (
        <button type="button" class="sr-chip" onClick={() => void store.openCategory(current.parent)}>
          {`↑ ${t('widget.up')}`}
        </button>
      )}
      {list.subcategories.map((category) => (
        <button type="button" key={category.id} class="sr-chip" onClick={() => void store.openCategory(category.id)}>
          {category.name}
        </button>
      ))}
      <ProductList store={store} items={list.items} loading={list.loading} testId="widget-catalogue" quiet={list.subcategories.length > 0} />
      <Pager page={list.page} last={list.lastPage} onTurn={store.turnPage} />
    </section>
  );
}
