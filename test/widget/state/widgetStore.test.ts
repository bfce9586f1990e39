import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { WidgetApi } from '../../../src/api/widget';
import type { WireMessage } from '../../../src/bridge/protocol';
import type { DealProduct, OrderPosition } from '../../../src/contract/orders';
import type { WidgetConfig } from '../../../src/contract/widget';
import { createWidgetStore, SEARCH_DEBOUNCE_MS, type WidgetStore } from '../../../widget/state/widgetStore';
import type { WireChannel } from '../../../widget/state/wireChannel';

// Runs in the 'widget' vitest project: react is aliased to @preact/compat there, as dist/widget.js ships.

const page = (data: unknown[], current = 1, last = 1) => ({ data, links: { first: null, prev: null, next: null, last: null }, meta: { current_page: current, last_page: last } });

function product(id: number, overrides: Partial<DealProduct> = {}): DealProduct {
  return {
    id,
    name: `Product ${id}`,
    article: `A-${id}`,
    type: 'product',
    unit: 'pcs',
    category_id: null,
    price: 100,
    currency: 'RUB',
    available: 10,
    warehouses: [
      { id: 1, code: 'main', name: 'Main', available: 5, identifier: `${id}%%%main` },
      { id: 2, code: 'second', name: 'Second', available: 5, identifier: `${id}%%%second` },
    ],
    fields: {},
    ...overrides,
  };
}

const config = (overrides: Partial<WidgetConfig> = {}): WidgetConfig => ({
  lead_id: 7,
  order_id: null,
  products_locked: false,
  disable_add: false,
  per_page: 20,
  currency: 'RUB',
  category: null,
  subcategories: [],
  fields: [],
  price_fields: [],
  warehouses: [],
  ...overrides,
});

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

type FakeApi = WidgetApi & { [K in keyof WidgetApi]: Mock };

function fakeApi(overrides: Partial<Record<keyof WidgetApi, Mock>> = {}): FakeApi {
  const api = {
    categories: vi.fn(async () => []),
    products: vi.fn(async () => page([])),
    productsV2: vi.fn(async () => ({ ...page([]), categories: [] })),
    leadProducts: vi.fn(async () => page([])),
    autocomplete: vi.fn(async () => [] as DealProduct[]),
    addProduct: vi.fn(async () => ({ success: true, order: { positions: [] as OrderPosition[] } })),
    productsHtml: vi.fn(async () => ({ success: true, data: { html: '<table></table>' } })),
    config: vi.fn(async () => config()),
    ...overrides,
  };
  return api as unknown as FakeApi;
}

/** Widgets joined like BroadcastChannel joins them: what one posts, every other one receives. */
/** Widgets of one page talking; `hold()` keeps messages on their way until `flush(order)` delivers them. */
function wireHub() {
  const members = new Set<(message: WireMessage) => void>();
  const posted: WireMessage[] = [];
  let held: (() => void)[] | null = null;
  const channel = (): WireChannel => {
    let mine: ((message: WireMessage) => void) | null = null;
    return {
      post(message) {
        posted.push(message);
        const deliver = () => {
          for (const listener of members) if (listener !== mine) listener(message);
        };
        if (held) held.push(deliver);
        else deliver();
      },
      subscribe(listener) {
        mine = listener;
        members.add(listener);
        return () => members.delete(listener);
      },
      close() {
        if (mine) members.delete(mine);
      },
    };
  };
  const hold = () => {
    held = [];
  };
  const flush = (order: 'sent' | 'reversed' = 'sent') => {
    const waiting = held ?? [];
    held = null;
    for (const deliver of order === 'sent' ? waiting : waiting.reverse()) deliver();
  };
  return { channel, posted, hold, flush };
}

const stores: WidgetStore[] = [];
function widget(api: WidgetApi, options: Partial<Parameters<typeof createWidgetStore>[0]> = {}) {
  const store = createWidgetStore({ api, leadId: 7, source: 'rightColumn#a', ...options });
  stores.push(store);
  return store;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  for (const store of stores.splice(0)) store.destroy();
  vi.useRealTimers();
});

describe('widget autocomplete (spec 2 §5)', () => {
  it('an empty or blank query shows nothing and makes no call', async () => {
    const api = fakeApi();
    const store = widget(api);
    store.search('   ');
    store.search('');
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS * 2);
    expect(api.autocomplete).not.toHaveBeenCalled();
    expect(store.$suggestions.get()).toEqual([]);
  });

  it('typing is debounced: only the last text of a burst is asked for', async () => {
    const api = fakeApi({ autocomplete: vi.fn(async (q: string) => [product(q.length)]) });
    const store = widget(api);
    for (const text of ['d', 'dr', 'dri', 'drill']) {
      store.search(text);
      await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS / 3);
    }
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    expect(api.autocomplete).toHaveBeenCalledExactlyOnceWith('drill', expect.any(AbortSignal));
    expect(store.$suggestions.get().map((found) => found.id)).toEqual([5]);
  });

  it('a stale answer never overwrites a newer one', async () => {
    const slow = deferred<DealProduct[]>();
    const api = fakeApi({ autocomplete: vi.fn((q: string) => (q === 'old' ? slow.promise : Promise.resolve([product(2)]))) });
    const store = widget(api);
    store.search('old');
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    store.search('new');
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    slow.resolve([product(1)]);
    await vi.advanceTimersByTimeAsync(0);
    expect(store.$suggestions.get().map((found) => found.id)).toEqual([2]);
  });

  it('rule: a request a later keystroke supersedes is aborted (no stale search keeps the server busy)', async () => {
    const signals: AbortSignal[] = [];
    const api = fakeApi({
      autocomplete: vi.fn((_q: string, signal?: AbortSignal) => {
        signals.push(signal!);
        return new Promise<DealProduct[]>(() => undefined);
      }),
    });
    const store = widget(api);
    store.search('dri');
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    store.search('drill');
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    expect(signals.map((signal) => signal.aborted)).toEqual([true, false]);
    store.search('');
    expect(signals[1].aborted).toBe(true);
  });

  it('rule: the debounce leaves room in the 150 ms keystroke-to-results budget (issue 20)', () => {
    expect(SEARCH_DEBOUNCE_MS).toBeLessThanOrEqual(100);
  });

  it('clearing the query drops the results and an answer still on its way', async () => {
    const slow = deferred<DealProduct[]>();
    const api = fakeApi({ autocomplete: vi.fn(() => slow.promise) });
    const store = widget(api);
    store.search('drill');
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    store.search('');
    slow.resolve([product(1)]);
    await vi.advanceTimersByTimeAsync(0);
    expect(store.$suggestions.get()).toEqual([]);
  });
});

describe('widget paging (spec 2 §9: 20 per page, the second list 12, first page 1)', () => {
  it('the product list asks page 1 with 20 per page, by category, from products-v2', async () => {
    const api = fakeApi();
    const store = widget(api);
    await store.openCategory(null);
    await store.openCategory(5);
    expect(api.productsV2.mock.calls).toEqual([[{ page: 1, per_page: 20 }], [{ page: 1, per_page: 20, category_id: 5 }]]);
  });

  it('v1 lists use widget/products', async () => {
    const api = fakeApi();
    const store = widget(api, { listVersion: 1 });
    await store.openCategory(3);
    expect(api.products).toHaveBeenCalledExactlyOnceWith({ page: 1, per_page: 20, category_id: 3 });
    expect(api.productsV2).not.toHaveBeenCalled();
  });

  it('turning pages stays within the first and the last page', async () => {
    const api = fakeApi({ productsV2: vi.fn(async (query: { page?: number }) => ({ ...page([product(query.page ?? 1)], query.page ?? 1, 2), categories: [] })) });
    const store = widget(api);
    await store.openCategory(null);
    await store.turnPage(-1);
    await store.turnPage(1);
    await store.turnPage(1);
    expect(api.productsV2.mock.calls.map(([query]) => (query as { page: number }).page)).toEqual([1, 2]);
    expect(store.$list.get()).toMatchObject({ page: 2, lastPage: 2, loading: false });
  });

  it("the deal's positions (the second list) come 12 per page, without a token", async () => {
    const api = fakeApi();
    const store = widget(api);
    await store.loadLeadProducts();
    expect(api.leadProducts).toHaveBeenCalledExactlyOnceWith({ leadId: 7, page: 1, per_page: 12 });
  });

  it('an answer for a category left meanwhile is dropped', async () => {
    const slow = deferred<ReturnType<typeof page> & { categories: [] }>();
    const api = fakeApi({ productsV2: vi.fn((query: { category_id?: number }) => (query.category_id === 1 ? slow.promise : Promise.resolve({ ...page([product(2)]), categories: [] as [] }))) });
    const store = widget(api);
    const first = store.openCategory(1);
    await store.openCategory(2);
    slow.resolve({ ...page([product(1)]), categories: [] });
    await first;
    expect(store.$list.get()).toMatchObject({ categoryId: 2, items: [expect.objectContaining({ id: 2 })] });
  });
});

describe('widget add to deal (spec 2 §4, §5)', () => {
  it('quantity defaults to 1; goods from the chosen warehouse send id%%%code, services the plain id', async () => {
    const api = fakeApi({ config: vi.fn(async () => config({ warehouses: [{ id: 1, code: 'main', name: 'Main', is_main: true }] })) });
    const store = widget(api);
    await store.loadConfig();
    await store.addToDeal(product(12));
    store.chooseWire('main');
    await store.addToDeal(product(12), 3);
    await store.addToDeal(product(13, { type: 'service', warehouses: [] }));
    expect(api.addProduct.mock.calls.map(([query]) => query as unknown)).toEqual([
      { productId: '12', leadId: 7, quantity: 1 },
      { productId: '12%%%main', leadId: 7, quantity: 3 },
      { productId: '13', leadId: 7, quantity: 1 },
    ]);
  });

  it('rule: a chosen warehouse always goes with a good, even one not stocked there (the server then answers whether it can)', async () => {
    const api = fakeApi({ addProduct: vi.fn(async () => Promise.reject(new Error('Not enough stock in Far warehouse'))) });
    const store = widget(api);
    store.chooseWire('far');
    await store.addToDeal(product(12));
    expect(api.addProduct.mock.calls[0][0].productId).toBe('12%%%far');
    expect(store.$add.get()).toEqual({ status: 'failed', productId: 12, message: 'Not enough stock in Far warehouse' });
  });

  it('rule: an add still on its way when the host opens another deal keeps add disabled until it answers, is not shown in the new deal, and refreshes the card of the deal it changed', async () => {
    const answer = deferred<{ success: boolean; order: { positions: OrderPosition[] } }>();
    const onAdded = vi.fn();
    const api = fakeApi({ addProduct: vi.fn(() => answer.promise) });
    const store = widget(api, { onAdded });
    await store.loadConfig();
    const adding = store.addToDeal(product(1));
    await store.setLead(8);
    expect([store.$add.get(), store.$disableAdd.get()]).toEqual([{ status: 'idle' }, true]);
    const row = { id: 9, product_id: 1, name: 'Product 1', count: 1 } as OrderPosition;
    answer.resolve({ success: true, order: { positions: [row] } });
    await adding;
    expect(onAdded).toHaveBeenCalledExactlyOnceWith([row], 7);
    expect([store.$add.get(), store.$disableAdd.get()]).toEqual([{ status: 'idle' }, false]);
  });

  it('the add button is disabled from the click until the answer, on success and on failure', async () => {
    const answers = [deferred<{ success: boolean; order: { positions: OrderPosition[] } }>(), deferred<{ success: boolean; order: { positions: OrderPosition[] } }>()];
    let call = 0;
    const api = fakeApi({ addProduct: vi.fn(() => answers[call++].promise) });
    const store = widget(api);
    await store.loadConfig();
    expect(store.$disableAdd.get()).toBe(false);

    const first = store.addToDeal(product(1));
    expect(store.$disableAdd.get()).toBe(true);
    await store.addToDeal(product(2)); // a second click while waiting does nothing
    expect(api.addProduct).toHaveBeenCalledTimes(1);
    answers[0].resolve({ success: true, order: { positions: [] } });
    await first;
    expect(store.$disableAdd.get()).toBe(false);

    const second = store.addToDeal(product(1));
    expect(store.$disableAdd.get()).toBe(true);
    answers[1].reject(new Error('Not enough stock'));
    await second;
    expect(store.$disableAdd.get()).toBe(false);
  });

  it("success shows the added rows and asks the host to refresh; failure shows the server's text", async () => {
    const row = { id: 9, product_id: 1, name: 'Product 1', count: 1 } as OrderPosition;
    const other = { id: 10, product_id: 4, name: 'Other', count: 2 } as OrderPosition;
    const onAdded = vi.fn();
    const api = fakeApi({
      addProduct: vi
        .fn()
        .mockResolvedValueOnce({ success: true, order: { positions: [row, other] } })
        .mockRejectedValueOnce(new Error('Not enough stock in Main warehouse')),
    });
    const store = widget(api, { onAdded });
    await store.addToDeal(product(1));
    expect(store.$add.get()).toEqual({ status: 'added', productId: 1, rows: [row] });
    expect(onAdded).toHaveBeenCalledExactlyOnceWith([row], 7);
    expect(api.productsHtml).toHaveBeenCalled();
    await store.addToDeal(product(1));
    expect(store.$add.get()).toEqual({ status: 'failed', productId: 1, message: 'Not enough stock in Main warehouse' });
    expect(onAdded).toHaveBeenCalledTimes(1);
  });

  it('stays disabled without a deal, and when the deal may not change (config.disable_add)', async () => {
    const api = fakeApi({ config: vi.fn(async () => config({ disable_add: true })) });
    expect(widget(fakeApi(), { leadId: null }).$disableAdd.get()).toBe(true);
    const store = widget(api);
    await store.loadConfig();
    expect(store.$disableAdd.get()).toBe(true);
    await store.addToDeal(product(1));
    expect(api.addProduct).not.toHaveBeenCalled();
  });

  it("rule: the previous deal's settings and products html arriving late never show under the deal open now", async () => {
    const oldConfig = deferred<WidgetConfig>();
    const oldHtml = deferred<{ success: boolean; data: { html: string } }>();
    const api = fakeApi({
      config: vi.fn((query: { leadId?: number }) => (query.leadId === 7 ? oldConfig.promise : Promise.resolve(config({ lead_id: 8, order_id: 80 })))),
      productsHtml: vi.fn((leadId: number) => (leadId === 7 ? oldHtml.promise : Promise.resolve({ success: true, data: { html: '<p>deal 8</p>' } }))),
    });
    const store = widget(api);
    const first = Promise.all([store.loadConfig(), store.loadProductsHtml()]);
    await store.setLead(8);
    oldConfig.resolve(config({ lead_id: 7, order_id: 70, disable_add: true }));
    oldHtml.resolve({ success: true, data: { html: '<p>deal 7</p>' } });
    await first;
    expect([store.$config.get()?.order_id, store.$productsHtml.get(), store.$disableAdd.get()]).toEqual([80, '<p>deal 8</p>', false]);
  });

  it("rule: the previous deal's positions arriving after a switch to no deal are dropped", async () => {
    const old = deferred<ReturnType<typeof page>>();
    const api = fakeApi({ leadProducts: vi.fn(() => old.promise) });
    const store = widget(api);
    const loading = store.loadLeadProducts();
    await store.setLead(null);
    old.resolve(page([{ id: 1 }]));
    await loading;
    expect(store.$leadProducts.get().items).toEqual([]);
  });

  it("the config fetch's error text is kept for the widget to show", async () => {
    const api = fakeApi({ config: vi.fn(async () => Promise.reject(new Error('HTTP error! status: 500'))) });
    const store = widget(api);
    await store.loadConfig();
    expect(store.$configError.get()).toBe('HTTP error! status: 500');
  });
});

describe('widget wire per lead (spec 2 §4, through src/domain/wire.ts)', () => {
  it('a value from one widget shows in the other widget of the same lead', () => {
    const hub = wireHub();
    const right = widget(fakeApi(), { source: 'rightColumn#1', wire: hub.channel() });
    const tab = widget(fakeApi(), { source: 'cardTab#2', wire: hub.channel() });
    expect(right.chooseWire('main')).toBe(true);
    expect(right.$wire.get()).toEqual({ sources: ['rightColumn#1'], value: 'main' });
    expect(tab.$wire.get()).toEqual({ sources: ['rightColumn#1'], value: 'main' });
  });

  it('a different value from a second source is refused and names who holds the wire', () => {
    const hub = wireHub();
    const right = widget(fakeApi(), { source: 'rightColumn#1', wire: hub.channel() });
    const tab = widget(fakeApi(), { source: 'cardTab#2', wire: hub.channel() });
    right.chooseWire('main');
    expect(tab.chooseWire('second')).toBe(false);
    expect(tab.$wireNotice.get()).toEqual({ kind: 'refused', heldBy: ['rightColumn#1'] });
    expect(right.$wire.get().value).toBe('main');
    expect(tab.$wire.get().value).toBe('main');
  });

  it('the same value joins; then neither may change it alone; the last one leaving clears it', () => {
    const hub = wireHub();
    const right = widget(fakeApi(), { source: 'rightColumn#1', wire: hub.channel() });
    const tab = widget(fakeApi(), { source: 'cardTab#2', wire: hub.channel() });
    right.chooseWire('main');
    tab.chooseWire('main');
    expect(right.$wire.get()).toEqual({ sources: ['rightColumn#1', 'cardTab#2'], value: 'main' });
    expect(right.chooseWire('second')).toBe(false);
    tab.chooseWire(null);
    expect(right.$wire.get()).toEqual({ sources: ['rightColumn#1'], value: 'main' });
    expect(right.chooseWire('second')).toBe(true);
    expect(tab.$wire.get()).toEqual({ sources: ['rightColumn#1'], value: 'second' });
    right.chooseWire(null);
    expect(tab.$wire.get()).toEqual({ sources: [], value: null });
  });

  it.each(['sent', 'reversed'] as const)('rule: two widgets choosing different warehouses in the same instant end with one — the same in every widget, whatever order the news arrives in (%s)', (order) => {
    const hub = wireHub();
    const right = widget(fakeApi(), { source: 'rightColumn#1', wire: hub.channel() });
    const tab = widget(fakeApi(), { source: 'cardTab#2', wire: hub.channel() });
    const onlooker = widget(fakeApi(), { source: 'rightColumn#3', wire: hub.channel() });
    hub.hold();
    expect(right.chooseWire('main')).toBe(true);
    expect(tab.chooseWire('second')).toBe(true);
    hub.flush(order);
    // The source id that sorts first keeps its choice: cardTab#2.
    for (const store of [right, tab, onlooker]) expect(store.$wire.get()).toEqual({ sources: ['cardTab#2'], value: 'second' });
    expect(right.$wireNotice.get()).toEqual({ kind: 'refused', heldBy: ['cardTab#2'] });
    expect(tab.$wireNotice.get()).toBeNull();
  });

  it('a widget of another lead is not touched', () => {
    const hub = wireHub();
    const right = widget(fakeApi(), { source: 'rightColumn#1', wire: hub.channel() });
    const other = widget(fakeApi(), { source: 'cardTab#2', leadId: 8, wire: hub.channel() });
    right.chooseWire('main');
    expect(other.$wire.get()).toEqual({ sources: [], value: null });
  });

  it('a widget opened later asks for the wire and gets it', async () => {
    const hub = wireHub();
    const right = widget(fakeApi(), { source: 'rightColumn#1', wire: hub.channel() });
    right.chooseWire('main');
    const late = widget(fakeApi(), { source: 'cardTab#2', wire: hub.channel() });
    await late.start();
    expect(late.$wire.get()).toEqual({ sources: ['rightColumn#1'], value: 'main' });
  });

  it("rule: 'held by' clears once its holder lets go, so the refused widget may choose", () => {
    const hub = wireHub();
    const right = widget(fakeApi(), { source: 'rightColumn#1', wire: hub.channel() });
    const tab = widget(fakeApi(), { source: 'cardTab#2', wire: hub.channel() });
    right.chooseWire('main');
    tab.chooseWire('second');
    expect(tab.$wireNotice.get()).toEqual({ kind: 'refused', heldBy: ['rightColumn#1'] });
    right.leaveWire();
    expect(tab.$wireNotice.get()).toBeNull();
    expect(tab.chooseWire('second')).toBe(true);
  });

  it('unmounting a holder lets go of the wire', () => {
    const hub = wireHub();
    const right = widget(fakeApi(), { source: 'rightColumn#1', wire: hub.channel() });
    const tab = widget(fakeApi(), { source: 'cardTab#2', wire: hub.channel() });
    right.chooseWire('main');
    right.destroy();
    expect(tab.$wire.get()).toEqual({ sources: [], value: null });
  });

  it('the host opening another lead leaves the old wire and starts clean', async () => {
    const hub = wireHub();
    const right = widget(fakeApi(), { source: 'rightColumn#1', wire: hub.channel() });
    const tab = widget(fakeApi(), { source: 'cardTab#2', wire: hub.channel() });
    right.chooseWire('main');
    await right.setLead(8);
    expect(tab.$wire.get()).toEqual({ sources: [], value: null });
    expect(right.$wire.get()).toEqual({ sources: [], value: null });
    expect(right.$leadId.get()).toBe(8);
  });
});

describe('the other widgets of a lead follow an add (issue 19 §4)', () => {
  it("rule: an add in one widget shows at once in the lead's other widgets (positions, summary and the order the add made), never in another lead's", async () => {
    const hub = wireHub();
    const rightApi = fakeApi();
    const tabApi = fakeApi({
      productsHtml: vi.fn(async () => ({ success: true, data: { html: '<table>Product 1</table>' } })),
      config: vi.fn(async () => config({ order_id: 55 })),
    });
    const otherLeadApi = fakeApi();
    const right = widget(rightApi, { source: 'rightColumn#1', wire: hub.channel() });
    const tab = widget(tabApi, { source: 'cardTab#2', wire: hub.channel() });
    widget(otherLeadApi, { leadId: 8, source: 'cardTab#3', wire: hub.channel() });
    await right.addToDeal(product(1));
    await vi.waitFor(() => expect(tab.$productsHtml.get()).toBe('<table>Product 1</table>'));
    expect(tabApi.leadProducts).toHaveBeenCalledExactlyOnceWith({ leadId: 7, page: 1, per_page: 12 });
    await vi.waitFor(() => expect(tab.$config.get()?.order_id).toBe(55));
    expect(hub.posted.filter((message) => message.kind === 'products')).toEqual([expect.objectContaining({ leadId: '7' })]);
    expect(otherLeadApi.productsHtml).not.toHaveBeenCalled();
  });

  it("rule: after the first add, the widget's config knows the deal's order (so 'Open Stockroom' opens it)", async () => {
    const api = fakeApi({ config: vi.fn().mockResolvedValueOnce(config()).mockResolvedValue(config({ order_id: 42 })) });
    const store = widget(api);
    await store.loadConfig();
    expect(store.$config.get()?.order_id).toBeNull();
    await store.addToDeal(product(1));
    await vi.waitFor(() => expect(store.$config.get()?.order_id).toBe(42));
  });

  it("rule: the deal summary is asked in the widget's language (the host's), not left to the user's", async () => {
    const api = fakeApi();
    let lang: 'en' | 'ru' = 'ru';
    const store = widget(api, { lang: () => lang });
    await store.loadProductsHtml();
    lang = 'en';
    await store.loadProductsHtml();
    expect(api.productsHtml.mock.calls).toEqual([
      [7, 'ru'],
      [7, 'en'],
    ]);
  });
});
