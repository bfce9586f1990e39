import './texts';
import styles from './publicOrder.css?raw';
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { PublicOrderListEntry } from '../../../src/contract/publicOrder';
import { orderDisplayName } from '../../../src/domain/orderName';
import { t } from '../../../src/i18n';
import {
  $hasMorePublicOrders,
  $publicOrderRows,
  $publicOrders,
  loadMorePublicOrders,
  loadPublicOrders,
  type PublicOrderSample,
} from './publicOrders';
import { $publicToken } from '../../../src/stores/session';
import { navigateTo } from '../../stores/navigation';
import { publicOrderPath, SIGN_IN_PATH } from './paths';
import { adoptStyles } from '../../../src/ui/adoptStyles';
import { formatDateText } from '../../../src/i18n/dates';
import { formatMoney } from '../../../src/i18n/money';

adoptStyles(styles);

/** Typing in the search asks the server once the typing pauses this long. */
const SEARCH_PAUSE_MS = 350;

/** The order's own name, else the translated 'New order #id'. */
function nameOf(order: PublicOrderListEntry): string {
  return order.name.trim() || orderDisplayName(order, (id) => t('orders.newName', { id }));
}

/** /availablePublicOrderList: the orders shared with the customer, each opening the deal screen in public mode. */
export default function AvailablePublicOrderListScreen() {
  const state = useStore($publicOrders);
  const view = useStore($publicOrderRows);
  const hasMore = useStore($hasMorePublicOrders);
  const [search, setSearch] = useState(state.search);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const token = useStore($publicToken);

  // Again for another session: the store forgets the previous customer's orders when the token changes.
  // Without a public token (a staff visitor, or signed out here) there is nothing to list: sign in first.
  useEffect(() => {
    if (token) void loadPublicOrders();
    else navigateTo(SIGN_IN_PATH, { replace: true });
  }, [token]);
  useEffect(() => () => clearTimeout(timer.current), []);

  function searchNow(event: FormEvent) {
    event.preventDefault();
    clearTimeout(timer.current);
    void loadPublicOrders(search);
  }

  function typeSearch(value: string) {
    setSearch(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void loadPublicOrders(value), SEARCH_PAUSE_MS);
  }

  const busy = state.status === 'loading';
  const failedEmpty = state.status === 'failed' && state.orders === null;
  return (
    <section className="public-page" aria-labelledby="public-orders-title" aria-busy={busy}>
      <div className="public-page-head">
        <h1 id="public-orders-title">{t('publicOrder.myOrders')}</h1>
        {state.orders !== null && state.total > 0 && (
          <span className="public-count">{t('publicOrder.shownOf', { shown: state.orders.length, total: state.total })}</span>
        )}
      </div>
      <form role="search" className="public-search" onSubmit={searchNow}>
        <label htmlFor="public-orders-search" className="ui-visually-hidden">
          {t('publicOrder.searchLabel')}
        </label>
        <input
          id="public-orders-search"
          type="search"
          value={search}
          placeholder={t('publicOrder.searchLabel')}
          onChange={(event) => typeSearch(event.currentTarget.value)}
        />
        <button type="submit" className="shell-button">
          {t('app.search')}
        </button>
      </form>

      {failedEmpty ? (
        <div className="public-state" role="alert">
          <p>{t('publicOrder.loadFailed')}</p>
          <button type="button" className="shell-button" onClick={() => void loadPublicOrders()}>
            {t('app.retry')}
          </button>
        </div>
      ) : view.placeholder ? (
        <PlaceholderList rows={view.rows} />
      ) : view.rows.length === 0 ? (
        <div className="public-state" role="status">
          {state.search ? (
            <p>{t('errors.nothingFound')}</p>
          ) : (
            <>
              <p>{t('publicOrder.empty')}</p>
              <p className="auth-hint">{t('publicOrder.emptyHint')}</p>
            </>
          )}
        </div>
      ) : (
        <ul className="public-orders" aria-label={t('publicOrder.orderList')}>
          {view.rows.map((order) => (
            <OrderRow key={order.id} order={order} />
          ))}
        </ul>
      )}

      {state.status === 'failed' && state.orders !== null && (
        <p className="auth-message auth-message-error" role="alert">
          {t('publicOrder.loadFailed')}{' '}
          <button type="button" className="shell-link" onClick={() => void (hasMore ? loadMorePublicOrders() : loadPublicOrders())}>
            {t('app.retry')}
          </button>
        </p>
      )}
      {hasMore && (
        <button type="button" className="shell-button public-more" disabled={busy} aria-busy={busy} onClick={() => void loadMorePublicOrders()}>
          {t('publicOrder.showMore')}
        </button>
      )}
    </section>
  );
}

function OrderRow({ order }: { order: PublicOrderListEntry }) {
  const name = nameOf(order);
  const detailsId = `public-order-${order.id}-details`;
  return (
    <li className={order.active ? 'public-order' : 'public-order public-order--inactive'}>
      <a className="public-order-link" href={`#${publicOrderPath(order.id)}`} aria-describedby={detailsId}>
        {name}
      </a>
      <span id={detailsId} className="public-order-details">
        <span>{t('publicOrder.orderNumber', { id: order.id })}</span>
        {order.created_at && <span>{t('publicOrder.createdOn', { date: formatDateText(order.created_at) })}</span>}
        {order.status_name && (
          <span>
            <span className="ui-visually-hidden">{t('publicOrder.status')}: </span>
            {order.status_name}
          </span>
        )}
        {!order.active && (
          <span className="public-badge" title={t('publicOrder.viewOnlyHint')}>
            {t('publicOrder.viewOnly')}
          </span>
        )}
      </span>
      <span className="public-order-sum">
        <span className="ui-visually-hidden">{t('publicOrder.sum')}: </span>
        {formatMoney(order.sum, order.currency)}
      </span>
    </li>
  );
}

/** The sample list of six the spec shows while the store holds no orders: grey bars, announced as loading. */
function PlaceholderList({ rows }: { rows: readonly PublicOrderSample[] }) {
  return (
    <>
      <p role="status" className="ui-visually-hidden">
        {t('app.loading')}
      </p>
      <ul className="public-orders public-orders--placeholder" aria-hidden="true" data-placeholder="true">
        {rows.map((row) => (
          <li key={row.id} className="public-order public-order--placeholder">
            <span className="public-skeleton public-skeleton--name" />
            <span className="public-skeleton public-skeleton--details" />
            <span className="public-skeleton public-skeleton--sum" />
          </li>
        ))}
      </ul>
    </>
  );
}
