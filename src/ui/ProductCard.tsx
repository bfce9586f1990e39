import { memo, useEffect, useId, useMemo, useState } from 'react';
import type { CategoryProps } from '../contract/catalogue';
import { coerceFieldValue, FieldType, normalizeOptions } from '../domain/fieldTypes';
import { formatNumber } from '../domain/format';
import {
  capCount,
  cardImages,
  cardTitle,
  categoryFieldIds,
  isFieldDisabled,
  isPriceReadOnly,
  priceTypeOptions,
  visibleCardFields,
  type CardFieldDefinition,
} from '../domain/productCard';
import { t } from '../i18n';
import { Checkbox } from './Checkbox';
import { DateInput } from './DateInput';
import { DateTimeInput } from './DateTimeInput';
import { DecimalInput } from './DecimalInput';
import { Field } from './Field';
import { ImageCarousel } from './ImageCarousel';
import { MultiSelect } from './MultiSelect';
import { readNumber } from './numberText';
import { Select } from './Select';
import { TextArea } from './TextArea';
import { TextInput } from './TextInput';
import { WholeNumberInput } from './WholeNumberInput';

/** What a card shows of a position (staff and public positions both fit). */
export interface ProductCardPosition {
  id: number;
  product_id: number;
  name: string;
  article?: string;
  type: 'product' | 'service';
  unit: string;
  category_id: number | null;
  warehouse_name?: string | null;
  price_field: string;
  price: number;
  currency: string;
  count: number;
  sum: number;
  reserved?: number;
  written_off?: number;
  /** What could be taken (null for services: no cap); for a public customer, the staff's cap. */
  available: number | null;
  /** A public customer's view of stock, instead of counts (null for services). */
  availability?: 'in_stock' | 'on_order' | null;
  /** The product's field values by code. */
  fields: Record<string, unknown>;
}

/** A field definition as the card reads it: the card rules' part, its options and its category. */
export type ProductCardField = CardFieldDefinition & { data?: unknown; category?: number | null };

export interface ProductCardProps {
  position: ProductCardPosition;
  /** The product field definitions, in card order. */
  fields: readonly ProductCardField[];
  /** The category field properties; null while they load (the card shows its placeholder, spec 1 §4). */
  categories: readonly CategoryProps[] | null;
  publicMode: boolean;
  layout?: 'card' | 'list';
  /** The position may not change: count, price, price type and delete are read-only (a blocking stage, a closed public order). */
  locked?: boolean;
  /** Field values may not be edited (the user has no right to edit products). */
  fieldsReadOnly?: boolean;
  onCountChange?: (positionId: number, count: number) => number | undefined;
  onPriceChange?: (positionId: number, price: number) => void;
  onPriceFieldChange?: (positionId: number, priceField: string) => void;
  onFieldChange?: (productId: number, code: string, value: unknown) => void;
  onDelete?: (positionId: number) => void;
}

/**
 * The field ids a position's card may show: those of its category and every level above it. A product
 * without a category shows the fields that belong to no category (the root's).
 */
function fieldIdsOf(position: Pick<ProductCardPosition, 'category_id'>, fields: readonly ProductCardField[], categories: readonly CategoryProps[]): Set<number> {
  if (position.category_id === null) return new Set(fields.filter((def) => def.category === null || def.category === undefined).map((def) => def.id));
  return categoryFieldIds(position.category_id, categories);
}

/**
 * The product card (spec 1 §2, rules in src/domain/productCard.ts); props only, so shell and widget can both use it.
 * Its look is src/ui/productCard.css, which the host includes (the shell's deal screen imports it; the widget would
 * add it to its shadow-root CSS).
 */
export const ProductCard = memo(function ProductCard(props: ProductCardProps) {
  const { categories } = props;
  if (categories === null) {
    return (
      <article className={`${cardClasses(props)} product-card--loading`} aria-busy="true" aria-label={props.position.name}>
        <span className="product-card__placeholder" role="status">
          <span className="ui-spinner" aria-hidden="true" />
          <span>{t('app.loading')}</span>
        </span>
      </article>
    );
  }
  return <LoadedProductCard {...props} categories={categories} />;
});

function cardClasses({ layout = 'card', publicMode }: Pick<ProductCardProps, 'layout' | 'publicMode'>): string {
  const classes = ['product-card', `product-card--${layout}`];
  // Outside public mode a card is at most 700px high and scrolls inside (spec 1 §2).
  if (!publicMode) classes.push('product-card--capped');
  return classes.join(' ');
}

function LoadedProductCard(props: ProductCardProps & { categories: readonly CategoryProps[] }) {
  const { position, fields, categories, publicMode, layout = 'card', fieldsReadOnly = false, onFieldChange } = props;
  const locked = props.locked ?? false;
  const { fields: values, product_id: productId, category_id: categoryId, currency, name } = position;

  // The carousel and the field rows depend on the product's values, not on count or price: typing a count
  // re-renders the title and the pricing only (an order may hold hundreds of cards).
  const carousel = useMemo(() => {
    const images = layout === 'card' ? cardImages(fields, values, { publicMode }) : [];
    return images.length > 0 ? <ImageCarousel className="product-card__images" label={t('order.images', { name })} images={images} float="left" /> : null;
  }, [layout, fields, values, publicMode, name]);

  const fieldRows = useMemo(() => {
    if (layout !== 'card') return null;
    const mode = { publicMode };
    const ids = fieldIdsOf({ category_id: categoryId }, fields, categories);
    const rows = visibleCardFields(fields, ids, mode);
    if (rows.length === 0) return null;
    return (
      <div className="product-card__fields">
        {rows.map((def) => (
          <FieldRow
            key={def.id}
            def={def}
            value={values[def.code]}
            currency={currency}
            disabled={isFieldDisabled(def, mode) || fieldsReadOnly || !onFieldChange}
            onChange={(value) => onFieldChange?.(productId, def.code, value)}
          />
        ))}
      </div>
    );
  }, [layout, fields, categories, categoryId, values, currency, publicMode, fieldsReadOnly, onFieldChange, productId]);

  const priceReadOnly = isPriceReadOnly({ publicMode }) || locked;
  const { onPriceFieldChange, onPriceChange } = props;
  const { id: positionId, price, price_field: priceField } = position;
  // The price type and price change rarely: a count keystroke leaves them (and their dropdown) alone.
  const priceControls = useMemo(() => {
    const priceTypes = priceTypeOptions(fields, { publicMode });
    return (
      <>
        {priceTypes.length > 0 ? (
          <Select label={t('order.priceType')} options={priceTypes} value={priceField} disabled={priceReadOnly} onChange={(value) => onPriceFieldChange?.(positionId, String(value))} />
        ) : null}
        <DecimalInput label={`${t('order.price')}, ${currency}`} value={price} min={0} disabled={priceReadOnly} onChange={(value) => onPriceChange?.(positionId, value)} />
      </>
    );
  }, [fields, publicMode, priceField, price, currency, priceReadOnly, onPriceFieldChange, onPriceChange, positionId]);
  const title = cardTitle({ price: position.price, leadName: name, count: position.count, units: position.unit }, formatNumber);
  const facts = [position.article, position.warehouse_name ?? (position.type === 'service' ? t('order.service') : null)].filter(Boolean).join(' · ');

  return (
    <article className={cardClasses(props)} aria-label={name} data-position-id={position.id}>
      <header className="product-card__header">
        <h3 className="product-card__title">{title}</h3>
        {facts ? <p className="product-card__facts">{facts}</p> : null}
        <StockNote position={position} publicMode={props.publicMode} />
        {props.onDelete && !locked ? <DeleteButton name={name} onConfirm={() => props.onDelete?.(position.id)} /> : null}
      </header>
      <div className="product-card__body">
        {carousel}
        <div className="product-card__pricing">
          {priceControls}
          <CountInput position={position} publicMode={props.publicMode} disabled={locked || !props.onCountChange} onChange={(count) => props.onCountChange?.(position.id, count)} />
          {layout === 'list' ? (
            <p className="product-card__sum">
              <span className="product-card__sum-label">{t('order.positionSum')}</span> {formatNumber(position.sum)}
            </p>
          ) : null}
        </div>
        {fieldRows}
      </div>
    </article>
  );
}

/** Staff see what the position holds; a public customer sees only whether the goods are in stock, never counts. */
function StockNote({ position, publicMode }: { position: ProductCardPosition; publicMode: boolean }) {
  if (publicMode) {
    if (!position.availability) return null;
    return <p className="product-card__stock">{position.availability === 'in_stock' ? t('order.inStock') : t('order.onOrder')}</p>;
  }
  const notes: string[] = [];
  if (position.reserved) notes.push(t('order.reserved', { count: position.reserved }));
  if (position.written_off) notes.push(t('order.writtenOff', { count: position.written_off }));
  if (!notes.length) return null;
  return <p className="product-card__stock">{notes.join(' · ')}</p>;
}

/** Deleting asks first (spec 2 §5: 'Are you sure you want to delete it?'), in place rather than in a modal. */
function DeleteButton({ name, onConfirm }: { name: string; onConfirm: () => void }) {
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
function CountInput({ position, publicMode, disabled, onChange }: { position: ProductCardPosition; publicMode: boolean; disabled: boolean; onChange: (count: number) => void }) {
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
    setMessage(capped < read.value ? { text: t(publicMode ? 'order.cappedPublic' : 'order.capped', { count: capped }), error: false } : null);
    if (capped !== position.count && capped > 0) onChange(capped);
  };

  // In public mode the limit is the seller's cap, not stock (the customer sees no stock counts).
  const hint = limit !== undefined ? t(publicMode ? 'order.maxPerPosition' : 'order.availableHint', { count: limit }) : undefined;
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

interface FieldRowProps {
  def: ProductCardField;
  value: unknown;
  currency: string;
  disabled: boolean;
  onChange: (value: unknown) => void;
}

/** One field of the product as the control of its type (spec 2 §3 type codes). */
function FieldRow({ def, value, currency, disabled, onChange }: FieldRowProps) {
  const label = def.name;
  const ctx = { currency };
  switch (def.type) {
    case FieldType.integer:
      return <WholeNumberInput label={label} value={coerceFieldValue(FieldType.integer, value, ctx)} disabled={disabled} onChange={onChange} />;
    case FieldType.float:
      return <DecimalInput label={label} value={coerceFieldValue(FieldType.float, value, ctx)} disabled={disabled} onChange={onChange} />;
    case FieldType.text:
      return <TextArea label={label} value={coerceFieldValue(FieldType.text, value, ctx)} rows={3} disabled={disabled} onChange={onChange} />;
    case FieldType.select:
      return <Select label={label} options={normalizeOptions(def.data)} value={coerceFieldValue(FieldType.select, value, ctx)} disabled={disabled} onChange={(chosen) => onChange(chosen)} />;
    case FieldType.multiselect:
      return <MultiSelect label={label} options={normalizeOptions(def.data)} value={coerceFieldValue(FieldType.multiselect, value, ctx)} disabled={disabled} onChange={onChange} />;
    case FieldType.date:
      return <DateInput label={label} value={coerceFieldValue(FieldType.date, value, ctx)} disabled={disabled} onChange={(day) => onChange(day ?? '')} />;
    case FieldType.datetime:
      return <DateTimeInput label={label} value={coerceFieldValue(FieldType.datetime, value, ctx)} disabled={disabled} onChange={(time) => onChange(time ?? '')} />;
    case FieldType.flag:
      return <Checkbox label={label} value={coerceFieldValue(FieldType.flag, value, ctx)} disabled={disabled} onChange={onChange} />;
    case FieldType.price: {
      // Another price type's value, for comparison: prices change through the price type and price above.
      const price = coerceFieldValue(FieldType.price, value, ctx);
      return (
        <p className="product-card__price-of">
          {t('order.priceOf', { name: label, price: formatNumber(price.cost), currency: price.currency })}
        </p>
      );
    }
    case FieldType.stock: {
      const stock = coerceFieldValue(FieldType.stock, value, ctx);
      return <DecimalInput label={label} value={stock.count} min={0} disabled={disabled} onChange={(count) => onChange({ ...stock, count })} />;
    }
    default:
      return <TextInput label={label} value={coerceFieldValue(FieldType.string, value, ctx)} disabled={disabled} onChange={onChange} />;
  }
}
