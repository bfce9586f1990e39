import { memo } from 'react';
import { t } from '../i18n';
import { formatMoney } from '../i18n/money';
import type { ProductCardField, ProductCardPosition } from './ProductCard';
import { CountInput, DeleteButton, PriceControls } from './PositionControls';

export interface PositionRowProps {
  position: ProductCardPosition;
  fields: readonly ProductCardField[];
  locked?: boolean;
  onCountChange?: (positionId: number, count: number) => number | undefined;
  onPriceChange?: (positionId: number, price: number) => void;
  onPriceFieldChange?: (positionId: number, priceField: string) => void;
  onDelete?: (positionId: number) => void;
}

/** The columns of the list view, in order (issue 19 §2); the table's header reads them. */
export const POSITION_COLUMNS = ['product', 'article', 'warehouse', 'priceType', 'price', 'count', 'units', 'positionSum', 'actions'] as const;

/**
 * One position as a row of the list view's table (issue 19 §2): the same controls as its card (price type,
 * price, count, delete), their labels kept for screen readers while the column headers show them.
 */
export const PositionRow = memo(function PositionRow({ position, fields, locked = false, onCountChange, onPriceChange, onPriceFieldChange, onDelete }: PositionRowProps) {
  return (
    <tr className="position-row" data-position-id={position.id}>
      <th scope="row" className="position-row__name">
        {position.name}
      </th>
      <td>{position.article || ''}</td>
      <td>{position.warehouse_name ?? (position.type === 'service' ? t('order.service') : '')}</td>
      <PriceControls
        fields={fields}
        positionId={position.id}
        priceField={position.price_field}
        price={position.price}
        currency={position.currency}
        readOnly={locked}
        onPriceFieldChange={onPriceFieldChange}
        onPriceChange={onPriceChange}
        cell
      />
      <td className="position-row__control">
        <CountInput position={position} disabled={locked || !onCountChange} onChange={(count) => onCountChange?.(position.id, count)} />
      </td>
      <td>{position.unit}</td>
      <td className="position-row__sum">{formatMoney(position.sum, position.currency)}</td>
      <td>{onDelete && !locked ? <DeleteButton name={position.name} onConfirm={() => onDelete(position.id)} /> : null}</td>
    </tr>
  );
});
