import { beforeEach, describe, expect, it } from 'vitest';
import ProductEditor from '../../../../shell/features/stock/editor/ProductEditor';
import { holdsNavigation, setNavigator } from '../../../../shell/stores/navigation';
import { $overlays, closeAllOverlays, openOverlay } from '../../../../shell/stores/overlays';
import type { Product } from '../../../../src/contract/stock';
import { $account } from '../../../../src/stores/account';
import { clearNotifications } from '../../../../src/stores/notifications';
import { $token, clearSession } from '../../../../src/stores/session';
import { useApiFake } from '../../../support/apiFake';
import { settle } from '../../../support/settle';
import { all, blur, click, render, typeInto } from '../../../ui/render';

const edge = useApiFake();
const product: Product = {
  id: 5,
  type: 'product',
  name: 'Saw',
  article: 'S-1',
  description: '',
  unit: 'pcs',
  category_id: null,
  values: {},
  tags: [],
  archived: false,
  count: 0,
  reserve: 0,
  available: 0,
  batches: [],
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-02T00:00:00.000Z',
};
const owner = { id: 7, name: 'Dana', email: 'd@example.com', phone: null, admin: true, is_owner: true };
const viewer = { id: 8, name: 'Vic', email: 'v@example.com', phone: null, admin: false, is_owner: false, activity: true, editing_remains: false, change_remains: true };
const navigations: string[] = [];

beforeEach(() => {
  clearSession();
  clearNotifications();
  closeAllOverlays();
  navigations.length = 0;
  setNavigator((path) => navigations.push(path));
  $token.set('staff');
  edge.answers['/api/product/get'] = { status: 200, body: product };
  edge.answers['/api/category/list'] = { status: 200, body: [] };
  edge.answers['/api/product/tags'] = { status: 200, body: ['tools'] };
  edge.answers['/api/field/list'] = { status: 200, body: [] };
});

const buttons = () => all<HTMLButtonElement>(document.body, 'button').map((node) => node.textContent);
const input = (label: string) => {
  const node = all<HTMLLabelElement>(document.body, 'label').find((each) => each.textContent?.startsWith(label));
  if (!node) throw new Error(`no label ${label}`);
  return document.getElementById(node.htmlFor) as HTMLInputElement;
};

describe('product editor overlay', () => {
  it('rule: without the product-editing right the product is read-only: no Save, Duplicate or Archive, every control disabled', async () => {
    $account.set({ loaded: true, account: { id: 1, name: 'Demo', expired: false, separate_rights: true }, user: viewer } as never);
    openOverlay('editProduct', { index: 5 });
    render(<ProductEditor />);
    await settle();
    expect(input('Name').value).toBe('Saw');
    expect(input('Name').disabled).toBe(true);
    expect(buttons()).not.toEqual(expect.arrayContaining(['Save']));
    expect(buttons().filter((text) => text === 'Duplicate' || text === 'Archive')).toEqual([]);
    expect(document.body.textContent).toContain('You do not have the right to edit products');
  });

  it('rule: with unsaved input a move of the app is held and asked about; leaving closes the editor and makes the move', async () => {
    $account.set({ loaded: true, account: { id: 1, name: 'Demo', expired: false }, user: owner } as never);
    openOverlay('editProduct', { index: 5 });
    render(<ProductEditor />);
    await settle();
    expect(holdsNavigation('/orders')).toBe(false);
    typeInto(input('Name'), 'Big saw');
    blur(input('Name'));
    await settle();
    expect(holdsNavigation('/orders')).toBe(true);
    await settle();
    const ask = document.querySelector('[role="alertdialog"]');
    expect(ask?.textContent).toContain('Unsaved changes');
    click(all<HTMLButtonElement>(ask!, 'button').find((node) => node.textContent === 'Leave without saving')!);
    await settle();
    expect($overlays.get().editProduct).toBe(false);
    expect(navigations).toEqual(['/orders']);
  });
});
