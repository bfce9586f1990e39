import { useStore } from '@nanostores/react';
import { memo, useMemo } from 'react';
import { t } from '../../../src/i18n';
import { $account } from '../../../src/stores/account';
import { $dealCatalogue, $dealCatalogueFailed, loadDealCatalogue, type DealCatalogue } from './catalogue';
import { $displayMode, resetDisplayMode, setDisplayMode, DEFAULT_DISPLAY_MODE, type DisplayMode } from './displayMode';
import { $positionDrafts, $productValueDrafts, countLimitOf, type DealOrder, type DealPosition, removePosition, setPositionCount, setPositionPrice, setPositionPriceField, setProductValue } from './state';
import { withDraft } from './draftView';
import { cardTitle, positionCountLimit } from '../../../src/domain/productCard';
import { formatNumber } from '../../../src/domain/format';
import { ProductCard } from '../../../src/ui/ProductCard';
import { AddProductPanel } from './AddProductPanel';
import { canEdit } from './DealHeader';
import { useNearViewport } from './nearViewport';

/** Positions may change: a public customer's order while it is active, a staff order unless its stage blocks products. */
export function positionsLocked(order: DealOrder, publicMode: boolean): boolean {
  if (!canEdit(order, publicMode)) return true;
  return order.products_locked;
}

/** Whether the signed-in member may edit products (their field values): owners, admins, or everyone when rights are not separated. */
function useCanEditProducts(): boolean {
  const { account, user } = useStore($account);
  if (!user) return false;
  return Boolean(user.is_owner || user.admin || user.editing_remains || !account?.separate_rights);
}

/** The products tab (spec 1 §2): the cards or list toggle, adding products, one card per position. */
export function ProductsTab({ order, publicMode }: { order: DealOrder; publicMode: boolean }) {
  const catalogue = useStore($dealCatalogue);
  const catalogueFailed = useStore($dealCatalogueFailed);
  const layout = useStore($displayMode);
  const locked = positionsLocked(order, publicMode);
  const fieldsReadOnly = !useCanEditProducts();

  return (
    <div className="deal-products">
      <div className="deal-products__toolbar">
        <DisplayToggle mode={layout} />
        <span className="deal-products__count">{t('order.positionsCount', { count: order.positions.length })}</span>
      </div>
      {locked ? <p className="deal-note">{t(publicMode ? 'order.publicLocked' : 'order.lockedStage')}</p> : <AddProductPanel publicMode={publicMode} />}
      {!publicMode && !fieldsReadOnly && order.positions.length > 0 ? <p className="deal-products__hint">{t('order.fieldsSavedToProduct')}</p> : null}
      {catalogueFailed ? (
        <p className="deal-note deal-note--error" role="alert">
          {t('order.fieldsFailed')}{' '}
          <button type="button" className="shell-button" onClick={() => void loadDealCatalogue(publicMode, { force: true })}>
            {t('app.retry')}
          </button>
        </p>
      ) : null}
      {order.positions.length === 0 ? (
        <p className="deal-empty">{t('order.noPositions')}</p>
      ) : (
        <ul className={`deal-positions deal-positions--${layout}`} aria-label={t('order.positions')} data-order-edit="">
          {order.positions.map((position, index) => (
            <li key={position.id}>
              <PositionItem position={position} catalogue={catalogue} publicMode={publicMode} locked={locked} fieldsReadOnly={fieldsReadOnly || publicMode} layout={layout} index={index} />
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
  publicMode: boolean;
  locked: boolean;
  fieldsReadOnly: boolean;
  layout: DisplayMode;
  index: number;
}

/** Positions built at once when the screen opens; the others as they come near the viewport. */
const EAGER_POSITIONS = 12;

/**
 * One position's card with its draft laid over. It listens to its own draft keys only, so a keystroke
 * in one card re-renders that card alone, however many positions the order has. Far below the first
 * screen it starts as a light preview (title line only) and becomes the full card when scrolled near or
 * focused, so an order of hundreds of positions opens at once.
 */
const PositionItem = memo(function PositionItem({ position, catalogue, publicMode, locked, fieldsReadOnly, layout, index }: PositionItemProps) {
  const drafts = useStore($positionDrafts, { keys: [String(position.id)] });
  const values = useStore($productValueDrafts, { keys: [String(position.product_id)] });
  const draft = drafts[position.id];
  const valueDraft = values[position.product_id];
  const shown = useMemo(() => {
    const drafted = withDraft(position, draft, valueDraft);
    return { ...drafted, available: positionCountLimit(countLimitOf(position), position.count) };
  }, [position, draft, valueDraft]);
  const { ref, near, reveal } = useNearViewport<HTMLElement>(index < EAGER_POSITIONS);
  if (!near) {
    return (
      <article ref={ref} className={`product-card product-card--${layout} product-card--deferred`} aria-label={shown.name} tabIndex={0} onFocus={reveal}>
        <h3 className="product-card__title">{cardTitle({ price: shown.price, leadName: shown.name, count: shown.count, units: shown.unit }, formatNumber)}</h3>
      </article>
    );
  }
  return (
    <ProductCard
      position={shown}
      fields={catalogue?.fields ?? NO_FIELDS}
      categories={catalogue ? catalogue.categories : null}
      publicMode={publicMode}
      layout={layout}
      locked={locked}
      fieldsReadOnly={fieldsReadOnly}
      onCountChange={setPositionCount}
      onPriceChange={setPositionPrice}
      onPriceFieldChange={setPositionPriceField}
      onFieldChange={setProductValue}
      onDelete={locked ? undefined : removePosition}
    />
  );
});

const NO_FIELDS: DealCatalogue['fields'] = [];
