import { act } from 'preact/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectHost } from '../../widget/hostBridge';
import { mountWidget } from '../../widget/main';
import { useApiFake } from '../support/apiFake';
import { settle } from '../support/settle';

const api = useApiFake();

/** Every widget call answered like an empty account: no categories, no products, a config with one warehouse. */
function stubServer() {
  const emptyPage = { data: [], links: { first: null, prev: null, next: null, last: null }, meta: { current_page: 1, last_page: 1 } };
  const config = { lead_id: 7, order_id: null, products_locked: false, disable_add: false, per_page: 20, currency: 'RUB', category: null, subcategories: [], fields: [], price_fields: [], warehouses: [{ id: 1, name: 'Main', code: 'main', is_main: true }] };
  Object.assign(api.answers, {
    '/integration/widget/config': { body: config },
    '/integration/widget/categories': { body: [] },
    '/integration/widget/autocomplete': { body: [] },
    '/integration/widget/get-products': { body: { success: true, data: { html: '<div>Nothing found</div>' } } },
    '/integration/widget/products-v2': { body: { ...emptyPage, categories: [] } },
    '/integration/widget/products/filtered': { body: emptyPage },
  });
  return { filter: (keep: (path: string) => boolean) => api.calls.map((call) => call.path).filter(keep) };
}

/** A host element on the page with a widget mounted in it, settled. */
async function mounted(options: Parameters<typeof mountWidget>[1]) {
  const host = document.createElement('div');
  document.body.append(host);
  let unmount = () => {};
  await act(async () => {
    unmount = mountWidget(host, options);
  });
  await settle(1, 20);
  return { host, unmount: () => act(async () => unmount()) };
}

/** Types into the widget's search box (the debounce is left to run). */
async function typeSearch(host: Element, text: string) {
  const search = host.shadowRoot?.querySelector<HTMLInputElement>('[data-testid="widget-search"]') as HTMLInputElement;
  await act(async () => {
    search.value = text;
    search.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('widget mount (react aliased to @preact/compat, as dist/widget.js ships)', () => {
  it('renders inside a shadow root of the host element with its CSS, and unmount leaves it empty', async () => {
    stubServer();
    const { host, unmount } = await mounted({ theme: 'dark', leadId: 7, token: 't' });
    const widget = host.shadowRoot?.querySelector('[data-testid="stockroom-widget"]');
    expect(widget?.querySelector('h2')?.textContent).toContain('Product search');
    expect(widget?.className).toContain('sr-widget-dark');
    expect(widget?.getAttribute('data-ready')).toBe('true');
    expect(host.shadowRoot?.querySelector('style')?.textContent).toContain(':host');
    expect(document.querySelector('[data-testid="stockroom-widget"]')).toBeNull();
    await unmount();
    expect(host.shadowRoot?.childElementCount).toBe(0);
  });

  it('rule: the page that runs widget.js is its host whatever its origin (no list is built in); an opaque origin gets no bridge', () => {
    // The test page (http://localhost:3000) is on no list, and our server would be elsewhere.
    const bridge = connectHost(window);
    expect(bridge).not.toBeNull();
    bridge?.destroy();
    expect(connectHost({ location: { origin: 'null' } } as unknown as Window)).toBeNull();
  });

  it('two widgets on one page are independent: unmounting one leaves the other working', async () => {
    const calls = stubServer();
    const first = await mounted({ leadId: 7, token: 't' });
    const second = await mounted({ leadId: 8, token: 't', place: 'cardTab' });
    await first.unmount();
    expect(first.host.shadowRoot?.childElementCount).toBe(0);
    // The second one still searches: its timers, store and calls were not taken down with the first.
    await typeSearch(second.host, 'drill');
    await act(async () => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(calls.filter((path) => path.endsWith('/autocomplete'))).toHaveLength(1);
    expect(second.host.shadowRoot?.querySelector('[data-testid="stockroom-widget"]')?.getAttribute('data-ready')).toBe('true');
    await second.unmount();
  });

  it("rule: the page going away (pagehide: a closed tab, a host that never calls destroy) lets go of the lead's wire", async () => {
    stubServer();
    const { host, unmount } = await mounted({ leadId: 7, token: 't' });
    const select = host.shadowRoot?.querySelector<HTMLSelectElement>('[data-testid="wire-select"]') as HTMLSelectElement;
    await act(async () => {
      select.value = 'main';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(select.value).toBe('main');
    await act(async () => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(select.value).toBe('');
    await unmount();
  });

  it("rule: the deal summary is in the host's language, and follows it when the host switches (issue 19 §4)", async () => {
    stubServer();
    // The Russian texts as widget-ru.js would have put them on the page.
    vi.stubGlobal('StockroomWidgetTexts', { ru: { widget: { title: 'Поиск товаров' } } });
    const langs = () => api.callsTo('/integration/widget/get-products').map((call) => call.query.get('lang'));
    const { host, unmount } = await mounted({ leadId: 7, token: 't', lang: 'ru' });
    expect(langs()).toEqual(['ru']);
    expect(host.shadowRoot?.querySelector('h2')?.textContent).toContain('Поиск товаров');
    await act(async () => {
      // As the host page's own postMessage arrives: from this window and origin.
      const data = { tag: 'stockroom-bridge', v: 1, kind: 'event', type: 'context', payload: { lang: 'en' } };
      window.dispatchEvent(new MessageEvent('message', { data, origin: location.origin, source: window }));
    });
    await settle(1, 20);
    expect(langs()).toEqual(['ru', 'en']);
    await unmount();
  });

  it('unmount stops its timers: a search typed just before unmounting never calls the server', async () => {
    const calls = stubServer();
    const { host, unmount } = await mounted({ leadId: 7, token: 't' });
    await typeSearch(host, 'drill');
    await unmount();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(calls.filter((path) => path.endsWith('/autocomplete'))).toEqual([]);
  });
});
