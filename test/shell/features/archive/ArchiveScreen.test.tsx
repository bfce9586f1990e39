import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import ArchiveScreen from '../../../../shell/features/archive/ArchiveScreen';
import { resetArchive } from '../../../../shell/features/archive/state';
import type { User } from '../../../../src/contract/account';
import type { Order } from '../../../../src/contract/orders';
import type { Product } from '../../../../src/contract/stock';
import { setActiveLanguage } from '../../../../src/i18n';
import { $account } from '../../../../src/stores/account';
import { $notifications, clearNotifications } from '../../../../src/stores/notifications';
import { $token } from '../../../../src/stores/session';
import { useApiFake } from '../../../support/apiFake';
import { settle } from '../../../support/settle';

const fake = useApiFake();
let root: Root | null = null;

const page = <T,>(data: T[], total = data.length) => ({ data, links: { first: null, prev: null, next: null, last: null }, meta: { current_page: 1, last_page: Math.max(1, Math.ceil(total / 20)), per_page: 20, total } });
const product = (id: number, name: string): Product => ({
  id, type: 'product', name, article: `A-${id}`, description: '', unit: 'pcs', category_id: null, values: {}, tags: [], archived: true, count: 0, reserve: 0, available: 0, batches: [],
  created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-02T00:00:00.000Z',
});
const order = (id: number, name: string): Order => ({
  id, name, fields: { name }, pipeline_id: 1, status_id: 2, status_name: 'New', status_type: 1, lead_id: null, status: null, user_id: 1, user_name: 'Ann', company: null, contacts: [],
  sum: 10, budget: 10, cost_price: 0, profit: 10, currency: 'RUB', tags: [], stock_state: 'none', products_locked: false, public: false, archived: true, version: 2,
  created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-02T00:00:00.000Z',
});

function signIn(user: Partial<User>) {
  $account.set({ loaded: true, account: { id: 1, name: 'Shop', separate_rights: true } as never, user: { id: 1, name: 'Ann', email: 'a@b.c', ...user } as User });
}

beforeEach(() => {
  setActiveLanguage('en');
  $token.set('staff-token');
  resetArchive();
  clearNotifications();
  signIn({ is_owner: true });
  fake.answers['/api/product/list'] = { body: page([product(5, 'Old drill')]) };
  fake.answers['/api/orders/list'] = { body: page([order(9, 'Old order')]) };
});
afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
});

async function show(): Promise<HTMLElement> {
  const host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root?.render(<ArchiveScreen />));
  await settle();
  return host;
}
const click = async (element: Element | null | undefined) => {
  if (!element) throw new Error('nothing to click');
  await act(async () => element.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true })));
  await settle();
};
const byText = (scope: ParentNode, selector: string, text: string) => [...scope.querySelectorAll(selector)].find((node) => node.textContent?.trim() === text);

describe('/archive', () => {
  it('rule: the Products/Services tab lists archived products from the server (archived only), the Orders tab archived orders of every pipeline', async () => {
    const host = await show();
    expect(fake.callsTo('/api/product/list').at(-1)?.body).toEqual({ page: 1, per_page: 20, filter: { archived: true } });
    expect(host.querySelector('[role="tab"][aria-selected="true"]')?.textContent).toBe('Products/Services');
    expect(host.querySelector('tbody th')?.textContent).toBe('Old drill');
    await click(byText(host, '[role="tab"]', 'Orders'));
    expect(fake.callsTo('/api/orders/list').at(-1)?.body).toEqual({ page: 1, per_page: 20, filter: { archived: true, pipeline_id: -1 } });
    expect(host.querySelector('tbody th a')?.textContent).toBe('Old order');
  });

  it('rule: when orders/list stopped counting a search (total_capped), the pager says the page count is at least that (51+), and exact counts carry no +', async () => {
    const capped = page([order(9, 'Old order')], 1001);
    fake.answers['/api/orders/list'] = { body: { ...capped, meta: { ...capped.meta, total_capped: true } } };
    const host = await show();
    await click(byText(host, '[role="tab"]', 'Orders'));
    expect(host.querySelector('nav[aria-label] span')?.textContent).toBe('Page 1 / 51+');
    fake.answers['/api/orders/list'] = { body: page([order(9, 'Old order')], 1001) };
    await click(byText(host, '[role="tab"]', 'Products/Services'));
    await click(byText(host, '[role="tab"]', 'Orders'));
    expect(host.querySelector('nav[aria-label] span')?.textContent).toBe('Page 1 / 51');
  });

  it('rule: the search goes to the server with the page reset to 1', async () => {
    const host = await show();
    const input = host.querySelector<HTMLInputElement>('input[type="search"]')!;
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, ' drill ');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(async () => host.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true })));
    await settle();
    expect(fake.callsTo('/api/product/list').at(-1)?.body).toEqual({ page: 1, per_page: 20, filter: { archived: true, search: 'drill' } });
  });

  it('rule: un-archive posts the tab\'s call, says so and reloads the tab', async () => {
    fake.answers['/api/product/unarchive'] = { body: { ...product(5, 'Old drill'), archived: false } };
    const host = await show();
    const before = fake.callsTo('/api/product/list').length;
    await click(host.querySelector('button[aria-label="Un-archive Old drill"]'));
    expect(fake.callsTo('/api/product/unarchive').at(-1)?.body).toEqual({ id: 5 });
    expect(fake.callsTo('/api/product/list')).toHaveLength(before + 1);
    expect($notifications.get().map((n) => n.text)).toEqual(['Old drill is back from the archive']);
  });

  it('rule: without the product-editing right there is no un-archive for products, but there is for orders', async () => {
    signIn({ activity: true, editing_remains: false });
    const host = await show();
    expect(host.querySelector('tbody th')?.textContent).toBe('Old drill');
    expect(host.querySelector('button[aria-label^="Un-archive"]')).toBeNull();
    await click(byText(host, '[role="tab"]', 'Orders'));
    expect(host.querySelector('button[aria-label="Un-archive Old order"]')).not.toBeNull();
  });
});
