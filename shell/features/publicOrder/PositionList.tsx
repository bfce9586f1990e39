import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import type { PublicOrderPosition, PublicOrderWithPositions } from '../../../src/contract/publicOrder';
import { t } from '../../../src/i18n';
import { formatMoney } from '../../../src/i18n/money';
import { $language } from '../../../src/stores/language';
import { removePosition, setPositionCount } from './orderPage';
import { formatQuantity, quantityOf } from './quantity';

/** The order's items: name, article, availability, quantity with units, price and line sum; editable while the order is active. */
export function PositionList({ order, busy }: { order: PublicOrderWithPositions; busy: boolean }) {
  return (
    <section className="po-section" aria-labelledby="po-positions">
      <h2 id="po-positions">{t('publicOrder.page.positions')}</h2>
      {order.positions.length === 0 ? (
        <p className="po-empty">{t('publicOrder.page.noPositions')}</p>
      ) : (
        <ul className="po-lines">
          {order.positions.map((position) => (
            <PositionLine key={position.id} position={position} editable={order.active} busy={busy} />
          ))}
        </ul>
      )}
    </section>
  );
}

function Availability({ position }: { position: PublicOrderPosition }) {
  if (position.availability === null) return null;
  const inStock = position.availability === 'in_stock';
  return <span className={`po-availability po-availability--${inStock ? 'in' : 'out'}`}>{t(inStock ? 'publicOrder.page.inStock' : 'publicOrder.page.onOrder')}</span>;
}

function PositionLine({ position, editable, busy }: { position: PublicOrderPosition; editable: boolean; busy: boolean }) {
  const language = useStore($language);
  const nameId = `po-line-${position.id}`;
  return (
    <li className="po-line" aria-labelledby={nameId}>
      <div className="po-line__what">
        <span id={nameId} className="po-line__name">
          {position.name}
        </span>
        {position.article ? <span className="po-line__article">{t('publicOrder.page.article', { article: position.article })}</span> : null}
        <Availability position={position} />
      </div>
      <div className="po-line__numbers">
        {editable ? (
          <QuantityControl position={position} busy={busy} />
        ) : (
          <span className="po-line__quantity">
            <span className="ui-visually-hidden">{t('publicOrder.page.quantity')}: </span>
            {formatQuantity(position.count, language)} {position.unit}
          </span>
        )}
        <span className="po-line__price">
          <span className="ui-visually-hidden">{t('publicOrder.page.price')}: </span>× {formatMoney(position.price, position.currency)}
        </span>
        <span className="po-line__sum">
          <span className="ui-visually-hidden">{t('publicOrder.page.lineSum')}: </span>
          {formatMoney(position.sum, position.currency)}
        </span>
        {editable ? (
          <button type="button" className="shell-link po-line__remove" disabled={busy} aria-label={t('publicOrder.page.removeNamed', { name: position.name })} onClick={() => void removePosition(position)}>
            {t('publicOrder.page.remove')}
          </button>
        ) : null}
      </div>
    </li>
  );
}

/** − / the quantity / +: a typed quantity is sent on Enter or when the field is left; the server holds it to the stock. */
function QuantityControl({ position, busy }: { position: PublicOrderPosition; busy: boolean }) {
  const [text, setText] = useState(String(position.count));
  useEffect(() => setText(String(position.count)), [position.count]);
  const max = position.max_count;

  function send(count: number | null) {
    if (count === null || count === position.count) {
      setText(String(position.count));
      return;
    }
    void setPositionCount(position, count);
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    send(quantityOf(text));
  }
  return (
    <form className="po-quantity" onSubmit={submit}>
      <button type="button" className="shell-button po-quantity__step" disabled={busy || position.count <= 1} aria-label={t('publicOrder.page.decrease', { name: position.name })} onClick={() => send(position.count - 1)}>
        −
      </button>
      <input
        className="po-quantity__input"
        inputMode="decimal"
        value={text}
        disabled={busy}
        aria-label={t('publicOrder.page.quantityOf', { name: position.name })}
        title={max !== null ? t('publicOrder.page.maxCount', { count: max }) : undefined}
        onChange={(event) => setText(event.currentTarget.value)}
        onBlur={() => send(quantityOf(text))}
      />
      <span className="po-quantity__unit">{position.unit}</span>
      <button
        type="button"
        className="shell-button po-quantity__step"
        disabled={busy || (max !== null && position.count + 1 > max)}
        aria-label={t('publicOrder.page.increase', { name: position.name })}
        onClick={() => send(position.count + 1)}
      >
        +
      </button>
    </form>
  );
}
