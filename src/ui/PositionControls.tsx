import { memo, useEffect, useId, useState } from 'react';
import { capCount, priceTypeOptions, type CardFieldDefinition } from '../domain/productCard';
import { t } from '../i18n';
import { DecimalInput } from './DecimalInput';
import { Field } from './Field';
import { readNumber } from './numberText';
import { Select } from './Select';

/** A position's own controls (price type, price, count, delete), shared by its card and its list row so both edit alike. */

/** What the count control reads of a position. */
export interface CountedPosition {
  count: number;
  unit: string;
  /** What could be taken (null: no cap). */
  available: number | null;
}

export interface PriceControlsProps {
  fields: readonly (CardFieldDefinition & { data?: unknown })[];
  positionId: number;
  priceField: string;
  price: number;
  currency: string;
  readOnly: boolean;
  onPriceFieldChange?: (positionId: number, priceField: string) => void;
  onPriceChange?: (positionId: number, price: number) => void;
  /** As two table cells (the list view's row) rather than side by side in a card. */
  cell?: boolean;
}

/** The price type and price: they change rarely, so a count keystroke leaves them (and their dropdown) alone. */
export const PriceControls = memo(function PriceControls({ fields, positionId, priceField, price, currency, readOnly, onPriceFieldChange, onPriceChange, cell = false }: PriceControlsProps) {
  const priceTypes = priceTypeOptions(fields);
  const type =
    priceTypes.length > 0 ? (
      <Select label={t('order.priceType')} options={priceTypes} value={priceField} disabled={readOnly} onChange={(value) => onPriceFieldChange?.(positionId, String(value))} />
    ) : null;
  const amount = <DecimalInput label={`${t('order.price')}, ${currency}`} value={price} min={0} disabled={readOnly} onChange={(value) => onPriceChange?.(positionId, value)} />;
  if (!cell) return <>{type}{amount}</>;
  return (
    <>
      <td className="position-row__control">{type}</td>
      <td className="position-row__control">{amount}</td>
    </>
  );
});

/** Deleting asks first (spec 2 §5: 'Are you sure you want to delete it?'), in place rather than in a modal. */
export function DeleteButton({ name, onConfirm }: { name: string; onConfirm: () => void }) {
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <button type="button" className="product-card__delete" aria-label={t('order.deletePosition', { name })} onClick={() => setAsking(true)}>
        <span aria-hidden="true">×</span>
      </button>
    );
  }
  return (
    <div className="product-card__confirm" role="group" aria-label={t('order.deletePosition', { name })}>
      <span>{t('app.confirmDelete')}</span>
      <button type="button" className="product-card__confirm-yes" onClick={() => { setAsking(false); onConfirm(); }}>
        {t('app.yes')}
      </button>
      {/* biome-ignore lint/a11y/noAutofocus: asking to confirm a delete moves focus to the safe answer, No. */}
      <button type="button" autoFocus onClick={() => setAsking(false)}>
        {t('app.no')}
      </button>
    </div>
  );
}

/**
 * The count: every keystroke that reads as a quantity above zero is passed on at once (the title and
 * sums follow as the user types), capped at the available count (spec 1 §5) — the field then shows the
 * cap and says why. Text that is no quantity is flagged and, on leaving the field, put back.
 */
export function CountInput({ position, disabled, onChange }: { position: CountedPosition; disabled: boolean; onChange: (count: number) => void }) {
  const id = `product-count-${useId()}`;
  const messageId = `${id}-message`;
  const [text, setText] = useState(String(position.count));
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const limit = position.available !== null && position.available >= 0 ? position.available : undefined;

  useEffect(() => {
    // A count changed elsewhere (reload, save) replaces the text unless the text already says it.
    setText((shown) => {
      const read = readNumber(shown);
      return read.ok && read.value === position.count ? shown : String(position.count);
    });
  }, [position.count]);

  const onInput = (value: string) => {
    const read = readNumber(value);
    if (!read.ok || value.trim() === '' || read.value <= 0) {
      setText(value);
      setMessage({ text: t('order.countInvalid'), error: true });
      return;
    }
    const capped = capCount(read.value, position.available);
    setText(capped === read.value ? value : String(capped));
    setMessage(capped < read.value ? { text: t('order.capped', { count: capped }), error: false } : null);
    if (capped !== position.count && capped > 0) onChange(capped);
  };

  const hint = limit !== undefined ? t('order.availableHint', { count: limit }) : undefined;
  const shownMessage = message?.text ?? hint;
  return (
    <Field controlId={id} label={`${t('order.count')}${position.unit ? `, ${position.unit}` : ''}`} disabled={disabled} error={message?.error ? message.text : undefined} errorId={messageId} hint={message?.error ? undefined : shownMessage} hintId={messageId}>
      <input
        id={id}
        className="ui-input ui-input--number product-card__count"
        type="number"
        inputMode="decimal"
        min={0}
        max={limit}
        step="any"
        value={text}
        disabled={disabled}
        aria-invalid={message?.error ? true : undefined}
        aria-describedby={shownMessage ? messageId : undefined}
        onChange={(event) => onInput(event.currentTarget.value)}
        onBlur={() => {
          if (message?.error) setText(String(position.count));
          setMessage(null);
        }}
      />
    </Field>
  );
}

