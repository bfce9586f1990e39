import { beforeEach, describe, expect, it } from 'vitest';
import { deleteOrder, getOrdersTableConfig, listOrderFields, listOrders, refundOrder, saveOrdersTableConfig } from '../../../../shell/features/orders/api';
import { dispositionFileName } from '../../../../src/api/transport';
import { setNavigator } from '../../../../shell/stores/navigation';
import { $token } from '../../../../src/stores/session';
import { useApiFake } from '../../../support/apiFake';

const edge = useApiFake();

beforeEach(() => {
  setNavigator(() => undefined);
  $token.set('staff-token');
});

describe('orders API (spec 2 §7 "Orders")', () => {
  it('rule: orders/list, and orders/list-v2 for a test account; both POST the body with the staff token', async () => {
    const page = { data: [], links: { first: null, prev: null, next: null, last: null }, meta: { current_page: 1 } };
    edge.answers['/api/orders/list'] = { status: 200, body: page };
    edge.answers['/api/orders/list-v2'] = { status: 200, body: page };
    await listOrders({ page: 1, filter: { pipeline_id: -1 } });
    await listOrders({ page: 2 }, { testAccount: true });
    expect(edge.calls.map(({ method, path, body, authorization }) => ({ method, path, body, authorization }))).toEqual([
      { method: 'POST', path: '/api/orders/list', body: { page: 1, filter: { pipeline_id: -1 } }, authorization: 'Bearer staff-token' },
      { method: 'POST', path: '/api/orders/list-v2', body: { page: 2 }, authorization: 'Bearer staff-token' },
    ]);
  });

  it('table config is GET and POST { value } on orders/table-config; fields, delete and refund go where the spec says', async () => {
    await getOrdersTableConfig();
    await saveOrdersTableConfig({ order_name: { type: 3, sort: 0, visible: 1 } });
    await listOrderFields();
    await deleteOrder(4);
    await refundOrder(5);
    expect(edge.calls.map(({ method, path, body }) => [method, path, body])).toEqual([
      ['GET', '/api/orders/table-config', null],
      ['POST', '/api/orders/table-config', { value: { order_name: { type: 3, sort: 0, visible: 1 } } }],
      ['GET', '/api/orders/field/list', null],
      ['POST', '/api/orders/delete', { id: 4 }],
      ['GET', '/api/orders/refund', null],
    ]);
    expect(edge.calls[4].query.get('id')).toBe('5');
  });
});

describe('the file name of a download', () => {
  it.each([
    ['attachment; filename="orders-2024-05-01.xlsx"', 'orders-2024-05-01.xlsx'],
    ["attachment; filename=\"x.xlsx\"; filename*=UTF-8''%D0%B7%D0%B0%D0%BA%D0%B0%D0%B7%D1%8B.xlsx", 'заказы.xlsx'],
    ['attachment; filename=plain.xlsx', 'plain.xlsx'],
    ['attachment', null],
    [null, null],
  ])('%s → %s', (header, name) => {
    expect(dispositionFileName(header)).toBe(name);
  });
});
