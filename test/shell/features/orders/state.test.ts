import { beforeEach, describe, expect, it } from 'vitest';
import type { Order } from '../../../../src/contract/orders';
import { $account, resetAccount } from '../../../../src/stores/account';
import { setNavigator } from '../../../../shell/stores/navigation';
import { $notifications, clearNotifications } from '../../../../src/stores/notifications';
import {
  $ordersList,
  choosePipeline,
  clearFilter,
  exportOrdersFile,
  HIDE_FINAL_KEY,
  listRequestBody,
  loadOrders,
  refundSoldOrder,
  removeOrder,
  resetOrdersList,
  setFilter,
  setPage,
  setSort,
  shareOrder,
  unshareOrder,
  type OrdersListParams,
} from '../../../../shell/features/orders/state';
import { $pipelines, selectPipeline } from '../../../../shell/stores/pipelines';
import { $token } from '../../../../src/stores/session';
import { useApiFake, type FakeCall } from '../../../support/apiFake';
import { settle } from '../../../support/settle';

const edge = useApiFake();
const LIST = '/api/orders/list';

function order(id: number, patch: Partial<Order> = {}): Order {
  return {
    id, name: `Order ${id}`, fields: { name: `Order ${id}` }, pipeline_id: 9, status_id: 91, status_name: 'New', status_type: 1, lead_id: null, status: null,
    user_id: 1, user_name: 'Demo', company: null, contacts: [], sum: 100, budget: 100, cost_price: 60, profit: 40, currency: 'RUB', tags: [],
    stock_state: 'reserved', products_locked: false, public: false, archived: false, version: 1, created_at: '2024-05-01T10:00:00.000Z', updated_at: '2024-05-01T10:00:00.000Z',
    ...patch,
  };
}

function page(ids: number[], current = 1, last = 1, total = ids.length) {
  return { data: ids.map((id) => order(id)), links: { first: null, prev: null, next: null, last: null }, meta: { current_page: current, last_page: last, per_page: 20, total } };
}

const listCalls = () => edge.calls.filter((call) => call.path === LIST || call.path === '/api/orders/list-v2');
const lastBody = () => listCalls().at(-1)?.body as { page: number; per_page: number; filter: Record<string, unknown>; sort: unknown };

beforeEach(async () => {
  setNavigator(() => undefined);
  clearNotifications();
  $token.set('staff-token');
  resetAccount();
  $pipelines.set([{ id: 9, value: 9, name: 'Main', statuses: [], is_system: true }, { id: 4, value: 4, name: 'Wholesale', statuses: [] }]);
  selectPipeline(9);
  edge.answers[LIST] = { status: 200, body: page([1]) };
  await setFilter({ hide_final: false });
  resetOrdersList();
  edge.calls.length = 0;
});

describe('the orders/list body', () => {
  const params = (patch: Partial<OrdersListParams['filter']> = {}): OrdersListParams => ({
    page: 2,
    per_page: 50,
    filter: { search: '', status_ids: [], hide_final: false, created_from: null, created_to: null, kind: null, contact: null, company: null, user_id: null, ...patch },
    sort: { field: 'id', order: 'desc' },
  });

  it("rule: the pipeline is the selection; 'All' and no selection both send -1", () => {
    expect(listRequestBody(params(), 9).filter).toEqual({ pipeline_id: 9 });
    expect(listRequestBody(params(), -1).filter).toEqual({ pipeline_id: -1 });
    expect(listRequestBody(params(), null).filter).toEqual({ pipeline_id: -1 });
  });

  it('sends only what narrows the list: trimmed search, stages, hide_final when on, kind; page, per_page and sort as set', () => {
    expect(listRequestBody(params({ search: '  Order 10 ', status_ids: [3, 5], hide_final: true, kind: 'crm' }), 4)).toEqual({
      page: 2,
      per_page: 50,
      filter: { pipeline_id: 4, search: 'Order 10', status_ids: [3, 5], hide_final: true, kind: 'crm' },
      sort: { field: 'id', order: 'desc' },
    });
    expect(listRequestBody(params({ search: '   ', hide_final: false }), 4).filter).toEqual({ pipeline_id: 4 });
  });

  it('rule: a chosen contact, company and responsible employee are sent by id (names stay on this side)', () => {
    const chosen = params({ contact: { id: 5, name: 'Ivan Petrov' }, company: { id: 3, name: 'Acme' }, user_id: 2 });
    expect(listRequestBody(chosen, 9).filter).toEqual({ pipeline_id: 9, contact_id: 5, company_id: 3, user_id: 2 });
  });

  it('a creation day range covers whole days in the user’s time zone', () => {
    const { filter } = listRequestBody(params({ created_from: '2024-05-01', created_to: '2024-05-03' }), 9);
    expect(new Date(filter!.created_from!).getTime()).toBe(new Date(2024, 4, 1, 0, 0, 0, 0).getTime());
    expect(new Date(filter!.created_to!).getTime()).toBe(new Date(2024, 4, 3, 23, 59, 59, 999).getTime());
    expect(listRequestBody(params({ created_from: 'not a day' }), 9).filter).not.toHaveProperty('created_from');
  });
});

describe('loading the list', () => {
  it('posts orders/list with the staff token and keeps data, meta and links', async () => {
    edge.answers[LIST] = { status: 200, body: page([3, 2], 1, 2, 23) };
    await loadOrders();
    expect(listCalls()).toMatchObject([{ method: 'POST', path: LIST, authorization: 'Bearer staff-token' }]);
    expect(lastBody()).toEqual({ page: 1, per_page: 20, filter: { pipeline_id: 9 }, sort: { field: 'id', order: 'desc' } });
    expect($ordersList.get()).toMatchObject({ status: 'ready', meta: { total: 23, last_page: 2 }, links: { next: null } });
    expect($ordersList.get().data.map((row) => row.id)).toEqual([3, 2]);
  });

  it('rule: a test account (flags.test) lists with orders/list-v2', async () => {
    $account.set({ loaded: true, account: { id: 7, name: 'T', expired: false, flags: { test: true } }, user: null });
    edge.answers['/api/orders/list-v2'] = { status: 200, body: page([5]) };
    await loadOrders();
    expect(listCalls().map((call) => call.path)).toEqual(['/api/orders/list-v2']);
    expect($ordersList.get().data.map((row) => row.id)).toEqual([5]);
  });

  it('rule: the newest request wins — an older answer arriving last is dropped', async () => {
    const held = edge.hold(LIST);
    edge.answers[LIST] = { status: 200, body: page([1]) };
    const first = setFilter({ search: 'old' });
    await settle();
    edge.answers[LIST] = { status: 200, body: page([2]) };
    const second = setFilter({ search: 'new' });
    await settle();
    expect(held.count).toBe(2);
    held.release(1);
    await second;
    held.release(0);
    await first;
    expect($ordersList.get().data.map((row) => row.id)).toEqual([2]);
    expect($ordersList.get().params.filter.search).toBe('new');
  });

  it('a failed load keeps the rows shown so far and says failed', async () => {
    await loadOrders();
    edge.answers[LIST] = { status: 500, body: { error: 'down' } };
    await loadOrders();
    expect($ordersList.get()).toMatchObject({ status: 'failed' });
    expect($ordersList.get().data.map((row) => row.id)).toEqual([1]);
  });

  it('a page past the end (its last rows deleted) shows the last page instead', async () => {
    edge.answers[LIST] = { status: 200, body: page([], 3, 2, 25) };
    const held = edge.hold(LIST);
    const done = setPage(3);
    await settle();
    edge.answers[LIST] = { status: 200, body: page([21, 22, 23, 24, 25], 2, 2, 25) };
    held.release(0);
    await settle();
    expect(held.count).toBe(2);
    held.release(1);
    await done;
    expect(listCalls().map((call) => (call.body as { page: number }).page)).toEqual([3, 2]);
    expect($ordersList.get()).toMatchObject({ status: 'ready', params: { page: 2 } });
  });

  it('a new session forgets the list of the previous one', async () => {
    await loadOrders();
    $token.set('another-token');
    expect($ordersList.get()).toMatchObject({ status: 'idle', data: [] });
  });
});

describe('changing what is listed', () => {
  it('a filter change starts again at page 1', async () => {
    await setPage(3);
    expect(lastBody().page).toBe(3);
    await setFilter({ search: 'abc' });
    expect(lastBody()).toMatchObject({ page: 1, filter: { search: 'abc' } });
  });

  it('rule: hide final stages is sent as filter.hide_final and remembered on the device', async () => {
    await setFilter({ hide_final: true });
    expect(lastBody().filter).toEqual({ pipeline_id: 9, hide_final: true });
    expect(localStorage.getItem(HIDE_FINAL_KEY)).toBe('1');
    resetOrdersList();
    expect($ordersList.get().params.filter.hide_final).toBe(true);
    await setFilter({ hide_final: false });
    expect(localStorage.getItem(HIDE_FINAL_KEY)).toBeNull();
  });

  it("rule: choosing a pipeline saves it under selectedPipeline ('All' as -1) and drops stages of the old one", async () => {
    await setFilter({ status_ids: [91] });
    await choosePipeline(-1);
    expect(localStorage.getItem('selectedPipeline')).toBe('-1');
    expect(lastBody()).toMatchObject({ page: 1, filter: { pipeline_id: -1 } });
    expect(lastBody().filter).not.toHaveProperty('status_ids');
    await choosePipeline(4);
    expect([localStorage.getItem('selectedPipeline'), lastBody().filter.pipeline_id]).toEqual(['4', 4]);
  });

  it('sorting by a column ascends first, the same column again descends', async () => {
    await setSort('name');
    expect(lastBody().sort).toEqual({ field: 'name', order: 'asc' });
    await setSort('name');
    expect(lastBody().sort).toEqual({ field: 'name', order: 'desc' });
    await setSort('sum');
    expect(lastBody().sort).toEqual({ field: 'sum', order: 'asc' });
  });

  it('clear filters keeps the hide-final switch', async () => {
    await setFilter({ hide_final: true, search: 'x', status_ids: [1], kind: 'local', created_from: '2024-01-01', contact: { id: 5, name: 'Ivan' }, company: { id: 3, name: 'Acme' }, user_id: 2 });
    await clearFilter();
    expect(lastBody().filter).toEqual({ pipeline_id: 9, hide_final: true });
  });
});

describe('row actions', () => {
  const pathsAfter = (from: number) => edge.calls.slice(from).map((call: FakeCall) => `${call.method} ${call.path}`);

  it('delete posts orders/delete with the id, then reloads the page', async () => {
    edge.answers['/api/orders/delete'] = { status: 200, body: { success: true } };
    expect(await removeOrder(12)).toBe(true);
    expect(edge.calls[0].body).toEqual({ id: 12 });
    expect(pathsAfter(0)).toEqual(['POST /api/orders/delete', `POST ${LIST}`]);
  });

  it("a refused delete returns false, shows the server's text and does not reload", async () => {
    edge.answers['/api/orders/delete'] = { status: 422, body: { error: 'Cannot delete' } };
    expect(await removeOrder(12)).toBe(false);
    expect(pathsAfter(0)).toEqual(['POST /api/orders/delete']);
    expect($notifications.get().map((n) => n.text)).toEqual(['Cannot delete']);
  });

  it('refund is GET orders/refund?id=…, then the page reloads', async () => {
    edge.answers['/api/orders/refund'] = { status: 200, body: { ...order(12, { stock_state: 'refunded' }), positions: [] } };
    expect(await refundSoldOrder(12)).toBe(true);
    expect(edge.calls[0]).toMatchObject({ method: 'GET', path: '/api/orders/refund' });
    expect(edge.calls[0].query.get('id')).toBe('12');
    expect(pathsAfter(1)).toEqual([`POST ${LIST}`]);
  });

  it('make public: orders/public/link for the order, answering the full address of the link', async () => {
    edge.answers['/api/orders/public/link'] = {
      status: 200,
      body: { id: 1, order_id: 12, customer: null, link_token: 'tok', path: '/#/publicOrder?order_id=12&public_token=tok', created_at: '2024-05-01T10:00:00.000Z' },
    };
    expect(await shareOrder(12)).toBe(`${location.origin}/#/publicOrder?order_id=12&public_token=tok`);
    expect(edge.calls[0].body).toEqual({ order_id: 12 });
  });

  it('unlink removes every link of the order and reloads', async () => {
    edge.answers['/api/orders/public/unlink'] = { status: 200, body: [] };
    expect(await unshareOrder(12)).toBe(true);
    expect(edge.calls[0].body).toEqual({ order_id: 12 });
    expect(pathsAfter(1)).toEqual([`POST ${LIST}`]);
  });
});

describe('export', () => {
  const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

  const EXPORT = '/api/orders/export';

  it('posts the filter and sort of the list (not its page) and answers the file with the server’s name', async () => {
    const bytes = new Uint8Array([0x50, 0x4b, 3, 4]);
    edge.answers[EXPORT] = { bytes, headers: { 'content-type': XLSX, 'content-disposition': 'attachment; filename="orders-2024-05-01.xlsx"' } };
    await setFilter({ search: 'abc', hide_final: true });
    await setPage(2);
    const answer = await exportOrdersFile();
    expect(edge.callsTo(EXPORT).map((call) => [call.method, call.body])).toEqual([['POST', { filter: { pipeline_id: 9, search: 'abc', hide_final: true }, sort: { field: 'id', order: 'desc' } }]]);
    const file = answer && 'file' in answer ? answer.file : null;
    expect(file?.fileName).toBe('orders-2024-05-01.xlsx');
    expect([...new Uint8Array(await file!.blob.arrayBuffer())]).toEqual([0x50, 0x4b, 3, 4]);
  });

  it('rule: a big export (202) answers the task that writes the file, not a file', async () => {
    edge.answers[EXPORT] = { status: 202, body: { task_id: 41 } };
    expect(await exportOrdersFile()).toEqual({ taskId: 41 });
  });

  it("rule: a failed export answers null and the server's text is shown (read from the error's bytes)", async () => {
    const text = 'Import and export are not included in your tariff. Choose a larger tariff to use them.';
    edge.answers[EXPORT] = { status: 422, body: { error: text } };
    expect(await exportOrdersFile()).toBeNull();
    expect($notifications.get().map(({ type, text: body }) => ({ type, body }))).toEqual([{ type: 3, body: text }]);
  });
});
