import { act } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { PublicFrame } from '../../../../shell/app/PublicFrame';
import { ROUTES } from '../../../../shell/app/routes';
import { PUBLIC_ROUTE_NAMES, PUBLIC_ROUTE_PATHS } from '../../../../src/domain/publicMode';
import { $path, setNavigator } from '../../../../shell/stores/navigation';
import { clearNotifications } from '../../../../src/stores/notifications';
import { resetPublicSession } from '../../../../shell/features/publicOrder/publicSession';
import { clearSession, savePublicToken } from '../../../../src/stores/session';
import { useApiFake } from '../../../support/apiFake';
import { all, get, render } from '../../../ui/render';
import { settle } from '../../../support/settle';

const edge = useApiFake();
const config = {
  account: { id: 1, name: 'Demo Trading', is_kommo: false, currency: 'RUB' },
  user: { id: 5, name: 'Olga Smirnova', email: 'customer@stockroom.local', phone: null, has_password: true },
  session: { kind: 'customer', order_id: null },
};

beforeEach(() => {
  clearSession();
  clearNotifications();
  resetPublicSession();
  setNavigator(() => undefined);
});

/** The header is a lazy chunk: wait until it has replaced its placeholder. */
async function headerLoaded(container: HTMLElement) {
  for (let i = 0; i < 100 && !container.querySelector('header nav'); i += 1) await act(async () => new Promise((resolve) => setTimeout(resolve, 10)));
  await settle();
}

async function renderFrame() {
  const rendered = render(
    <PublicFrame>
      <p>screen</p>
    </PublicFrame>,
  );
  await headerLoaded(rendered.container);
  return rendered.container;
}

const links = (container: HTMLElement) => all<HTMLAnchorElement>(container, 'header a').map((link) => [link.textContent, link.getAttribute('href')]);

describe('the public frame', () => {
  it("rule: every public-order page sits in the public frame (the spec's names and paths)", () => {
    const publicRoutes = ROUTES.filter((route) => route.layout === 'public');
    for (const route of publicRoutes) {
      expect(PUBLIC_ROUTE_PATHS).toContain(route.path);
      expect(PUBLIC_ROUTE_NAMES).toContain(route.name);
    }
    expect(publicRoutes.map((route) => route.path)).toEqual(expect.arrayContaining(['/publicOrderAuth', '/availablePublicOrderList', '/publicOrderProfile']));
  });

  it("rule: the 'my orders' button links to /availablePublicOrderList, even before sign-in; no profile link then", async () => {
    const container = await renderFrame();
    expect(links(container)).toEqual([['My orders', '#/availablePublicOrderList']]);
    expect(get(container, 'main').textContent).toBe('screen');
    expect(edge.calls).toEqual([]);
  });

  it('signed in: my orders, the profile, the seller and the customer; no staff navigation', async () => {
    savePublicToken('po');
    edge.answers['/api/public-order/config'] = { status: 200, body: config };
    $path.set('/availablePublicOrderList');
    const container = await renderFrame();
    expect(links(container)).toEqual([
      ['My orders', '#/availablePublicOrderList'],
      ['Profile', '#/publicOrderProfile'],
    ]);
    expect(get(container, 'header a[aria-current="page"]').textContent).toBe('My orders');
    expect(get(container, '.public-seller').textContent).toBe('Demo Trading');
    expect(get(container, '.public-customer').textContent).toBe('Olga Smirnova');
    expect(container.querySelector('.shell-nav, [aria-haspopup="menu"]')).toBeNull();
    expect(all(container, '[role="group"] button').map((button) => [button.textContent, button.getAttribute('aria-pressed')])).toEqual([
      ['English', 'true'],
      ['Русский', 'false'],
    ]);
  });
});
