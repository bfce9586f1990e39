import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../../src/api/transport';
import { $path, setNavigator } from '../../../shell/stores/navigation';
import { $notifications, clearNotifications } from '../../../src/stores/notifications';
import { $publicToken, $token, $tokenFailed, clearSession } from '../../../src/stores/session';
import { shellHttpClients } from '../../../shell/app/httpClients';
import { startLoopbackServer, type LoopbackServer } from '../../support/loopbackServer';

let server: LoopbackServer;
let staff: ApiClient;
let publicClient: ApiClient;
const navigations: string[] = [];

beforeAll(async () => {
  server = await startLoopbackServer();
  ({ staff, public: publicClient } = shellHttpClients(`${server.url}/api`));
});
afterAll(() => server.close());

beforeEach(() => {
  navigations.length = 0;
  setNavigator((path) => navigations.push(path));
  clearSession();
  clearNotifications();
  server.requests.length = 0;
  $path.set('/orders');
});
afterEach(() => clearNotifications());

describe('shell clients: requests', () => {
  it('sends the main token as a bearer Authorization header and returns the data', async () => {
    $token.set('main-123');
    server.reply('/api/account/config', { status: 200, body: { account: { id: 1 } } });
    const result = await staff.get<{ account: { id: number } }>('account/config');
    expect(result).toEqual({ ok: true, status: 200, data: { account: { id: 1 } } });
    expect(server.requests[0].authorization).toBe('Bearer main-123');
  });

  it('sends no Authorization header without a token, and query params URL-encoded', async () => {
    server.reply('/api/orders/get-products-autocomplete', { status: 200, body: [] });
    await staff.get('orders/get-products-autocomplete', { q: 'a&b c', leadId: 5, skip: undefined });
    expect(server.requests[0].authorization).toBeUndefined();
    expect(server.requests[0].url).toBe('/api/orders/get-products-autocomplete?q=a%26b+c&leadId=5');
  });

  it('public client: bearer public token and orders/ becomes public-order/', async () => {
    $publicToken.set('pub-9');
    server.reply('/api/public-order/order', { status: 200, body: { id: 3 } });
    const result = await publicClient.get('orders/order', { order_id: 3 });
    expect(result.ok).toBe(true);
    expect(server.requests[0].url).toBe('/api/public-order/order?order_id=3');
    expect(server.requests[0].authorization).toBe('Bearer pub-9');
  });

  it('POST sends a JSON body', async () => {
    server.reply('/api/auth/login', { status: 200, body: { success: true, access_token: 'x' } });
    await staff.post('auth/login', { login: 'a@b.c', password: 'p' });
    expect(server.requests[0].method).toBe('POST');
    expect(JSON.parse(server.requests[0].body)).toEqual({ login: 'a@b.c', password: 'p' });
  });
});

describe('shell clients: failure rules (spec 2 §8)', () => {
  it('no server reply → error notification with the network-error text and a network-error result', async () => {
    const dead = await startLoopbackServer();
    const deadUrl = dead.url;
    await dead.close();
    const client = shellHttpClients(deadUrl).staff;
    const result = await client.get('account/config');
    expect(result).toEqual({ ok: false, status: 0, data: undefined, networkError: true });
    const [note] = $notifications.get();
    expect(note.type).toBe(3);
    expect(note.text).toBe('Network error or server unavailable');
  });

  it('403 on a staff page → token cleared, token marked failed, sign-in page, response returned', async () => {
    $token.set('stale');
    server.reply('/api/account/config', { status: 403, body: { error: 'Token expired' } });
    const result = await staff.get('account/config');
    expect(result).toMatchObject({ ok: false, status: 403, data: { error: 'Token expired' } });
    expect($token.get()).toBeNull();
    expect(localStorage.getItem('TOKEN')).toBeNull();
    expect($tokenFailed.get()).toBe(true);
    expect(navigations).toEqual(['/authorization']);
    expect($notifications.get()).toHaveLength(0);
  });

  it('403 on the public client → public token cleared, public sign-in page', async () => {
    $token.set('staff-stays');
    $publicToken.set('pub-stale');
    $path.set('/publicOrder');
    server.reply('/api/public-order/order', { status: 403, body: {} });
    await publicClient.get('orders/order', { order_id: 1 });
    expect($publicToken.get()).toBeNull();
    expect($token.get()).toBe('staff-stays');
    expect($tokenFailed.get()).toBe(false);
    expect(navigations).toEqual(['/publicOrderAuth']);
  });

  it('the client that got the 403 decides which token is cleared, not the page showing', async () => {
    $token.set('staff-stale');
    $publicToken.set('public-stays');
    $path.set('/publicOrder');
    server.reply('/api/account/config', { status: 403, body: {} });
    await staff.get('account/config');
    expect($token.get()).toBeNull();
    expect($publicToken.get()).toBe('public-stays');
    expect(navigations).toEqual(['/authorization']);
  });

  it('403 inside a frame → /Error_token_not_valid', async () => {
    vi.stubGlobal('top', {});
    $token.set('stale');
    server.reply('/api/account/config', { status: 403, body: {} });
    await staff.get('account/config');
    expect(navigations).toEqual(['/Error_token_not_valid']);
  });

  it('402 → /many-accounts and the response is returned, no notification', async () => {
    server.reply('/api/account/user/add', { status: 402, body: { error: 'Tariff' } });
    const result = await staff.post('account/user/add', { name: 'x' });
    expect(result).toMatchObject({ ok: false, status: 402 });
    expect(navigations).toEqual(['/many-accounts']);
    expect($notifications.get()).toHaveLength(0);
  });

  it.each([
    [{ error: 'Such a user already exists.' }, 'Such a user already exists.'],
    [{ message: 'From message' }, 'From message'],
    [{ error: '', message: 'Message wins over empty error' }, 'Message wins over empty error'],
    [{}, ''],
  ])('other error %j → type-3 notification titled with what failed (issue 19 §5: saving the order), body %j', async (body, text) => {
    server.reply('/api/orders/update', { status: 422, body });
    const result = await staff.post('orders/update', {});
    expect(result).toMatchObject({ ok: false, status: 422 });
    const [note] = $notifications.get();
    expect($notifications.get()).toHaveLength(1);
    expect(note).toMatchObject({ type: 3, header: 'Order not saved', text });
  });

  it.each([
    ['staff', 'POST', 'contact/update', 'Customer not saved'],
    ['staff', 'GET', 'company/delete', 'Customer not deleted'],
    ['staff', 'POST', 'orders/delete', 'Order not deleted'],
    ['staff', 'POST', 'orders/archive', 'Order not archived'],
    ['staff', 'POST', 'product/update', 'Product not saved'],
    ['staff', 'POST', 'stock/write-off', 'Stock not changed'],
    ['staff', 'GET', 'orders/custom-doc/delete', 'Document not deleted'],
    ['public', 'POST', 'orders/update', 'Order not saved'],
    ['public', 'GET', 'public-order/profile', 'Data not loaded'],
    ['staff', 'POST', 'orders/list', 'Data not loaded'],
    ['staff', 'POST', 'something/else', 'Something went wrong...'],
  ] as const)('rule: a failed %s %s %s is titled %j; a call no entry names keeps the global text', async (client, method, path, header) => {
    const sent = client === 'public' ? `/api/${path.replace(/^orders\/update$/, 'public-order/order/update')}` : `/api/${path}`;
    server.reply(sent, { status: 422, body: { error: 'Refused here' } });
    const api = client === 'public' ? publicClient : staff;
    await (method === 'GET' ? api.get(path) : api.post(path, {}));
    expect($notifications.get()).toHaveLength(1);
    expect($notifications.get()[0]).toMatchObject({ type: 3, header, text: 'Refused here' });
  });

  it('a non-JSON error body still gives a notification with an empty text', async () => {
    server.reply('/api/orders/list', { status: 500, text: 'Internal' });
    const result = await staff.post('orders/list', {});
    expect(result).toMatchObject({ ok: false, status: 500, data: undefined });
    expect($notifications.get()[0].text).toBe('');
  });
});
