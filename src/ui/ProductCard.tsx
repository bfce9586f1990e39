import { memo, useMemo } from 'react';
import { apiBase } from '../config';
import type { CategoryProps } from '../contract/catalogue';
import { coerceFieldValue, FieldType, normalizeOptions } from '../domain/fieldTypes';
import {
  cardImages,
  cardTitle,
  categoryFieldIds,
  isFieldDisabled,
  visibleCardFields,
  type CardFieldDefinition,
} from '../domain/productCard';
import { t } from '../i18n';
import { currencySign, formatMoney } from '../i18n/money';
import { Checkbox } from './Checkbox';
import { DateInput } from './DateInput';
import { DateTimeInput } from './DateTimeInput';
import { DecimalInput } from './DecimalInput';
import { ImageCarousel } from './ImageCarousel';
import { MultiSelect } from './MultiSelect';
import { CountInput, DeleteButton, PriceControls } from './PositionControls';
import { Select } from './Select';
import { TextArea } from './TextArea';
import { TextInput } from './TextInput';
import { WholeNumberInput } from './WholeNumberInput';
import { formatAmount } from '../i18n/numbers';

/** What a card shows of a position. */
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
  /** What could be taken (null for services: no cap). */
  available: number | null;
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
  layout?: 'card' | 'list';
  /** The position may not change: count, price, price type and delete are read-only (a blocking stage). */
  locked?: boolean;
  /** Field values may not be edited (the user has no right to edit products). */
  fieldsReadOnly?: boolean;
  onCountChange?: (positionId: number, count: number) => number | undefined;
  onPriceChange?: (positionId: number, price: number) => void;
  onPriceFieldChange?: (positionId: number, priceField: string) => void;
  /** A field value edited: it belongs to this position (issue 19 §2), not to the catalogue product. */
  onFieldChange?: (positionId: number, code: string, value: unknown) => void;
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

function cardClasses({ layout = 'card' }: Pick<ProductCardProps, 'layout'>): string {
  // A card is at most 700px high and scrolls inside (spec 1 §2).
  return ['product-card', `product-card--${layout}`, 'product-card--capped'].join(' ');
}

function LoadedProductCard(props: ProductCardProps & { categories: readonly CategoryProps[] }) {
  const { position, fields, categories, layout = 'card', fieldsReadOnly = false, onFieldChange } = props;
  const locked = props.locked ?? false;
  const { fields: values, id: positionId, category_id: categoryId, currency, name } = position;

  // The carousel and the field rows depend on the product's values, not on count or price: typing a count
  // re-renders the title and the pricing only (an order may hold hundreds of cards).
  const carousel = useMemo(() => {
    const images = layout === 'card' ? cardImages(fields, values, apiBase) : [];
    return images.length > 0 ? <ImageCarousel className="product-card__images" label={t('order.images', { name })} images={images} float="left" /> : null;
  }, [layout, fields, values, name]);

  const fieldRows = useMemo(() => {
    if (layout !== 'card') return null;
    const ids = fieldIdsOf({ category_id: categoryId }, fields, categories);
    const rows = visibleCardFields(fields, ids);
    if (rows.length === 0) return null;
    return (
      <div className="product-card__fields">
        {rows.map((def) => (
          <FieldRow
            key={def.id}
            def={def}
            value={values[def.code]}
            currency={currency}
            disabled={isFieldDisabled(def) || fieldsReadOnly || !onFieldChange}
            onChange={(value) => onFieldChange?.(positionId, def.code, value)}
          />
        ))}
      </div>
    );
  }, [layout, fields, categories, categoryId, values, currency, fieldsReadOnly, onFieldChange, positionId]);

  const title = cardTitle({ price: position.price, leadName: name, count: position.count, units: position.unit }, (value) => formatAmount(value));
  const facts = [position.article, position.warehouse_name ?? (position.type === 'service' ? t('order.service') : null)].filter(Boolean).join(' · ');

  return (
    <article className={cardClasses(props)} aria-label={name} data-position-id={position.id}>
      <header className="product-card__header">
        <h3 className="product-card__title">{title}</h3>
        {facts ? <p className="product-card__facts">{facts}</p> : null}
        <StockNote position={position} />
        {props.onDelete && !locked ? <DeleteButton name={name} onConfirm={() => props.onDelete?.(position.id)} /> : null}
      </header>
      <div className="product-card__body">
        {carousel}
        <div className="product-card__pricing">
          <PriceControls fields={fields} positionId={position.id} priceField={position.price_field} price={position.price} currency={currency} readOnly={locked} onPriceFieldChange={props.onPriceFieldChange} onPriceChange={props.onPriceChange} />
          <CountInput position={position} disabled={locked || !props.onCountChange} onChange={(count) => props.onCountChange?.(position.id, count)} />
          <p className="product-card__sum">{t('order.lineTotal', { sum: formatMoney(position.sum, currency) })}</p>
        </div>
        {fieldRows}
      </div>
    </article>
  );
}

/** What the position holds: reserved and written off. */
function StockNote({ position }: { position: ProductCardPosition }) {
  const notes: string[] = [];
  if (position.reserved) notes.push(t('order.reserved', { count: position.reserved }));
  if (position.written_off) notes.push(t('order.writtenOff', { count: position.written_off }));
  if (!notes.length) return null;
  return <p className="product-card__stock">{notes.join(' · ')}</p>;
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
          {t('order.priceOf', { name: label, price: formatAmount(price.cost), currency: currencySign(price.currency) })}
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
