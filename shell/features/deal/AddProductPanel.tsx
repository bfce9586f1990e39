import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { DealProduct } from '../../../src/contract/orders';
import type { Warehouse } from '../../../src/contract/stock';
import { isService, productIdentifier } from '../../../src/domain/productId';
import { t } from '../../../src/i18n';
import { $productSearch, $warehouses, clearProductSearch, loadWarehouses, searchDealProducts } from './catalogue';
import { addProductToOrder } from './state';
import { DecimalInput } from '../../../src/ui/DecimalInput';
import { Select } from '../../../src/ui/Select';
import { formatMoney } from '../../../src/i18n/money';

const SEARCH_DELAY_MS = 250;
/** Default quantity of a new position (spec 2 §9). */
const DEFAULT_QUANTITY = 1;

export interface WarehouseChoice {
  code: string;
  name: string;
  available: number;
}

/**
 * Where a product can be taken from: the warehouses holding it, with what is available there (the
 * server's order: the main one first), then the account's other warehouses with nothing available —
 * a stage that does not reserve yet still lets the position be added.
 */
export function warehouseChoices(product: DealProduct, all: readonly Warehouse[] | null): WarehouseChoice[] {
  const holding = product.warehouses.map((store) => ({ code: store.code, name: store.name, available: store.available }));
  const others = (all ?? []).filter((store) => !holding.some((choice) => choice.code === store.code)).map((store) => ({ code: store.code, name: store.name, available: 0 }));
  return [...holding, ...others];
}

/** The first warehouse with stock, else the first one. */
export function defaultWarehouse(choices: readonly WarehouseChoice[]): string | null {
  return (choices.find((choice) => choice.available > 0) ?? choices[0])?.code ?? null;
}

/** A product's stock as the list shows it: the count available. */
function stockText(product: DealProduct): string {
  return product.available !== null ? t('order.available', { count: product.available }) : '';
}

/**
 * Adding a product (spec 1 §2): search by name or article, choose the warehouse (goods), the quantity,
 * then add. The add button waits for the answer (spec 2 §4).
 */
export function AddProductPanel() {
  const ids = useId();
  const search = useStore($productSearch);
  const warehouses = useStore($warehouses);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [chosen, setChosen] = useState<DealProduct | null>(null);
  const [warehouse, setWarehouse] = useState<string | null>(null);
  const [quantity, setQuantity] = useState(DEFAULT_QUANTITY);
  const [quantityError, setQuantityError] = useState<string | undefined>();
  const [adding, setAdding] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const listId = `${ids}-results`;

  useEffect(() => {
    void loadWarehouses();
    return clearProductSearch;
  }, []);

  useEffect(() => {
    if (chosen) return undefined;
    const timer = setTimeout(() => void searchDealProducts(text), text.trim() ? SEARCH_DELAY_MS : 0);
    return () => clearTimeout(timer);
  }, [text, chosen]);

  const results = search.query === text ? search.results : [];
  const listShown = open && !chosen && text.trim() !== '';
  const choices = chosen && !isService(chosen.type) ? warehouseChoices(chosen, warehouses) : [];
  // Not capped: a stage that does not reserve takes any quantity. Said here, rather than left to the server's refusal.
  const over = choices.find((choice) => choice.code === warehouse && quantity > choice.available);

  function choose(product: DealProduct) {
    const options = isService(product.type) ? [] : warehouseChoices(product, warehouses);
    setChosen(product);
    setWarehouse(defaultWarehouse(options));
    setOpen(false);
    setActive(-1);
  }

  function reset() {
    setChosen(null);
    setText('');
    setWarehouse(null);
    setQuantity(DEFAULT_QUANTITY);
    setQuantityError(undefined);
    clearProductSearch();
    input.current?.focus();
  }

  function onSearchKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (results.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (index + step + results.length) % results.length);
    } else if (event.key === 'Enter' && listShown && active >= 0 && results[active]) {
      event.preventDefault();
      choose(results[active]);
    } else if (event.key === 'Escape' && listShown) {
      event.preventDefault();
      setOpen(false);
    }
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!chosen || adding) return;
    if (!(quantity > 0)) {
      setQuantityError(t('order.countInvalid'));
      return;
    }
    setAdding(true);
    const identifier = productIdentifier({ id: chosen.id, type: chosen.type }, isService(chosen.type) ? null : warehouse);
    const added = await addProductToOrder(identifier, quantity);
    setAdding(false);
    if (added) reset();
  }

  return (
    <section className="deal-add" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="deal-add__title">
        {t('order.addProduct')}
      </h2>
      <form className="deal-add__form" onSubmit={(event) => void onSubmit(event)}>
        {chosen ? (
          <div className="deal-add__chosen">
            <span className="deal-add__chosen-name">{t('order.chosenProduct', { name: chosen.name })}</span>
            <button type="button" className="shell-button" onClick={reset}>
              {t('order.clearChoice')}
            </button>
          </div>
        ) : (
          <div className="deal-add__search ui-field">
            <label className="ui-field__label" htmlFor={`${ids}-search`}>
              {t('order.productSearch')}
            </label>
            <input
              ref={input}
              id={`${ids}-search`}
              className="ui-input"
              type="search"
              role="combobox"
              autoComplete="off"
              aria-autocomplete="list"
              aria-expanded={listShown}
              aria-controls={listId}
              aria-activedescendant={listShown && active >= 0 ? `${listId}-${active}` : undefined}
              value={text}
              onChange={(event) => {
                setText(event.currentTarget.value);
                setOpen(true);
                setActive(-1);
              }}
              onFocus={() => setOpen(true)}
              onBlur={() => setOpen(false)}
              onKeyDown={onSearchKey}
            />
            {listShown ? (
              <ul id={listId} role="listbox" aria-label={t('order.searchResults')} className="deal-add__results">
                {search.status === 'loading' && results.length === 0 ? <li className="deal-add__state">{t('order.searching')}</li> : null}
                {search.status === 'done' && search.query === text && results.length === 0 ? <li className="deal-add__state">{t('errors.nothingFound')}</li> : null}
                {results.map((product, index) => (
                  <li
                    key={product.id}
                    id={`${listId}-${index}`}
                    role="option"
                    aria-selected={index === active}
                    className="deal-add__option"
                    // mousedown, not click: the input's blur would close the list first.
                    onMouseDown={(event) => {
                      event.preventDefault();
                      choose(product);
                    }}
                  >
                    <span className="deal-add__option-name">{product.name}</span>
                    <span className="deal-add__option-facts">
                      {[product.article, isService(product.type) ? t('order.service') : stockText(product), formatMoney(product.price, product.currency)]
                        .filter(Boolean)
                        .join(' · ')}
                    </span>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        )}
        {chosen && !isService(chosen.type) ? (
          choices.length > 0 ? (
            <Select
              label={t('order.warehouse')}
              options={choices.map((choice) => ({ name: `${choice.name} — ${t('order.available', { count: choice.available })}`, value: choice.code }))}
              value={warehouse}
              onChange={(value) => setWarehouse(String(value))}
            />
          ) : (
            <p className="deal-note">{t('order.noWarehouses')}</p>
          )
        ) : null}
        <DecimalInput
          label={t('order.count')}
          value={quantity}
          min={0}
          error={quantityError}
          onChange={(value) => {
            setQuantity(value);
            setQuantityError(value > 0 ? undefined : t('order.countInvalid'));
          }}
        />
        {over ? (
          <p className="deal-note deal-add__over" role="status">
            {t('order.overAvailable', { count: over.available })}
          </p>
        ) : null}
        <button type="submit" className="shell-button shell-button-primary deal-add__submit" disabled={!chosen || adding || (!isService(chosen.type) && choices.length === 0)}>
          {t('app.add')}
        </button>
      </form>
    </section>
  );
}
