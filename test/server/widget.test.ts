import { eq } from 'drizzle-orm';
import en from '../../locales/en.json';
import ru from '../../locales/ru.json';
import { describe, expect, it } from 'vitest';
import { batches, orderPositions, orders, users } from '../../server/db/schema';
import { DISPOSABLE_TOKEN_INVALID, SIGNATURE_INVALID, SIGNATURE_WINDOW_S, SIGNED_REQUEST_REQUIRED, widgetSignature } from '../../server/modules/widget/requestProof';
import { disposableClaims, signDisposableToken } from '../fakes/amocrm';
import { unique, useTestServer, type TestAccount } from './harness';

const server = useTestServer();

const BASES = ['/widget', '/bitrix/widget'] as const;
type Base = (typeof BASES)[number];
type Named = { id: number; name: string };
const names = (list: Named[]) => list.map((item) => item.name);

/** Calls the integration host (GET, query URL-encoded as the widget client does) with an optional bearer token. */
async function widget(path: string, options: { token?: string; query?: Record<string, string | number>; base?: Base; authorization?: string; headers?: Record<string, string> } = {}) {
  const query = new URLSearchParams(Object.entries(options.query ?? {}).map(([key, value]) => [key, String(value)])).toString();
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.authorization !== undefined) headers.authorization = options.authorization;
  const response = await server.app.inject({ method: 'GET', url: `/integration${options.base ?? '/widget'}/${path}${query ? `?${query}` : ''}`, headers });
  let body: any = response.body;
  try {
    body = JSON.parse(response.body);
  } catch {
    // Non-JSON answers stay text.
  }
  return { status: response.statusCode, body, text: response.body };
}

/**
 * An account with warehouse Main (code MAIN), price field retail, categories Tools > Drills and Garden,
 * products Hammer drill (Drills, 10 in Main), Angle grinder (Tools, 4 in Main), Rake (Garden, none in
 * stock) and the service Assembly (no category).
 */
async function shop(account?: TestAccount) {
  const owner = account ?? (await server.newAccount());
  const post = async (path: string, body: unknown) => {
    const answer = await server.call('POST', path, { token: owner.token, body });
    expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
    return answer.body;
  };
  const main = await post('warehouse/add', { name: 'Main', code: 'MAIN' });
  await post('field/add', { name: 'Retail', code: 'retail', type: 11 });
  const tools = await post('category/add', { name: 'Tools' });
  const drills = await post('category/add', { name: 'Drills', parent_id: tools.id });
  const garden = await post('category/add', { name: 'Garden' });
  const drill = await post('product/add', { name: 'Hammer drill', article: 'HD-1', category_id: drills.id, values: { retail: { cost: 100 } } });
  const grinder = await post('product/add', { name: 'Angle grinder', article: 'AG-7', category_id: tools.id, values: { retail: { cost: 60 } } });
  const rake = await post('product/add', { name: 'Rake', article: 'RK-2', category_id: garden.id, values: { retail: { cost: 15 } } });
  const service = await post('product/add', { name: 'Assembly', type: 'service', values: { retail: { cost: 25 } } });
  await post('product/arrival', { product_id: drill.id, warehouse_id: main.id, batch: 'B1', count: 10, cost_price: 40 });
  await post('product/arrival', { product_id: grinder.id, warehouse_id: main.id, batch: 'G1', count: 4, cost_price: 30 });
  return { account: owner, token: owner.token, post, main, categories: { tools, drills, garden }, products: { drill, grinder, rake, service } };
}

const ordersOf = (accountId: number) => server.database.db.select().from(orders).where(eq(orders.accountId, accountId));
const positionsOf = (orderId: number) => server.database.db.select().from(orderPositions).where(eq(orderPositions.orderId, orderId));

/** Adds through the widget and expects success. */
async function addToLead(token: string, productId: string | number, leadId: number, extra: Record<string, number> = {}, base: Base = '/widget') {
  const answer = await widget('add-product', { token, base, query: { productId, leadId, ...extra } });
  expect(answer.status, answer.text).toBe(200);
  return answer.body;
}

describe('widget/products and widget/products-v2', () => {
  it('rule: the widget lists 20 products per page and starts at page 1 (data, links, meta)', async () => {
    const { token, post } = await shop();
    for (let index = 1; index <= 21; index += 1) await post('product/add', { name: `Item ${String(index).padStart(2, '0')}` });
    const first = await widget('products', { token });
    expect(first.status).toBe(200);
    expect(first.body.meta).toEqual({ current_page: 1, last_page: 2, per_page: 20, total: 25 });
    expect(first.body.links).toEqual({ first: '?page=1', prev: null, next: '?page=2', last: '?page=2' });
    expect(first.body.data).toHaveLength(20);
    const second = await widget('products', { token, query: { page: 2 } });
    expect(names(second.body.data)).toEqual(['Item 18', 'Item 19', 'Item 20', 'Item 21', 'Rake']);
    const small = await widget('products', { token, query: { page: 3, per_page: 5 } });
    expect(small.body.meta).toEqual({ current_page: 3, last_page: 5, per_page: 5, total: 25 });
    const v2 = await widget('products-v2', { token });
    expect(v2.body.meta).toMatchObject({ current_page: 1, per_page: 20 });
  });

  it('rule: v1 shows a category with its subcategories; each product carries price, stock per warehouse and the identifier to send', async () => {
    const { token, categories, products, main } = await shop();
    const tools = await widget('products', { token, query: { category_id: categories.tools.id } });
    expect(names(tools.body.data)).toEqual(['Angle grinder', 'Hammer drill']);
    expect(tools.body.data[1]).toMatchObject({
      id: products.drill.id,
      price: 100,
      available: 10,
      warehouses: [{ id: main.id, code: 'MAIN', name: 'Main', available: 10, identifier: `${products.drill.id}%%%MAIN` }],
    });
  });

  it("rule: v2 shows one level — the category's own products and its direct subcategories (the root: products without a category and the top categories)", async () => {
    const { token, categories } = await shop();
    const root = await widget('products-v2', { token });
    expect(root.status).toBe(200);
    expect(names(root.body.data)).toEqual(['Assembly']);
    expect(names(root.body.categories)).toEqual(['Tools', 'Garden']);
    const tools = await widget('products-v2', { token, query: { category_id: categories.tools.id } });
    expect(names(tools.body.data)).toEqual(['Angle grinder']);
    expect(tools.body.categories).toEqual([{ id: categories.drills.id, name: 'Drills', parent_id: categories.tools.id, image_url: null, sort: 0, levels: [categories.tools.id, categories.drills.id] }]);
  });

  it("rule: another account's category is not found (404) on both lists, and its products never appear", async () => {
    const mine = await shop();
    const theirs = await shop();
    for (const path of ['products', 'products-v2']) {
      const answer = await widget(path, { token: mine.token, query: { category_id: theirs.categories.tools.id } });
      expect(answer.status, path).toBe(404);
      expect(answer.text).not.toContain('Hammer drill');
    }
    const all = await widget('products', { token: mine.token });
    const theirIds = Object.values(theirs.products).map((product) => product.id);
    expect(all.body.data.filter((product: { id: number }) => theirIds.includes(product.id))).toEqual([]);
  });
});

describe('widget/autocomplete', () => {
  it('rule: an empty, blank or missing q answers an empty list (on both hosts)', async () => {
    const { token } = await shop();
    for (const base of BASES) {
      for (const query of [{ q: '' }, { q: '   ' }, {}] as Record<string, string>[]) {
        const answer = await widget('autocomplete', { token, base, query });
        expect(answer, `${base} ${JSON.stringify(query)}`).toMatchObject({ status: 200, body: [] });
      }
    }
  });

  it('rule: it answers what orders/get-products-autocomplete answers, by name or article, only from the caller\'s account', async () => {
    const mine = await shop();
    await shop();
    const answer = await widget('autocomplete', { token: mine.token, query: { q: 'hammer' } });
    expect(answer.body.map((item: { id: number }) => item.id)).toEqual([mine.products.drill.id]);
    expect(answer.body).toEqual((await server.call('GET', 'orders/get-products-autocomplete', { token: mine.token, query: { q: 'hammer' } })).body);
    expect(names((await widget('autocomplete', { token: mine.token, query: { q: 'AG-' } })).body)).toEqual(['Angle grinder']);
  });
});

describe('widget/add-product', () => {
  it('rule: the first product of a deal creates the order linked to it (CRM status opened); later ones add to that order; quantity defaults to 1', async () => {
    const { account, token, products } = await shop();
    const first = await addToLead(token, `${products.drill.id}%%%MAIN`, 424242);
    expect(first.success).toBe(true);
    expect(first.order).toMatchObject({ lead_id: 424242, status: 0, pipeline_id: null, status_id: null, sum: 100 });
    expect(first.order.positions).toEqual([expect.objectContaining({ product_id: products.drill.id, identifier: `${products.drill.id}%%%MAIN`, count: 1, reserved: 1 })]);
    const again = await addToLead(token, `${products.drill.id}%%%MAIN`, 424242, { quantity: 2 });
    expect(again.order.id).toBe(first.order.id);
    expect(again.order.positions).toHaveLength(1);
    expect(again.order.positions[0].count).toBe(3);
    const service = await addToLead(token, products.service.id, 424242);
    expect(service.order.positions.map((position: { identifier: string }) => position.identifier)).toEqual([`${products.drill.id}%%%MAIN`, String(products.service.id)]);
    expect(await ordersOf(account.id)).toHaveLength(1);
  });

  it('rule: a refused product (unknown, malformed, not enough stock) leaves no new order behind', async () => {
    const { account, token, products } = await shop();
    const cases: [string | number, number, number][] = [
      [999_999_999, 1, 404],
      ['abc', 1, 400],
      [`${products.drill.id}%%%NOPE`, 1, 404],
      [`${products.drill.id}%%%MAIN`, 11, 422],
    ];
    for (const [productId, quantity, status] of cases) {
      const answer = await widget('add-product', { token, query: { productId, leadId: 515151, quantity } });
      expect(answer.status, `${productId}: ${answer.text}`).toBe(status);
      expect(typeof answer.body.error).toBe('string');
    }
    expect(await ordersOf(account.id)).toEqual([]);
    const [batch] = await server.database.db.select().from(batches).where(eq(batches.productId, products.drill.id));
    expect(Number(batch.reserve)).toBe(0);
  });

  it("rule: another account's product is not found and its deal with the same id is not touched: the caller gets its own order", async () => {
    const mine = await shop();
    const theirs = await shop();
    const their = await addToLead(theirs.token, `${theirs.products.drill.id}%%%MAIN`, 616161);
    const refused = await widget('add-product', { token: mine.token, query: { productId: `${theirs.products.drill.id}%%%MAIN`, leadId: 616161 } });
    expect(refused.status).toBe(404);
    expect(await ordersOf(mine.account.id)).toEqual([]);
    const own = await addToLead(mine.token, `${mine.products.grinder.id}%%%MAIN`, 616161);
    expect(own.order.id).not.toBe(their.order.id);
    expect(JSON.stringify(own)).not.toContain('Hammer drill');
    const [theirRow] = await server.database.db.select().from(orders).where(eq(orders.id, their.order.id));
    expect(theirRow).toMatchObject({ accountId: theirs.account.id, version: their.order.version });
    expect(await positionsOf(their.order.id)).toHaveLength(1);
  });

  it('rule: a member without the right to change orders is refused (422) and nothing is written', async () => {
    const { account, products } = await shop();
    const idle = await server.newMember(account, { activity: false });
    const answer = await widget('add-product', { token: idle.token, query: { productId: products.service.id, leadId: 717171 } });
    expect(answer.status).toBe(422);
    expect(await ordersOf(account.id)).toEqual([]);
  });
});

describe('widget/get-products', () => {
  it('rule: data.html shows the deal\'s positions with every value HTML-escaped (<script> and quotes included)', async () => {
    const { token, post } = await shop();
    const store = await post('warehouse/add', { name: `"Store" & <i>it</i> <img src=x onerror="y">`, code: 'XSS' });
    const evil = await post('product/add', { name: `<script>alert("x")</script>`, article: `'a"b'`, unit: `<b>u`, values: { retail: { cost: 5 } } });
    await post('product/arrival', { product_id: evil.id, warehouse_id: store.id, batch: 'E1', count: 5, cost_price: 1 });
    await addToLead(token, `${evil.id}%%%XSS`, 818181);
    const answer = await widget('get-products', { token, query: { leadId: 818181 } });
    expect(answer.status).toBe(200);
    expect(answer.body.success).toBe(true);
    const html: string = answer.body.data.html;
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).toContain('&#39;a&quot;b&#39;');
    expect(html).toContain('&lt;b&gt;u');
    expect(html).toContain('&quot;Store&quot; &amp; &lt;i&gt;it&lt;/i&gt;');
    expect(html).toContain('&lt;img src=x onerror=&quot;y&quot;&gt;');
    // Once the fragment's own tags (with their quoted attributes) are taken out, no markup character is left.
    const text = html.replace(/<\/?(table|thead|tbody|tfoot|tr|th|td|small|br)((\s+[a-z-]+="[^"<>]*")*)>/g, '');
    expect(text).not.toMatch(/[<>"']/);
    expect(html).not.toMatch(/<(script|img|b|i)\b/i);
  });

  it("rule: a deal without an order answers success with the empty-list text, in the user's language", async () => {
    const { account, token } = await shop();
    const english = await widget('get-products', { token, query: { leadId: 919191 } });
    expect(english.body).toEqual({ success: true, data: { html: expect.stringContaining('Nothing found') } });
    const russian = await server.newMember(account);
    await server.database.db.update(users).set({ lang: 'ru' }).where(eq(users.id, russian.id));
    const answer = await widget('get-products', { token: russian.token, query: { leadId: 919191 } });
    expect(answer.body.data.html).toContain('Ничего не найдено');
  });

  it("rule: lang (the CRM's language, which the widget shows) outranks the user's own: headers, totals and the empty text", async () => {
    const { account, token, products } = await shop();
    const russian = await server.newMember(account);
    await server.database.db.update(users).set({ lang: 'ru' }).where(eq(users.id, russian.id));
    expect((await widget('get-products', { token: russian.token, query: { leadId: 929292, lang: 'en' } })).body.data.html).toContain('Nothing found');
    expect((await widget('get-products', { token, query: { leadId: 929292, lang: 'ru' } })).body.data.html).toContain('Ничего не найдено');
    await addToLead(token, `${products.drill.id}%%%MAIN`, 929292);
    const headers = async (lang?: string) => {
      const { html } = (await widget('get-products', { token, query: { leadId: 929292, ...(lang ? { lang } : {}) } })).body.data;
      return [...html.matchAll(/<th>([^<]*)<\/th>/g)].map((match) => match[1]);
    };
    expect(await headers('ru')).toEqual([ru.order.positions, ru.order.count, ru.order.price, ru.order.warehouse]);
    expect(await headers()).toEqual([en.order.positions, en.order.count, en.order.price, en.order.warehouse]);
    expect((await widget('get-products', { token, query: { leadId: 929292, lang: 'de' } })).status).toBe(400);
  });

  it('rule: counts read as their units say in the fragment (3 pcs, not 3.00 pcs); prices keep two decimals', async () => {
    const { token, products } = await shop();
    await addToLead(token, `${products.drill.id}%%%MAIN`, 939393, { quantity: 3 });
    const { html } = (await widget('get-products', { token, query: { leadId: 939393 } })).body.data;
    // The position's cells in order: name, count, price, warehouse; the first two that are numbers are the count and the price.
    const [count, price] = [...html.matchAll(/<td>([^<]*)<\/td>/g)].map((match) => match[1]).filter((cell) => /^\d/.test(cell));
    expect(count).toMatch(/^3 \S+$/);
    expect(price).toMatch(/^[\d\u202F]+\.\d\d /);
  });

  it("rule: another account's deal with the same id shows nothing of theirs", async () => {
    const mine = await shop();
    const theirs = await shop();
    await addToLead(theirs.token, `${theirs.products.drill.id}%%%MAIN`, 313131);
    const answer = await widget('get-products', { token: mine.token, query: { leadId: 313131 } });
    expect(answer.body.data.html).toContain('Nothing found');
    expect(answer.body.data.html).not.toContain('Hammer drill');
  });
});

/** Connects a CRM to the account through the staff route (as an admin would) and answers the connection. */
async function connect(owner: TestAccount, body: Record<string, unknown>) {
  const answer = await server.call('POST', 'account/integrations/connect', { token: owner.token, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as { id: number; widget_key: string; origin: string };
}

/** An amoCRM account `sub` connected to the shop's account: its integration id and secret. */
async function amoConnected(owner: TestAccount, sub = unique('acme')) {
  const clientId = unique('client');
  const secret = `${unique('secret')}-${unique('key')}`;
  await connect(owner, { kind: 'amocrm', origin: `https://${sub}.amocrm.ru`, client_id: clientId, client_secret: secret });
  return { sub, clientId, secret, sign: (overrides: Parameters<typeof disposableClaims>[2] = {}) => signDisposableToken(disposableClaims(sub, clientId, overrides), secret) };
}

const nowS = () => Math.floor(Date.now() / 1000);
const randomLead = () => 100_000 + Math.floor(Math.random() * 2_000_000_000);

describe('widget/products/filtered: a staff token or a signed CRM request', () => {
  const positionKeys = ['id', 'product_id', 'identifier', 'name', 'article', 'type', 'unit', 'warehouse_code', 'warehouse_name', 'price', 'currency', 'count', 'sum'].sort();

  it('rule: a deal number alone answers nothing — without a token or a signature the call is refused (401 with a clear text)', async () => {
    const { token, products } = await shop();
    const leadId = randomLead();
    await addToLead(token, `${products.drill.id}%%%MAIN`, leadId);
    for (const base of BASES) {
      const answer = await widget('products/filtered', { base, query: { leadId } });
      expect(answer.status).toBe(401);
      expect(answer.body.error).toBe(SIGNED_REQUEST_REQUIRED);
      expect(answer.text).not.toContain('Hammer drill');
    }
  });

  it("rule: signed, it answers only the positions of that deal's order, without cost prices, stock or field values", async () => {
    const { token, products, account } = await shop();
    const amo = await amoConnected(account);
    const leadId = randomLead();
    await addToLead(token, `${products.drill.id}%%%MAIN`, leadId, { quantity: 2 });
    await addToLead(token, products.service.id, leadId);
    await addToLead(token, `${products.grinder.id}%%%MAIN`, leadId + 1);
    const answer = await widget('products/filtered', { query: { leadId }, headers: { 'x-auth-token': amo.sign() } });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body.meta).toEqual({ current_page: 1, last_page: 1, per_page: 20, total: 2 });
    expect(names(answer.body.data)).toEqual(['Hammer drill', 'Assembly']);
    for (const position of answer.body.data) expect(Object.keys(position).sort()).toEqual(positionKeys);
    expect(answer.body.data[0]).toMatchObject({ identifier: `${products.drill.id}%%%MAIN`, count: 2, price: 100, sum: 200, warehouse_code: 'MAIN' });
    expect(answer.text).not.toContain('cost_price');
    expect(answer.text).not.toContain('Angle grinder');
    const paged = await widget('products/filtered', { query: { leadId, per_page: 1, page: 2 }, headers: { 'x-auth-token': amo.sign() } });
    expect(names(paged.body.data)).toEqual(['Assembly']);
    expect(paged.body.links).toEqual({ first: '?page=1', prev: '?page=1', next: null, last: '?page=2' });
    const unknown = await widget('products/filtered', { query: { leadId: 2_147_483_000 }, headers: { 'x-auth-token': amo.sign() } });
    expect(unknown).toMatchObject({ status: 200, body: { data: [], meta: { current_page: 1, total: 0 } } });
  });

  it("rule: an amoCRM disposable token answers only the deal of the account whose connected integration signed it", async () => {
    const first = await shop();
    const second = await shop();
    const leadId = randomLead();
    await addToLead(first.token, `${first.products.drill.id}%%%MAIN`, leadId);
    await addToLead(second.token, `${second.products.grinder.id}%%%MAIN`, leadId);
    const firstAmo = await amoConnected(first.account);
    const secondAmo = await amoConnected(second.account);
    const own = await widget('products/filtered', { query: { leadId }, headers: { 'x-auth-token': firstAmo.sign() } });
    expect(names(own.body.data)).toEqual(['Hammer drill']);
    const other = await widget('products/filtered', { query: { leadId }, headers: { 'x-auth-token': secondAmo.sign() } });
    expect(names(other.body.data)).toEqual(['Angle grinder']);
  });

  it('rule: a disposable token forged, expired, not yet valid, unsigned, of another integration or of an unconnected CRM account is refused (401)', async () => {
    const { token, products, account } = await shop();
    const amo = await amoConnected(account);
    const leadId = randomLead();
    await addToLead(token, `${products.drill.id}%%%MAIN`, leadId);
    const now = nowS();
    const claims = disposableClaims(amo.sub, amo.clientId);
    const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
    const refused = {
      forged: signDisposableToken(claims, 'not-the-secret-at-all'),
      expired: amo.sign({ iat: now - 1200, nbf: now - 1200, exp: now - 300 }),
      early: amo.sign({ nbf: now + 600, exp: now + 900 }),
      longLived: amo.sign({ iat: now, nbf: now, exp: now + 30 * 86_400 }),
      unsigned,
      otherIntegration: amo.sign({ client_uuid: unique('another-client') }),
      unconnectedAccount: signDisposableToken(disposableClaims(unique('stranger'), amo.clientId), amo.secret),
      garbage: 'not.a.jwt',
    };
    for (const [name, disposable] of Object.entries(refused)) {
      const answer = await widget('products/filtered', { query: { leadId }, headers: { 'x-auth-token': disposable } });
      expect(answer.status, name).toBe(401);
      expect(answer.body.error, name).toBe(DISPOSABLE_TOKEN_INVALID);
      expect(answer.text).not.toContain('Hammer drill');
    }
  });

  it("rule: a signature of leadId and a fresh timestamp with the account's widget key answers that account's deal; a wrong key, deal, account or a stale time is refused (401)", async () => {
    const mine = await shop();
    const theirs = await shop();
    const leadId = randomLead();
    await addToLead(mine.token, `${mine.products.drill.id}%%%MAIN`, leadId);
    await addToLead(theirs.token, `${theirs.products.grinder.id}%%%MAIN`, leadId);
    const { widget_key: key } = await connect(mine.account, { kind: 'bitrix24', origin: `https://${unique('portal')}.bitrix24.ru`, member_id: unique('member') });
    const { widget_key: theirKey } = await connect(theirs.account, { kind: 'bitrix24', origin: `https://${unique('portal')}.bitrix24.ru`, member_id: unique('member') });
    const ts = nowS();
    const signed = await widget('products/filtered', { base: '/bitrix/widget', query: { leadId, account: mine.account.id, ts, sig: widgetSignature(key, leadId, ts) } });
    expect(signed.status, signed.text).toBe(200);
    expect(names(signed.body.data)).toEqual(['Hammer drill']);
    const bad = {
      otherKey: { leadId, account: mine.account.id, ts, sig: widgetSignature(theirKey, leadId, ts) },
      otherAccount: { leadId, account: theirs.account.id, ts, sig: widgetSignature(key, leadId, ts) },
      otherDeal: { leadId, account: mine.account.id, ts, sig: widgetSignature(key, leadId + 1, ts) },
      stale: { leadId, account: mine.account.id, ts: ts - SIGNATURE_WINDOW_S - 60, sig: widgetSignature(key, leadId, ts - SIGNATURE_WINDOW_S - 60) },
      noTime: { leadId, account: mine.account.id, sig: widgetSignature(key, leadId, ts) },
    };
    for (const [name, query] of Object.entries(bad)) {
      const answer = await widget('products/filtered', { base: '/bitrix/widget', query });
      expect(answer.status, name).toBe(401);
      expect(answer.body.error, name).toBe(SIGNATURE_INVALID);
      expect(answer.text).not.toMatch(/Hammer drill|Angle grinder/);
    }
  });

  it("rule: with a token the deal is looked up in the caller's account alone; a header that is not a valid token is refused (403)", async () => {
    const mine = await shop();
    const theirs = await shop();
    const leadId = randomLead();
    await addToLead(theirs.token, `${theirs.products.drill.id}%%%MAIN`, leadId);
    const scoped = await widget('products/filtered', { token: mine.token, query: { leadId } });
    expect(scoped).toMatchObject({ status: 200, body: { data: [], meta: { total: 0 } } });
    const own = await widget('products/filtered', { token: theirs.token, query: { leadId } });
    expect(names(own.body.data)).toEqual(['Hammer drill']);
    for (const authorization of ['Bearer forged-token', 'Basic abc', '']) {
      const refused = await widget('products/filtered', { authorization, query: { leadId } });
      expect(refused.status, authorization).toBe(403);
      expect(refused.text).not.toContain('Hammer drill');
    }
  });
});

describe('integration/amocrm/token: the disposable token exchanged for a staff token of minutes', () => {
  const exchange = (headers: Record<string, string>) => server.app.inject({ method: 'POST', url: '/integration/amocrm/token', headers });

  it("rule: a valid disposable token gets a staff token that lives minutes and works on the widget's calls for the connected account", async () => {
    const { account, products } = await shop();
    const amo = await amoConnected(account);
    const before = Date.now();
    const response = await exchange({ 'x-auth-token': amo.sign() });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as { access_token: string; expires_at: string; account_id: number };
    expect(answer.account_id).toBe(account.id);
    const lifetime = new Date(answer.expires_at).getTime() - before;
    expect(lifetime).toBeGreaterThan(60_000);
    expect(lifetime).toBeLessThanOrEqual(server.app.ctx.config.amoTokenTtlMinutes * 60_000 + 5_000);
    expect(server.app.ctx.config.amoTokenTtlMinutes).toBeLessThanOrEqual(15);
    const found = await widget('autocomplete', { token: answer.access_token, query: { q: 'Hammer' } });
    expect(found.status).toBe(200);
    expect(found.body.map((item: Named) => item.id)).toEqual([products.drill.id]);
  });

  it('rule: without a valid disposable token no staff token is given (401)', async () => {
    const { account } = await shop();
    const amo = await amoConnected(account);
    const attempts: Record<string, string>[] = [{}, { 'x-auth-token': signDisposableToken(disposableClaims(amo.sub, amo.clientId), 'wrong-secret-wrong') }, { authorization: `Bearer ${account.token}` }];
    for (const headers of attempts) {
      const response = await exchange(headers);
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toBe(DISPOSABLE_TOKEN_INVALID);
    }
  });
});

describe('account/integrations: an administrator connects the CRMs', () => {
  it('rule: only admins connect, list or disconnect (422 for others); the client secret is never answered; a new connection gets its own widget key', async () => {
    const owner = await server.newAccount();
    const member = await server.newMember(owner, { admin: false });
    const body = { kind: 'amocrm', origin: `https://${unique('shop')}.amocrm.ru`, client_id: 'client-1', client_secret: 'a-long-enough-secret-value' };
    expect((await server.call('POST', 'account/integrations/connect', { token: member.token, body })).status).toBe(422);
    expect((await server.call('GET', 'account/integrations', { token: member.token })).status).toBe(422);
    const made = await connect(owner, body);
    expect(made).toMatchObject({ kind: 'amocrm', origin: body.origin, client_id: 'client-1', has_client_secret: true, user_id: owner.ownerId });
    expect(made.widget_key.length).toBeGreaterThanOrEqual(32);
    const listed = await server.call('GET', 'account/integrations', { token: owner.token });
    expect(listed.body).toEqual([made]);
    expect(JSON.stringify(listed.body)).not.toContain(body.client_secret);
    // Connecting the same origin again updates it and keeps the key and the secret.
    const again = await connect(owner, { kind: 'amocrm', origin: body.origin, client_id: 'client-2' });
    expect(again).toMatchObject({ id: made.id, client_id: 'client-2', has_client_secret: true, widget_key: made.widget_key });
    expect((await server.call('POST', 'account/integrations/disconnect', { token: member.token, body: { id: made.id } })).status).toBe(422);
    const other = await server.newAccount();
    expect((await server.call('POST', 'account/integrations/disconnect', { token: other.token, body: { id: made.id } })).status).toBe(404);
    expect((await server.call('POST', 'account/integrations/disconnect', { token: owner.token, body: { id: made.id } })).status).toBe(200);
    expect((await server.call('GET', 'account/integrations', { token: owner.token })).body).toEqual([]);
  });

  it('rule: a connection names one exact https origin (no wildcard, path or plain http but on loopback), and amoCRM needs its client id and secret (400, nothing saved)', async () => {
    const owner = await server.newAccount();
    const refused: Record<string, unknown>[] = [
      { kind: 'amocrm', origin: 'https://*.amocrm.ru', client_id: 'c', client_secret: 'a-long-enough-secret-value' },
      { kind: 'amocrm', origin: 'https://shop.amocrm.ru/leads', client_id: 'c', client_secret: 'a-long-enough-secret-value' },
      { kind: 'amocrm', origin: 'http://shop.amocrm.ru', client_id: 'c', client_secret: 'a-long-enough-secret-value' },
      { kind: 'amocrm', origin: 'https://shop.amocrm.ru' },
      { kind: 'bitrix24', origin: 'https://portal.bitrix24.ru' },
    ];
    for (const body of refused) {
      const answer = await server.call('POST', 'account/integrations/connect', { token: owner.token, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(typeof answer.body.error).toBe('string');
    }
    expect((await server.call('GET', 'account/integrations', { token: owner.token })).body).toEqual([]);
    const loopback = await connect(owner, { kind: 'amocrm', origin: 'http://localhost:8080', client_id: 'c', client_secret: 'a-long-enough-secret-value' });
    expect(loopback.origin).toBe('http://localhost:8080');
  });
});

describe('widget/config and widget/categories', () => {
  it('rule: without a deal or category the config has no order, may add, and lists visible fields, price types, warehouses and the top categories', async () => {
    const { token, post, main, categories } = await shop();
    await post('field/add', { name: 'Secret', code: 'secret', type: 3, lead_config: { visible: 0 } });
    const answer = await widget('config', { token });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      lead_id: null,
      order_id: null,
      products_locked: false,
      disable_add: false,
      per_page: 20,
      currency: 'RUB',
      category: null,
      price_fields: [{ code: 'retail', name: 'Retail' }],
      warehouses: [{ id: main.id, code: 'MAIN', name: 'Main', is_main: true }],
    });
    expect(names(answer.body.subcategories)).toEqual(['Tools', 'Garden']);
    expect(answer.body.fields.map((field: { code: string }) => field.code)).toEqual(['retail']);
    expect(names(answer.body.subcategories)).not.toContain(categories.drills.name);
  });

  it("rule: with a category, its subcategories and the fields of it and the levels above; with a deal, the deal's order and whether adding is blocked", async () => {
    const { token, post, categories, products } = await shop();
    await post('field/add', { name: 'Chuck', code: 'chuck', type: 3, category_id: categories.drills.id });
    await post('field/add', { name: 'Power', code: 'power', type: 1, category_id: categories.tools.id });
    await post('field/add', { name: 'Blade', code: 'blade', type: 3, category_id: categories.garden.id });
    const drills = await widget('config', { token, query: { category_id: categories.drills.id } });
    expect(drills.body.category).toMatchObject({ id: categories.drills.id, levels: [categories.tools.id, categories.drills.id] });
    expect(drills.body.subcategories).toEqual([]);
    expect(drills.body.fields.map((field: { code: string }) => field.code).sort()).toEqual(['chuck', 'power', 'retail']);
    const tools = await widget('config', { token, query: { category_id: categories.tools.id } });
    expect(names(tools.body.subcategories)).toEqual(['Drills']);

    const added = await addToLead(token, `${products.drill.id}%%%MAIN`, 121212);
    const open = await widget('config', { token, query: { leadId: 121212 } });
    expect(open.body).toMatchObject({ lead_id: 121212, order_id: added.order.id, products_locked: false, disable_add: false });
    // CRM status 2 (success) writes the goods off: the products of the order can no longer change.
    const closed = await server.call('POST', 'orders/update', { token, body: { id: added.order.id, version: added.order.version, status: 2 } });
    expect(closed.status).toBe(200);
    const locked = await widget('config', { token, query: { leadId: 121212 } });
    expect(locked.body).toMatchObject({ order_id: added.order.id, products_locked: true, disable_add: true });
  });

  it('rule: a member without the right to change orders gets disable_add; another account\'s category is not found (404)', async () => {
    const mine = await shop();
    const theirs = await shop();
    const idle = await server.newMember(mine.account, { activity: false });
    expect((await widget('config', { token: idle.token })).body).toMatchObject({ disable_add: true, products_locked: false });
    const foreign = await widget('config', { token: mine.token, query: { category_id: theirs.categories.tools.id } });
    expect(foreign.status).toBe(404);
    expect(foreign.text).not.toContain('Tools');
  });

  it('rule: widget/categories is the category tree of the caller\'s account', async () => {
    const mine = await shop();
    await shop();
    const answer = await widget('categories', { token: mine.token });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual((await server.call('GET', 'category/list', { token: mine.token })).body);
    expect(answer.body.map((node: { name: string; subcategories: Named[] }) => [node.name, names(node.subcategories)])).toEqual([
      ['Tools', ['Drills']],
      ['Garden', []],
    ]);
  });
});

describe('the Bitrix24 variants and the token', () => {
  it('rule: every call under /bitrix/widget/ answers what the same call under /widget/ answers', async () => {
    const { token, categories, products } = await shop();
    const leadId = 300_000_000 + Math.floor(Math.random() * 90_000_000);
    await addToLead(token, `${products.drill.id}%%%MAIN`, leadId);
    const reads: [string, Record<string, string | number>, boolean][] = [
      ['products', { category_id: categories.tools.id, per_page: 1, page: 2 }, true],
      ['products-v2', { category_id: categories.tools.id }, true],
      ['products/filtered', { leadId }, true],
      ['autocomplete', { q: 'drill' }, true],
      ['autocomplete', { q: ' ' }, true],
      ['get-products', { leadId }, true],
      ['config', { category_id: categories.drills.id, leadId }, true],
      ['categories', {}, true],
    ];
    for (const [path, query, withToken] of reads) {
      const [plain, bitrix] = await Promise.all(BASES.map((base) => widget(path, { base, query, token: withToken ? token : undefined })));
      expect(plain.status, path).toBe(200);
      expect(bitrix, path).toEqual(plain);
    }
    const viaBitrix = await addToLead(token, `${products.drill.id}%%%MAIN`, leadId, {}, '/bitrix/widget');
    expect(viaBitrix.order.positions[0].count).toBe(2);
  });

  it('rule: the integration routes are among app.apiRoutes (so the isolation and bad-input suites walk them), products/filtered and the two token exchanges as the only staff-token-free ones', () => {
    const integration = server.app.apiRoutes.filter((route) => route.url.startsWith('/integration/'));
    const paths = ['products', 'products-v2', 'products/filtered', 'autocomplete', 'add-product', 'get-products', 'config', 'categories'];
    expect(integration.map((route) => `${route.method} ${route.url}`).sort()).toEqual([...BASES.flatMap((base) => paths.map((path) => `GET /integration${base}/${path}`)), 'POST /integration/amocrm/token', 'POST /integration/bitrix/token'].sort());
    expect(integration.filter((route) => route.auth === 'none').map((route) => route.url).sort()).toEqual(['/integration/amocrm/token', '/integration/bitrix/token', '/integration/bitrix/widget/products/filtered', '/integration/widget/products/filtered']);
    // add-product and the exchange write, so they may not answer from cached sessions.
    expect(integration.filter((route) => !route.reads).map((route) => route.url).sort()).toEqual(['/integration/amocrm/token', '/integration/bitrix/token', '/integration/bitrix/widget/add-product', '/integration/widget/add-product']);
  });

  it('rule: every widget call but products/filtered needs the staff token (403 with { error } without one, or with a forged one); products/filtered a token or a signature (401)', async () => {
    const paths = ['products', 'products-v2', 'autocomplete', 'add-product', 'get-products', 'config', 'categories'];
    for (const base of BASES) {
      for (const path of paths) {
        for (const authorization of [undefined, `Bearer ${unique('forged')}`]) {
          const answer = await widget(path, { base, authorization, query: { leadId: 1, productId: '1', q: 'x' } });
          expect(answer.status, `${base}/${path}`).toBe(403);
          expect(typeof answer.body.error).toBe('string');
        }
      }
      expect((await widget('products/filtered', { base, query: { leadId: 1 } })).status).toBe(401);
    }
  });
});
