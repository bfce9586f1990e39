import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { announceLocation, holdsNavigation, setNavigator } from '../../../../shell/stores/navigation';
import { clearNotifications } from '../../../../src/stores/notifications';
import {
  $dealTab,
  $order,
  $orderDraft,
  $orderId,
  $orderLoad,
  $pendingLeave,
  $positionDrafts,
  $saveConflict,
  $saving,
  $unsaved,
  confirmLeave,
  guardLeaving,
  resetOrderStateAfterNavigation,
  SAVING_INDICATOR_MS,
  addProductToOrder,
  discardDraft,
  editOrder,
  openDeal,
  reloadKeepingDraft,
  removePosition,
  saveOrder,
  setPositionCount,
  setPositionPrice,
  setPositionPriceField,
  setPositionValue,
} from '../../../../shell/features/deal/state';
import { draftSum, withDraft } from '../../../../shell/features/deal/draftView';
import { $token } from '../../../../src/stores/session';
import { useApiFake } from '../../../support/apiFake';
import { showDealOrder } from '../../../support/dealOrder';
import { position, staffOrder } from './orderFixtures';

const edge = useApiFake();
const navigations: { path: string; replace?: boolean }[] = [];
const STALE = 'The order has been changed since you opened it. Reload it and try again.';


beforeEach(() => {
  navigations.length = 0;
  setNavigator((path, options) => navigations.push({ path, ...(options?.replace && { replace: true }) }));
  resetOrderStateAfterNavigation({ hasOrderId: false, isNew: false });
  guardLeaving(false);
  clearNotifications();
  $token.set('staff-token');
});
afterEach(() => {
  vi.useRealTimers();
});

async function opened(order = staffOrder()) {
  edge.answers['/api/orders/order'] = { status: 200, body: order };
  await openDeal(order.id);
  edge.calls.length = 0;
}

describe('create or load (spec 1 §4 order editing)', () => {
  it('rule: with an order_id the order of that id is loaded (orders/order), nothing created', async () => {
    edge.answers['/api/orders/order'] = { status: 200, body: staffOrder() };
    await openDeal(7);
    expect(edge.calls.map((call) => [call.method, call.path, call.query.get('order_id'), call.authorization])).toEqual([['GET', '/api/orders/order', '7', 'Bearer staff-token']]);
    expect([$order.get()?.name, $orderLoad.get()]).toEqual(['Deal with Acme', 'ready']);
  });

  it('a refused load leaves the screen in its failed state', async () => {
    edge.answers['/api/orders/order'] = { status: 404, body: { error: 'No such order' } };
    await openDeal(8);
    expect([$orderLoad.get(), $order.get()]).toEqual(['failed', null]);
  });

  it('an answer for an order the user has since left is dropped', async () => {
    edge.answers['/api/orders/order'] = { status: 200, body: staffOrder() };
    const first = openDeal(7);
    resetOrderStateAfterNavigation({ hasOrderId: false, isNew: false });
    await first;
    expect($order.get()).toBeNull();
  });
});

describe('the draft and the unsaved flag (spec 1 §4: any change raises it)', () => {
  beforeEach(() => opened());

  it('a count change raises the flag and is kept apart from the loaded order', () => {
    setPositionCount(11, 3);
    expect($unsaved.get()).toBe(true);
    expect($positionDrafts.get()).toEqual({ 11: { count: 3 } });
    expect($order.get()?.positions[0].count).toBe(2);
  });

  it('rule: the count is capped at the available count (spec 1 §5)', () => {
    expect(setPositionCount(11, 40)).toBe(5);
    expect($positionDrafts.get()[11]).toEqual({ count: 5 });
  });

  it('a value edited back to the loaded one is nothing to send (but the flag stays raised)', () => {
    setPositionCount(11, 3);
    setPositionCount(11, 2);
    expect($positionDrafts.get()[11]).toBeUndefined();
    expect($unsaved.get()).toBe(true);
  });

  it('price, price type, product field values and order details each raise the flag', () => {
    for (const change of [
      () => setPositionPrice(11, 999),
      () => setPositionPriceField(11, 'wholesale'),
      () => setPositionValue(11, 'brand', 'Bosch'),
      () => editOrder({ name: 'Renamed' }),
    ]) {
      $unsaved.set(false);
      change();
      expect($unsaved.get()).toBe(true);
    }
  });

  it('a new price type shows the product’s price of that type and drops a typed price', () => {
    setPositionPrice(11, 999);
    setPositionPriceField(11, 'wholesale');
    const shown = withDraft($order.get()!.positions[0], $positionDrafts.get()[11]);
    expect([shown.price_field, shown.price, shown.sum]).toEqual(['wholesale', 1000, 2000]);
    expect($positionDrafts.get()[11]).toEqual({ price_field: 'wholesale' });
  });

  it('the order sum follows the draft', () => {
    setPositionCount(11, 4);
    expect(draftSum($order.get()!, $positionDrafts.get())).toBe(4800);
  });

  it('rule: the sum shown before saving is what the server will store — each line rounded to cents, half up', () => {
    // 2.01 × 0.5 = 1.005, held in binary as 1.00499999…: a plain Math.round(x * 100) / 100 gives 1.00.
    setPositionPrice(11, 2.01);
    setPositionCount(11, 0.5);
    expect(withDraft($order.get()!.positions[0], $positionDrafts.get()[11]).sum).toBe(1.01);
    expect(draftSum($order.get()!, $positionDrafts.get())).toBe(1.01);
  });
});

describe('save (spec 1 §4 saving)', () => {
  beforeEach(() => opened());

  it('updates the order with its version and the changed positions only, clears the flag, and takes the answer as the order', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    edge.answers['/api/orders/update'] = { status: 200, body: staffOrder({ version: 4, positions: [position({ count: 3 })] }) };
    setPositionCount(11, 3);
    editOrder({ name: 'Renamed', status_id: 2, pipeline_id: 1 });
    const saving = saveOrder();
    expect($saving.get()).toBe(true);
    expect(await saving).toBe('saved');
    expect(edge.calls.map((call) => [call.method, call.path])).toEqual([['POST', '/api/orders/update']]);
    expect(edge.calls[0].body).toEqual({ id: 7, version: 3, name: 'Renamed', status_id: 2, pipeline_id: 1, positions: [{ id: 11, count: 3 }] });
    expect([$unsaved.get(), $positionDrafts.get(), $orderDraft.get(), $order.get()?.version, $order.get()?.positions[0].count]).toEqual([false, {}, {}, 4, 3]);
    // The saving indicator stays for 3 s from the start of the save.
    expect($saving.get()).toBe(true);
    vi.advanceTimersByTime(SAVING_INDICATOR_MS - 1);
    expect($saving.get()).toBe(true);
    vi.advanceTimersByTime(1);
    expect($saving.get()).toBe(false);
  });

  it("rule: one writer: saving applies the server's answer without a refetch", async () => {
    const answer = staffOrder({ version: 4, name: 'As saved', positions: [position({ count: 5, sum: 6000 })] });
    edge.answers['/api/orders/update'] = { status: 200, body: answer };
    edge.answers['/api/orders/order'] = { status: 200, body: staffOrder({ version: 4, name: 'A second read would say this' }) };
    setPositionCount(11, 5);
    editOrder({ name: 'As saved' });
    expect(await saveOrder()).toBe('saved');
    // One call: the update. Its answer is the order now shown, exactly as the server sent it.
    expect(edge.calls).toHaveLength(1);
    expect(edge.callsTo('/api/orders/update')).toHaveLength(1);
    expect(edge.callsTo('/api/orders/order')).toEqual([]);
    expect($order.get()).toEqual(answer);
    expect([$unsaved.get(), $orderLoad.get()]).toEqual([false, 'ready']);
  });

  it('rule: the update payload never carries contacts and company (spec 2 §5)', async () => {
    const { updateOrder } = await import('../../../../shell/features/deal/api');
    edge.answers['/api/orders/update'] = { status: 200, body: staffOrder() };
    await updateOrder({ id: 7, version: 3, contacts: [{ id: 1 }], company: { id: 2 }, name: 'x' });
    expect(edge.calls[0].body).toEqual({ id: 7, version: 3, name: 'x' });
  });

  it("rule: a card's field edit belongs to its position: it goes with that position in orders/update and no product is written (issue 19 §2)", async () => {
    const values = { ...position().fields, brand: 'Bosch' };
    edge.answers['/api/orders/update'] = { status: 200, body: staffOrder({ version: 4, positions: [position({ fields: values })] }) };
    setPositionValue(11, 'brand', 'Bosch');
    await saveOrder();
    expect(edge.calls.map((call) => call.path)).toEqual(['/api/orders/update']);
    expect(edge.calls[0].body).toEqual({ id: 7, version: 3, positions: [{ id: 11, fields: { brand: 'Bosch' } }] });
    expect([$positionDrafts.get(), $unsaved.get()]).toEqual([{}, false]);
    expect($order.get()?.positions[0].fields).toEqual(values);
  });

  it('a field edited back to the loaded value is nothing to send', () => {
    const loaded = position().fields.brand;
    setPositionValue(11, 'brand', 'Bosch');
    setPositionValue(11, 'brand', loaded);
    expect($positionDrafts.get()[11]).toBeUndefined();
  });

  it('rule: a stale save (409) tells the user, keeps every typed change and offers to reload', async () => {
    edge.answers['/api/orders/update'] = { status: 409, body: { error: STALE, version: 5 } };
    setPositionCount(11, 4);
    editOrder({ name: 'Mine' });
    expect(await saveOrder()).toBe('conflict');
    expect([$saveConflict.get(), $unsaved.get(), $positionDrafts.get(), $orderDraft.get()]).toEqual([true, true, { 11: { count: 4 } }, { name: 'Mine' }]);
    // Reloading keeps the draft over the order as it is now, and the next save sends the new version.
    edge.answers['/api/orders/order'] = { status: 200, body: staffOrder({ version: 5, name: 'Theirs' }) };
    await reloadKeepingDraft();
    expect([$saveConflict.get(), $order.get()?.version, $positionDrafts.get()[11], $orderDraft.get().name]).toEqual([false, 5, { count: 4 }, 'Mine']);
    edge.answers['/api/orders/update'] = { status: 200, body: staffOrder({ version: 6 }) };
    edge.calls.length = 0;
    await saveOrder();
    expect(edge.calls[0].body).toMatchObject({ version: 5, name: 'Mine', positions: [{ id: 11, count: 4 }] });
  });

  it('after a conflict the user may discard their changes instead', async () => {
    edge.answers['/api/orders/update'] = { status: 409, body: { error: STALE } };
    edge.answers['/api/orders/order'] = { status: 200, body: staffOrder({ version: 5 }) };
    setPositionCount(11, 4);
    await saveOrder();
    await discardDraft();
    expect([$saveConflict.get(), $unsaved.get(), $positionDrafts.get(), $order.get()?.version]).toEqual([false, false, {}, 5]);
  });

  it('any other refusal keeps the draft and the flag too', async () => {
    edge.answers['/api/orders/update'] = { status: 422, body: { error: 'Not enough stock' } };
    setPositionCount(11, 4);
    expect(await saveOrder()).toBe('failed');
    expect([$saveConflict.get(), $unsaved.get(), $positionDrafts.get()]).toEqual([false, true, { 11: { count: 4 } }]);
  });

  it('an edit made while the save is on its way stays unsaved', async () => {
    edge.answers['/api/orders/update'] = { status: 200, body: staffOrder({ version: 4 }) };
    setPositionCount(11, 3);
    const saving = saveOrder();
    setPositionCount(11, 4);
    await saving;
    expect([$positionDrafts.get()[11], $unsaved.get()]).toEqual([{ count: 4 }, true]);
  });
});

describe('positions added and deleted at once', () => {
  beforeEach(() => opened());

  it('orders/product/add with the identifier and quantity; the answer (new version) becomes the order, the draft stays', async () => {
    setPositionCount(11, 3);
    edge.answers['/api/orders/product/add'] = { status: 200, body: staffOrder({ version: 4, positions: [position(), position({ id: 12, product_id: 150, type: 'service', available: null })] }) };
    expect(await addProductToOrder('150', 1)).toBe(true);
    expect(edge.calls[0].body).toEqual({ order_id: 7, product: '150', quantity: 1 });
    expect([$order.get()?.version, $order.get()?.positions.length, $positionDrafts.get()[11]]).toEqual([4, 2, { count: 3 }]);
  });

  it('rule: an older answer never replaces a newer order — a reload sent before an add but answered after it is dropped', async () => {
    let answerReload: (value?: unknown) => void = () => undefined;
    edge.answers['/api/orders/order'] = { status: 200, body: staffOrder({ version: 3 }), after: new Promise((resolve) => (answerReload = resolve)) };
    const reload = reloadKeepingDraft();
    edge.answers['/api/orders/product/add'] = { status: 200, body: staffOrder({ version: 4, positions: [position(), position({ id: 12, product_id: 150, type: 'service', available: null })] }) };
    expect(await addProductToOrder('150', 1)).toBe(true);
    answerReload();
    await reload;
    expect([$order.get()?.version, $order.get()?.positions.length]).toEqual([4, 2]);
  });

  it('deleting a position drops its draft', async () => {
    setPositionCount(11, 3);
    edge.answers['/api/orders/product/delete'] = { status: 200, body: staffOrder({ version: 4, positions: [] }) };
    expect(await removePosition(11)).toBe(true);
    expect(edge.calls[0].body).toEqual({ id: 11, order_id: 7 });
    expect($positionDrafts.get()).toEqual({});
  });

});

describe('leaving with unsaved changes (spec 2 §5)', () => {
  beforeEach(() => opened());

  it('holds a move only while the deal screen guards and the draft is unsaved, and asks with the target kept', () => {
    setPositionCount(11, 3);
    expect(holdsNavigation('/orders')).toBe(false);
    guardLeaving(true);
    expect(holdsNavigation('/orders')).toBe(true);
    expect($pendingLeave.get()).toBe('/orders');
  });

  it('nothing unsaved: nothing held', () => {
    guardLeaving(true);
    expect(holdsNavigation('/orders')).toBe(false);
  });

  it('a lost session is never held back', () => {
    guardLeaving(true);
    setPositionCount(11, 3);
    expect(holdsNavigation('/authorization')).toBe(false);
  });

  it('leaving drops the draft and makes the held move', () => {
    guardLeaving(true);
    setPositionCount(11, 3);
    holdsNavigation('/orders?page=2');
    confirmLeave();
    expect([$unsaved.get(), $positionDrafts.get(), $pendingLeave.get(), navigations]).toEqual([false, {}, null, [{ path: '/orders?page=2' }]]);
  });
});

describe('reset after navigation (spec 1 §4)', () => {
  beforeEach(() => opened());

  it('clears the order, the draft, the flags and the tab; keeps the id only when the target has one', () => {
    setPositionCount(11, 3);
    editOrder({ name: 'x' });
    $dealTab.set('documents');
    resetOrderStateAfterNavigation({ hasOrderId: true, isNew: false });
    expect([$order.get(), $unsaved.get(), $positionDrafts.get(), $orderDraft.get(), $dealTab.get(), $orderId.get(), $orderLoad.get()]).toEqual([null, false, {}, {}, 'products', 7, 'idle']);
    resetOrderStateAfterNavigation({ hasOrderId: false, isNew: false });
    expect($orderId.get()).toBeNull();
  });

  it('a route with an isNew parameter keeps everything', () => {
    setPositionCount(11, 3);
    resetOrderStateAfterNavigation({ hasOrderId: false, isNew: true });
    expect([$order.get()?.id, $unsaved.get(), $positionDrafts.get()]).toEqual([7, true, { 11: { count: 3 } }]);
  });
});

describe('order state after navigation', () => {
  beforeEach(async () => {
    await showDealOrder(edge, staffOrder({ id: 5 }));
    $unsaved.set(true);
    $dealTab.set('client');
  });

  it('clears the order, resets the unsaved flag and the tab, drops the id when the target has none', () => {
    resetOrderStateAfterNavigation({ hasOrderId: false, isNew: false });
    expect([$order.get(), $unsaved.get(), $dealTab.get(), $orderId.get()]).toEqual([null, false, 'products', null]);
  });

  it('keeps the stored id when the target has an order_id', () => {
    resetOrderStateAfterNavigation({ hasOrderId: true, isNew: false });
    expect($orderId.get()).toBe(5);
    expect($unsaved.get()).toBe(false);
  });

  it('a route with an isNew parameter keeps everything', () => {
    resetOrderStateAfterNavigation({ hasOrderId: false, isNew: true });
    expect([$order.get()?.id, $unsaved.get(), $dealTab.get(), $orderId.get()]).toEqual([5, true, 'client', 5]);
  });
});

describe('rule: the router knows nothing of orders — the deal resets itself on the moves it announces', () => {
  beforeEach(() => opened());

  it('a move to another page clears the order; one with an order_id keeps the id; one with isNew keeps everything', () => {
    setPositionCount(11, 3);
    announceLocation({ path: '/addToDeal', search: 'order_id=7&isNew=1' });
    expect([$order.get()?.id, $unsaved.get()]).toEqual([7, true]);
    announceLocation({ path: '/addToDeal', search: 'order_id=7' });
    expect([$order.get(), $unsaved.get(), $orderId.get()]).toEqual([null, false, 7]);
    announceLocation({ path: '/orders', search: '' });
    expect($orderId.get()).toBeNull();
  });
});
