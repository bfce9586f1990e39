import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tableConfigs } from '../../server/db/schema';
import { FILTER_CONFIG_CODE } from '../../server/modules/dealCatalogue/service';
import { useTestServer, type TestAccount } from './harness';

const server = useTestServer();

type Named = { id: number; name: string };
const names = (list: Named[]) => list.map((item) => item.name);

/**
 * An account with a catalogue: warehouses Main (main) and Second; price fields retail (first) and
 * wholesale; fields colour (string), size (integer), fragile (flag), grade (select), tags (multi),
 * hidden (string, not shown on cards), photos (images); categories Tools > Drills and Garden; products
 * Hammer drill (Drills, 7 in Main, 3 in Second), Angle grinder (Tools, none in stock), Rake (Garden,
 * 2 in Main), an archived Old drill, and the service Assembly.
 */
async function catalogue(account?: TestAccount) {
  const owner = account ?? (await server.newAccount());
  const post = async (path: string, body: unknown) => {
    const answer = await server.call('POST', path, { token: owner.token, body });
    expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
    return answer.body;
  };
  const main = await post('warehouse/add', { name: 'Main', code: 'MAIN' });
  const second = await post('warehouse/add', { name: 'Second', code: 'SEC' });
  const retail = await post('field/add', { name: 'Retail', code: 'retail', type: 11 });
  const wholesale = await post('field/add', { name: 'Wholesale', code: 'wholesale', type: 11 });
  const colour = await post('field/add', { name: 'Colour', code: 'colour', type: 3 });
  const size = await post('field/add', { name: 'Size', code: 'size', type: 1 });
  const fragile = await post('field/add', { name: 'Fragile', code: 'fragile', type: 9 });
  const grade = await post('field/add', { name: 'Grade', code: 'grade', type: 5, data: ['A', 'B'] });
  const labels = await post('field/add', { name: 'Labels', code: 'labels', type: 6, data: ['new', 'sale'] });
  const hidden = await post('field/add', { name: 'Internal note', code: 'hidden', type: 3, lead_config: { visible: 0 } });
  const photos = await post('field/add', { name: 'Photos', code: 'photos', type: 15 });
  const tools = await post('category/add', { name: 'Tools' });
  const drills = await post('category/add', { name: 'Drills', parent_id: tools.id });
  const garden = await post('category/add', { name: 'Garden' });
  const drill = await post('product/add', {
    name: 'Hammer drill',
    article: 'HD-1',
    category_id: drills.id,
    values: { retail: { cost: 100 }, wholesale: { cost: 80 }, colour: 'Dark blue', size: 12, fragile: true, grade: 'A', labels: ['new', 'sale'] },
  });
  const grinder = await post('product/add', { name: 'Angle grinder', article: 'AG-7', category_id: tools.id, values: { retail: { cost: 60 }, colour: 'Red', size: 7, grade: 'B', labels: ['sale'] } });
  const rake = await post('product/add', { name: 'Rake', article: 'RK-2', category_id: garden.id, values: { retail: { cost: 15 }, colour: 'Green', fragile: false } });
  const old = await post('product/add', { name: 'Old drill', article: 'HD-0', category_id: drills.id, values: { retail: { cost: 10 } } });
  await post('product/archive', { id: old.id });
  const service = await post('product/add', { name: 'Assembly', type: 'service', article: 'SV-1', values: { retail: { cost: 25 } } });
  await post('product/arrival', { product_id: drill.id, warehouse_id: main.id, batch: 'B1', count: 7, cost_price: 40 });
  await post('product/arrival', { product_id: drill.id, warehouse_id: second.id, batch: 'B2', count: 3, cost_price: 42 });
  await post('product/arrival', { product_id: rake.id, warehouse_id: main.id, batch: 'R1', count: 2, cost_price: 5 });
  return {
    account: owner,
    post,
    get: (path: string, query?: Record<string, string | number>) => server.call('GET', path, { token: owner.token, query }),
    main,
    second,
    fields: { retail, wholesale, colour, size, fragile, grade, labels, hidden, photos },
    categories: { tools, drills, garden },
    products: { drill, grinder, rake, old, service },
  };
}

describe('orders/categories, orders/categories/list and orders/category/list', () => {
  it('rule: orders/categories is the product card\'s category field properties (get_fields_properties), the same as field/categories', async () => {
    const { get, categories, fields } = await catalogue();
    const answer = await get('orders/categories');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual((await get('field/categories')).body);
    const drills = answer.body.find((item: { id: number }) => item.id === categories.drills.id);
    expect(drills).toMatchObject({ levels: [categories.tools.id, categories.drills.id] });
    // Root fields (no category) apply everywhere.
    expect(drills.fields_id_2).toEqual(expect.arrayContaining([fields.retail.id, fields.colour.id]));
  });

  it('rule: orders/categories/list is the category tree (as category/list); orders/category/list the same categories flat, parents before their subcategories', async () => {
    const { get, categories } = await catalogue();
    const tree = await get('orders/categories/list');
    expect(tree.body).toEqual((await get('category/list')).body);
    expect(tree.body.map((node: { name: string; subcategories: Named[] }) => [node.name, names(node.subcategories)])).toEqual([
      ['Tools', ['Drills']],
      ['Garden', []],
    ]);
    const flat = await get('orders/category/list');
    expect(flat.status).toBe(200);
    expect(flat.body).toEqual([
      { id: categories.tools.id, name: 'Tools', parent_id: null, image_url: null, sort: 0, levels: [categories.tools.id] },
      { id: categories.drills.id, name: 'Drills', parent_id: categories.tools.id, image_url: null, sort: 0, levels: [categories.tools.id, categories.drills.id] },
      { id: categories.garden.id, name: 'Garden', parent_id: null, image_url: null, sort: 1, levels: [categories.garden.id] },
    ]);
  });
});

describe('orders/fields and orders/fields/all', () => {
  it('rule: orders/fields lists the product fields order cards show (lead_config.visible > 0), orders/fields/all every product field, both in card order', async () => {
    const { get } = await catalogue();
    const all = await get('orders/fields/all');
    expect(all.status).toBe(200);
    expect(all.body.map((field: { code: string }) => field.code)).toEqual(['retail', 'wholesale', 'colour', 'size', 'fragile', 'grade', 'labels', 'hidden', 'photos']);
    const shown = await get('orders/fields');
    expect(shown.body.map((field: { code: string }) => field.code)).toEqual(['retail', 'wholesale', 'colour', 'size', 'fragile', 'grade', 'labels', 'photos']);
    expect(shown.body[0]).toMatchObject({ code: 'retail', type: 11, lead_config: { visible: 1 } });
  });
});

describe('orders/get-products-autocomplete', () => {
  it('rule: an empty or blank q answers an empty list', async () => {
    const { get } = await catalogue();
    for (const q of ['', ' ', '   \t ']) {
      const answer = await get('orders/get-products-autocomplete', { q });
      expect(answer, JSON.stringify(q)).toEqual({ status: 200, body: [] });
    }
  });

  it("rule: each product carries its first price field's price and, per warehouse holding it, what is available there and the identifier `id%%%code` to send", async () => {
    const { get, products, main, second } = await catalogue();
    const answer = await get('orders/get-products-autocomplete', { q: 'hammer' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([
      {
        id: products.drill.id,
        name: 'Hammer drill',
        article: 'HD-1',
        type: 'product',
        unit: 'pcs',
        category_id: products.drill.category_id,
        price: 100,
        currency: 'RUB',
        available: 10,
        price_field: 'retail',
        warehouses: [
          { id: main.id, code: 'MAIN', name: 'Main', available: 7, identifier: `${products.drill.id}%%%MAIN` },
          { id: second.id, code: 'SEC', name: 'Second', available: 3, identifier: `${products.drill.id}%%%SEC` },
        ],
        fields: expect.objectContaining({ colour: 'Dark blue', size: 12 }),
      },
    ]);
  });

  it('rule: by name or by article; archived products are left out; a service has no warehouses and no stock (its identifier is the plain id)', async () => {
    const { get, products } = await catalogue();
    const byArticle = await get('orders/get-products-autocomplete', { q: 'HD-' });
    expect(names(byArticle.body)).toEqual(['Hammer drill']);
    const service = await get('orders/get-products-autocomplete', { q: 'Assembly' });
    expect(service.body).toEqual([expect.objectContaining({ id: products.service.id, type: 'service', available: null, warehouses: [], price: 25 })]);
    const byName = await get('orders/get-products-autocomplete', { q: 'drill' });
    expect(names(byName.body)).toEqual(['Hammer drill']);
  });

  it('rule: with a leadId, in_order says how much of each product that deal\'s order holds (0 without an order)', async () => {
    const { get, products, post } = await catalogue();
    const before = await get('orders/get-products-autocomplete', { q: 'hammer', leadId: 5551 });
    expect(before.body[0].in_order).toBe(0);
    const order = await post('orders/add', { lead_id: 5551 });
    await post('orders/product/add', { order_id: order.id, product: `${products.drill.id}%%%MAIN`, quantity: 2 });
    const after = await get('orders/get-products-autocomplete', { q: 'hammer', leadId: 5551 });
    expect(after.body[0].in_order).toBe(2);
    const without = await get('orders/get-products-autocomplete', { q: 'hammer' });
    expect(without.body[0]).not.toHaveProperty('in_order');
  });

  it("rule: another account's products are never offered, and its deal ids count nothing", async () => {
    const mine = await catalogue();
    const theirs = await catalogue();
    const order = await theirs.post('orders/add', { lead_id: 7771 });
    await theirs.post('orders/product/add', { order_id: order.id, product: `${theirs.products.drill.id}%%%MAIN`, quantity: 3 });
    const answer = await mine.get('orders/get-products-autocomplete', { q: 'hammer', leadId: 7771 });
    expect(answer.body.map((item: { id: number }) => item.id)).toEqual([mine.products.drill.id]);
    expect(answer.body[0].in_order).toBe(0);
  });
});

describe('orders/products/filtered', () => {
  const filtered = async (token: string, body: unknown = {}) => server.call('POST', 'orders/products/filtered', { token, body });

  it('rule: by default page 1 of 20 active products by name, with data, links and meta', async () => {
    const { account, post } = await catalogue();
    for (let index = 0; index < 20; index += 1) await post('product/add', { name: `Bolt ${String(index).padStart(2, '0')}` });
    const first = await filtered(account.token);
    expect(first.status).toBe(200);
    expect(first.body.meta).toEqual({ current_page: 1, last_page: 2, per_page: 20, total: 24 });
    expect(first.body.links).toEqual({ first: '?page=1', prev: null, next: '?page=2', last: '?page=2' });
    expect(first.body.data).toHaveLength(20);
    expect(first.body.data[0].name).toBe('Angle grinder');
    const second = await filtered(account.token, { page: 2 });
    expect(names(second.body.data)).toEqual(['Bolt 18', 'Bolt 19', 'Hammer drill', 'Rake']);
    expect(names((await filtered(account.token, { per_page: 2, page: 2 })).body.data)).toEqual(['Bolt 00', 'Bolt 01']);
  });

  it('rule: a category includes its subcategories; search looks in name and article; type, warehouse and in-stock narrow the list', async () => {
    const { account, categories, second } = await catalogue();
    const list = async (body: unknown) => names((await filtered(account.token, body)).body.data);
    expect(await list({ category_id: categories.tools.id })).toEqual(['Angle grinder', 'Hammer drill']);
    expect(await list({ category_id: categories.drills.id })).toEqual(['Hammer drill']);
    expect(await list({ category_id: null })).toEqual(['Angle grinder', 'Assembly', 'Hammer drill', 'Rake']);
    expect(await list({ search: 'rk-' })).toEqual(['Rake']);
    expect(await list({ type: 'service' })).toEqual(['Assembly']);
    expect(await list({ in_stock: true })).toEqual(['Hammer drill', 'Rake']);
    expect(await list({ warehouse_id: second.id })).toEqual(['Hammer drill']);
  });

  it('rule: field filters — text contains (any case), numbers and prices equal, flags equal (missing is false), a selector equals, a multi selector holds; empty values are dropped', async () => {
    const { account } = await catalogue();
    const list = async (fields: Record<string, unknown>) => {
      const answer = await filtered(account.token, { fields });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return names(answer.body.data);
    };
    expect(await list({ colour: 'BLUE' })).toEqual(['Hammer drill']);
    expect(await list({ size: 7 })).toEqual(['Angle grinder']);
    expect(await list({ size: '12' })).toEqual(['Hammer drill']);
    expect(await list({ retail: 15 })).toEqual(['Rake']);
    expect(await list({ fragile: true })).toEqual(['Hammer drill']);
    expect(await list({ fragile: '0' })).toEqual(['Angle grinder', 'Assembly', 'Rake']);
    expect(await list({ grade: 'B' })).toEqual(['Angle grinder']);
    expect(await list({ labels: 'sale' })).toEqual(['Angle grinder', 'Hammer drill']);
    expect(await list({ labels: 'new', colour: 'dark' })).toEqual(['Hammer drill']);
    expect(await list({ colour: '  ' })).toEqual(['Angle grinder', 'Assembly', 'Hammer drill', 'Rake']);
  });

  it('rule: an unknown field, a field that cannot be compared (images) and a non-number for a number field are refused with 400', async () => {
    const { account } = await catalogue();
    for (const fields of [{ nope: 'x' }, { photos: 'x' }, { size: 'large' }]) {
      const answer = await filtered(account.token, { fields });
      expect(answer.status, JSON.stringify(fields)).toBe(400);
      expect(typeof answer.body.error).toBe('string');
    }
  });

  it("rule: another account's category is not found (404); its warehouse and products show nothing of theirs", async () => {
    const mine = await catalogue();
    const theirs = await catalogue();
    const foreign = await filtered(mine.account.token, { category_id: theirs.categories.tools.id });
    expect(foreign.status).toBe(404);
    const byWarehouse = await filtered(mine.account.token, { warehouse_id: theirs.main.id });
    expect(byWarehouse.body.data).toEqual([]);
    const all = await filtered(mine.account.token, {});
    const theirIds = Object.values(theirs.products).map((product) => product.id);
    expect(all.body.data.some((product: { id: number }) => theirIds.includes(product.id))).toBe(false);
  });
});

describe('orders/products/filtered/config and config/update', () => {
  it('rule: with nothing saved, the filter offers every comparable field the cards show, in card order', async () => {
    const { get } = await catalogue();
    const answer = await get('orders/products/filtered/config');
    expect(answer).toEqual({ status: 200, body: { fields: ['retail', 'wholesale', 'colour', 'size', 'fragile', 'grade', 'labels'] } });
  });

  it('rule: update keeps the given order without repeats, stored among the table configurations under its code; a deleted field drops out on reading', async () => {
    const { account, post, get, fields } = await catalogue();
    const saved = await post('orders/products/filtered/config/update', { fields: ['size', 'colour', 'size', 'hidden'] });
    expect(saved).toEqual({ fields: ['size', 'colour', 'hidden'] });
    const [row] = await server.database.db
      .select()
      .from(tableConfigs)
      .where(and(eq(tableConfigs.accountId, account.id), eq(tableConfigs.code, FILTER_CONFIG_CODE)));
    expect(row.value).toEqual({ fields: ['size', 'colour', 'hidden'] });
    expect((await get('orders/products/filtered/config')).body).toEqual({ fields: ['size', 'colour', 'hidden'] });
    await post('field/delete', { id: fields.colour.id });
    expect((await get('orders/products/filtered/config')).body).toEqual({ fields: ['size', 'hidden'] });
  });

  it('rule: a code that is not a comparable product field is refused (400) and nothing is saved', async () => {
    const { account } = await catalogue();
    for (const codes of [['nope'], ['photos'], ['size', 'nope']]) {
      const answer = await server.call('POST', 'orders/products/filtered/config/update', { token: account.token, body: { fields: codes } });
      expect(answer.status, codes.join()).toBe(400);
    }
    const rows = await server.database.db.select().from(tableConfigs).where(eq(tableConfigs.accountId, account.id));
    expect(rows).toEqual([]);
  });

  it("rule: each account has its own filter settings; another account's field codes are refused", async () => {
    const mine = await catalogue();
    const theirs = await catalogue();
    await theirs.post('field/add', { name: 'Theirs only', code: 'theirs_only', type: 3 });
    await theirs.post('orders/products/filtered/config/update', { fields: ['theirs_only'] });
    expect((await mine.get('orders/products/filtered/config')).body.fields).not.toContain('theirs_only');
    const refused = await server.call('POST', 'orders/products/filtered/config/update', { token: mine.account.token, body: { fields: ['theirs_only'] } });
    expect(refused.status).toBe(400);
    expect((await theirs.get('orders/products/filtered/config')).body).toEqual({ fields: ['theirs_only'] });
  });
});

describe('every deal catalogue route needs the staff token', () => {
  it('rule: without a token each answers 403 with { error }', async () => {
    const calls: ['GET' | 'POST', string][] = [
      ['GET', 'orders/categories'],
      ['GET', 'orders/categories/list'],
      ['GET', 'orders/category/list'],
      ['GET', 'orders/fields'],
      ['GET', 'orders/fields/all'],
      ['GET', 'orders/get-products-autocomplete'],
      ['POST', 'orders/products/filtered'],
      ['GET', 'orders/products/filtered/config'],
      ['POST', 'orders/products/filtered/config/update'],
    ];
    for (const [method, path] of calls) {
      const answer = await server.call(method, path, { query: { q: 'x' }, body: method === 'POST' ? { fields: [] } : undefined });
      expect(answer.status, path).toBe(403);
      expect(typeof answer.body.error).toBe('string');
    }
  });
});
