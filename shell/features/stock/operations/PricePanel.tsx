import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import type { AutocompleteItem } from '../../../../src/contract/stock';
import { t } from '../../../../src/i18n';
import { notify, NotificationType } from '../../../../src/stores/notifications';
import { Dialog } from '../../../../src/ui/Dialog';
import { closeOverlay } from '../../../stores/overlays';
import { $selectedProductIds, stockChanged } from '../state';
import '../texts';
import { editPrices, getProduct } from './api';
import { ProblemText } from './ProblemText';
import { ProductSearch } from './ProductSearch';
import { usePriceFields } from './priceFields';
import { parseDecimal, percentProblem, priceProblem } from './quantities';

type Chosen = Pick<AutocompleteItem, 'id' | 'name'>;

/**
 * The spec's 'edit price' overlay: one price type of the chosen products set to a value or changed by a percentage
 * (the server rounds to kopecks), after the spec's question whether open deals change too — no default answer.
 */
export default function PricePanel() {
  const id = useId();
  const close = () => closeOverlay('editPrice');
  const selected = useStore($selectedProductIds);
  const priceFields = usePriceFields();
  const [products, setProducts] = useState<Chosen[]>([]);
  const [field, setField] = useState('');
  const [how, setHow] = useState<'set' | 'percent'>('set');
  const [value, setValue] = useState('');
  const [openDeals, setOpenDeals] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    Promise.all(selected.map(getProduct)).then((answers) => {
      if (live) setProducts(answers.flatMap((answer) => (answer.ok ? [{ id: answer.data.id, name: answer.data.name }] : [])));
    });
    return () => {
      live = false;
    };
  }, []);
  useEffect(() => {
    if (!field && priceFields[0]) setField(priceFields[0].code);
  }, [priceFields]);

  const problem = value ? (how === 'set' ? priceProblem(value) : percentProblem(value)) : null;
  const ready = products.length > 0 && field !== '' && value.trim() !== '' && problem === null && openDeals !== null;
  const submit = async () => {
    setBusy(true);
    const amount = parseDecimal(value)!;
    const answer = await editPrices({
      product_ids: products.map((product) => product.id),
      price_field: field,
      change: how === 'set' ? { set: amount } : { percent: amount },
      update_open_deals: openDeals!,
    });
    setBusy(false);
    if (!answer.ok) return;
    notify({ type: NotificationType.success, header: t('stock.ops.pricesChanged', { count: answer.data.prices.length }), text: openDeals ? t('stock.ops.ordersRepriced', { count: answer.data.orders_repriced }) : '' });
    stockChanged();
    close();
  };

  return (
    <Dialog title={t('stock.editPrice')} onClose={close} className="stock-ops">
      <ul className="stock-ops__chosen" aria-label={t('stock.ops.products')}>
        {products.map((product) => (
          <li key={product.id}>
            {product.name}{' '}
            <button type="button" className="shell-button" aria-label={t('stock.ops.removeLineOf', { name: product.name })} onClick={() => setProducts((current) => current.filter((item) => item.id !== product.id))}>
              ×
            </button>
          </li>
        ))}
      </ul>
      <ProductSearch label={t('stock.ops.addLine')} onPick={(item) => setProducts((current) => (current.some((chosen) => chosen.id === item.id) ? current : [...current, item]))} />
      <div className="stock-ops__field">
        <label htmlFor={`${id}-field`}>{t('stock.ops.priceType')}</label>
        <select id={`${id}-field`} value={field} onChange={(event) => setField(event.target.value)}>
          {priceFields.map((item) => (
            <option key={item.code} value={item.code}>
              {item.name}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="stock-ops__mode">
        <legend>{t('stock.ops.priceChange')}</legend>
        <label>
          <input type="radio" name="price-how" checked={how === 'set'} onChange={() => setHow('set')} /> {t('stock.ops.setTo')}
        </label>
        <label>
          <input type="radio" name="price-how" checked={how === 'percent'} onChange={() => setHow('percent')} /> {t('stock.ops.byPercent')}
        </label>
      </fieldset>
      <div className="stock-ops__field">
        <label htmlFor={`${id}-value`}>{t(how === 'set' ? 'stock.ops.newPrice' : 'stock.ops.percent')}</label>
        <input id={`${id}-value`} inputMode="decimal" value={value} aria-invalid={problem !== null} onChange={(event) => setValue(event.target.value)} />
        <ProblemText id={`${id}-problem`} problem={problem} />
      </div>
      <fieldset className="stock-ops__mode">
        <legend>{t('stock.changePriceInOpenDeals')}</legend>
        <label>
          <input type="radio" name="open-deals" checked={openDeals === true} onChange={() => setOpenDeals(true)} /> {t('stock.ops.yes')}
        </label>
        <label>
          <input type="radio" name="open-deals" checked={openDeals === false} onChange={() => setOpenDeals(false)} /> {t('stock.ops.no')}
        </label>
      </fieldset>
      <div className="stock-ops__buttons">
        <button type="button" className="shell-button" onClick={close}>
          {t('app.cancel')}
        </button>
        <button type="button" className="shell-button shell-button-primary" disabled={!ready || busy} aria-busy={busy} onClick={submit}>
          {t('stock.ops.applyPrice')}
        </button>
      </div>
    </Dialog>
  );
}
