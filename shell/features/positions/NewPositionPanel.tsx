import './texts';
import styles from './positions.css?raw';
import { useStore } from '@nanostores/react';
import { type FormEvent, useEffect, useState } from 'react';
import { orderDisplayName } from '../../../src/domain/orderName';
import { productIdentifier } from '../../../src/domain/productId';
import { t } from '../../../src/i18n';
import { notify, NotificationType } from '../../../src/stores/notifications';
import { adoptStyles } from '../../../src/ui/adoptStyles';
import { Dialog } from '../../../src/ui/Dialog';
import { closeOverlay } from '../../stores/overlays';
import { addOrderPosition, findOrders, findProducts } from './api';
import { $warehouses, loadPositions, loadWarehouses } from './state';
import { Suggest, type Suggestion } from './Suggest';

adoptStyles(styles);

type ProductChoice = Suggestion & { service: boolean };

async function orderSuggestions(text: string): Promise<Suggestion[]> {
  const result = await findOrders(text);
  if (!result.ok) return [];
  return result.data.data.map((order) => ({ id: order.id, name: orderDisplayName(order, (id) => t('orders.newName', { id })), hint: [`#${order.id}`, order.status_name ?? ''].filter(Boolean).join(' · ') }));
}

async function productSuggestions(text: string): Promise<ProductChoice[]> {
  const result = await findProducts(text);
  return result.ok ? result.data.map((item) => ({ id: item.id, name: item.name, hint: item.article, service: item.type === 'service' })) : [];
}

const close = () => closeOverlay('newPosition');

/**
 * The spec's 'new position' overlay: a product (and for goods its warehouse) into a chosen order, through
 * orders/product/add, so the order's rules apply (its stage reserves, stock must suffice, archived products
 * are refused); a refusal's text is shown and the form stays as it was.
 */
export default function NewPositionPanel() {
  const warehouses = useStore($warehouses);
  const [order, setOrder] = useState<Suggestion | null>(null);
  const [product, setProduct] = useState<ProductChoice | null>(null);
  const [warehouseId, setWarehouseId] = useState<number | null>(null);
  const [quantity, setQuantity] = useState('1');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!$warehouses.get().length) void loadWarehouses();
  }, []);

  const warehouse = warehouses.find((item) => item.id === warehouseId) ?? warehouses.find((item) => item.is_main) ?? null;
  const count = Number(quantity.replace(',', '.'));
  const ready = order !== null && product !== null && Number.isFinite(count) && count > 0 && (product.service || warehouse !== null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!ready || !order || !product) return;
    setBusy(true);
    const identifier = productIdentifier({ id: product.id, type: product.service ? 'service' : 'product' }, product.service ? null : warehouse?.code);
    const result = await addOrderPosition({ order_id: order.id, product: identifier, quantity: count });
    setBusy(false);
    if (!result.ok) return;
    notify({ type: NotificationType.success, header: t('success.done'), text: t('positions.added') });
    close();
    void loadPositions();
  }

  return (
    <Dialog title={t('positions.newPositionTitle')} onClose={close} className="positions-dialog">
      <form onSubmit={(event) => void submit(event)} data-testid="new-position">
        <Suggest label={t('positions.order')} placeholder={t('positions.orderPlaceholder')} chosen={order} find={orderSuggestions} onChoose={setOrder} />
        <Suggest
          label={t('positions.product')}
          placeholder={t('positions.filterProductPlaceholder')}
          chosen={product}
          find={productSuggestions}
          onChoose={(choice) => setProduct(choice as ProductChoice | null)}
        />
        {!product?.service && (
          <label className="positions-field">
            <span>{t('positions.warehouse')}</span>
            <select aria-label={t('positions.warehouse')} value={warehouse?.id ?? ''} onChange={(event) => setWarehouseId(Number(event.target.value))}>
              {warehouses.map((item) => (
                <option key={item.id} value={item.id}>
                  {item.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <label className="positions-field">
          <span>{t('positions.quantity')}</span>
          <input type="number" aria-label={t('positions.quantity')} min="0.001" step="any" inputMode="decimal" value={quantity} onChange={(event) => setQuantity(event.target.value)} />
        </label>
        <div className="positions-dialog__buttons">
          <button type="button" className="shell-button" onClick={close}>
            {t('app.cancel')}
          </button>
          <button type="submit" className="shell-button shell-button-primary" disabled={!ready || busy} aria-busy={busy}>
            {t('positions.add')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
