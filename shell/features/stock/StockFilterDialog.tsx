import { type ReactNode, useState } from 'react';
import type { Category } from '../../../src/contract/catalogue';
import type { PriceColumn, StockListFilter } from '../../../src/contract/stockList';
import { t } from '../../../src/i18n';
import { Dialog } from '../../../src/ui/Dialog';

export interface StockFilterDialogProps {
  filter: StockListFilter;
  categories: readonly Category[];
  priceFields: readonly PriceColumn[];
  onApply: (filter: StockListFilter) => void;
  onClose: () => void;
}

/** The category tree as indented choices. */
function categoryOptions(categories: readonly Category[], depth = 0): { id: number; label: string }[] {
  return categories.flatMap((category) => [{ id: category.id, label: `${'\u00a0\u00a0'.repeat(depth)}${category.name}` }, ...categoryOptions(category.subcategories ?? [], depth + 1)]);
}

/** A range box's number, or undefined when empty or not a number (a comma is read as the decimal point). */
function numberOf(text: string): number | undefined {
  const value = Number(text.trim().replace(',', '.'));
  return text.trim() === '' || !Number.isFinite(value) || value < 0 ? undefined : value;
}

/** The Filter overlay: category (with its sub-categories), positive balances, type, tags, price and quantity ranges. */
export function StockFilterDialog({ filter, categories, priceFields, onApply, onClose }: StockFilterDialogProps) {
  const [draft, setDraft] = useState({
    category: filter.category_id ? String(filter.category_id) : '',
    positive: filter.positive === true,
    type: filter.type ?? '',
    tags: filter.tags?.join(', ') ?? '',
    priceField: filter.price_field ?? '',
    priceMin: filter.price_min?.toString() ?? '',
    priceMax: filter.price_max?.toString() ?? '',
    countMin: filter.count_min?.toString() ?? '',
    countMax: filter.count_max?.toString() ?? '',
  });
  const set = (patch: Partial<typeof draft>) => setDraft({ ...draft, ...patch });

  function apply() {
    const tags = draft.tags
      .split(',')
      .map((tag) => tag.trim())
      .filter(Boolean);
    const next: StockListFilter = { ...(filter.search && { search: filter.search }) };
    if (draft.category) next.category_id = Number(draft.category);
    if (draft.positive) next.positive = true;
    if (draft.type === 'product' || draft.type === 'service') next.type = draft.type;
    if (tags.length) next.tags = tags;
    if (draft.priceField) next.price_field = draft.priceField;
    const ranges = { price_min: draft.priceMin, price_max: draft.priceMax, count_min: draft.countMin, count_max: draft.countMax };
    for (const [key, text] of Object.entries(ranges) as [keyof typeof ranges, string][]) {
      const value = numberOf(text);
      if (value !== undefined) next[key] = value;
    }
    onApply(next);
  }

  const field = (id: string, label: string, input: ReactNode) => (
    <div className="ui-field">
      <label className="ui-field__label" htmlFor={id}>
        {label}
      </label>
      {input}
    </div>
  );
  const rangeInput = (id: string, key: 'priceMin' | 'priceMax' | 'countMin' | 'countMax', label: string) =>
    field(id, label, <input id={id} className="ui-input" inputMode="decimal" value={draft[key]} onChange={(event) => set({ [key]: event.currentTarget.value })} />);

  return (
    <Dialog title={t('stock.list.filterTitle')} onClose={onClose} className="stock-filter">
      <form
        className="stock-filter__form"
        onSubmit={(event) => {
          event.preventDefault();
          apply();
        }}
      >
        {field(
          'stock-filter-category',
          t('stock.list.category'),
          <select id="stock-filter-category" className="ui-input" value={draft.category} onChange={(event) => set({ category: event.currentTarget.value })}>
            <option value="">{t('stock.list.anyCategory')}</option>
            {categoryOptions(categories).map((option) => (
              <option key={option.id} value={option.id}>
                {option.label}
              </option>
            ))}
          </select>,
        )}
        {field(
          'stock-filter-type',
          t('stock.list.type'),
          <select id="stock-filter-type" className="ui-input" value={draft.type} onChange={(event) => set({ type: event.currentTarget.value })}>
            <option value="">{t('stock.list.anyType')}</option>
            <option value="product">{t('stock.list.typeProduct')}</option>
            <option value="service">{t('stock.list.typeService')}</option>
          </select>,
        )}
        <label className="stock-filter__flag">
          <input type="checkbox" checked={draft.positive} onChange={(event) => set({ positive: event.currentTarget.checked })} /> {t('stock.list.positiveOnly')}
        </label>
        {field('stock-filter-tags', t('stock.list.tags'), <input id="stock-filter-tags" className="ui-input" placeholder={t('stock.list.tagsHint')} value={draft.tags} onChange={(event) => set({ tags: event.currentTarget.value })} />)}
        {priceFields.length > 1 &&
          field(
            'stock-filter-price-field',
            t('stock.list.priceType'),
            <select id="stock-filter-price-field" className="ui-input" value={draft.priceField} onChange={(event) => set({ priceField: event.currentTarget.value })}>
              {priceFields.map((price, index) => (
                <option key={price.code} value={index === 0 ? '' : price.code}>
                  {price.name}
                </option>
              ))}
            </select>,
          )}
        <div className="stock-filter__range">
          {rangeInput('stock-filter-price-min', 'priceMin', t('stock.list.priceFrom'))}
          {rangeInput('stock-filter-price-max', 'priceMax', t('stock.list.priceTo'))}
        </div>
        <div className="stock-filter__range">
          {rangeInput('stock-filter-count-min', 'countMin', t('stock.list.countFrom'))}
          {rangeInput('stock-filter-count-max', 'countMax', t('stock.list.countTo'))}
        </div>
        <div className="stock-dialog__buttons">
          <button type="button" className="shell-link" onClick={() => onApply(filter.search ? { search: filter.search } : {})}>
            {t('stock.list.clear')}
          </button>
          <span className="stock-spacer" />
          <button type="button" className="shell-button" onClick={onClose}>
            {t('app.cancel')}
          </button>
          <button type="submit" className="shell-button shell-button-primary">
            {t('stock.list.apply')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
