import type { Order } from '../../../src/contract/orders';
import type { Pipeline } from '../../../src/contract/pipelines';
import { t } from '../../../src/i18n';
import type { OrdersSort } from './state';
import type { OrdersColumn } from './tableConfig';
import { cellText, columnLabel, isNumericColumn, orderName, orderStage, type CellContext } from './columns';
import { RowMenu, type RowMenuItem } from './RowMenu';
import type { ComponentType } from 'react';

export type RowAction = 'refund' | 'share' | 'unlink' | 'archive' | 'delete';

/**
 * The Payment column's filler, from the payments feature (composed in shell/app/OrdersPage.tsx): the states of the
 * page's orders in one request, and how one shows. Without it the column stays empty.
 */
export interface OrdersPaymentColumn {
  useStates(orderIds: readonly number[]): Readonly<Record<string, string>>;
  Badge: ComponentType<{ state: string | undefined }>;
}

const NO_STATES = (): Readonly<Record<string, string>> => ({});

export interface OrdersTableProps {
  columns: readonly OrdersColumn[];
  orders: readonly Order[];
  pipelines: readonly Pipeline[];
  locale: string;
  sort: OrdersSort;
  busy: boolean;
  onSort: (field: OrdersSort['field']) => void;
  onOpen: (order: Order) => void;
  onAction: (action: RowAction, order: Order) => void;
  payment?: OrdersPaymentColumn;
}

export const orderHref = (id: number) => `#/addToDeal?order_id=${id}`;

function SortableHeader({ column, sort, onSort }: { column: OrdersColumn; sort: OrdersSort; onSort: OrdersTableProps['onSort'] }) {
  const label = columnLabel(column);
  const numeric = isNumericColumn(column);
  if (!column.sortField) {
    return (
      <th scope="col" className={numeric ? 'orders-num' : undefined} data-column={column.key}>
        {label}
      </th>
    );
  }
  const field = column.sortField;
  const active = sort.field === field;
  const direction = active ? (sort.order === 'desc' ? 'descending' : 'ascending') : 'none';
  return (
    <th scope="col" className={numeric ? 'orders-num' : undefined} aria-sort={direction} data-column={column.key}>
      <button type="button" className="orders-sort" onClick={() => onSort(field)}>
        {label}
        <span className="orders-sort__arrow" aria-hidden="true">
          {active ? (sort.order === 'desc' ? '▼' : '▲') : '↕'}
        </span>
      </button>
    </th>
  );
}

function Cell({ column, order, ctx, link, onOpen, payment, Badge }: { column: OrdersColumn; order: Order; ctx: CellContext; link: boolean; onOpen: (order: Order) => void; payment: string | undefined; Badge: OrdersPaymentColumn['Badge'] | undefined }) {
  if (column.key === 'order_payment') {
    return <td data-column={column.key}>{Badge ? <Badge state={payment} /> : null}</td>;
  }
  const text = cellText(column, order, ctx);
  if (link) {
    return (
      <td data-column={column.key}>
        {/* A real link (new tab, copy address) that navigates inside the app on a plain click. */}
        <a
          href={orderHref(order.id)}
          className="orders-name"
          onClick={(event) => {
            if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
            event.preventDefault();
            onOpen(order);
          }}
        >
          {text}
        </a>
      </td>
    );
  }
  if (column.key === 'order_status') {
    const { color } = orderStage(order, ctx.pipelines);
    return (
      <td data-column={column.key}>
        <span className="orders-stage" style={color ? { background: color, color: 'var(--color-on-swatch)' } : undefined}>
          {text}
        </span>
      </td>
    );
  }
  return (
    <td data-column={column.key} className={isNumericColumn(column) ? 'orders-num' : undefined}>
      {text}
    </td>
  );
}

function RowActions({ order, onOpen, onAction }: { order: Order; onOpen: (order: Order) => void; onAction: OrdersTableProps['onAction'] }) {
  const item = (action: RowAction, label: string, danger = false): RowMenuItem => ({ key: action + label, label, danger, run: () => onAction(action, order) });
  const items: RowMenuItem[] = [
    { key: 'open', label: t('orders.open'), run: () => onOpen(order) },
    ...(order.stock_state === 'written_off' ? [item('refund', t('orders.refund'))] : []),
    ...(order.public ? [item('share', t('orders.publicLink')), item('unlink', t('orders.publicUnlink'))] : [item('share', t('orders.makePublic'))]),
    // Archive (issue 13 §5): hides the order; its stock stays as it is.
    item('archive', t('archive.archiveOrder')),
    item('delete', t('app.delete'), true),
  ];
  return (
    <td className="orders-actions">
      <RowMenu label={t('orders.actionsFor', { name: orderName(order) })} items={items} />
    </td>
  );
}

/** The orders of the page in the configured columns, each shown by its type's rule; headers sort where the server can. */
export function OrdersTable({ columns, orders, pipelines, locale, sort, busy, onSort, onOpen, onAction, payment }: OrdersTableProps) {
  const ctx: CellContext = { pipelines, locale };
  // The name links the row to its order; when the name column is hidden the number, else the first column, takes its place.
  const linkKey = ['order_name', 'order_id'].find((key) => columns.some((column) => column.key === key)) ?? columns[0]?.key;
  const useStates = payment?.useStates ?? NO_STATES;
  const payments = useStates(columns.some((column) => column.key === 'order_payment') ? orders.map((order) => order.id) : []);
  return (
    <div className="orders-table-wrap">
      <table className="orders-table" aria-busy={busy} aria-labelledby="orders-title" data-testid="orders-table">
        <thead>
          <tr>
            {columns.map((column) => (
              <SortableHeader key={column.key} column={column} sort={sort} onSort={onSort} />
            ))}
            <th scope="col" className="orders-actions">
              <span className="orders-visually-hidden">{t('orders.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.id} data-order-id={order.id}>
              {columns.map((column) => (
                <Cell key={column.key} column={column} order={order} ctx={ctx} link={column.key === linkKey} onOpen={onOpen} payment={payments[order.id]} Badge={payment?.Badge} />
              ))}
              <RowActions order={order} onOpen={onOpen} onAction={onAction} />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
