import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Router } from 'wouter';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { navigate, useAppLocation } from '../../../../shell/app/hashLocation';
import { listenToLocation, syncLocation } from '../../../../shell/app/locationSync';
import DealScreen from '../../../../shell/features/deal/DealScreen';
import { $account, resetAccount } from '../../../../src/stores/account';
import { resetDealCatalogue } from '../../../../shell/features/deal/catalogue';
import { resetDisplayMode } from '../../../../shell/features/deal/displayMode';
import { $path, setNavigator } from '../../../../shell/stores/navigation';
import { $notifications, clearNotifications } from '../../../../src/stores/notifications';
import { $dealTab, $positionDrafts, $unsaved, resetOrderStateAfterNavigation } from '../../../../shell/features/deal/state';
import { resetPublicLink } from '../../../../shell/features/deal/publicLink';
import { resetPipelines } from '../../../../shell/stores/pipelines';
import { $publicToken, $token } from '../../../../src/stores/session';
import { useApiFake } from '../../../support/apiFake';
import { blur, typeInto } from '../../../ui/render';
import { CATEGORIES, FIELDS, position, staffOrder } from './orderFixtures';
import { settle } from '../../../support/settle';

const edge = useApiFake();
const STALE = 'The order has been changed since you opened it. Reload it and try again.';
let root: Root | null = null;
let stopListening: (() => void) | null = null;
let host: HTMLElement;

const PIPELINES = [
  {
    id: 1,
    name: 'Main pipeline',
    value: 1,
    is_system: true,
    statuses: [
      { id: 1, pipeline_id: 1, name: 'New', type: 0, order_status_type: 1, color: '#99ccff', sort: 0, is_reserve: false, is_write_off: false, is_stocking: false, blocks_products: false },
      { id: 2, pipeline_id: 1, name: 'Reserved', type: 0, order_status_type: 1, color: '#ffcc66', sort: 1, is_reserve: true, is_write_off: false, is_stocking: false, blocks_products: false },
    ],
  },
];

async function show(hash: string) {
  stopListening = listenToLocation(window);
  window.history.replaceState(null, '', `/#${hash}`);
  // happy-dom may report the replaced hash as a hashchange a moment later: let that pass before the screen opens.
  await settle();
  syncLocation();
  $path.set(hash.split('?')[0]);
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () =>
    root?.render(
      <Router hook={useAppLocation}>
        <DealScreen />
      </Router>,
    ),
  );
  await settle();
}

function answerStaffCatalogue(order = staffOrder()) {
  edge.answers['/api/orders/order'] = { status: 200, body: order };
  edge.answers['/api/orders/fields'] = { status: 200, body: FIELDS };
  edge.answers['/api/orders/categories'] = { status: 200, body: CATEGORIES };
  edge.answers['/api/orders/pipelines/list'] = { status: 200, body: PIPELINES };
  edge.answers['/api/warehouse/list'] = { status: 200, body: [{ id: 1, name: 'Main warehouse', code: 'main', is_main: true }] };
}

const button = (name: string) => [...document.body.querySelectorAll('button')].find((el) => el.textContent === name) as HTMLButtonElement | undefined;
const click = async (element: Element | undefined) => {
  await act(async () => element?.dispatchEvent(new MouseEvent('click', { bubbles: true })));
  await settle();
};
const countInput = () => host.querySelector('.product-card__count') as HTMLInputElement;
async function typeCount(text: string) {
  const input = countInput();
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  await act(async () => {
    setter?.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
const saveStatus = () => host.querySelector('.deal-save__status')?.textContent;
const callsTo = (path: string) => edge.calls.filter((call) => call.path === path);

beforeEach(() => {
  setNavigator(navigate);
  resetOrderStateAfterNavigation({ hasOrderId: false, isNew: false });
  resetDealCatalogue();
  resetPipelines();
  resetPublicLink();
  resetDisplayMode();
  resetAccount();
  clearNotifications();
  $token.set('staff-token');
  $publicToken.set(null);
  $account.set({ loaded: true, account: { id: 1, name: 'Demo', expired: false, separate_rights: true }, user: { id: 1, name: 'Demo admin', admin: true } });
});
afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  stopListening?.();
  stopListening = null;
});

describe('deal screen: create or load (spec 1 §4)', () => {
  it('rule: with no order_id a new order is shown unstored (issue 19 §2); its first change stores it and replaces the query with its id', async () => {
    answerStaffCatalogue();
    edge.answers['/api/orders/add'] = { status: 200, body: staffOrder({ id: 42, name: 'Acme', fields: { name: 'Acme' }, positions: [] }) };
    await show('/addToDeal');
    expect(window.location.hash).toBe('#/addToDeal');
    expect(host.querySelector('h1')?.textContent).toBe('New order');
    expect(callsTo('/api/orders/add')).toHaveLength(0);
    expect(callsTo('/api/orders/order')).toHaveLength(0);
    expect(host.textContent).toContain('No products in this order yet.');
    const length = window.history.length;
    const name = host.querySelector<HTMLInputElement>('.deal-details input')!;
    await act(async () => {
      typeInto(name, 'Acme');
      blur(name);
    });
    await settle();
    expect(callsTo('/api/orders/add').map((call) => call.body)).toEqual([{ name: 'Acme' }]);
    expect([window.location.hash, window.history.length]).toEqual(['#/addToDeal?order_id=42', length]);
    expect(host.querySelector('h1')?.textContent).toBe('Acme');
    expect([$unsaved.get(), callsTo('/api/orders/order').length]).toEqual([false, 0]);
  });

  it("rule: an unstored new order offers the system pipeline's stages, and choosing one stores the order in that stage", async () => {
    answerStaffCatalogue();
    edge.answers['/api/orders/add'] = { status: 200, body: staffOrder({ id: 43, status_id: 2, positions: [] }) };
    await show('/addToDeal');
    const status = [...host.querySelectorAll('.deal-details [role="combobox"]')][0] as HTMLElement;
    expect(status).toBeDefined();
    await click(status);
    expect([...host.querySelectorAll('[role="option"]')].map((el) => el.textContent)).toEqual(['New', 'Reserved']);
    await click([...host.querySelectorAll('[role="option"]')].find((el) => el.textContent?.includes('Reserved')));
    await settle();
    expect(callsTo('/api/orders/add').map((call) => call.body)).toEqual([{ status_id: 2, pipeline_id: 1 }]);
    expect(window.location.hash).toBe('#/addToDeal?order_id=43');
  });

  it('with an order_id the order is loaded: details, the products tab by default, one card per position', async () => {
    answerStaffCatalogue();
    await show('/addToDeal?order_id=7');
    expect(callsTo('/api/orders/order')[0]?.query.get('order_id')).toBe('7');
    expect(host.querySelector('h1')?.textContent).toBe('Deal with Acme');
    const facts = [...host.querySelectorAll('.deal-fact')].map((fact) => fact.textContent);
    expect(facts.slice(0, 4)).toEqual(['Order sum2,400.00\u00a0₽', 'Cost price1,400.00\u00a0₽', 'Profit1,000.00\u00a0₽', 'EmployeeDemo admin']);
    // Created and changed, with time, in the language's own date format.
    expect(facts[4]).toMatch(/^Created\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} [AP]M$/);
    expect(facts[5]).toMatch(/^Changed\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} [AP]M$/);
    expect(host.querySelector('[role="tab"][aria-selected="true"]')?.textContent).toBe('Products');
    expect(host.querySelectorAll('article.product-card')).toHaveLength(1);
  });

  it('the cards show their loading placeholder until the category field properties arrive', async () => {
    answerStaffCatalogue();
    const held = edge.hold('/api/orders/categories');
    await show('/addToDeal?order_id=7');
    expect(held.count).toBeGreaterThan(0);
    expect(host.querySelector('article.product-card')?.getAttribute('aria-busy')).toBe('true');
    held.releaseAll();
    await settle();
    expect(host.querySelector('article.product-card')?.getAttribute('aria-busy')).toBeNull();
    expect(countInput()).not.toBeNull();
  });

  it('an order that cannot be loaded says so and offers a retry', async () => {
    answerStaffCatalogue();
    edge.answers['/api/orders/order'] = { status: 404, body: { error: 'No such order' } };
    await show('/addToDeal?order_id=99');
    expect(host.querySelector('[role="alert"]')?.textContent).toContain('The order could not be loaded.');
    edge.answers['/api/orders/order'] = { status: 200, body: staffOrder({ id: 99 }) };
    await click(button('Try again'));
    expect(host.querySelector('h1')?.textContent).toBe('Deal with Acme');
  });
});

describe('deal screen: unsaved flag and save (spec 1 §4)', () => {
  it("a change on a card raises the unsaved flag; Save sends it, clears the flag and shows the server's answer (no second read)", async () => {
    answerStaffCatalogue();
    await show('/addToDeal?order_id=7');
    expect(button('Save')?.disabled).toBe(true);
    await typeCount('4');
    expect([saveStatus(), button('Save')?.disabled, $unsaved.get()]).toEqual(['Unsaved changes', false, true]);
    // The title and the order sum follow the typed count at once.
    expect(host.querySelector('.product-card__title')?.textContent).toBe('1,200.00 · Cordless drill 1 · 4 pcs');
    expect(host.querySelector('.deal-fact')?.textContent).toBe('Order sum4,800.00\u00a0₽');
    const saved = staffOrder({ version: 4, sum: 4800, positions: [position({ count: 4, sum: 4800 })] });
    edge.answers['/api/orders/update'] = { status: 200, body: saved };
    edge.calls.length = 0;
    await click(button('Save'));
    expect(edge.calls.map((call) => call.path)).toEqual(['/api/orders/update']);
    expect(edge.calls[0].body).toEqual({ id: 7, version: 3, positions: [{ id: 11, count: 4 }] });
    expect([saveStatus(), button('Save')?.disabled, $unsaved.get()]).toEqual(['Saved', true, false]);
    expect(countInput().value).toBe('4');
  });

  it('rule: a count beyond the available count is capped on the card', async () => {
    answerStaffCatalogue();
    await show('/addToDeal?order_id=7');
    await typeCount('40');
    expect(countInput().value).toBe('5');
    expect(host.textContent).toContain('Only 5 available: the quantity was lowered');
  });

  it('rule: a stale save (409) keeps what was typed and offers to reload keeping it', async () => {
    answerStaffCatalogue();
    await show('/addToDeal?order_id=7');
    await typeCount('4');
    edge.answers['/api/orders/update'] = { status: 409, body: { error: STALE } };
    await click(button('Save'));
    expect(host.querySelector('.deal-conflict')?.textContent).toContain('Your changes are kept.');
    expect($notifications.get().map((note) => note.text)).toContain(STALE);
    expect([countInput().value, saveStatus()]).toEqual(['4', 'Unsaved changes']);
    edge.answers['/api/orders/order'] = { status: 200, body: staffOrder({ version: 5, name: 'Renamed by a colleague' }) };
    await click(button('Reload and keep my changes'));
    expect(host.querySelector('.deal-conflict')).toBeNull();
    expect([host.querySelector('h1')?.textContent, countInput().value, $unsaved.get()]).toEqual(['Renamed by a colleague', '4', true]);
  });

  it('a status change in the details raises the flag and is sent as status_id of the pipeline', async () => {
    answerStaffCatalogue();
    await show('/addToDeal?order_id=7');
    const status = [...host.querySelectorAll('.deal-details [role="combobox"]')][0] as HTMLElement;
    await click(status);
    await click([...host.querySelectorAll('[role="option"]')].find((el) => el.textContent?.includes('Reserved')));
    expect($unsaved.get()).toBe(true);
    edge.answers['/api/orders/update'] = { status: 200, body: staffOrder({ version: 4, status_id: 2 }) };
    edge.calls.length = 0;
    await click(button('Save'));
    expect(edge.calls[0].body).toEqual({ id: 7, version: 3, status_id: 2, pipeline_id: 1 });
  });
});

describe('deal screen: the count of a position with nothing free (spec 1 §5 count cap)', () => {
  it('rule: a saved count above what is available (a stage that does not reserve) can be lowered and raised back, not beyond', async () => {
    answerStaffCatalogue(staffOrder({ positions: [position({ count: 5, available: 0 })] }));
    await show('/addToDeal?order_id=7');
    await typeCount('3');
    expect([countInput().value, $positionDrafts.get()['11']?.count]).toEqual(['3', 3]);
    // Back at the saved count there is no draft left for it.
    await typeCount('5');
    expect([countInput().value, $positionDrafts.get()['11']?.count ?? 'saved']).toEqual(['5', 'saved']);
    await typeCount('9');
    expect([countInput().value, $positionDrafts.get()['11']?.count ?? 'saved']).toEqual(['5', 'saved']);
  });
});

describe('deal screen: leaving and navigation (spec 1 §4, spec 2 §5)', () => {
  it('leaving with unsaved changes asks first: staying keeps everything, leaving goes', async () => {
    answerStaffCatalogue();
    await show('/addToDeal?order_id=7');
    await typeCount('4');
    await act(async () => navigate('/orders'));
    expect(window.location.hash).toBe('#/addToDeal?order_id=7');
    const dialog = document.body.querySelector('[role="alertdialog"]');
    expect(dialog?.textContent).toContain('You have unsaved changes. Leave without saving?');
    await click(button('Stay on the order'));
    expect([document.body.querySelector('[role="alertdialog"]'), countInput().value, $unsaved.get()]).toEqual([null, '4', true]);
    await act(async () => navigate('/orders'));
    await click(button('Leave without saving'));
    expect(window.location.hash).toBe('#/orders');
    expect($unsaved.get()).toBe(false);
  });

  it('rule: the first keystroke in an order field raises the unsaved flag, before the field passes its text on; the add search does not', async () => {
    answerStaffCatalogue();
    await show('/addToDeal?order_id=7');
    const type = async (input: HTMLInputElement, text: string) => {
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
      await act(async () => {
        input.focus();
        setter?.call(input, text);
        input.dispatchEvent(new Event('input', { bubbles: true }));
      });
    };
    const addSearch = host.querySelector<HTMLInputElement>('.deal-add input')!;
    await type(addSearch, 'dri');
    expect($unsaved.get()).toBe(false);
    const name = host.querySelector<HTMLInputElement>('.deal-details input')!;
    await type(name, 'Renamed order');
    expect($unsaved.get()).toBe(true);
    await act(async () => navigate('/orders'));
    expect(window.location.hash).toBe('#/addToDeal?order_id=7');
    expect(document.body.querySelector('[role="alertdialog"]')).not.toBeNull();
    await click(button('Stay on the order'));
    expect(host.querySelector<HTMLInputElement>('.deal-details input')!.value).toBe('Renamed order');
  });

  it('the leave question opens on "Stay on the order"; Escape stays and keeps what was typed', async () => {
    answerStaffCatalogue();
    await show('/addToDeal?order_id=7');
    await typeCount('4');
    await act(async () => navigate('/orders'));
    expect(document.activeElement?.textContent).toBe('Stay on the order');
    await act(async () => {
      document.activeElement?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    expect([document.body.querySelector('[role="alertdialog"]'), window.location.hash, countInput().value, $unsaved.get()]).toEqual([null, '#/addToDeal?order_id=7', '4', true]);
  });

  it('a move made by the browser (back, an edited address) with unsaved changes is undone and asked about', async () => {
    answerStaffCatalogue();
    await show('/addToDeal?order_id=7');
    await typeCount('4');
    await act(async () => {
      window.history.pushState(null, '', '/#/orders');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await settle();
    expect(window.location.hash).toBe('#/addToDeal?order_id=7');
    expect([document.body.querySelector('[role="alertdialog"]') !== null, countInput().value]).toEqual([true, '4']);
    await click(button('Leave without saving'));
    expect(window.location.hash).toBe('#/orders');
  });

  it('the browser asks before the page is closed while changes are unsaved', async () => {
    answerStaffCatalogue();
    await show('/addToDeal?order_id=7');
    const clean = new Event('beforeunload', { cancelable: true });
    dispatchEvent(clean);
    expect(clean.defaultPrevented).toBe(false);
    await typeCount('4');
    const dirty = new Event('beforeunload', { cancelable: true });
    dispatchEvent(dirty);
    expect(dirty.defaultPrevented).toBe(true);
  });

  it('rule: after navigating to another order the state is reset: tab back to products, the other order loaded', async () => {
    answerStaffCatalogue();
    await show('/addToDeal?order_id=7');
    await click(host.querySelector('#deal-tab-documents') ?? undefined);
    expect($dealTab.get()).toBe('documents');
    edge.answers['/api/orders/order'] = { status: 200, body: staffOrder({ id: 8, name: 'Second deal' }) };
    await act(async () => navigate('/addToDeal?order_id=8'));
    await settle();
    expect([$dealTab.get(), host.querySelector('h1')?.textContent]).toEqual(['products', 'Second deal']);
    expect(callsTo('/api/orders/order').map((call) => call.query.get('order_id'))).toEqual(['7', '8']);
  });
});

describe('deal screen: products tab', () => {
  it('card view by default, list view by the toggle, reset back to cards', async () => {
    answerStaffCatalogue();
    await show('/addToDeal?order_id=7');
    expect(host.querySelector('.product-card--card')).not.toBeNull();
    await click(button('List'));
    // List view is a table, one row per position with the card's controls (issue 19 §2), not cards in a column.
    expect([host.querySelector('.product-card'), host.querySelectorAll('.deal-table tbody tr').length, button('List')?.getAttribute('aria-pressed')]).toEqual([null, 1, 'true']);
    expect(host.querySelector('.deal-table tbody tr input.product-card__count')).not.toBeNull();
    await click(button('Reset view'));
    expect(host.querySelector('.product-card--card')).not.toBeNull();
  });

  it('adds a product found by name from the chosen warehouse with the quantity (id%%%code)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    answerStaffCatalogue();
    edge.answers['/api/orders/get-products-autocomplete'] = {
      status: 200,
      body: [{ id: 150, name: 'Compact hammer 150', article: 'HA-1150', type: 'product', unit: 'pcs', category_id: 4, price: 500, currency: 'RUB', available: 9, warehouses: [{ id: 2, code: 'second', name: 'Second warehouse', available: 9, identifier: '150%%%second' }], fields: {} }],
    };
    await show('/addToDeal?order_id=7');
    const search = host.querySelector('input[role="combobox"]') as HTMLInputElement;
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    await act(async () => {
      search.focus();
      setter?.call(search, 'hamm');
      search.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(async () => vi.advanceTimersByTime(300));
    await settle();
    expect(callsTo('/api/orders/get-products-autocomplete')[0]?.query.get('q')).toBe('hamm');
    const option = host.querySelector('.deal-add [role="option"]') as HTMLElement;
    expect(option.textContent).toContain('Compact hammer 150');
    await act(async () => option.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, cancelable: true })));
    expect(host.textContent).toContain('Chosen: Compact hammer 150');
    expect(host.querySelector('.deal-add .ui-select .ui-dropdown__text')?.textContent).toBe('Second warehouse — 9 available');
    // rule: a quantity above what the chosen warehouse has is told before adding (a reserving stage refuses it).
    const quantity = host.querySelector('.deal-add input.ui-input--number') as HTMLInputElement;
    typeInto(quantity, '12');
    blur(quantity);
    expect(host.querySelector('.deal-add__over')?.textContent).toBe('More than the 9 available at this warehouse: a stage that reserves stock will refuse it');
    typeInto(quantity, '1');
    blur(quantity);
    expect(host.querySelector('.deal-add__over')).toBeNull();
    edge.answers['/api/orders/product/add'] = { status: 200, body: staffOrder({ version: 4, positions: [position(), position({ id: 12, product_id: 150, name: 'Compact hammer 150' })] }) };
    await click(button('Add'));
    expect(callsTo('/api/orders/product/add')[0]?.body).toEqual({ order_id: 7, product: '150%%%second', quantity: 1 });
    expect(host.querySelectorAll('article.product-card')).toHaveLength(2);
    vi.useRealTimers();
  });

  it('a long order opens with the first screen of cards built; the others start as previews and are built when reached', async () => {
    const many = Array.from({ length: 30 }, (_, index) => position({ id: 100 + index, product_id: 500 + index, name: `Product ${index + 1}` }));
    answerStaffCatalogue(staffOrder({ positions: many }));
    await show('/addToDeal?order_id=7');
    const cards = [...host.querySelectorAll('ul.deal-positions > li > article')];
    expect(cards).toHaveLength(30);
    expect(host.querySelectorAll('.product-card__count')).toHaveLength(12);
    const preview = cards[20] as HTMLElement;
    expect([preview.classList.contains('product-card--deferred'), preview.querySelector('h3')?.textContent, preview.tabIndex]).toEqual([true, '1,200.00 · Product 21 · 2 pcs', 0]);
    // Reached by keyboard (or scrolled near), the preview becomes the full card.
    await act(async () => preview.focus());
    expect(host.querySelectorAll('.product-card__count')).toHaveLength(13);
  });

  it('a stage that blocks products says so and offers no adding or deleting', async () => {
    answerStaffCatalogue(staffOrder({ products_locked: true }));
    await show('/addToDeal?order_id=7');
    expect(host.textContent).toContain('The products of this order cannot be changed in its current stage.');
    expect([host.querySelector('.deal-add'), host.querySelector('.product-card__delete'), countInput().disabled]).toEqual([null, null, true]);
  });
});

describe('deal screen: tabs (spec 1 §2)', () => {
  it('products, documents, client; arrow keys move between them', async () => {
    answerStaffCatalogue();
    await show('/addToDeal?order_id=7');
    const tabs = [...host.querySelectorAll('[role="tab"]')];
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Products', 'Documents', 'Client']);
    await act(async () => tabs[0].dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true })));
    expect(host.querySelector('[role="tab"][aria-selected="true"]')?.textContent).toBe('Documents');
    await act(async () => tabs[0].dispatchEvent(new KeyboardEvent('keydown', { key: 'End', bubbles: true })));
    expect($dealTab.get()).toBe('client');
  });
});

describe('deal screen: make public and copy the link', () => {
  it("makes the order public; when the clipboard refuses, says 'Text not copied automatically. Try manually' and shows the link to copy", async () => {
    answerStaffCatalogue();
    edge.answers['/api/orders/public/link'] = { status: 200, body: { id: 1, order_id: 7, customer: null, link_token: 'abc', path: '/#/publicOrder?order_id=7&public_token=abc', created_at: '2026-01-05T12:00:00.000Z' } };
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: () => Promise.reject(new Error('denied')) } });
    await show('/addToDeal?order_id=7');
    await click(button('Make order public'));
    expect(callsTo('/api/orders/public/link')[0]?.body).toEqual({ order_id: 7 });
    expect($notifications.get().map((note) => note.header)).toContain('Text not copied automatically. Try manually');
    const manual = host.querySelector('.deal-public__manual input') as HTMLInputElement;
    expect(manual.value).toBe(`${location.origin}/#/publicOrder?order_id=7&public_token=abc`);
    expect(host.querySelector<HTMLAnchorElement>('.deal-public__go')?.getAttribute('href')).toBe(manual.value);
  });

  it('copies the link of an order already public', async () => {
    answerStaffCatalogue(staffOrder({ public: true }));
    edge.answers['/api/orders/public/list'] = { status: 200, body: [{ id: 1, order_id: 7, customer: null, link_token: 'abc', path: '/#/publicOrder?order_id=7&public_token=abc', created_at: '2026-01-05T12:00:00.000Z' }] };
    const copied: string[] = [];
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: async (text: string) => void copied.push(text) } });
    await show('/addToDeal?order_id=7');
    await click(button('Copy link'));
    expect(copied).toEqual([`${location.origin}/#/publicOrder?order_id=7&public_token=abc`]);
    expect($notifications.get().map((note) => note.header)).toContain('Text copied');
  });

  it('rule: the link is read again each time the deal opens — one removed or replaced elsewhere is never offered', async () => {
    const share = (token: string) => ({ id: 1, order_id: 7, customer: null, link_token: token, path: `/#/publicOrder?order_id=7&public_token=${token}`, created_at: '2026-01-05T12:00:00.000Z' });
    const copied: string[] = [];
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: async (text: string) => void copied.push(text) } });
    const reopen = async () => {
      await act(async () => root?.unmount());
      stopListening?.();
      await show('/addToDeal?order_id=7');
    };
    answerStaffCatalogue(staffOrder({ public: true }));
    edge.answers['/api/orders/public/list'] = { status: 200, body: [share('abc')] };
    await show('/addToDeal?order_id=7');
    expect(button('Copy link')).toBeDefined();

    // Unlinked on the orders page meanwhile: the order is no longer public.
    answerStaffCatalogue(staffOrder({ public: false }));
    edge.answers['/api/orders/public/list'] = { status: 200, body: [] };
    await reopen();
    expect([button('Copy link'), button('Make order public') !== undefined]).toEqual([undefined, true]);

    // Made public again elsewhere, with a new link.
    answerStaffCatalogue(staffOrder({ public: true }));
    edge.answers['/api/orders/public/list'] = { status: 200, body: [share('xyz')] };
    await reopen();
    await click(button('Copy link'));
    expect(copied).toEqual([`${location.origin}/#/publicOrder?order_id=7&public_token=xyz`]);
  });
});

