import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Router } from 'wouter';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { navigate, useAppLocation } from '../../shell/app/hashLocation';
import { RouteGuard } from '../../shell/app/RouteGuard';
import { ROUTES } from '../../shell/app/routes';
import { resetAccount } from '../../src/stores/account';
import { setNavigator } from '../../shell/stores/navigation';
import { $token, clearSession } from '../../src/stores/session';
import { useApiFake } from '../support/apiFake';
import { settle } from '../support/settle';

const edge = useApiFake();
let root: Root;

async function landAt(account: Record<string, unknown>): Promise<string> {
  $token.set('t');
  edge.answers['/api/account/config'] = { status: 200, body: { account: { name: 'A', expired: false, ...account }, user: { id: 1, name: 'U' } } };
  window.history.replaceState(null, '', '/#/');
  const host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () =>
    root.render(
      <Router hook={useAppLocation}>
        <RouteGuard>
          <p>screen</p>
        </RouteGuard>
      </Router>,
    ),
  );
  await settle();
  return location.hash;
}

beforeEach(() => {
  setNavigator(navigate);
  clearSession();
  resetAccount();
});
afterEach(() => act(async () => root?.unmount()));

describe("rule: '/' (and so a fresh sign-in) lands on the account's start page", () => {
  it('a stored start page whose screen exists', async () => {
    expect(await landAt({ id: 5, landing_path: '/remnants' })).toBe('#/remnants');
  });

  it('no stored value: the default', async () => {
    expect(await landAt({ id: 5, landing_path: null })).toBe('#/orders');
  });

  it('a start page this build has no screen for falls back to the default instead of a missing page', async () => {
    expect(await landAt({ id: 5, landing_path: '/no-such-screen' })).toBe('#/orders');
    const documents = ROUTES.some((route) => route.path === '/documents');
    resetAccount();
    await act(async () => root.unmount());
    expect(await landAt({ id: 148, landing_path: '/documents' })).toBe(documents ? '#/documents' : '#/orders');
  });
});
