import { describe, expect, it, vi } from 'vitest';
import { createWidgetApi } from '../../../src/api/widget';

const BASE = 'https://stockroom.example.com/integration';

interface Sent {
  url: URL;
  headers: Record<string, string>;
}

/** A fetch answering each path with a status and body; records what was sent. */
function server(answers: Record<string, [number, unknown]>) {
  const sent: Sent[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    sent.push({ url, headers: (init?.headers ?? {}) as Record<string, string> });
    const name = url.pathname.replace('/integration/', '');
    const [status, body] = answers[name] ?? [404, { error: 'Not found' }];
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  return { fetch: fetchMock as unknown as typeof fetch, sent };
}

function api(answers: Record<string, [number, unknown]>, base?: 'widget' | 'bitrix/widget') {
  const fake = server(answers);
  const log = vi.fn();
  return { api: createWidgetApi({ baseURL: BASE, base, token: () => 'staff-token', log, fetch: fake.fetch }), sent: fake.sent, log };
}

describe('widget calls (spec 2 §5, §7, §8)', () => {
  it('autocomplete: an empty or blank query answers nothing without a call', async () => {
    const { api: calls, sent } = api({ 'widget/autocomplete': [200, [{ id: 1 }]] });
    expect(await calls.autocomplete('')).toEqual([]);
    expect(await calls.autocomplete(' \t ')).toEqual([]);
    expect(sent).toEqual([]);
    expect(await calls.autocomplete('drill')).toEqual([{ id: 1 }]);
    expect(sent[0].url.searchParams.get('q')).toBe('drill');
    expect(sent[0].headers.Authorization).toBe('Bearer staff-token');
  });

  it('add to deal: the product id is URL-encoded (id%%%warehouse travels as %25%25%25)', async () => {
    const { api: calls, sent } = api({ 'widget/add-product': [200, { success: true, order: { positions: [] } }] });
    await calls.addProduct({ productId: '12%%%main', leadId: 7, quantity: 1 });
    expect(sent[0].url.search).toContain('productId=12%25%25%25main');
    expect(sent[0].url.searchParams.get('productId')).toBe('12%%%main');
  });

  it("add to deal rethrows the server's text to its caller", async () => {
    const { api: calls } = api({ 'widget/add-product': [409, { error: 'Not enough stock' }] });
    await expect(calls.addProduct({ productId: '1', leadId: 7 })).rejects.toThrow('Not enough stock');
  });

  it("products html: asked in the language given (the CRM's), and without one the server's choice (no lang sent)", async () => {
    const { api: calls, sent } = api({ 'widget/get-products': [200, { success: true, data: { html: '' } }] });
    await calls.productsHtml(7, 'ru');
    await calls.productsHtml(7);
    expect(sent.map(({ url }) => [url.searchParams.get('leadId'), url.searchParams.get('lang')])).toEqual([
      ['7', 'ru'],
      ['7', null],
    ]);
  });

  it("the config fetch throws 'HTTP error! status: N' on a non-OK status", async () => {
    const { api: calls } = api({ 'widget/config': [500, { error: 'boom' }] });
    await expect(calls.config({ leadId: 7 })).rejects.toThrow('HTTP error! status: 500');
  });

  it('a 403 on widget products is logged as an authorization error and the widget goes on (null)', async () => {
    const { api: calls, log } = api({ 'widget/products-v2': [403, { error: 'Forbidden' }] });
    expect(await calls.productsV2({ page: 1 })).toBeNull();
    expect(log).toHaveBeenCalledWith('authorization error (403)');
  });

  it('failed calls log and answer empty: categories [], products html { success: false, message }', async () => {
    const { api: calls, log } = api({ 'widget/categories': [500, { error: 'boom' }], 'widget/get-products': [404, { error: 'No such deal' }] });
    expect(await calls.categories()).toEqual([]);
    expect(await calls.productsHtml(7)).toEqual({ success: false, message: 'No such deal' });
    expect(log).toHaveBeenCalledTimes(2);
  });

  it('a server that does not answer is logged as a network error', async () => {
    const log = vi.fn();
    const calls = createWidgetApi({ baseURL: BASE, token: () => 't', log, fetch: (async () => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch });
    expect(await calls.autocomplete('x')).toEqual([]);
    expect(log).toHaveBeenCalledWith('network error');
  });

  it("the deal's positions are asked for with the widget's token (the server answers no anonymous call)", async () => {
    const { api: calls, sent } = api({ 'widget/products/filtered': [200, { data: [], links: {}, meta: { current_page: 1 } }] });
    await calls.leadProducts({ leadId: 7, page: 1, per_page: 12 });
    expect(sent[0].headers.Authorization).toBe('Bearer staff-token');
    expect(Object.fromEntries(sent[0].url.searchParams)).toEqual({ leadId: '7', page: '1', per_page: '12' });
  });

  it('Bitrix24 widgets call the same routes under bitrix/widget', async () => {
    const { api: calls, sent } = api({ 'bitrix/widget/categories': [200, []] }, 'bitrix/widget');
    await calls.categories();
    expect(sent[0].url.pathname).toBe('/integration/bitrix/widget/categories');
  });
});
