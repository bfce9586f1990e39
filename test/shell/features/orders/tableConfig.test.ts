import { beforeEach, describe, expect, it } from 'vitest';
import type { FieldDefinition } from '../../../../src/contract/catalogue';
import { setNavigator } from '../../../../shell/stores/navigation';
import {
  $ordersColumns,
  $ordersTable,
  $visibleOrdersColumns,
  BUILT_IN_ORDER_COLUMNS,
  loadOrdersTableConfig,
  moveColumn,
  parseTableConfig,
  resetOrdersColumns,
  resetOrdersTable,
  resolveColumns,
  saveOrdersColumns,
  tableConfigValue,
} from '../../../../shell/features/orders/tableConfig';
import { $token } from '../../../../src/stores/session';
import { useApiFake } from '../../../support/apiFake';

const edge = useApiFake();

function field(code: string, type: number, name = code): FieldDefinition {
  return { id: 1, code, name, type, category: null, sort: 0, is_system: false, is_virtual: false, component: 'input', config: {}, data: [], lead_config: {}, created_at: '2024-01-01T00:00:00.000Z' };
}

const keys = (columns: { key: string }[]) => columns.map((column) => column.key);
const visibleKeys = (columns: { key: string; visible: boolean }[]) => keys(columns.filter((column) => column.visible));

beforeEach(() => {
  setNavigator(() => undefined);
  $token.set('staff-token');
  resetOrdersTable();
});

describe('orders table columns (spec 1 §3 table column config entry, spec 2 §3 order_<code> keys)', () => {
  it('with nothing saved: every built-in column in catalogue order, the defaults shown', () => {
    const columns = resolveColumns(null);
    expect(keys(columns)).toEqual(keys([...BUILT_IN_ORDER_COLUMNS]));
    expect(visibleKeys(columns)).toEqual(['order_id', 'order_name', 'order_status', 'order_created_at', 'contact_name', 'company_name', 'order_sum', 'order_profit', 'order_public', 'order_payment']);
    for (const column of columns) expect(column.key).toMatch(/^(order|company|contact)_/);
  });

  it('rule: saved entries give the order (by sort) and the visible flag; columns not placed follow, hidden', () => {
    const columns = resolveColumns({ order_sum: { sort: 0, visible: 1, type: 11 }, order_name: { sort: 1, visible: '1' }, order_id: { sort: 2, visible: 0 } });
    expect(keys(columns).slice(0, 3)).toEqual(['order_sum', 'order_name', 'order_id']);
    expect(visibleKeys(columns)).toEqual(['order_sum', 'order_name']);
    expect(columns).toHaveLength(BUILT_IN_ORDER_COLUMNS.length);
  });

  it('reads a list of entries { value, type, sort, visible } too', () => {
    const saved = [
      { value: 'order_profit', type: 11, sort: 5, visible: true },
      { value: 'order_name', type: 3, sort: 1, visible: true },
    ];
    expect(visibleKeys(resolveColumns(saved))).toEqual(['order_name', 'order_profit']);
  });

  it('the order’s own fields are offered as order_<code> columns (hidden by default), images never', () => {
    const columns = resolveColumns(null, [field('delivery', 7, 'Delivery date'), field('photos', 15), field('name', 3)]);
    const custom = columns.filter((column) => column.fieldName);
    expect(custom).toEqual([{ key: 'order_delivery', type: 7, defaultVisible: false, fieldName: 'Delivery date', visible: false }]);
  });

  it('a saved key of an order, company or contact value outside the catalogue keeps its saved type; product and unknown sources are dropped', () => {
    const columns = resolveColumns({ company_tax_id: { sort: 0, visible: 1, type: 3 }, product_free_4_reserve: { sort: 1, visible: 1, type: 1 }, weird: { sort: 2, visible: 1, type: 3 }, order_x: { sort: 3, visible: 1 } });
    expect(visibleKeys(columns)).toEqual(['company_tax_id']);
    expect(columns[0]).toMatchObject({ key: 'company_tax_id', type: 3 });
  });

  it('the saved value holds each column with its type, position and 0/1 flag, and reads back the same', () => {
    const columns = moveColumn(resolveColumns(null), 9, 0).map((column) => (column.key === 'order_id' ? { ...column, visible: false } : column));
    const value = tableConfigValue(columns);
    expect(value.order_sum).toEqual({ type: 11, sort: 0, visible: 1 });
    expect(value.order_id).toEqual({ type: 3, sort: 1, visible: 0 });
    expect(resolveColumns(value)).toEqual(columns);
  });

  it('nothing usable saved counts as nothing saved', () => {
    expect(parseTableConfig(null)).toBeNull();
    expect(parseTableConfig('x')).toBeNull();
    expect(parseTableConfig({})).toBeNull();
    expect(parseTableConfig([{ nothing: 1 }])).toBeNull();
  });

  it('moveColumn moves one entry and clamps to the ends', () => {
    expect(moveColumn(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveColumn(['a', 'b', 'c'], 2, -5)).toEqual(['c', 'a', 'b']);
    expect(moveColumn(['a', 'b', 'c'], 7, 0)).toEqual(['a', 'b', 'c']);
  });
});

describe('orders table settings store', () => {
  it('loads orders/table-config and orders/field/list; the visible columns follow', async () => {
    edge.answers['/api/orders/table-config'] = { status: 200, body: { code: 'orders', value: { order_name: { sort: 0, visible: 1 }, order_sum: { sort: 1, visible: 1 } } } };
    edge.answers['/api/orders/field/list'] = { status: 200, body: [field('delivery', 7)] };
    await loadOrdersTableConfig();
    expect(edge.calls.map((call) => `${call.method} ${call.path}`).sort()).toEqual(['GET /api/orders/field/list', 'GET /api/orders/table-config']);
    expect(keys($visibleOrdersColumns.get())).toEqual(['order_name', 'order_sum']);
    expect(keys($ordersColumns.get())).toContain('order_delivery');
  });

  it('a failed field list only means no custom columns', async () => {
    edge.answers['/api/orders/table-config'] = { status: 200, body: { code: 'orders', value: null } };
    edge.answers['/api/orders/field/list'] = { status: 500, body: { error: 'x' } };
    await loadOrdersTableConfig();
    expect($ordersTable.get().status).toBe('ready');
    expect($ordersColumns.get().some((column) => column.fieldName)).toBe(false);
  });

  it('save posts { value } to orders/table-config and the table takes the answer', async () => {
    const columns = resolveColumns(null).map((column) => ({ ...column, visible: column.key === 'order_name' }));
    edge.answers['/api/orders/table-config'] = { status: 200, body: { code: 'orders', value: tableConfigValue(columns) } };
    expect(await saveOrdersColumns(columns)).toBe(true);
    expect(edge.calls[0]).toMatchObject({ method: 'POST', path: '/api/orders/table-config', body: { value: tableConfigValue(columns) } });
    expect(keys($visibleOrdersColumns.get())).toEqual(['order_name']);
  });

  it('a refused save changes nothing; default columns saves null', async () => {
    edge.answers['/api/orders/table-config'] = { status: 500, body: { error: 'x' } };
    expect(await saveOrdersColumns(resolveColumns(null).map((column) => ({ ...column, visible: false })))).toBe(false);
    expect($visibleOrdersColumns.get().length).toBeGreaterThan(0);
    edge.answers['/api/orders/table-config'] = { status: 200, body: { code: 'orders', value: null } };
    expect(await resetOrdersColumns()).toBe(true);
    expect(edge.calls.at(-1)?.body).toEqual({ value: null });
  });
});
