/** @jsxImportSource preact */
import { useState } from 'preact/hooks';
import type { DealProduct } from '../../src/contract/orders';
import { formatCount } from '../../src/domain/counts';
import { formatNumber } from '../../src/domain/format';
import { isService } from '../../src/domain/productId';
import { t } from '../../src/i18n';
import { DEFAULT_QUANTITY, type WidgetStore } from '../state/widgetStore';
import { useAtom } from '../useAtom';

/** One product: price, stock per warehouse (counts as their units read), a quantity (1 by default) and the add button. */
export function ProductRow({ store, product }: { store: WidgetStore; product: DealProduct }) {
  const disabled = useAtom(store.$disableAdd);
  const add = useAtom(store.$add);
  const [quantity, setQuantity] = useState(String(DEFAULT_QUANTITY));
  const parsed = Number(quantity.replace(',', '.'));
  const valid = parsed > 0;
  const mine = add.status !== 'idle' && add.productId === product.id;
  const inputId = `sr-q-${product.id}`;
  return (
    <li class="sr-item" data-testid="widget-product">
      <div class="sr-row">
        <b>{product.name}</b>
        <span>{`${formatNumber(product.price)} ${product.currency}`}</span>
      </div>
      <small>
        {product.article && <span>{product.article}</span>}
        {isService(product.type)
          ? t('widget.service')
          : product.warehouses.length
            ? product.warehouses.map((stock) => <span key={stock.code} data-testid="widget-stock">{`${stock.name}: ${formatCount(stock.available)} ${product.unit}`}</span>)
            : t('widget.noStock')}
      </small>
      <div class="sr-row">
        <label for={inputId} class="sr-hidden">
          {t('widget.quantity')}
        </label>
        <input id={inputId} class="sr-qty" inputMode="decimal" value={quantity} aria-invalid={!valid} onInput={(event) => setQuantity((event.currentTarget as HTMLInputElement).value)} />
        <button type="button" disabled={disabled || !valid} data-testid="widget-add" onClick={() => void store.addToDeal(product, parsed)}>
          {mine && add.status === 'adding' ? t('widget.adding') : t('widget.addToDeal')}
        </button>
      </div>
      {!valid && <p class="sr-error">{t('widget.quantityInvalid')}</p>}
      {mine && add.status === 'failed' && (
        <p class="sr-error" role="alert" data-testid="widget-add-error">
          {add.message || t('widget.addFailed')}
        </p>
      )}
      {mine && add.status === 'added' && (
        <div class="sr-ok" role="status" data-testid="widget-added">
          {t('widget.added')}
          <ul>
            {add.rows.map((row) => (
              <li key={row.id}>{`${row.name} — ${formatCount(row.count)} ${row.unit}${row.warehouse_name ? ` (${row.warehouse_name})` : ''}`}</li>
            ))}
          </ul>
        </div>
      )}
    </li>
  );
}
