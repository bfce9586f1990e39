import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import RemnantsScreen from '../../../../shell/features/stock/RemnantsScreen';
import { $selectedProductIds } from '../../../../shell/features/stock/state';
import { setNavigator } from '../../../../shell/stores/navigation';
import { setAvailablePanels } from '../../../../shell/stores/overlayPanels';
import { $editProductIndex, $overlays, closeAllOverlays } from '../../../../shell/stores/overlays';
import type { Account, User } from '../../../../src/contract/account';
import type { StockRow } from '../../../../src/contract/stockList';
import { $account } from '../../../../src/stores/account';
import { $token } from '../../../../src/stores/session';
import { useApiFake } from '../../../support/apiFake';
import { settle } from '../../../support/settle';

/**
 * The stock screen's rules that need no server (issue 13 §2): the buttons each right shows, the bulk buttons acting on the
 * selection only, the product name opening the editor, the empty account's start, and the search
 * written to the address (the list follows the address).
 */
const edge = useApiFake();
const navigations: { path: string; replace?: boolean }[] = [];
let root: Root | null = null;

const ACCOUNT: Account = { id: 1, name: 'Shop', expired: false, separate_rights: true };
const OWNER: User = { id: 1, name: 'Owner', is_owner: true, admin: true, activity: true };
const KEEPER: User = { id: 2, name: 'Keeper', activity: true, editing_remains: false, change_remains: true };
const EDITOR: User = { id: 3, name: 'Editor', activity: true, editing_remains: true, change_remains: false };

function row(id: number, name: string): StockRow {
  return {
    id, type: 'product', name, article: `A-${id}`, unit: 'pcs', category_id: null, category_name: null, tags: [], prices: {}, count: 1, reserve: 0, available: 1,
    cost_price: 2, batch: 'B', warehouse_name: 'Main', batches: [], created_at: '2026-01-01T00:00:00.000Z',
  };
}

function answerRows(rows: StockRow[]) {
  edge.answers['/api/product/stock-list'] = {
    status: 200,
    body: { data: rows, price_fields: [], links: { first: null, prev: null, next: null, last: null }, meta: { current_page: 1, last_page: 1, per_page: 20, total: rows.length } },
  };
}

async function show(user: User): Promise<HTMLElement> {
  $account.set({ loaded: true, account: ACCOUNT, user });
  const host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root?.render(<RemnantsScreen />));
  await settle();
  return host;
}

const buttonNames = (host: HTMLElement) => [...host.querySelectorAll('[role="toolbar"] button')].map((button) => button.textContent?.trim());
const button = (host: ParentNode, name: string) => [...host.querySelectorAll('button')].find((item) => item.textContent?.trim() === name) as HTMLButtonElement;
const click = async (element: Element) => {
  await act(async () => element.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 })));
  await settle();
};

beforeEach(() => {
  navigations.length = 0;
  setNavigator((path, options) => navigations.push({ path, replace: options?.replace }));
  $token.set('staff-token');
  closeAllOverlays();
  $selectedProductIds.set([]);
  setAvailablePanels([]);
  answerRows([row(1, 'Drill'), row(2, 'Saw')]);
  edge.answers['/api/product/stock-totals'] = { status: 200, body: { count: 2, reserve: 0, available: 2, cost_value: 4, sale_value: 0, products: 2 } };
  edge.answers['/api/warehouse/list'] = { status: 200, body: [] };
  edge.answers['/api/category/list'] = { status: 200, body: [] };
  edge.answers['/api/account/table-config'] = { status: 200, body: { code: 'stock_list', value: null } };
});
afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

describe('the stock screen', () => {
  it('shows each button only to the right that may use it: stock movers add, write off and move; product editors edit prices and archive', async () => {
    const all = ['Add goods', 'Write off', 'Move between warehouses', 'Edit price', 'Archive'];
    expect(buttonNames(await show(OWNER))).toEqual(expect.arrayContaining(all));
    await act(async () => root?.unmount());
    const keeper = buttonNames(await show(KEEPER));
    expect(keeper).toEqual(expect.arrayContaining(['Add goods', 'Write off', 'Move between warehouses', 'Export to xlsx']));
    expect(keeper).not.toContain('Edit price');
    expect(keeper).not.toContain('Archive');
    await act(async () => root?.unmount());
    const editor = buttonNames(await show(EDITOR));
    expect(editor).toEqual(expect.arrayContaining(['Edit price', 'Archive', 'Export to xlsx']));
    for (const name of ['Add goods', 'Write off', 'Move between warehouses']) expect(editor).not.toContain(name);
  });

  it('a bulk button acts on the selection (with none, the operation opens with no product chosen, not the whole page); a name opens the editor of that product', async () => {
    const host = await show(OWNER);
    await click(button(host, 'Move between warehouses'));
    expect($selectedProductIds.get()).toEqual([]);
    expect($overlays.get().moveProducts).toBe(true);
    closeAllOverlays();
    $selectedProductIds.set([2]);
    await click(button(host, 'Edit price'));
    expect($selectedProductIds.get()).toEqual([2]);
    expect($overlays.get().editPrice).toBe(true);
    closeAllOverlays();
    await click(button(host, 'Saw'));
    expect($overlays.get().editProduct).toBe(true);
    expect($editProductIndex.get().index).toBe(2);
  });

  it('an empty account gets a friendly start: add the first product opens the editor with no product; Import shows only once its panel exists', async () => {
    answerRows([]);
    let host = await show(OWNER);
    const start = host.querySelector('[data-testid="stock-empty"]');
    expect(start?.textContent).toContain('Your stock is empty');
    expect(button(host, 'Import products')).toBeUndefined();
    await click(button(host, 'Add the first product'));
    expect($overlays.get().editProduct).toBe(true);
    expect($editProductIndex.get().index).toBeNull();
    closeAllOverlays();
    await act(async () => root?.unmount());
    setAvailablePanels(['import']);
    host = await show(OWNER);
    await click(button(host, 'Import products'));
    expect($overlays.get().import).toBe(true);
  });

  it('typing a search writes it to the address, replacing the entry (Back leaves the search, not each letter)', async () => {
    const host = await show(OWNER);
    const input = host.querySelector<HTMLInputElement>('#stock-search')!;
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    act(() => {
      setter?.call(input, 'dri');
      input.dispatchEvent(new Event('input', { bubbles: true }));
      setter?.call(input, 'drill');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await settle(4, 30);
    expect(navigations).toEqual([{ path: '/remnants?q=drill', replace: true }]);
  });
});
