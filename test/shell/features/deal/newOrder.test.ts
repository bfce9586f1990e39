import { beforeEach, describe, expect, it } from 'vitest';
import { announceLocation, holdsNavigation, setNavigator } from '../../../../shell/stores/navigation';
import { clearNotifications } from '../../../../src/stores/notifications';
import {
  $order,
  $orderDraft,
  $orderId,
  $orderLoad,
  $unsaved,
  addProductToOrder,
  editOrder,
  guardLeaving,
  markUnsaved,
  openDeal,
  reloadOrder,
  resetOrderStateAfterNavigation,
  saveOrder,
} from '../../../../shell/features/deal/state';
import { UNSTORED_ORDER_ID } from '../../../../shell/features/deal/newOrder';
import { $orderClient, loadOrderClient, setOrderCustomer } from '../../../../shell/features/deal/orderClient';
import { $token } from '../../../../src/stores/session';
import { useApiFake } from '../../../support/apiFake';
import { settle } from '../../../support/settle';
import { position, staffOrder } from './orderFixtures';

/** Issue 19 §2: "Create order" shows a new order that is stored only at its first change, so leaving stores nothing. */

const edge = useApiFake();
const moves: { path: string; replace?: boolean }[] = [];
const callsTo = (path: string) => edge.callsTo(path);

beforeEach(() => {
  moves.length = 0;
  // As the shell's router: asks the leave guard, then moves and announces the new address (which resets the deal).
  setNavigator((path, options) => {
    if (holdsNavigation(path)) return;
    moves.push({ path, ...(options?.replace && { replace: true }) });
    const [route, search = ''] = path.split('?');
    announceLocation({ path: route, search });
  });
  resetOrderStateAfterNavigation({ hasOrderId: false, isNew: false });
  guardLeaving(false);
  clearNotifications();
  $token.set('staff-token');
});

async function openedNew() {
  await openDeal(null);
  guardLeaving(true);
}

describe('a new order is stored at its first change (issue 19 §2)', () => {
  it('rule: with no order_id nothing is stored: the screen shows an unstored order, no call made, the address kept', async () => {
    await openedNew();
    await openDeal(null);
    expect(edge.calls).toEqual([]);
    expect(moves).toEqual([]);
    expect([$order.get()?.id, $order.get()?.positions, $orderId.get(), $orderLoad.get()]).toEqual([UNSTORED_ORDER_ID, [], null, 'ready']);
    expect(await reloadOrder()).toBe(false);
    expect(edge.calls).toEqual([]);
  });

  it('rule: leaving an untouched new order stores nothing', async () => {
    await openedNew();
    markUnsaved();
    // Back (or another address): the router announces the move and the deal state is reset.
    announceLocation({ path: '/orders', search: '' });
    await settle();
    expect(edge.calls).toEqual([]);
    expect($order.get()).toBeNull();
  });

  it('rule: the first change (a name) stores the order with it in one orders/add, and the address is replaced with its id', async () => {
    edge.answers['/api/orders/add'] = { body: staffOrder({ id: 42, name: 'Acme', fields: { name: 'Acme' }, positions: [] }) };
    await openedNew();
    editOrder({ name: 'Acme' });
    await settle();
    expect(callsTo('/api/orders/add').map((call) => call.body)).toEqual([{ name: 'Acme' }]);
    // Replaced, not pushed: Back from the order leaves to where the user came from; the leave guard lets it through.
    expect(moves).toEqual([{ path: '/addToDeal?order_id=42', replace: true }]);
    expect([$orderId.get(), $order.get()?.id, $order.get()?.name, $orderLoad.get()]).toEqual([42, 42, 'Acme', 'ready']);
    expect([$unsaved.get(), $orderDraft.get()]).toEqual([false, {}]);
    // The screen opening for the new address does not load it again.
    await openDeal(42);
    expect(edge.calls.map((call) => call.path)).toEqual(['/api/orders/add']);
  });

  it('edits made while orders/add is on its way make no second order and stay, unsaved, over the stored one', async () => {
    edge.answers['/api/orders/add'] = { body: staffOrder({ id: 42, name: 'Acme', fields: { name: 'Acme' }, positions: [] }) };
    const held = edge.hold('/api/orders/add');
    await openedNew();
    editOrder({ name: 'Acme' });
    editOrder({ tags: ['vip'] });
    const saved = saveOrder();
    await settle();
    held.releaseAll();
    expect(await saved).toBe('saved');
    expect(callsTo('/api/orders/add')).toHaveLength(1);
    expect($order.get()?.id).toBe(42);
    expect([$orderDraft.get(), $unsaved.get()]).toEqual([{ name: 'Acme', tags: ['vip'] }, true]);
  });

  it('rule: adding a position stores the order first, then adds the position to it', async () => {
    edge.answers['/api/orders/add'] = { body: staffOrder({ id: 42, positions: [], version: 1 }) };
    edge.answers['/api/orders/product/add'] = { body: staffOrder({ id: 42, positions: [position()], version: 2 }) };
    await openedNew();
    expect(await addProductToOrder('3%%%main', 2)).toBe(true);
    expect(edge.calls.map((call) => call.path)).toEqual(['/api/orders/add', '/api/orders/product/add']);
    expect(callsTo('/api/orders/product/add')[0].body).toEqual({ order_id: 42, product: '3%%%main', quantity: 2 });
    expect([$order.get()?.id, $order.get()?.positions.length]).toEqual([42, 1]);
    expect(moves).toEqual([{ path: '/addToDeal?order_id=42', replace: true }]);
  });

  it('rule: choosing a client stores the order first, then sets the client on it', async () => {
    edge.answers['/api/orders/add'] = { body: staffOrder({ id: 42, positions: [], version: 1 }) };
    edge.answers['/api/orders/client-update'] = { body: staffOrder({ id: 42, positions: [], company: { id: 3, name: 'Acme' }, version: 2 }) };
    await openedNew();
    await loadOrderClient(UNSTORED_ORDER_ID);
    expect(edge.calls).toEqual([]);
    expect(await setOrderCustomer('company', { id: 3, name: 'Acme' } as never)).toBe(true);
    expect(edge.calls.map((call) => call.path)).toEqual(['/api/orders/add', '/api/orders/client-update']);
    expect(callsTo('/api/orders/client-update')[0].body).toEqual({ id: 42, company_id: 3 });
    expect([$orderClient.get().orderId, $order.get()?.version]).toEqual([42, 2]);
  });

  it('a refused orders/add keeps the edit unsaved on the new order, and saving tries again', async () => {
    edge.answers['/api/orders/add'] = { status: 500, body: { error: 'Server error' } };
    await openedNew();
    editOrder({ name: 'Acme' });
    await settle();
    expect([$order.get()?.id, $orderDraft.get(), $unsaved.get(), moves]).toEqual([UNSTORED_ORDER_ID, { name: 'Acme' }, true, []]);
    edge.answers['/api/orders/add'] = { body: staffOrder({ id: 42, name: 'Acme', fields: { name: 'Acme' }, positions: [] }) };
    expect(await saveOrder()).toBe('saved');
    expect(callsTo('/api/orders/add').map((call) => call.body)).toEqual([{ name: 'Acme' }, { name: 'Acme' }]);
    expect([$order.get()?.id, $unsaved.get()]).toEqual([42, false]);
  });

  it('an orders/add answer arriving after the user left is not shown', async () => {
    edge.answers['/api/orders/add'] = { body: staffOrder({ id: 42, positions: [] }) };
    const held = edge.hold('/api/orders/add');
    await openedNew();
    editOrder({ name: 'Acme' });
    await settle();
    announceLocation({ path: '/orders', search: '' });
    held.releaseAll();
    await settle();
    expect([$order.get(), moves]).toEqual([null, []]);
  });
});
