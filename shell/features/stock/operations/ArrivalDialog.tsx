import { useEffect, useId, useRef, useState } from 'react';
import type { ArrivalLine, BatchCheck } from '../../../../src/contract/stockOperations';
import { t } from '../../../../src/i18n';
import { notify, NotificationType } from '../../../../src/stores/notifications';
import { Dialog } from '../../../../src/ui/Dialog';
import { stockChanged } from '../state';
import { checkBatch, receiveGoods } from './api';
import { OperationFooter } from './OperationFooter';
import { ProblemText } from './ProblemText';
import { ProductSearch } from './ProductSearch';
import { usePriceFields } from './priceFields';
import { parseDecimal, priceProblem, quantityProblem } from './quantities';
import { startingWarehouse, useWarehouses, WarehouseSelect } from './WarehouseSelect';

/** One arrival line: a catalogue product, or a new one created with the arrival (name, units, price). */
interface ArrivalLineState {
  key: number;
  productId: number | null;
  name: string;
  unit: string;
  /** For a new product: its price of the first price type. */
  price: string;
  count: string;
  costPrice: string;
  batch: string;
  /** What the server said of the typed batch number; null until asked (or for a new product, which has no batches). */
  existing: BatchCheck | null;
  /** The user chose to add to the existing batch rather than change the number. */
  addToExisting: boolean;
}

let nextKey = 1;
const newLine = (product: { id: number | null; name: string }): ArrivalLineState => ({
  key: nextKey++,
  productId: product.id,
  name: product.name,
  unit: 'pcs',
  price: '',
  count: '',
  costPrice: '',
  batch: '',
  existing: null,
  addToExisting: false,
});

const flagged = (line: ArrivalLineState) => Boolean(line.existing?.exists) && !line.addToExisting;
const lineReady = (line: ArrivalLineState) =>
  quantityProblem(line.count) === null &&
  priceProblem(line.costPrice, { optional: true }) === null &&
  !flagged(line) &&
  (line.productId !== null || (line.name.trim() !== '' && line.unit.trim() !== '' && priceProblem(line.price, { optional: true }) === null));

/** Add goods: a warehouse and lines of products with quantity, cost price and batch number, sent as one document. */
export function ArrivalDialog({ onClose }: { onClose: () => void }) {
  const warehouses = useWarehouses();
  const priceFields = usePriceFields();
  const [warehouseId, setWarehouseId] = useState<number | null>(null);
  const [lines, setLines] = useState<ArrivalLineState[]>([]);
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (warehouseId === null) setWarehouseId(startingWarehouse(warehouses));
  }, [warehouses]);

  const update = (key: number, change: Partial<ArrivalLineState>) => setLines((current) => current.map((line) => (line.key === key ? { ...line, ...change } : line)));
  const priceField = priceFields[0]?.code;
  const ready = warehouseId !== null && lines.length > 0 && lines.every(lineReady);

  const submit = async () => {
    setBusy(true);
    const body: ArrivalLine[] = lines.map((line) => ({
      ...(line.productId !== null
        ? { product_id: line.productId }
        : { new_product: { name: line.name.trim(), unit: line.unit.trim(), ...(priceField && line.price.trim() && { price_field: priceField, price: parseDecimal(line.price)! }) } }),
      count: parseDecimal(line.count)!,
      ...(line.costPrice.trim() && { cost_price: parseDecimal(line.costPrice)! }),
      batch: line.batch.trim(),
      add_to_existing: line.addToExisting,
    }));
    const answer = await receiveGoods({ warehouse_id: warehouseId!, comment: comment.trim(), lines: body });
    setBusy(false);
    if (!answer.ok) return;
    notify({ type: NotificationType.success, header: t('stock.ops.received') });
    stockChanged();
    onClose();
  };

  return (
    <Dialog title={t('stock.addGoods')} onClose={onClose} className="stock-ops">
      <WarehouseSelect label={t('stock.ops.warehouse')} warehouses={warehouses} value={warehouseId} onChange={(id) => {
        setWarehouseId(id);
        setLines((current) => current.map((line) => ({ ...line, existing: null, addToExisting: false })));
      }} />
      {lines.map((line) => (
        <ArrivalLineEditor key={line.key} line={line} warehouseId={warehouseId} hasPrice={Boolean(priceField)} update={update} remove={() => setLines((current) => current.filter((item) => item.key !== line.key))} />
      ))}
      <ProductSearch
        label={t('stock.ops.addLine')}
        onPick={(item) => setLines((current) => [...current, newLine({ id: item.id, name: item.name })])}
        onCreate={(name) => setLines((current) => [...current, newLine({ id: null, name })])}
      />
      <OperationFooter noteLabel={t('stock.ops.comment')} note={comment} onNote={setComment} submitLabel={t('stock.addGoods')} ready={ready} busy={busy} onSubmit={submit} onCancel={onClose} />
    </Dialog>
  );
}

interface LineEditorProps {
  line: ArrivalLineState;
  warehouseId: number | null;
  hasPrice: boolean;
  update: (key: number, change: Partial<ArrivalLineState>) => void;
  remove: () => void;
}

function ArrivalLineEditor({ line, warehouseId, hasPrice, update, remove }: LineEditorProps) {
  const id = useId();
  const batchInput = useRef<HTMLInputElement>(null);
  const { key, productId, batch } = line;

  // 'Existing batch' is asked as the user types the number (after a short pause), per product and warehouse.
  useEffect(() => {
    if (productId === null || warehouseId === null || !batch.trim()) {
      update(key, { existing: null, addToExisting: false });
      return;
    }
    let live = true;
    const timer = setTimeout(async () => {
      const answer = await checkBatch({ product_id: productId, warehouse_id: warehouseId, batch });
      if (live && answer.ok) update(key, { existing: answer.data, addToExisting: false });
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [productId, warehouseId, batch]);

  const countProblem = line.count ? quantityProblem(line.count) : null;
  const costProblem = priceProblem(line.costPrice, { optional: true });
  const priceProblemNow = priceProblem(line.price, { optional: true });
  const label = productId === null ? t('stock.ops.newProductLine', { name: line.name }) : line.name;
  return (
    <fieldset className="stock-ops__line" data-testid="stock-ops-line">
      <legend>{label}</legend>
      {productId === null && (
        <div className="stock-ops__row">
          <div className="stock-ops__field">
            <label htmlFor={`${id}-name`}>{t('stock.ops.productName')}</label>
            <input id={`${id}-name`} value={line.name} maxLength={300} onChange={(event) => update(key, { name: event.target.value })} />
          </div>
          <div className="stock-ops__field">
            <label htmlFor={`${id}-unit`}>{t('stock.ops.unit')}</label>
            <input id={`${id}-unit`} value={line.unit} maxLength={20} onChange={(event) => update(key, { unit: event.target.value })} />
          </div>
          {hasPrice && (
            <div className="stock-ops__field">
              <label htmlFor={`${id}-price`}>{t('stock.ops.price')}</label>
              <input id={`${id}-price`} inputMode="decimal" value={line.price} aria-invalid={priceProblemNow !== null} onChange={(event) => update(key, { price: event.target.value })} />
              <ProblemText id={`${id}-price-problem`} problem={priceProblemNow} />
            </div>
          )}
        </div>
      )}
      <div className="stock-ops__row">
        <div className="stock-ops__field">
          <label htmlFor={`${id}-count`}>{t('stock.ops.quantity')}</label>
          <input id={`${id}-count`} inputMode="decimal" value={line.count} aria-invalid={countProblem !== null} onChange={(event) => update(key, { count: event.target.value })} />
          <ProblemText id={`${id}-count-problem`} problem={countProblem} />
        </div>
        <div className="stock-ops__field">
          <label htmlFor={`${id}-cost`}>{t('stock.ops.costPrice')}</label>
          <input id={`${id}-cost`} inputMode="decimal" value={line.costPrice} aria-invalid={costProblem !== null} onChange={(event) => update(key, { costPrice: event.target.value })} />
          <ProblemText id={`${id}-cost-problem`} problem={costProblem} />
        </div>
        <div className="stock-ops__field">
          <label htmlFor={`${id}-batch`}>{t('stock.ops.batch')}</label>
          <input ref={batchInput} id={`${id}-batch`} value={line.batch} maxLength={120} onChange={(event) => update(key, { batch: event.target.value })} />
        </div>
        <button type="button" className="shell-button" aria-label={t('stock.ops.removeLineOf', { name: line.name })} onClick={remove}>
          ×
        </button>
      </div>
      {line.existing?.exists && (
        <div className="stock-ops__existing" role="alert">
          <strong>{t('stock.existingBatch')}</strong>{' '}
          {line.addToExisting ? (
            <span>{t('stock.ops.addingToExisting', { count: line.existing.count, unit: line.unit })}</span>
          ) : (
            <>
              <span>{t('stock.ops.existingBatchHas', { count: line.existing.count, unit: line.unit })}</span>{' '}
              <button type="button" className="shell-button" onClick={() => update(key, { addToExisting: true })}>
                {t('stock.ops.addToExisting')}
              </button>{' '}
              <button
                type="button"
                className="shell-button"
                onClick={() => {
                  batchInput.current?.select();
                  batchInput.current?.focus();
                }}
              >
                {t('stock.ops.changeNumber')}
              </button>
            </>
          )}
        </div>
      )}
    </fieldset>
  );
}
