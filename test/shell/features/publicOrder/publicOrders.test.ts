import { beforeEach, describe, expect, it } from 'vitest';
import {
  $hasMorePublicOrders,
  $publicOrderRows,
  $publicOrders,
  loadMorePublicOrders,
  loadPublicOrders,
  PLACEHOLDER_ORDERS,
  resetPublicOrders,
} from '../../../../shell/features/publicOrder/publicOrders';
import { setNavigator } from '../../../../shell/stores/navigation';
import { clearNotifications } from '../../../../src/stores/notifications';
import { $publicToken, clearSession, savePublicToken } from '../../../../src/stores/session';
import { useApiFake } from '../../../support/apiFake';
import { orderPage as page, publicOrder } from '../../../support/publicOrders';

const edge = useApiFake();
const LIST = '/api/public-order/order/list';

beforeEach(() => {
  clearSession();
  clearNotifications();
  setNavigator(() => undefined);
  savePublicToken('po-token');
  resetPublicOrders();
});

describe('the placeholder sample list of six (shell §3)', () => {
  it('rule: while the store holds none, the list shows six sample entries of id, name and active', () => {
    expect($publicOrders.get().orders).toBeNull();
    const view = $publicOrderRows.get();
    expect(view.placeholder).toBe(true);
    expect(view.rows).toHaveLength(6);
    expect(view.rows).toBe(PLACEHOLDER_ORDERS);
    for (const row of view.rows) expect(Object.keys(row).sort()).toEqual(['active', 'id', 'name']);
    // Sample ids can never be mistaken for a real order.
    expect(new Set(view.rows.map((row) => row.id)).size).toBe(6);
    expect(view.rows.every((row) => row.id < 0)).toBe(true);
  });

  it('rule: once the store holds the orders, only they are shown — no sample rows', async () => {
    edge.answers[LIST] = page([publicOrder(11), publicOrder(12, { active: false })]);
    await loadPublicOrders();
    const view = $publicOrderRows.get();
    expect(view.placeholder).toBe(false);
    expect(view.rows.map((row) => [row.id, row.active])).toEqual([
      [11, true],
      [12, false],
    ]);
  });

  it('rule: an answer with no orders is a list the store holds (empty), not a reason for samples', async () => {
    edge.answers[LIST] = page([]);
    await loadPublicOrders();
    expect($publicOrderRows.get()).toEqual({ placeholder: false, rows: [] });
  });

  it('a failed first load leaves the store holding none (the screen shows the failure)', async () => {
    edge.answers[LIST] = { status: 500, body: { error: 'down' } };
    await loadPublicOrders();
    expect($publicOrders.get()).toMatchObject({ status: 'failed', orders: null });
    expect($publicOrderRows.get().placeholder).toBe(true);
  });
});

describe('loading the list', () => {
  it('POST public-order/order/list with the public token (POTOKEN) as bearer, page 1 and 20 per page', async () => {
    edge.answers[LIST] = page([publicOrder(1)]);
    await loadPublicOrders();
    expect(edge.calls[0]).toMatchObject({ method: 'POST', path: LIST, authorization: 'Bearer po-token', body: { page: 1, per_page: 20 } });
  });

  it('a search is sent trimmed and kept for the next pages', async () => {
    edge.answers[LIST] = page([publicOrder(1)], 1, 2, 21);
    await loadPublicOrders('  chairs ');
    expect(edge.calls[0].body).toEqual({ page: 1, per_page: 20, search: 'chairs' });
    await loadMorePublicOrders();
    expect(edge.calls[1].body).toEqual({ page: 2, per_page: 20, search: 'chairs' });
  });

  it('show more appends the next page once, skipping an order already shown', async () => {
    edge.answers[LIST] = page([publicOrder(1), publicOrder(2)], 1, 2, 3);
    await loadPublicOrders();
    expect($hasMorePublicOrders.get()).toBe(true);
    edge.answers[LIST] = page([publicOrder(2), publicOrder(3)], 2, 2, 3);
    await loadMorePublicOrders();
    expect($publicOrders.get().orders?.map((order) => order.id)).toEqual([1, 2, 3]);
    expect($hasMorePublicOrders.get()).toBe(false);
    await loadMorePublicOrders();
    expect(edge.calls).toHaveLength(2);
  });

  it('rule: another session never sees the previous one\'s orders — a new public token empties the store', async () => {
    edge.answers[LIST] = page([publicOrder(1)]);
    await loadPublicOrders();
    savePublicToken('other-customer');
    expect($publicOrders.get().orders).toBeNull();
    expect($publicOrderRows.get().placeholder).toBe(true);
  });

  it('an answer for a session since ended is dropped', async () => {
    edge.answers[LIST] = page([publicOrder(1)]);
    const pending = loadPublicOrders();
    $publicToken.set(null);
    await pending;
    expect($publicOrders.get().orders).toBeNull();
  });
});
