import type { Pipeline } from '../../../src/contract/pipelines';
import type { Order } from '../../../src/contract/orders';
import { orderDisplayName } from '../../../src/domain/orderName';
import { displayColumnValue, parseColumnKey } from '../../../src/domain/tableColumns';
import { t, type MessageKey } from '../../../src/i18n';
import type { OrdersColumn } from './tableConfig';
import { LOCALE_COLUMN_FORMATS } from '../../../src/i18n/columnFormats';

/** Names of the built-in columns; a custom field column carries its field's name, any other its code. */
const LABELS: Readonly<Record<string, MessageKey>> = {
  order_id: 'orders.colId',
  order_name: 'orders.colName',
  order_status: 'orders.colStatus',
  order_pipeline: 'orders.colPipeline',
  order_created_at: 'orders.colCreated',
  order_updated_at: 'orders.colUpdated',
  order_user: 'orders.colUser',
  contact_name: 'orders.colContact',
  company_name: 'orders.colCompany',
  order_sum: 'orders.colSum',
  order_cost_price: 'orders.colCostPrice',
  order_profit: 'orders.colProfit',
  order_tags: 'orders.colTags',
  order_lead_id: 'orders.colLeadId',
  order_public: 'orders.colPublic',
  order_payment: 'payments.column',
};

export function columnLabel(column: Pick<OrdersColumn, 'key' | 'fieldName'>): string {
  const key = LABELS[column.key];
  if (key) return t(key);
  return column.fieldName ?? parseColumnKey(column.key)?.code ?? column.key;
}

/** CRM statuses of deal-linked orders (spec 1 §3): 0 opened … 4 deleted. */
const CRM_STATUS_KEYS: readonly MessageKey[] = ['orders.statusOpened', 'orders.statusReserved', 'orders.statusSuccess', 'orders.statusUnsuccessful', 'orders.statusDeleted'];

export const orderName = (order: Order) => orderDisplayName(order, (id) => t('orders.newName', { id }));

/** An order's stage: its pipeline stage, or the CRM status of a deal-linked order. */
export function orderStage(order: Order, pipelines: readonly Pipeline[]): { name: string | null; color: string | null } {
  if (order.status_id !== null) {
    const stage = pipelines.find((pipeline) => pipeline.id === order.pipeline_id)?.statuses.find((status) => status.id === order.status_id);
    return { name: order.status_name ?? stage?.name ?? null, color: stage?.color || null };
  }
  const key = order.status === null ? undefined : CRM_STATUS_KEYS[order.status];
  return { name: key ? t(key) : null, color: null };
}

export interface CellContext {
  pipelines: readonly Pipeline[];
  locale: string;
}

/** The raw value a column takes from an order row (before its type's display rule). */
export function columnValue(column: Pick<OrdersColumn, 'key'>, order: Order, ctx: CellContext): unknown {
  switch (column.key) {
    case 'order_id':
      return order.id;
    case 'order_name':
      return orderName(order);
    case 'order_status':
      return orderStage(order, ctx.pipelines).name;
    case 'order_pipeline':
      return ctx.pipelines.find((pipeline) => pipeline.id === order.pipeline_id)?.name ?? null;
    case 'order_created_at':
      return order.created_at;
    case 'order_updated_at':
      return order.updated_at;
    case 'order_user':
      return order.user_name;
    case 'contact_name':
      return order.contacts.map((contact) => contact.name).join(', ');
    case 'company_name':
      return order.company?.name ?? null;
    case 'order_sum':
      return order.sum;
    case 'order_cost_price':
      return order.cost_price;
    case 'order_profit':
      return order.profit;
    case 'order_tags':
      return order.tags;
    case 'order_lead_id':
      return order.lead_id;
    case 'order_public':
      return order.public;
  }
  // Other saved keys: the order's own field, or a value of its company or contact as far as the row carries it.
  const parsed = parseColumnKey(column.key);
  if (!parsed) return null;
  if (parsed.source === 'order') {
    const fields = order.fields as Record<string, unknown>;
    return fields[parsed.code] ?? (order as unknown as Record<string, unknown>)[parsed.code] ?? null;
  }
  if (parsed.source === 'company') return (order.company as Record<string, unknown> | null)?.[parsed.code] ?? null;
  if (parsed.source === 'contact') return order.contacts.map((contact) => (contact as Record<string, unknown>)[parsed.code]).filter((value) => value !== undefined);
  return null;
}

/** The text of a cell: the column type's display rule (spec 1 §3) applied to the row's value. */
export function cellText(column: Pick<OrdersColumn, 'key' | 'type'>, order: Order, ctx: CellContext): string {
  return displayColumnValue({ type: column.type, code: column.key }, columnValue(column, order, ctx), { locale: ctx.locale, ...LOCALE_COLUMN_FORMATS });
}

/** Numbers line up on the right. */
export function isNumericColumn(column: Pick<OrdersColumn, 'type'>): boolean {
  return column.type === 1 || column.type === 2 || column.type === 11;
}
