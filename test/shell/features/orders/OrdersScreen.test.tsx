import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ru from '../../../../locales/ru.json';
import OrdersPage from '../../../../shell/app/OrdersPage';
import { SEARCH_DEBOUNCE_MS } from '../../../../shell/features/orders/SearchBox';
import type { Order } from '../../../../src/contract/orders';
import type { Pipeline } from '../../../../src/contract/pipelines';
import { addMessages, setActiveLanguage } from '../../../../src/i18n';
import { setNavigator } from '../../../../shell/stores/navigation';
import { $notifications, clearNotifications } from '../../../../src/stores/notifications';
import { resetOrdersList, setFilter } from '../../../../shell/features/orders/state';
import { resetOrdersTable } from '../../../../shell/features/orders/tableConfig';
import { $homeBlurred, $overlays, closeAllOverlays } from '../../../../shell/stores/overlays';
import { resetPipelines, selectPipeline } from '../../../../shell/stores/pipelines';
import { resetAccountUsers } from '../../../../shell/features/orders/accountUsers';
import { CUSTOMER_SEARCH_DELAY_MS } from '../../../../src/ui/CustomerSearch';
import { $token } from '../../../../src/stores/session';
import { useApiFake } from '../../../support/apiFake';
import { settle } from '../../../support/settle';

const edge = useApiFake();
const LIST = '/api/orders/list';
const navigations: string[] = [];
let root: Root | null = null;

const PIPELINES: Pipeline[] = [
  {
    id: 9, value: 9, name: 'Main', is_system: true,
    statuses: [
      { id: 91, pipeline_id: 9, name: 'New', type: 0, order_status_type: 1, color: '#99ccff', sort: 0, is_reserve: false, is_write_off: false, is_stocking: false, blocks_products: false },
      { id: 92, pipeline_id: 9, name: 'Done', type: 1, order_status_type: 2, color: '', sort: 1, is_reserve: false, is_write_off: true, is_stocking: false, blocks_products: false },
    ],
  },
  {
    id: 4, value: 4, name: 'Wholesale',
    statuses: [{ id: 41, pipeline_id: 4, name: 'Request', type: 0, order_status_type: 1, color: '', sort: 0, is_reserve: false, is_write_off: false, is_stocking: false, blocks_products: false }],
  },
];

function order(id: number, patch: Partial<Order> = {}): Order {
  return {
    id, name: `Order ${id}`, fields: { name: `Order ${id}` }, pipeline_id: 9, status_id: 91, status_name: 'New', status_type: 1, lead_id: null, status: null,
    user_id: 1, user_name: 'Demo', company: { id: 3, name: 'Acme' }, contacts: [{ id: 5, name: 'Ivan Petrov' }], sum: 1234.5, budget: 1234.5, cost_price: 600, profit: 634.5,
    currency: 'RUB', tags: [], stock_state: 'reserved', products_locked: false, public: false, archived: false, version: 1,
    created_at: '2024-05-01T10:00:00.000Z', updated_at: '2024-05-02T10:00:00.000Z',
    ...patch,
  };
}

function listAnswer(orders: Order[], meta: { current_page?: number; last_page?: number; total?: number } = {}) {
  return {
    status: 200,
    body: { data: orders, links: { first: null, prev: null, next: null, last: null }, meta: { current_page: 1, last_page: 1, per_page: 20, total: orders.length, ...meta } },
  };
}

async function showScreen(): Promise<HTMLElement> {
  const host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  // The screen as /orders shows it: composed with the payments feature's column (shell/app/OrdersPage.tsx).
  await act(async () => root?.render(<OrdersPage />));
  await settle();
  return host;
}

const click = async (element: Element | null | undefined) => {
  if (!element) throw new Error('nothing to click');
  await act(async () => element.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 })));
  await settle();
};
const button = (scope: ParentNode, name: string) =>
  [...scope.querySelectorAll('button')].find((item) => item.textContent?.trim() === name || item.getAttribute('aria-label') === name) as HTMLButtonElement | undefined;
const headers = (host: HTMLElement) => [...host.querySelectorAll('thead th')].map((th) => th.textContent?.replace(/[▲▼↕]/g, '').trim());
const rowCells = (host: HTMLElement, index = 0) => [...host.querySelectorAll('tbody tr')[index].querySelectorAll('td')].map((td) => td.textContent);
const listCalls = () => edge.calls.filter((call) => call.path === LIST);
const lastFilter = () => (listCalls().at(-1)!.body as { filter: Record<string, unknown> }).filter;
const dialog = () => document.body.querySelector<HTMLElement>('[role="dialog"], [role="alertdialog"]');
/** The row's actions: its '⋯' menu's entries. */
async function menuItems(row: Element): Promise<string[]> {
  await click(row.querySelector('button[aria-haspopup="menu"]'));
  const names = [...document.body.querySelectorAll('[role="menu"] [role="menuitem"]')].map((item) => item.textContent ?? '');
  await act(async () => document.body.querySelector('[role="menu"]')?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })));
  return names;
}
async function rowAction(row: Element, name: string) {
  await click(row.querySelector('button[aria-haspopup="menu"]'));
  await click([...document.body.querySelectorAll('[role="menu"] [role="menuitem"]')].find((item) => item.textContent === name));
}

function typeInto(input: HTMLInputElement, text: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  act(() => {
    setter?.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function choose(host: ParentNode, label: string, option: string) {
  const field = [...host.querySelectorAll('.ui-dropdown')].find((item) => item.querySelector('.ui-field__label')?.textContent === label);
  await click(field?.querySelector('[role="combobox"]'));
  await click([...(field?.querySelectorAll('[role="option"]') ?? [])].find((item) => item.textContent?.includes(option)));
}

beforeEach(async () => {
  navigations.length = 0;
  setNavigator((path) => navigations.push(path));
  clearNotifications();
  $token.set('staff-token');
  resetPipelines();
  resetAccountUsers();
  // An id no pipeline has: the selection falls back to the system pipeline, as with nothing saved.
  selectPipeline(0);
  edge.answers[LIST] = listAnswer([]);
  await setFilter({ hide_final: false });
  resetOrdersList();
  resetOrdersTable();
  closeAllOverlays();
  edge.answers['/api/orders/pipelines/list'] = { status: 200, body: PIPELINES };
  edge.answers['/api/orders/field/list'] = { status: 200, body: [] };
  edge.answers['/api/orders/table-config'] = { status: 200, body: { code: 'orders', value: null } };
  // The Payment column (shown by default) asks for the page's payment states.
  edge.answers['/api/payments/orders'] = { status: 200, body: {} };
  edge.calls.length = 0;
});
afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  setActiveLanguage('en');
});

describe('/orders: the table', () => {
  it('rule: the columns are the saved table config, in its order, each cell shown by its type (text, date-time, cost, flag)', async () => {
    edge.answers['/api/orders/table-config'] = {
      status: 200,
      body: {
        code: 'orders',
        value: {
          order_sum: { type: 11, sort: 0, visible: 1 },
          order_name: { type: 3, sort: 1, visible: 1 },
          order_created_at: { type: 8, sort: 2, visible: 1 },
          order_public: { type: 9, sort: 3, visible: 1 },
          company_name: { type: 3, sort: 4, visible: 1 },
          order_id: { type: 3, sort: 5, visible: 0 },
        },
      },
    };
    edge.answers[LIST] = listAnswer([order(1234, { public: true }), order(5, { name: '', fields: { name: '' }, company: null, sum: 0 })]);
    const host = await showScreen();
    expect(headers(host)).toEqual(['Sum', 'Name', 'Created', 'Public', 'Company', 'Actions']);
    expect(host.querySelector('tbody tr button[aria-haspopup="menu"]')?.getAttribute('aria-label')).toBe('Actions: Order 1234');
    const created = new Intl.DateTimeFormat('en', { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }).format(new Date('2024-05-01T10:00:00.000Z'));
    expect(rowCells(host, 0).slice(0, 5)).toEqual(['1,234.50', 'Order 1234', created, '✓', 'Acme']);
    // An order without a name shows the translated default name; an empty value a dash; false flag nothing.
    expect(rowCells(host, 1).slice(0, 5)).toEqual(['0.00', 'New order #5', created, '', '—']);
  });

  it('without saved settings the default columns show, the stage with its colour', async () => {
    edge.answers[LIST] = listAnswer([order(1)]);
    const host = await showScreen();
    expect(headers(host)).toEqual(['No.', 'Name', 'Stage', 'Created', 'Contact', 'Company', 'Sum', 'Profit', 'Public', 'Payment', 'Actions']);
    const stage = host.querySelector<HTMLElement>('td[data-column="order_status"] .orders-stage');
    expect(stage?.textContent).toBe('New');
    expect(stage?.style.background).toContain('#99ccff');
  });

  it("rule: the Payment column shows each order's online payment (paid, awaiting, failed, partly refunded, refunded) from ONE payments/orders call for the page, nothing for an order not paid online", async () => {
    edge.answers[LIST] = listAnswer([order(1), order(2), order(3), order(4), order(5), order(6)]);
    edge.answers['/api/payments/orders'] = { status: 200, body: { 1: 'succeeded', 2: 'pending', 3: 'canceled', 4: 'partly_refunded', 5: 'refunded' } };
    const host = await showScreen();
    await vi.waitFor(() => expect(host.querySelector('td[data-column="order_payment"] [data-payment]')).not.toBeNull());
    const badges = [...host.querySelectorAll('td[data-column="order_payment"]')].map((cell) => cell.textContent);
    expect(badges).toEqual(['Paid', 'Awaiting', 'Failed', 'Partly refunded', 'Refunded', '']);
    const asked = edge.callsTo('/api/payments/orders');
    expect(asked).toHaveLength(1);
    expect(asked[0]!.query.get('order_ids')).toBe('1,2,3,4,5,6');
  });

  it('in Russian the headers, the default order name and the dates follow the language', async () => {
    addMessages('ru', ru);
    setActiveLanguage('ru');
    edge.answers[LIST] = listAnswer([order(5, { name: '', fields: { name: '' } })]);
    const host = await showScreen();
    expect(headers(host)).toEqual(['№', 'Название', 'Этап', 'Создан', 'Контакт', 'Компания', 'Сумма', 'Прибыль', 'Публичный', 'Оплата', 'Действия']);
    // Spec 1 §2, issue 19 §5: Russian dates read dd.mm.yyyy HH:mm, without the comma Intl puts before the time.
    const created = new Intl.DateTimeFormat('ru', { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }).format(new Date('2024-05-01T10:00:00.000Z')).replace(', ', ' ');
    expect(rowCells(host).slice(1, 4)).toEqual(['Новый заказ №5', 'New', created]);
  });

  it("rule: an empty result says 'Nothing found'", async () => {
    const host = await showScreen();
    expect(host.querySelector('[data-testid="orders-table"]')).toBeNull();
    expect(host.querySelector('.orders-state')?.textContent).toBe('Nothing found');
  });

  it('a failed load says so and offers a retry that loads again', async () => {
    edge.answers[LIST] = { status: 500, body: { error: 'down' } };
    const host = await showScreen();
    expect(host.querySelector('[role="alert"]')?.textContent).toContain('Something went wrong...');
    edge.answers[LIST] = listAnswer([order(1)]);
    await click(button(host, 'Try again'));
    expect(host.querySelectorAll('tbody tr')).toHaveLength(1);
  });

  it('the name opens the order on the deal screen; Create order opens it without an order_id', async () => {
    edge.answers[LIST] = listAnswer([order(17)]);
    const host = await showScreen();
    const link = host.querySelector<HTMLAnchorElement>('a.orders-name');
    expect(link?.getAttribute('href')).toBe('#/addToDeal?order_id=17');
    await click(link);
    await click(button(host, 'Create order'));
    expect(navigations).toEqual(['/addToDeal?order_id=17', '/addToDeal']);
  });

  it("a row's actions menu works from the keyboard: ArrowDown opens it on its first entry, arrows move, Escape returns to the button; Open opens the order", async () => {
    edge.answers[LIST] = listAnswer([order(17)]);
    const host = await showScreen();
    const menuButton = host.querySelector<HTMLButtonElement>('tbody tr button[aria-haspopup="menu"]')!;
    menuButton.focus();
    await act(async () => menuButton.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true })));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    const menu = document.body.querySelector<HTMLElement>('[role="menu"]')!;
    expect(menuButton.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement?.textContent).toBe('Open');
    await act(async () => menu.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowUp', bubbles: true })));
    expect(document.activeElement?.textContent).toBe('Delete');
    await act(async () => menu.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })));
    expect([document.body.querySelector('[role="menu"]'), document.activeElement]).toEqual([null, menuButton]);
    await rowAction(host.querySelector('tbody tr')!, 'Open');
    expect(navigations).toEqual(['/addToDeal?order_id=17']);
  });

  it('a sortable header sorts by its field, and says so with aria-sort', async () => {
    edge.answers[LIST] = listAnswer([order(1)]);
    const host = await showScreen();
    const sumHeader = host.querySelector('th[data-column="order_sum"]') as HTMLElement;
    await click(sumHeader.querySelector('button'));
    expect((listCalls().at(-1)!.body as { sort: unknown }).sort).toEqual({ field: 'sum', order: 'asc' });
    expect(host.querySelector('th[data-column="order_sum"]')?.getAttribute('aria-sort')).toBe('ascending');
    expect(host.querySelector('th[data-column="contact_name"] button')).toBeNull();
  });
});

describe('/orders: pipelines, hide final stages, search, filter, paging', () => {
  it("rule: with nothing saved the system pipeline is listed; choosing 'All' sends -1 and is saved for the next visit", async () => {
    edge.answers[LIST] = listAnswer([order(1)]);
    const host = await showScreen();
    expect(lastFilter()).toEqual({ pipeline_id: 9 });
    await choose(host, 'Pipeline', 'All');
    expect(lastFilter()).toEqual({ pipeline_id: -1 });
    expect(localStorage.getItem('selectedPipeline')).toBe('-1');
    await act(async () => root?.unmount());
    edge.calls.length = 0;
    await showScreen();
    expect(lastFilter()).toEqual({ pipeline_id: -1 });
  });

  it('a saved pipeline is restored', async () => {
    selectPipeline(4);
    await showScreen();
    expect(lastFilter()).toEqual({ pipeline_id: 4 });
  });

  it('rule: hide final stages is sent in the filter', async () => {
    edge.answers[LIST] = listAnswer([order(1)]);
    const host = await showScreen();
    const box = [...host.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')].find((input) => input.labels?.[0]?.textContent === 'Hide final stages');
    await click(box);
    expect(lastFilter()).toEqual({ pipeline_id: 9, hide_final: true });
    expect(box?.checked).toBe(true);
  });

  it(`search waits ${SEARCH_DEBOUNCE_MS} ms after typing, Enter searches at once`, async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      edge.answers[LIST] = listAnswer([order(1)]);
      vi.useRealTimers();
      const host = await showScreen();
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const input = host.querySelector<HTMLInputElement>('#orders-search')!;
      const before = listCalls().length;
      typeInto(input, 'Ord');
      typeInto(input, 'Order 10');
      act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 50));
      expect(listCalls()).toHaveLength(before);
      act(() => vi.advanceTimersByTime(60));
      vi.useRealTimers();
      await settle();
      expect(listCalls()).toHaveLength(before + 1);
      expect(lastFilter()).toEqual({ pipeline_id: 9, search: 'Order 10' });
      typeInto(input, 'Order 11');
      await act(async () => input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true })));
      await settle();
      expect(lastFilter()).toEqual({ pipeline_id: 9, search: 'Order 11' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('the filter panel filters by the chosen pipeline’s stages and by kind', async () => {
    edge.answers[LIST] = listAnswer([order(1)]);
    const host = await showScreen();
    const toggle = button(host, 'Filters')!;
    await click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const panel = host.querySelector('[data-testid="orders-filters"]')!;
    await choose(panel, 'Stages', 'Done');
    expect(lastFilter()).toEqual({ pipeline_id: 9, status_ids: [92] });
    await choose(panel, 'Kind', 'CRM deals');
    expect(lastFilter()).toEqual({ pipeline_id: 9, status_ids: [92], kind: 'crm' });
    await click(button(panel, 'Clear filters'));
    expect(lastFilter()).toEqual({ pipeline_id: 9 });
  });

  it('the filter panel narrows by responsible employee and by a contact or company found by name; a chosen one can be taken out', async () => {
    edge.answers[LIST] = listAnswer([order(1)]);
    edge.answers['/api/account/users'] = {
      status: 200,
      body: [
        { id: 1, name: 'Demo', status: 'enabled' },
        { id: 2, name: 'Olga', status: 'enabled' },
        { id: 3, name: 'new@example.com', status: 'invited' },
      ],
    };
    edge.answers['/api/contact/autocomplete'] = { status: 200, body: [{ id: 5, name: 'Ivan Petrov', email: 'ivan@example.com', phone: '', tax_number: '' }] };
    const host = await showScreen();
    await click(button(host, 'Filters'));
    const panel = host.querySelector<HTMLElement>('[data-testid="orders-filters"]')!;
    const employee = [...panel.querySelectorAll('.ui-dropdown')].find((item) => item.querySelector('.ui-field__label')?.textContent === 'Responsible')!;
    await click(employee.querySelector('[role="combobox"]'));
    // Invited members are not responsible for anything yet.
    expect([...employee.querySelectorAll('[role="option"]')].map((item) => item.textContent)).toEqual(['Anyone', 'Demo', 'Olga']);
    await click([...employee.querySelectorAll('[role="option"]')].find((item) => item.textContent === 'Olga'));
    expect(lastFilter()).toEqual({ pipeline_id: 9, user_id: 2 });

    const contactField = [...panel.querySelectorAll<HTMLElement>('.customer-search')].find((item) => item.textContent?.includes('Contact'))!;
    typeInto(contactField.querySelector<HTMLInputElement>('input[role="combobox"]')!, 'iv');
    await act(async () => new Promise((resolve) => setTimeout(resolve, CUSTOMER_SEARCH_DELAY_MS + 30)));
    await settle();
    expect(edge.calls.filter((call) => call.path === '/api/contact/autocomplete').length).toBe(1);
    const option = contactField.querySelector<HTMLElement>('[role="option"]')!;
    act(() => {
      option.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, cancelable: true }));
    });
    await settle();
    expect(lastFilter()).toEqual({ pipeline_id: 9, user_id: 2, contact_id: 5 });
    expect(panel.querySelector('.orders-chip')?.textContent).toContain('Ivan Petrov');

    await click(button(panel, 'Remove Ivan Petrov from the filter'));
    expect(lastFilter()).toEqual({ pipeline_id: 9, user_id: 2 });
    await click(button(panel, 'Clear filters'));
    expect(lastFilter()).toEqual({ pipeline_id: 9 });
  });

  it('rule: paging — page numbers, previous and next ask for that page; the current one is marked', async () => {
    edge.answers[LIST] = listAnswer([order(1)], { current_page: 1, last_page: 3, total: 45 });
    const host = await showScreen();
    expect(host.querySelector('.orders-pager')?.textContent).toContain('1–1 of 45');
    expect(button(host, 'Page 1')?.getAttribute('aria-current')).toBe('page');
    expect(button(host, 'Previous page')?.disabled).toBe(true);
    edge.answers[LIST] = listAnswer([order(21)], { current_page: 2, last_page: 3, total: 45 });
    await click(button(host, 'Page 2'));
    expect((listCalls().at(-1)!.body as { page: number }).page).toBe(2);
    expect(button(host, 'Page 2')?.getAttribute('aria-current')).toBe('page');
    edge.answers[LIST] = listAnswer([order(41)], { current_page: 3, last_page: 3, total: 45 });
    await click(button(host, 'Next page'));
    expect((listCalls().at(-1)!.body as { page: number }).page).toBe(3);
    expect(button(host, 'Next page')?.disabled).toBe(true);
  });

  it('Update list loads the same page again', async () => {
    edge.answers[LIST] = listAnswer([order(1)]);
    const host = await showScreen();
    const before = listCalls().length;
    await click(button(host, 'Update list'));
    expect(listCalls()).toHaveLength(before + 1);
  });
});

describe('/orders: table settings', () => {
  it('rule: Columns opens the table settings (the tableSettings overlay); hide and reorder, Save posts orders/table-config and the table follows', async () => {
    edge.answers[LIST] = listAnswer([order(1)]);
    const host = await showScreen();
    await click(button(host, 'Columns'));
    expect($overlays.get().tableSettings).toBe(true);
    expect($homeBlurred.get()).toBe(true);
    const panel = dialog()!;
    expect(panel.querySelector('h2')?.textContent).toBe('Table settings');
    const box = (name: string) => [...panel.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')].find((input) => input.labels?.[0]?.textContent === name)!;
    await click(box('Stage'));
    await click(box('Tags'));
    await click(button(panel, 'Move Sum up'));
    await click(button(panel, 'Move Tags up'));
    // The server answers what it saved (and reads it back from then on).
    let stored: unknown = null;
    edge.answers['/api/orders/table-config'] = (call) => {
      if (call.method === 'POST') stored = (call.body as { value: unknown }).value;
      return { status: 200, body: { code: 'orders', value: stored } };
    };
    const save = edge.calls.length;
    await click(button(panel, 'Save'));
    const saved = edge.calls.slice(save).find((call) => call.method === 'POST' && call.path === '/api/orders/table-config');
    const value = (saved!.body as { value: Record<string, { sort: number; visible: number; type: number }> }).value;
    expect(value.order_status.visible).toBe(0);
    expect(value.order_tags).toMatchObject({ visible: 1, type: 6 });
    expect(value.order_sum.sort).toBe(value.company_name.sort - 1);
    expect(dialog()).toBeNull();
    expect($overlays.get().tableSettings).toBe(false);
    expect(headers(host)).toEqual(['No.', 'Name', 'Created', 'Contact', 'Sum', 'Company', 'Tags', 'Profit', 'Public', 'Payment', 'Actions']);
  });

  it('at least one column must stay shown; Escape closes without saving', async () => {
    edge.answers[LIST] = listAnswer([order(1)]);
    const host = await showScreen();
    await click(button(host, 'Columns'));
    const panel = dialog()!;
    for (const input of panel.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')) if (input.checked) await click(input);
    await click(button(panel, 'Save'));
    expect(panel.querySelector('[role="alert"]')?.textContent).toBe('Choose at least one column');
    expect(edge.calls.some((call) => call.method === 'POST' && call.path === '/api/orders/table-config')).toBe(false);
    await act(async () => panel.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })));
    expect(dialog()).toBeNull();
    expect(host.querySelectorAll('thead th').length).toBeGreaterThan(1);
  });

  it('leaving the screen closes the table settings, so nothing stays blurred', async () => {
    const host = await showScreen();
    await click(button(host, 'Columns'));
    await act(async () => root?.unmount());
    root = null;
    expect($overlays.get().tableSettings).toBe(false);
  });
});

describe('/orders: row actions and export', () => {
  it("rule: delete asks 'Are you sure you want to delete it?'; Cancel does nothing, Delete posts orders/delete, reloads and says 'Order #7 deleted'", async () => {
    edge.answers[LIST] = listAnswer([order(7)]);
    edge.answers['/api/orders/delete'] = { status: 200, body: { success: true } };
    const host = await showScreen();
    const row = host.querySelector('tbody tr')!;
    await rowAction(row, 'Delete');
    expect(dialog()?.getAttribute('role')).toBe('alertdialog');
    expect(dialog()?.textContent).toContain('Are you sure you want to delete it?');
    await click(button(dialog()!, 'Cancel'));
    expect(edge.calls.some((call) => call.path === '/api/orders/delete')).toBe(false);
    await rowAction(row, 'Delete');
    const before = listCalls().length;
    await click(button(dialog()!, 'Delete'));
    expect(edge.calls.find((call) => call.path === '/api/orders/delete')?.body).toEqual({ id: 7 });
    expect(listCalls()).toHaveLength(before + 1);
    expect($notifications.get().map((n) => n.header)).toEqual(['Order #7 deleted']);
  });

  it("rule: 'Archive order' posts orders/archive at once (the archive gives it back), says 'Order #7 archived' — 'Order has been successfully archived' — and reloads the list; its Undo posts orders/unarchive", async () => {
    edge.answers[LIST] = listAnswer([order(7), order(8)]);
    edge.answers['/api/orders/archive'] = { status: 200, body: { ...order(7, { archived: true }), positions: [] } };
    const host = await showScreen();
    const before = listCalls().length;
    await rowAction(host.querySelector('tbody tr')!, 'Archive order');
    expect(dialog()).toBeNull();
    expect(edge.calls.find((call) => call.path === '/api/orders/archive')?.body).toEqual({ id: 7 });
    expect(listCalls()).toHaveLength(before + 1);
    expect($notifications.get().map((n) => [n.header, n.text, n.action?.label])).toEqual([['Order #7 archived', 'Order has been successfully archived', 'Undo']]);

    edge.answers['/api/orders/unarchive'] = { status: 200, body: { ...order(7), positions: [] } };
    // The screen has no notification area of its own here: Undo is pressed through the store (NotificationArea.test.tsx presses the button).
    await act(async () => $notifications.get()[0].action?.run());
    await vi.waitFor(() => expect($notifications.get().map((n) => n.header).at(-1)).toBe('Order #7 is back from the archive'));
    expect(edge.calls.find((call) => call.path === '/api/orders/unarchive')?.body).toEqual({ id: 7 });
    expect(listCalls()).toHaveLength(before + 2);
  });

  it("rule: the toolbar's 'Positions' opens /positions (it is not in the main navigation)", async () => {
    edge.answers[LIST] = listAnswer([order(7)]);
    const host = await showScreen();
    await click(button(host, 'Positions'));
    expect(navigations.at(-1)).toBe('/positions');
  });

  it('rule: refund is offered only for a written-off (sold) order, after a confirmation', async () => {
    edge.answers[LIST] = listAnswer([order(1, { stock_state: 'written_off' }), order(2)]);
    edge.answers['/api/orders/refund'] = { status: 200, body: { ...order(1, { stock_state: 'refunded' }), positions: [] } };
    const host = await showScreen();
    const [sold, open] = host.querySelectorAll('tbody tr');
    expect(await menuItems(open)).toEqual(['Open', 'Public order', 'Archive order', 'Delete']);
    expect(await menuItems(sold)).toEqual(['Open', 'Refund', 'Public order', 'Archive order', 'Delete']);
    await rowAction(sold, 'Refund');
    expect(dialog()?.textContent).toContain('Return the goods of this order to stock?');
    await click(button(dialog()!, 'Refund'));
    const refund = edge.calls.find((call) => call.path === '/api/orders/refund');
    expect(refund?.query.get('id')).toBe('1');
  });

  it("rule: make public creates a link and copies it; when copying fails: 'Text not copied automatically. Try manually' with the link selectable", async () => {
    edge.answers[LIST] = listAnswer([order(3)]);
    edge.answers['/api/orders/public/link'] = {
      status: 200,
      body: { id: 8, order_id: 3, customer: null, link_token: 'abc', path: '/#/publicOrder?order_id=3&public_token=abc', created_at: '2024-05-01T10:00:00.000Z' },
    };
    const writeText = vi.fn().mockRejectedValue(new Error('denied'));
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const host = await showScreen();
    await rowAction(host.querySelector('tbody tr')!, 'Public order');
    const url = `${location.origin}/#/publicOrder?order_id=3&public_token=abc`;
    expect(edge.calls.find((call) => call.path === '/api/orders/public/link')?.body).toEqual({ order_id: 3 });
    expect(writeText).toHaveBeenCalledWith(url);
    const linkDialog = dialog()!;
    expect(linkDialog.querySelector('[role="status"]')?.textContent).toBe('Text not copied automatically. Try manually');
    const field = linkDialog.querySelector<HTMLInputElement>('input')!;
    expect([field.value, field.readOnly, document.activeElement === field]).toEqual([url, true, true]);
  });

  it('a copied link says so', async () => {
    edge.answers[LIST] = listAnswer([order(3, { public: true })]);
    edge.answers['/api/orders/public/link'] = {
      status: 200,
      body: { id: 8, order_id: 3, customer: null, link_token: 'abc', path: '/#/publicOrder?order_id=3&public_token=abc', created_at: '2024-05-01T10:00:00.000Z' },
    };
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: vi.fn().mockResolvedValue(undefined) } });
    const host = await showScreen();
    await rowAction(host.querySelector('tbody tr')!, 'Link');
    expect(dialog()?.querySelector('[role="status"]')?.textContent).toBe('Text copied');
  });

  it('unlink (for a public order) asks first, then removes its links', async () => {
    edge.answers[LIST] = listAnswer([order(3, { public: true })]);
    edge.answers['/api/orders/public/unlink'] = { status: 200, body: [] };
    const host = await showScreen();
    const row = host.querySelector('tbody tr')!;
    expect(await menuItems(row)).toEqual(['Open', 'Link', 'Unlink', 'Archive order', 'Delete']);
    await rowAction(row, 'Unlink');
    await click(button(dialog()!, 'Unlink'));
    expect(edge.calls.find((call) => call.path === '/api/orders/public/unlink')?.body).toEqual({ order_id: 3 });
  });

  it("rule: export downloads the xlsx the server answers; a failed export says 'The export failed' and shows the server's text", async () => {
    edge.answers[LIST] = listAnswer([order(1)]);
    const host = await showScreen();
    edge.answers['/api/orders/export'] = { bytes: new Uint8Array([0x50, 0x4b]), headers: { 'content-disposition': 'attachment; filename="orders-2024-05-01.xlsx"' } };
    const createObjectURL = vi.fn(() => 'blob:orders');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const downloads: string[] = [];
    const clickSpy = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(`${this.download} ${this.href}`);
    });
    await click(button(host, 'Export'));
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(downloads).toEqual(['orders-2024-05-01.xlsx blob:orders']);
    clickSpy.mockRestore();

    edge.answers['/api/orders/export'] = { status: 422, body: { error: 'Import and export are not included in your tariff.' } };
    await click(button(host, 'Export'));
    expect(host.querySelector('.orders-error[role="alert"]')?.textContent).toBe('The export failed');
    expect($notifications.get().map((n) => n.text)).toContain('Import and export are not included in your tariff.');
  });
});
