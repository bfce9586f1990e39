import { useStore } from '@nanostores/react';
import { memo, useMemo } from 'react';
import { t } from '../../../src/i18n';
import { plural } from '../../../src/i18n/plural';
import { $dealCatalogue, $dealCatalogueFailed, loadDealCatalogue, type DealCatalogue } from './catalogue';
import { $displayMode, resetDisplayMode, setDisplayMode, DEFAULT_DISPLAY_MODE, type DisplayMode } from './displayMode';
import { $positionDrafts, countLimitOf, type DealOrder, type DealPosition, removePosition, setPositionCount, setPositionPrice, setPositionPriceField, setPositionValue } from './state';
import { withDraft } from './draftView';
import { cardTitle, positionCountLimit } from '../../../src/domain/productCard';
import { ProductCard, type ProductCardPosition } from '../../../src/ui/ProductCard';
import { POSITION_COLUMNS, PositionRow } from '../../../src/ui/PositionRow';
import { OrderTotals } from './OrderTotals';
import { AddProductPanel } from './AddProductPanel';
import { useNearViewport } from './nearViewport';
import { formatAmount } from '../../../src/i18n/numbers';

/** Positions may change unless the order's stage blocks products. */
export function positionsLocked(order: DealOrder): boolean {
  return order.products_locked;
}

/**
 * The products tab (spec 1 §2): the cards or list toggle, the order's totals, adding products, one card or
 * table row per position. Whatever is edited here belongs to this order's positions, never to the catalogue
 * products (issue 19 §2), so field values are editable wherever the position is.
 */
export function ProductsTab({ order }: { order: DealOrder }) {
  const catalogue = useStore($dealCatalogue);
  const catalogueFailed = useStore($dealCatalogueFailed);
  const layout = useStore($displayMode);
  const locked = positionsLocked(order);

  return (
    <div className="deal-products">
      <div className="deal-products__toolbar">
        <DisplayToggle mode={layout} />
        <span className="deal-products__count">{plural('positions', order.positions.length)}</span>
      </div>
      <OrderTotals order={order} />
      {locked ? <p className="deal-note">{t('order.lockedStage')}</p> : <AddProductPanel />}
      {!locked && order.positions.length > 0 ? <p className="deal-products__hint">{t('order.fieldsOwnToPosition')}</p> : null}
      {catalogueFailed ? (
        <p className="deal-note deal-note--error" role="alert">
          {t('order.fieldsFailed')}{' '}
          <button type="button" className="shell-button" onClick={() => void loadDealCatalogue({ force: true })}>
            {t('app.retry')}
          </button>
        </p>
      ) : null}
      {order.positions.length === 0 ? (
        <p className="deal-empty">{t('order.noPositions')}</p>
      ) : layout === 'list' ? (
        <PositionsTable order={order} catalogue={catalogue} locked={locked} />
      ) : (
        <ul className="deal-positions deal-positions--card" aria-label={t('order.positions')} data-order-edit="">
          {order.positions.map((position, index) => (
            <li key={position.id}>
              <PositionItem position={position} catalogue={catalogue} locked={locked} index={index} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Cards (default) or list; reset goes back to cards (spec 1 §2). */
function DisplayToggle({ mode }: { mode: DisplayMode }) {
  return (
    <div className="deal-display" role="group" aria-label={t('order.display')}>
      <button type="button" className="deal-display__option" aria-pressed={mode === 'card'} onClick={() => setDisplayMode('card')}>
        {t('order.cardView')}
      </button>
      <button type="button" className="deal-display__option" aria-pressed={mode === 'list'} onClick={() => setDisplayMode('list')}>
        {t('order.listView')}
      </button>
      <button type="button" className="deal-display__reset" disabled={mode === DEFAULT_DISPLAY_MODE} onClick={resetDisplayMode}>
        {t('order.resetView')}
      </button>
    </div>
  );
}

interface PositionItemProps {
  position: DealPosition;
  catalogue: DealCatalogue | null;
  locked: boolean;
  index: number;
}

/** A position with its own draft laid over, as its card or row shows it; listens to that position's draft key only. */
function useShownPosition(position: DealPosition): ProductCardPosition {
  const drafts = useStore($positionDrafts, { keys: [String(position.id)] });
  const draft = drafts[position.id];
  return useMemo(() => ({ ...withDraft(position, draft), available: positionCountLimit(countLimitOf(position), position.count) }), [position, draft]);
}

/**
 * The list view (issue 19 §2): a compact table, one row per position with the card's editing. A narrow screen
 * scrolls the table sideways inside its own box, never the page.
 */
function PositionsTable({ order, catalogue, locked }: { order: DealOrder; catalogue: DealCatalogue | null; locked: boolean }) {
  return (
    // A box that scrolls sideways takes focus (a region), so keyboard users can scroll it.
    <div className="deal-table-scroll" tabIndex={0} role="region" aria-label={t('order.positions')}>
      <table className="deal-table" data-order-edit="">
        <thead>
          <tr>
            {POSITION_COLUMNS.map((column) => (
              <th key={column} scope="col">
                {t(`order.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {order.positions.map((position) => (
            <PositionTableRow key={position.id} position={position} fields={catalogue?.fields ?? NO_FIELDS} locked={locked} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

const PositionTableRow = memo(function PositionTableRow({ position, fields, locked }: { position: DealPosition; fields: DealCatalogue['fields']; locked: boolean }) {
  const shown = useShownPosition(position);
  return (
    <PositionRow
      position={shown}
      fields={fields}
      locked={locked}
      onCountChange={setPositionCount}
      onPriceChange={setPositionPrice}
      onPriceFieldChange={setPositionPriceField}
      onDelete={locked ? undefined : removePosition}
    />
  );
});

/** Positions built at once when the screen opens; the others as they come near the viewport. */
const EAGER_POSITIONS = 12;

/**
 * One position's card with its draft laid over. It listens to its own draft keys only, so a keystroke
 * in one card re-renders that card alone, however many positions the order has. Far below the first
 * screen it starts as a light preview (title line only) and becomes the full card when scrolled near or
 * focused, so an order of hundreds of positions opens at once.
 */
const PositionItem = memo(function PositionItem({ position, catalogue, locked, index }: PositionItemProps) {
  const shown = useShownPosition(position);
  const layout = 'card';
  const { ref, near, reveal } = useNearViewport<HTMLElement>(index < EAGER_POSITIONS);
  if (!near) {
    return (
      <article ref={ref} className={`product-card product-card--${layout} product-card--deferred`} aria-label={shown.name} tabIndex={0} onFocus={reveal}>
        <h3 className="product-card__title">{cardTitle({ price: shown.price, leadName: shown.name, count: shown.count, units: shown.unit }, (value) => formatAmount(value))}</h3>
      </article>
    );
  }
  return (
    <ProductCard
      position={shown}
      fields={catalogue?.fields ?? NO_FIELDS}
      categories={catalogue ? catalogue.categories : null}
      layout={layout}
      locked={locked}
      fieldsReadOnly={locked}
      onCountChange={setPositionCount}
      onPriceChange={setPositionPrice}
      onPriceFieldChange={setPositionPriceField}
      onFieldChange={setPositionValue}
      onDelete={locked ? undefined : removePosition}
    />
  );
});

const NO_FIELDS: DealCatalogue['fields'] = [];
