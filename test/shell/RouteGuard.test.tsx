import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Router } from 'wouter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { navigate, useAppLocation } from '../../shell/app/hashLocation';
import { listenToLocation } from '../../shell/app/locationSync';
import { RouteGuard } from '../../shell/app/RouteGuard';
import { resetAccount } from '../../src/stores/account';
import { setNavigator } from '../../shell/stores/navigation';
import { $order, $unsaved } from '../../shell/features/deal/state';
import { $publicToken, $token, clearSession } from '../../src/stores/session';
import { useApiFake } from '../support/apiFake';
import { showDealOrder } from '../support/dealOrder';
import { staffOrder } from './features/deal/orderFixtures';
import { settle } from '../support/settle';

const edge = useApiFake();
let root: Root;
const container = () => document.body.querySelector('#root') as HTMLElement;

async function render() {
  const host = document.createElement('div');
  host.id = 'root';
  document.body.append(host);
  root = createRoot(host);
  await act(async () =>
    root.render(
      <Router hook={useAppLocation}>
        <RouteGuard>
          <p data-testid="screen">screen</p>
        </RouteGuard>
      </Router>,
    ),
  );
  await settle();
}

beforeEach(() => {
  setNavigator(navigate);
  clearSession();
  resetAccount();
  window.history.replaceState(null, '', '/#/clients');
});
afterEach(() => act(async () => root?.unmount()));

describe('RouteGuard', () => {
  it('shows a loading state while the account loads, then the screen', async () => {
    $token.set('t');
    edge.answers['/api/account/config'] = { status: 200, body: { account: { id: 1, name: 'A', expired: false }, user: { id: 1, name: 'U' } } };
    await render();
    expect(container().querySelector('[data-testid="screen"]')).not.toBeNull();
    expect(edge.calls.map((call) => call.path)).toEqual(['/api/account/config']);
  });

  it('a failed account load offers a retry, and the retry opens the screen', async () => {
    $token.set('t');
    edge.answers['/api/account/config'] = { status: 500, body: { error: 'down' } };
    await render();
    const retry = container().querySelector('button');
    expect(retry?.textContent).toBe('Try again');
    expect(container().querySelector('[data-testid="screen"]')).toBeNull();
    edge.answers['/api/account/config'] = { status: 200, body: { account: { id: 1, name: 'A', expired: false }, user: { id: 1, name: 'U' } } };
    await act(async () => retry?.click());
    await settle();
    expect(container().querySelector('[data-testid="screen"]')).not.toBeNull();
  });

  it('a redirect replaces the address (no token → /authorization)', async () => {
    await render();
    expect(window.location.hash).toBe('#/authorization');
    expect(container().querySelector('[data-testid="screen"]')).not.toBeNull();
  });

  it('a differently spelled address (case, trailing slash) meets the same rules', async () => {
    window.history.replaceState(null, '', '/#/Many-Accounts/');
    await render();
    expect(window.location.hash).toBe('#/Many-Accounts/');
    expect(container().querySelector('[data-testid="screen"]')).not.toBeNull();
  });
});

describe('location sync', () => {
  it('a navigation clears the order state and the unsaved flag before the new screen renders', async () => {
    const stop = listenToLocation(window);
    await showDealOrder(edge, staffOrder({ id: 3 }));
    $unsaved.set(true);
    navigate('/documents');
    expect([$order.get(), $unsaved.get()]).toEqual([null, false]);
    await showDealOrder(edge, staffOrder({ id: 4 }));
    navigate('/documents?isNew=1');
    expect($order.get()?.id).toBe(4);
    stop();
  });

  it('rule: a second public link opened in the same tab (only the hash changes) is exchanged, stored and cleaned from the address', async () => {
    const stop = listenToLocation(window);
    edge.answers['/api/public-order/token/get'] = { status: 200, body: { token: 'session-2', order_id: 15 } };
    window.location.hash = '#/publicOrder?order_id=9&public_token=second';
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    await settle();
    expect(edge.calls.filter((call) => call.path === '/api/public-order/token/get').map((call) => (call.body as { public_token?: string }).public_token)).toEqual(['second']);
    expect($publicToken.get()).toBe('session-2');
    expect(window.location.hash).toBe('#/publicOrder?order_id=9');
    stop();
  });
});
