import { and, asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, batches, categories, fields, movements, products, warehouses } from '../../server/db/schema';
import { useTestServer, type TestAccount } from './harness';

/**
 * Route tests of the catalogue's products and warehouses (spec 2 §3, §5, §7): every call's answer
 * and the rows it wrote, refusals that change nothing, and the rights the server enforces.
 * Arrival and write-off, and the basic move, are in stock.test.ts.
 */
const server = useTestServer();
const db = () => server.database.db;

type Body = Record<string, unknown>;
type Answer = { status: number; body: any };

/** The calls of one user. */
function as(token: string) {
  return {
    post: (path: string, body: unknown): Promise<Answer> => server.call('POST', path, { token, body }),
    get: (path: string, query: Record<string, string | number>): Promise<Answer> => server.call('GET', path, { token, query }),
  };
}

const productRow = async (id: number) => (await db().select().from(products).where(eq(products.id, id)))[0];
const productRows = (accountId: number) => db().select().from(products).where(eq(products.accountId, accountId)).orderBy(asc(products.id));
const batchRow = async (id: number) => (await db().select().from(batches).where(eq(batches.id, id)))[0];
const warehouseRows = (accountId: number) => db().select().from(warehouses).where(eq(warehouses.accountId, accountId)).orderBy(asc(warehouses.id));
const movementRows = (accountId: number) => db().select().from(movements).where(eq(movements.accountId, accountId)).orderBy(asc(movements.id));

/** Every catalogue and stock row of an account: a refused call must leave this unchanged. */
async function catalogueOf(accountId: number) {
  return {
    products: await productRows(accountId),
    batches: await db().select().from(batches).where(eq(batches.accountId, accountId)).orderBy(asc(batches.id)),
    movements: await movementRows(accountId),
    warehouses: await warehouseRows(accountId),
  };
}

/** A product field definition, written straight to the table so these tests do not depend on field/add. */
async function addField(accountId: number, code: string, type: number, data: unknown[] = []) {
  const [row] = await db().insert(fields).values({ accountId, entity: 'product', code, name: code, type, data }).returning();
  return row;
}

async function addCategory(accountId: number, name: string, parentId: number | null = null) {
  const [row] = await db().insert(categories).values({ accountId, name, parentId }).returning();
  return row;
}

/** An account with two warehouses (the first main) and a stocked product: batch B1 of 10 at 12.5 in the main one. */
async function stocked(account: TestAccount) {
  const { post } = as(account.token);
  const main = (await post('warehouse/add', { name: 'Main' })).body;
  const second = (await post('warehouse/add', { name: 'Second' })).body;
  const product = (await post('product/add', { name: 'Hammer drill', article: 'HD-1' })).body;
  const batch = (await post('product/arrival', { product_id: product.id, warehouse_id: main.id, batch: 'B1', count: 10, cost_price: 12.5 })).body;
  expect(batch.count).toBe(10);
  return { main, second, product, batch };
}

const PRICE_DEFAULTS = { cost: 0, currency: 'RUB', is_manager_can_change_nds: false, is_nds: false, is_price_include_nds: false, nds: 0 };

describe('product/add', () => {
  it('stores a product with trimmed texts and the defaults (type product, unit pcs, root category, not archived); the answer is the row', async () => {
    const account = await server.newAccount();
    const answer = await as(account.token).post('product/add', { name: '  Hammer  ', article: ' H-1 ', description: 'Heavy', tags: ['tools'] });
    expect(answer.status).toBe(200);
    const row = await productRow(answer.body.id);
    expect(row).toMatchObject({ accountId: account.id, type: 'product', name: 'Hammer', article: 'H-1', description: 'Heavy', unit: 'pcs', categoryId: null, values: {}, tags: ['tools'], archived: false });
    expect(answer.body).toEqual({
      id: row.id,
      type: 'product',
      name: 'Hammer',
      article: 'H-1',
      description: 'Heavy',
      unit: 'pcs',
      category_id: null,
      values: {},
      tags: ['tools'],
      archived: false,
      count: 0,
      reserve: 0,
      available: 0,
      batches: [],
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    });
  });

  it('stores a service as type service, in its category with its unit; a service takes no stock', async () => {
    const account = await server.newAccount();
    const { post } = as(account.token);
    const category = await addCategory(account.id, 'Repairs');
    const main = (await post('warehouse/add', { name: 'Main' })).body;
    const answer = await post('product/add', { type: 'service', name: 'Assembly', unit: 'h', category_id: category.id });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ type: 'service', name: 'Assembly', unit: 'h', category_id: category.id, count: 0, batches: [] });
    expect(await productRow(answer.body.id)).toMatchObject({ type: 'service', unit: 'h', categoryId: category.id });
    const arrival = await post('product/arrival', { product_id: answer.body.id, warehouse_id: main.id, count: 1 });
    expect(arrival.status).toBe(400);
    expect((await catalogueOf(account.id)).batches).toEqual([]);
  });

  it('coerces every field value by its type code (spec 2 §3) before storing it', async () => {
    const account = await server.newAccount();
    for (const [code, type] of [['pack', 1], ['weight', 2], ['colour', 3], ['notes', 4], ['size', 5], ['materials', 6], ['made', 7], ['checked', 8], ['fragile', 9], ['sealed', 9]] as const) {
      await addField(account.id, code, type);
    }
    const values = { pack: '12', weight: '1 234,5', colour: 42, notes: ['a', 'b'], size: 3, materials: 'steel', made: '2024-05-01', checked: '2024-05-01T10:00', fragile: '1', sealed: 0 };
    const answer = await as(account.token).post('product/add', { name: 'Vase', values });
    expect(answer.status).toBe(200);
    const coerced = { pack: 12, weight: 1234.5, colour: '42', notes: 'a, b', size: '3', materials: ['steel'], made: '2024-05-01', checked: '2024-05-01T10:00', fragile: true, sealed: false };
    expect(answer.body.values).toEqual(coerced);
    expect((await productRow(answer.body.id)).values).toEqual(coerced);
  });

  it('keeps several price types (type-11 fields), each with its own cost, currency and VAT settings, flags and rates coerced', async () => {
    const account = await server.newAccount();
    await addField(account.id, 'retail', 11);
    await addField(account.id, 'wholesale', 11);
    await addField(account.id, 'dealer', 11);
    const values = {
      retail: { cost: '1 200,50', is_nds: '1', is_price_include_nds: 1, is_manager_can_change_nds: 'true', nds: '20' },
      wholesale: { cost: 800, currency: 'EUR', is_nds: false, nds: 10 },
      dealer: '650',
    };
    const answer = await as(account.token).post('product/add', { name: 'Chair', values });
    expect(answer.status).toBe(200);
    const expected = {
      retail: { ...PRICE_DEFAULTS, cost: 1200.5, is_nds: true, is_price_include_nds: true, is_manager_can_change_nds: true, nds: 20 },
      wholesale: { ...PRICE_DEFAULTS, cost: 800, currency: 'EUR', nds: 10 },
      dealer: { ...PRICE_DEFAULTS, cost: 650 },
    };
    expect(answer.body.values).toEqual(expected);
    expect((await productRow(answer.body.id)).values).toEqual(expected);
  });

  it('a price of an is_kommo account defaults to USD', async () => {
    const account = await server.newAccount();
    await db().update(accounts).set({ isKommo: true }).where(eq(accounts.id, account.id));
    await addField(account.id, 'retail', 11);
    const answer = await as(account.token).post('product/add', { name: 'Lamp', values: { retail: { cost: 5 } } });
    expect(answer.body.values.retail).toEqual({ ...PRICE_DEFAULTS, cost: 5, currency: 'USD' });
    expect((await productRow(answer.body.id)).values.retail).toEqual({ ...PRICE_DEFAULTS, cost: 5, currency: 'USD' });
  });

  it('keeps the image list of a type-15 field (url strings or objects with a url), in order', async () => {
    const account = await server.newAccount();
    await addField(account.id, 'images', 15);
    const images = ['/demo/images/1.svg', { url: 'https://cdn.example.com/2.png', title: 'Side' }];
    const answer = await as(account.token).post('product/add', { name: 'Table', values: { images } });
    expect(answer.status).toBe(200);
    expect(answer.body.values.images).toEqual(images);
    expect((await productRow(answer.body.id)).values.images).toEqual(images);
  });

  it('refuses a value its field type cannot hold (400 naming the field) and writes nothing', async () => {
    const account = await server.newAccount();
    await addField(account.id, 'weight', 2);
    await addField(account.id, 'fragile', 9);
    await addField(account.id, 'retail', 11);
    await addField(account.id, 'images', 15);
    await addField(account.id, 'colour', 3);
    const before = await catalogueOf(account.id);
    for (const values of [
      { weight: 'heavy' },
      { fragile: 'maybe' },
      { retail: { cost: 'free' } },
      { retail: { cost: -1 } },
      { retail: -5 },
      { retail: { cost: 10, nds: 120 } },
      { retail: { cost: 10, nds: -1 } },
      { retail: 'cheap' },
      { images: '/demo/images/1.svg' },
      { images: [42] },
      { colour: { name: 'red' } },
    ]) {
      const answer = await as(account.token).post('product/add', { name: 'Broken', values });
      expect(answer.status, JSON.stringify(values)).toBe(400);
      expect(answer.body.error).toContain(Object.keys(values)[0]);
    }
    expect(await catalogueOf(account.id)).toEqual(before);
  });

  it("refuses an unknown field code, another account's field, another account's category, and a blank name or unit; nothing is written", async () => {
    const account = await server.newAccount();
    const other = await server.newAccount();
    await addField(other.id, 'secret', 3);
    const foreign = await addCategory(other.id, 'Foreign');
    const before = await catalogueOf(account.id);
    const answers = [
      await as(account.token).post('product/add', { name: 'X', values: { colour: 'red' } }),
      await as(account.token).post('product/add', { name: 'X', values: { secret: 'a' } }),
      await as(account.token).post('product/add', { name: 'X', category_id: foreign.id }),
      await as(account.token).post('product/add', { name: '   ' }),
      await as(account.token).post('product/add', { name: 'X', unit: '  ' }),
      await as(account.token).post('product/add', { name: 'X', type: 'bundle' }),
      await as(account.token).post('product/add', { article: 'no name' }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([400, 400, 400, 400, 400, 400, 400]);
    for (const answer of answers) expect(answer.body.error).toEqual(expect.any(String));
    expect(await catalogueOf(account.id)).toEqual(before);
    expect(await productRows(other.id)).toEqual([]);
  });
});

describe('product/get', () => {
  it('answers the product with its batches in every warehouse and totals: count, reserve, available = count − reserve', async () => {
    const account = await server.newAccount();
    const { post, get } = as(account.token);
    const { main, second, product, batch } = await stocked(account);
    const other = (await post('product/arrival', { product_id: product.id, warehouse_id: second.id, batch: 'B2', count: 2.5, cost_price: 13 })).body;
    await db().update(batches).set({ reserve: '4' }).where(eq(batches.id, batch.id));
    const answer = await get('product/get', { id: product.id });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: product.id, name: 'Hammer drill', count: 12.5, reserve: 4, available: 8.5 });
    expect(answer.body.batches).toEqual([
      { id: batch.id, warehouse_id: main.id, number: 'B1', cost_price: 12.5, count: 10, reserve: 4, available: 6 },
      { id: other.id, warehouse_id: second.id, number: 'B2', cost_price: 13, count: 2.5, reserve: 0, available: 2.5 },
    ]);
  });

  it('an archived product can still be read', async () => {
    const account = await server.newAccount();
    const { post, get } = as(account.token);
    const product = (await post('product/add', { name: 'Old' })).body;
    await post('product/archive', { id: product.id });
    expect((await get('product/get', { id: product.id })).body).toMatchObject({ id: product.id, archived: true });
  });

  it("an unknown id or another account's product → 404 {error}; a malformed id → 400", async () => {
    const account = await server.newAccount();
    const other = await server.newAccount();
    const foreign = (await as(other.token).post('product/add', { name: 'Theirs' })).body;
    const { get } = as(account.token);
    for (const id of [foreign.id, 2_000_000_000]) {
      const answer = await get('product/get', { id });
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ error: 'No such product', code: 'noSuchProduct' });
    }
    expect((await get('product/get', { id: 'abc' })).status).toBe(400);
    expect((await get('product/get', { id: 0 })).status).toBe(400);
  });
});

describe('product/update', () => {
  it('changes only the given fields, merges and coerces values over the stored ones, and moves updated_at', async () => {
    const account = await server.newAccount();
    await addField(account.id, 'weight', 2);
    await addField(account.id, 'colour', 3);
    const category = await addCategory(account.id, 'Tools');
    const { post } = as(account.token);
    const product = (await post('product/add', { name: 'Saw', article: 'S-1', description: 'Sharp', values: { weight: 2, colour: 'red' }, tags: ['a'] })).body;
    const answer = await post('product/update', { id: product.id, name: ' Big saw ', category_id: category.id, values: { weight: '3,5' }, tags: ['a', 'b'] });
    expect(answer.status).toBe(200);
    const row = await productRow(product.id);
    expect(row).toMatchObject({ name: 'Big saw', article: 'S-1', description: 'Sharp', unit: 'pcs', categoryId: category.id, values: { weight: 3.5, colour: 'red' }, tags: ['a', 'b'], type: 'product' });
    expect(row.updatedAt.getTime()).toBeGreaterThan(new Date(product.updated_at).getTime());
    expect(row.createdAt.toISOString()).toBe(product.created_at);
    expect(answer.body).toMatchObject({ id: product.id, name: 'Big saw', article: 'S-1', category_id: category.id, values: { weight: 3.5, colour: 'red' }, tags: ['a', 'b'], updated_at: row.updatedAt.toISOString() });
  });

  it('category_id null moves the product to the root; texts can be emptied where allowed (article, description)', async () => {
    const account = await server.newAccount();
    const category = await addCategory(account.id, 'Tools');
    const { post } = as(account.token);
    const product = (await post('product/add', { name: 'Saw', article: 'S-1', description: 'Sharp', category_id: category.id })).body;
    const answer = await post('product/update', { id: product.id, category_id: null, article: '', description: '' });
    expect(answer.body).toMatchObject({ category_id: null, article: '', description: '' });
    expect(await productRow(product.id)).toMatchObject({ categoryId: null, article: '', description: '' });
  });

  it("refuses an unknown or another account's product (404), and an unknown category or field, a bad value or a blank name (400): the row is unchanged", async () => {
    const account = await server.newAccount();
    const other = await server.newAccount();
    await addField(account.id, 'weight', 2);
    const foreign = (await as(other.token).post('product/add', { name: 'Theirs' })).body;
    const { post } = as(account.token);
    const product = (await post('product/add', { name: 'Saw', values: { weight: 1 } })).body;
    const before = await catalogueOf(account.id);
    const foreignBefore = await productRow(foreign.id);
    const answers = [
      await post('product/update', { id: foreign.id, name: 'Mine now' }),
      await post('product/update', { id: 2_000_000_000, name: 'Ghost' }),
      await post('product/update', { id: product.id, name: 'Renamed', category_id: 2_000_000_000 }),
      await post('product/update', { id: product.id, name: 'Renamed', values: { colour: 'red' } }),
      await post('product/update', { id: product.id, name: 'Renamed', values: { weight: 'heavy' } }),
      await post('product/update', { id: product.id, name: '  ' }),
      await post('product/update', { id: product.id, type: 'service' }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([404, 404, 400, 400, 400, 400, 400]);
    expect(await catalogueOf(account.id)).toEqual(before);
    expect(await productRow(foreign.id)).toEqual(foreignBefore);
  });

  it('concurrent updates of different values all survive (no lost update)', async () => {
    const account = await server.newAccount();
    const codes = Array.from({ length: 8 }, (_, i) => `f${i}`);
    for (const code of codes) await addField(account.id, code, 3);
    const { post } = as(account.token);
    const product = (await post('product/add', { name: 'Shared' })).body;
    const answers = await Promise.all(codes.map((code) => post('product/update', { id: product.id, values: { [code]: `value ${code}` } })));
    expect(answers.map((answer) => answer.status)).toEqual(codes.map(() => 200));
    expect((await productRow(product.id)).values).toEqual(Object.fromEntries(codes.map((code) => [code, `value ${code}`])));
  });
});

describe('product/set-price', () => {
  it('sets the cost of one price type, keeping its VAT settings and the other price types and values', async () => {
    const account = await server.newAccount();
    await addField(account.id, 'retail', 11);
    await addField(account.id, 'wholesale', 11);
    await addField(account.id, 'colour', 3);
    const { post } = as(account.token);
    const product = (await post('product/add', { name: 'Desk', values: { retail: { cost: 100, is_nds: 1, nds: 20 }, wholesale: 80, colour: 'oak' } })).body;
    const answer = await post('product/set-price', { id: product.id, price_field: 'retail', cost: 120.5 });
    expect(answer.status).toBe(200);
    const expected = { retail: { ...PRICE_DEFAULTS, cost: 120.5, is_nds: true, nds: 20 }, wholesale: { ...PRICE_DEFAULTS, cost: 80 }, colour: 'oak' };
    expect(answer.body.values).toEqual(expected);
    expect((await productRow(product.id)).values).toEqual(expected);
  });

  it('sets a price type the product had no value for, with the given currency', async () => {
    const account = await server.newAccount();
    await addField(account.id, 'retail', 11);
    const { post } = as(account.token);
    const product = (await post('product/add', { name: 'Desk' })).body;
    const answer = await post('product/set-price', { id: product.id, price_field: 'retail', cost: 0, currency: 'USD' });
    expect(answer.body.values.retail).toEqual({ ...PRICE_DEFAULTS, currency: 'USD' });
    expect((await productRow(product.id)).values.retail).toEqual({ ...PRICE_DEFAULTS, currency: 'USD' });
  });

  it('accepts the option to change the price in open deals as well, and changes the product price', async () => {
    const account = await server.newAccount();
    await addField(account.id, 'retail', 11);
    const { post } = as(account.token);
    const product = (await post('product/add', { name: 'Desk', values: { retail: 10 } })).body;
    for (const [update, cost] of [[true, 11], [false, 12]] as const) {
      const answer = await post('product/set-price', { id: product.id, price_field: 'retail', cost, update_open_deals: update });
      expect(answer.status).toBe(200);
      expect(answer.body.values.retail.cost).toBe(cost);
      expect(((await productRow(product.id)).values.retail as { cost: number }).cost).toBe(cost);
    }
  });

  it("refuses a field that is not a price, an unknown field, a negative or non-numeric cost, and another account's product; nothing changes", async () => {
    const account = await server.newAccount();
    const other = await server.newAccount();
    await addField(account.id, 'retail', 11);
    await addField(account.id, 'colour', 3);
    await addField(other.id, 'retail', 11);
    const foreign = (await as(other.token).post('product/add', { name: 'Theirs', values: { retail: 5 } })).body;
    const { post } = as(account.token);
    const product = (await post('product/add', { name: 'Desk', values: { retail: 10, colour: 'oak' } })).body;
    const before = await catalogueOf(account.id);
    const foreignBefore = await productRow(foreign.id);
    const answers = [
      await post('product/set-price', { id: product.id, price_field: 'colour', cost: 1 }),
      await post('product/set-price', { id: product.id, price_field: 'nothing', cost: 1 }),
      await post('product/set-price', { id: product.id, price_field: 'retail', cost: -1 }),
      await post('product/set-price', { id: product.id, price_field: 'retail', cost: 'ten' }),
      await post('product/set-price', { id: product.id, price_field: 'retail' }),
      await post('product/set-price', { id: product.id, price_field: 'retail', cost: 1, currency: '$$$' }),
      await post('product/set-price', { id: foreign.id, price_field: 'retail', cost: 1 }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([400, 400, 400, 400, 400, 400, 404]);
    expect(answers[0].body.error).toBe('colour is not a price field');
    expect(await catalogueOf(account.id)).toEqual(before);
    expect(await productRow(foreign.id)).toEqual(foreignBefore);
  });

  it('concurrent price changes of different price types all survive (no lost update)', async () => {
    const account = await server.newAccount();
    const codes = Array.from({ length: 8 }, (_, i) => `price${i}`);
    for (const code of codes) await addField(account.id, code, 11);
    const { post } = as(account.token);
    const product = (await post('product/add', { name: 'Shared' })).body;
    const answers = await Promise.all(codes.map((code, i) => post('product/set-price', { id: product.id, price_field: code, cost: i + 1 })));
    expect(answers.map((answer) => answer.status)).toEqual(codes.map(() => 200));
    const stored = (await productRow(product.id)).values as Record<string, { cost: number }>;
    expect(codes.map((code) => stored[code]?.cost)).toEqual(codes.map((_, i) => i + 1));
  });
});

describe('product/archive and product/unarchive', () => {
  it('archive sets the flag in the row and hides the product from the list and autocomplete; unarchive brings it back', async () => {
    const account = await server.newAccount();
    const { post, get } = as(account.token);
    const product = (await post('product/add', { name: 'Lantern', article: 'LN-1' })).body;
    const names = async () => (await get('product/autocomplete/name', { query: 'Lantern' })).body.map((item: { id: number }) => item.id);
    const listed = async (archived: boolean) => (await post('product/list', { filter: { archived } })).body.data.map((item: { id: number }) => item.id);

    const archived = await post('product/archive', { id: product.id });
    expect(archived.status).toBe(200);
    expect(archived.body).toMatchObject({ id: product.id, archived: true });
    expect(await productRow(product.id)).toMatchObject({ archived: true });
    expect(await listed(false)).toEqual([]);
    expect(await listed(true)).toEqual([product.id]);
    expect(await names()).toEqual([]);

    const restored = await post('product/unarchive', { id: product.id });
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ id: product.id, archived: false });
    expect(await productRow(product.id)).toMatchObject({ archived: false });
    expect(await listed(false)).toEqual([product.id]);
    expect(await listed(true)).toEqual([]);
    expect(await names()).toEqual([product.id]);
  });

  it('archiving twice keeps it archived; stock is kept while archived', async () => {
    const account = await server.newAccount();
    const { post } = as(account.token);
    const { product, batch } = await stocked(account);
    await post('product/archive', { id: product.id });
    const again = await post('product/archive', { id: product.id });
    expect(again.body).toMatchObject({ archived: true, count: 10 });
    expect(await productRow(product.id)).toMatchObject({ archived: true });
    expect((await batchRow(batch.id)).count).toBe('10.000');
  });

  it("another account's product or an unknown id → 404; the rows are unchanged", async () => {
    const account = await server.newAccount();
    const other = await server.newAccount();
    const foreign = (await as(other.token).post('product/add', { name: 'Theirs' })).body;
    const { post } = as(account.token);
    for (const path of ['product/archive', 'product/unarchive']) {
      expect((await post(path, { id: foreign.id })).status).toBe(404);
      expect((await post(path, { id: 2_000_000_000 })).status).toBe(404);
      expect((await post(path, { id: 'x' })).status).toBe(400);
    }
    expect(await productRow(foreign.id)).toMatchObject({ archived: false, updatedAt: new Date(foreign.updated_at) });
  });
});

describe('product/list', () => {
  /** n products named 'Item 01'… straight into the table, with created_at one minute apart. */
  async function items(accountId: number, n: number, extra: (i: number) => Partial<typeof products.$inferInsert> = () => ({})) {
    const rows = Array.from({ length: n }, (_, index) => {
      const i = index + 1;
      return { accountId, name: `Item ${String(i).padStart(2, '0')}`, article: `A-${String(i).padStart(2, '0')}`, createdAt: new Date(Date.UTC(2024, 0, 1, 0, i)), ...extra(i) };
    });
    return db().insert(products).values(rows).returning();
  }
  const ids = (answer: Answer) => answer.body.data.map((item: { id: number }) => item.id);

  it('defaults to page 1 of 20, sorted by id, with links and meta (data, links, meta)', async () => {
    const account = await server.newAccount();
    const rows = await items(account.id, 25);
    const answer = await as(account.token).post('product/list', {});
    expect(answer.status).toBe(200);
    expect(ids(answer)).toEqual(rows.slice(0, 20).map((row) => row.id));
    expect(answer.body.links).toEqual({ first: '?page=1', prev: null, next: '?page=2', last: '?page=2' });
    expect(answer.body.meta).toEqual({ current_page: 1, last_page: 2, per_page: 20, total: 25 });
    expect(answer.body.data[0]).toMatchObject({ name: 'Item 01', article: 'A-01', count: 0, batches: [] });
    const last = await as(account.token).post('product/list', { page: 2 });
    expect(ids(last)).toEqual(rows.slice(20).map((row) => row.id));
    expect(last.body.links).toEqual({ first: '?page=1', prev: '?page=1', next: null, last: '?page=2' });
  });

  it('paging edges: an empty catalogue is one empty page; a page past the end is empty with the real total; exact multiples add no page', async () => {
    const account = await server.newAccount();
    const { post } = as(account.token);
    const empty = await post('product/list', { page: 1 });
    expect(empty.body).toEqual({ data: [], links: { first: '?page=1', prev: null, next: null, last: '?page=1' }, meta: { current_page: 1, last_page: 1, per_page: 20, total: 0 } });
    await items(account.id, 6);
    const exact = await post('product/list', { per_page: 3, page: 2 });
    expect(exact.body.meta).toEqual({ current_page: 2, last_page: 2, per_page: 3, total: 6 });
    expect(exact.body.links.next).toBeNull();
    const past = await post('product/list', { per_page: 3, page: 5 });
    expect(past.body.data).toEqual([]);
    expect(past.body.meta).toEqual({ current_page: 5, last_page: 2, per_page: 3, total: 6 });
    expect(past.body.links.next).toBeNull();
  });

  it('refuses a page below 1, per_page outside 1..200, an unknown filter or sort field (400)', async () => {
    const account = await server.newAccount();
    const { post } = as(account.token);
    for (const body of [{ page: 0 }, { per_page: 0 }, { per_page: 201 }, { page: 1.5 }, { filter: { colour: 'red' } }, { sort: { field: 'price' } }, { sort: { field: 'name', order: 'up' } }]) {
      const answer = await post('product/list', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error).toEqual(expect.any(String));
    }
  });

  it('sorts by name, article, created_at or id, ascending or descending, ties broken by id', async () => {
    const account = await server.newAccount();
    const rows = await items(account.id, 4, (i) => ({ name: ['Delta', 'Alpha', 'Charlie', 'Alpha'][i - 1], article: ['Z-1', 'Y-1', 'X-1', 'W-1'][i - 1], createdAt: new Date(Date.UTC(2024, 0, [3, 1, 4, 2][i - 1])) }));
    const [d, a1, c, a2] = rows.map((row) => row.id);
    const { post } = as(account.token);
    const sorted = async (sort: Body) => ids(await post('product/list', { sort }));
    expect(await sorted({ field: 'name' })).toEqual([a1, a2, c, d]);
    expect(await sorted({ field: 'name', order: 'desc' })).toEqual([d, c, a1, a2]);
    expect(await sorted({ field: 'article', order: 'asc' })).toEqual([a2, c, a1, d]);
    expect(await sorted({ field: 'created_at' })).toEqual([a1, a2, d, c]);
    expect(await sorted({ field: 'created_at', order: 'desc' })).toEqual([c, d, a2, a1]);
    expect(await sorted({ field: 'id', order: 'desc' })).toEqual([a2, c, a1, d]);
  });

  it('search finds the text in the name or the article, case-insensitively; % and _ are plain characters; blank search is no filter', async () => {
    const account = await server.newAccount();
    const rows = await items(account.id, 4, (i) => ({ name: ['Red chair', 'Blue table', 'Chair 100%', 'Lamp'][i - 1], article: ['RC-1', 'BT-1', 'C_1', 'CHAIR-L'][i - 1] }));
    const [red, , percent, lamp] = rows.map((row) => row.id);
    const { post } = as(account.token);
    const found = async (search: string) => ids(await post('product/list', { filter: { search } }));
    expect(await found('CHAIR')).toEqual([red, percent, lamp]);
    expect(await found('rc-')).toEqual([red]);
    expect(await found('100%')).toEqual([percent]);
    expect(await found('%')).toEqual([percent]);
    expect(await found('C_')).toEqual([percent]);
    expect(await found('nothing like it')).toEqual([]);
    expect(await found('   ')).toHaveLength(4);
  });

  it('filters by type, category, archived flag, warehouse (with that warehouse stock only) and in_stock (available above 0)', async () => {
    const account = await server.newAccount();
    const { post } = as(account.token);
    const tools = await addCategory(account.id, 'Tools');
    const { main, second, product: drill, batch } = await stocked(account);
    await post('product/update', { id: drill.id, category_id: tools.id });
    const saw = (await post('product/add', { name: 'Saw', category_id: tools.id })).body;
    await post('product/arrival', { product_id: saw.id, warehouse_id: second.id, batch: 'S1', count: 3 });
    const service = (await post('product/add', { type: 'service', name: 'Sharpening' })).body;
    const old = (await post('product/add', { name: 'Old saw', category_id: tools.id })).body;
    await post('product/archive', { id: old.id });
    await post('product/transfer', { batch_id: batch.id, warehouse_id: second.id, count: 4 });
    await db().update(batches).set({ reserve: '3' }).where(and(eq(batches.productId, saw.id)));

    const list = async (filter: Body) => (await post('product/list', { filter })).body;
    expect(ids({ status: 200, body: await list({}) })).toEqual([drill.id, saw.id, service.id]);
    expect(ids({ status: 200, body: await list({ type: 'service' }) })).toEqual([service.id]);
    expect(ids({ status: 200, body: await list({ type: 'product' }) })).toEqual([drill.id, saw.id]);
    expect(ids({ status: 200, body: await list({ category_id: tools.id }) })).toEqual([drill.id, saw.id]);
    expect(ids({ status: 200, body: await list({ category_id: tools.id, archived: true }) })).toEqual([old.id]);
    expect(ids({ status: 200, body: await list({ in_stock: true }) })).toEqual([drill.id]);

    const inMain = await list({ warehouse_id: main.id });
    expect(inMain.data.map((item: { id: number; count: number }) => [item.id, item.count])).toEqual([[drill.id, 6]]);
    const inSecond = await list({ warehouse_id: second.id });
    expect(inSecond.data.map((item: { id: number; count: number; available: number }) => [item.id, item.count, item.available])).toEqual([
      [drill.id, 4, 4],
      [saw.id, 3, 0],
    ]);
    expect(inSecond.data[0].batches.map((item: { warehouse_id: number }) => item.warehouse_id)).toEqual([second.id]);
    expect(ids({ status: 200, body: await list({ warehouse_id: second.id, in_stock: true }) })).toEqual([drill.id]);
    // Without a warehouse filter the totals are over all warehouses.
    expect((await list({ search: 'Hammer' })).data[0]).toMatchObject({ count: 10, available: 10 });
  });

  it('rule: a category filter includes the products of all its subcategories, and not those of its parent or siblings', async () => {
    const account = await server.newAccount();
    const { post } = as(account.token);
    const tools = await addCategory(account.id, 'Tools');
    const power = await addCategory(account.id, 'Power tools', tools.id);
    const drills = await addCategory(account.id, 'Drills', power.id);
    const garden = await addCategory(account.id, 'Garden');
    const inTools = (await post('product/add', { name: 'Hammer', category_id: tools.id })).body;
    const inPower = (await post('product/add', { name: 'Grinder', category_id: power.id })).body;
    const inDrills = (await post('product/add', { name: 'Drill', category_id: drills.id })).body;
    await post('product/add', { name: 'Rake', category_id: garden.id });
    const list = async (categoryId: number) => ids(await post('product/list', { filter: { category_id: categoryId } }));
    expect(await list(tools.id)).toEqual([inTools.id, inPower.id, inDrills.id]);
    expect(await list(power.id)).toEqual([inPower.id, inDrills.id]);
    expect(await list(drills.id)).toEqual([inDrills.id]);
    expect((await post('product/list', { filter: { category_id: power.id } })).body.meta.total).toBe(2);
  });

  it("lists only the caller's account's products, whatever the filter", async () => {
    const account = await server.newAccount();
    const other = await server.newAccount();
    await items(other.id, 3);
    const foreignCategory = await addCategory(other.id, 'Theirs');
    await items(other.id, 1, () => ({ categoryId: foreignCategory.id }));
    const mine = await items(account.id, 2);
    const { post } = as(account.token);
    expect(ids(await post('product/list', {}))).toEqual(mine.map((row) => row.id));
    expect((await post('product/list', { filter: { category_id: foreignCategory.id } })).body.meta.total).toBe(0);
    expect((await post('product/list', { filter: { search: 'Item' } })).body.meta.total).toBe(2);
  });
});

describe('product/transfer', () => {
  it('moves part of a batch into the batch of the same number in the target warehouse, with a move row in the ledger', async () => {
    const account = await server.newAccount();
    const { post, get } = as(account.token);
    const { main, second, product, batch } = await stocked(account);
    const first = await post('product/transfer', { batch_id: batch.id, warehouse_id: second.id, count: 4, comment: 'to the shop' });
    expect(first.status).toBe(200);
    const moved = await post('product/transfer', { batch_id: batch.id, warehouse_id: second.id, count: 1.5 });
    expect(moved.status).toBe(200);
    expect(moved.body.from).toEqual({ id: batch.id, warehouse_id: main.id, number: 'B1', cost_price: 12.5, count: 4.5, reserve: 0, available: 4.5 });
    expect(moved.body.to).toEqual({ id: first.body.to.id, warehouse_id: second.id, number: 'B1', cost_price: 12.5, count: 5.5, reserve: 0, available: 5.5 });
    expect(await batchRow(batch.id)).toMatchObject({ count: '4.500', warehouseId: main.id });
    expect(await batchRow(first.body.to.id)).toMatchObject({ count: '5.500', warehouseId: second.id, number: 'B1', costPrice: '12.50', productId: product.id });
    expect((await db().select().from(batches).where(eq(batches.productId, product.id))).length).toBe(2);
    const moves = (await movementRows(account.id)).filter((row) => row.eventType === 'move');
    expect(moves).toHaveLength(2);
    expect(moves[0]).toMatchObject({
      productId: product.id,
      batchId: batch.id,
      articleNumber: 'HD-1',
      title: 'Hammer drill',
      party: 'B1',
      quantity: '4.000',
      costPrice: '12.50',
      sum: '50.00',
      initialWarehouseId: main.id,
      finalWarehouseId: second.id,
      userId: account.ownerId,
      comment: 'to the shop',
    });
    expect(moves[1]).toMatchObject({ quantity: '1.500', sum: '18.75' });
    expect((await get('product/get', { id: product.id })).body).toMatchObject({ count: 10, available: 10 });
  });

  it('the whole available quantity can move, leaving 0 behind; reserved units stay', async () => {
    const account = await server.newAccount();
    const { post } = as(account.token);
    const { second, batch } = await stocked(account);
    await db().update(batches).set({ reserve: '2' }).where(eq(batches.id, batch.id));
    const moved = await post('product/transfer', { batch_id: batch.id, warehouse_id: second.id, count: 8 });
    expect(moved.status).toBe(200);
    expect(moved.body.from).toMatchObject({ count: 2, reserve: 2, available: 0 });
    expect(await batchRow(batch.id)).toMatchObject({ count: '2.000', reserve: '2.000' });
    expect(await batchRow(moved.body.to.id)).toMatchObject({ count: '8.000', reserve: '0.000' });
  });

  it("refuses the same warehouse (400), more than is available (422), an unknown or another account's batch or warehouse (404), bad counts (400): nothing changes", async () => {
    const account = await server.newAccount();
    const other = await server.newAccount();
    const theirs = await stocked(other);
    const { post } = as(account.token);
    const { main, second, batch } = await stocked(account);
    await db().update(batches).set({ reserve: '3' }).where(eq(batches.id, batch.id));
    const before = await catalogueOf(account.id);
    const theirsBefore = await catalogueOf(other.id);
    const cases: [Body, number][] = [
      [{ batch_id: batch.id, warehouse_id: main.id, count: 1 }, 400],
      [{ batch_id: batch.id, warehouse_id: second.id, count: 8 }, 422],
      [{ batch_id: batch.id, warehouse_id: second.id, count: 7.001 }, 422],
      [{ batch_id: batch.id, warehouse_id: theirs.second.id, count: 1 }, 404],
      [{ batch_id: theirs.batch.id, warehouse_id: second.id, count: 1 }, 404],
      [{ batch_id: 2_000_000_000, warehouse_id: second.id, count: 1 }, 404],
      [{ batch_id: batch.id, warehouse_id: 2_000_000_000, count: 1 }, 404],
      [{ batch_id: batch.id, warehouse_id: second.id, count: 0 }, 400],
      [{ batch_id: batch.id, warehouse_id: second.id, count: -1 }, 400],
      [{ batch_id: batch.id, warehouse_id: second.id, count: 0.0001 }, 400],
      [{ batch_id: batch.id, warehouse_id: second.id }, 400],
    ];
    for (const [body, status] of cases) {
      const answer = await post('product/transfer', body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(answer.body.error).toEqual(expect.any(String));
    }
    expect(await catalogueOf(account.id)).toEqual(before);
    expect(await catalogueOf(other.id)).toEqual(theirsBefore);
  });

  it('concurrent moves in both directions between two warehouses all succeed and keep the total', async () => {
    const account = await server.newAccount();
    const { post } = as(account.token);
    const { main, second, product, batch } = await stocked(account);
    const back = (await post('product/arrival', { product_id: product.id, warehouse_id: second.id, batch: 'B1', count: 10, cost_price: 12.5 })).body;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0 ? post('product/transfer', { batch_id: batch.id, warehouse_id: second.id, count: 1 }) : post('product/transfer', { batch_id: back.id, warehouse_id: main.id, count: 1 }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    expect([(await batchRow(batch.id)).count, (await batchRow(back.id)).count]).toEqual(['10.000', '10.000']);
    expect((await movementRows(account.id)).filter((row) => row.eventType === 'move')).toHaveLength(20);
  });
});

describe('stock writes of one product, concurrently', () => {
  it('concurrent arrivals into the same new batch number add up in one batch (none fails)', async () => {
    const account = await server.newAccount();
    const { post } = as(account.token);
    const { main, product } = await stocked(account);
    const answers = await Promise.all(Array.from({ length: 6 }, () => post('product/arrival', { product_id: product.id, warehouse_id: main.id, batch: 'NEW', count: 1, add_to_existing: true })));
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    const rows = await db().select().from(batches).where(and(eq(batches.productId, product.id), eq(batches.number, 'NEW')));
    expect(rows.map((row) => row.count)).toEqual(['6.000']);
    expect((await movementRows(account.id)).filter((row) => row.eventType === 'arrival' && row.party === 'NEW')).toHaveLength(6);
  });

  it('a move, a write-off, a price change and a rename of one product at once all take effect (the shared product lock neither deadlocks nor undoes any)', async () => {
    const account = await server.newAccount();
    await addField(account.id, 'retail', 11);
    const { post } = as(account.token);
    const { second, product, batch } = await stocked(account);
    const answers = await Promise.all([
      post('product/transfer', { batch_id: batch.id, warehouse_id: second.id, count: 3 }),
      post('product/set-price', { id: product.id, price_field: 'retail', cost: 42 }),
      post('product/update', { id: product.id, name: 'Hammer drill Pro' }),
      post('product/write-off', { batch_id: batch.id, count: 2 }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(await productRow(product.id)).toMatchObject({ name: 'Hammer drill Pro', values: { retail: expect.objectContaining({ cost: 42 }) } });
    expect((await batchRow(batch.id)).count).toBe('5.000');
  });
});

describe('product/autocomplete', () => {
  it('by article: substring matches, case-insensitive, with id, name, article and type; services included', async () => {
    const account = await server.newAccount();
    const { post, get } = as(account.token);
    const drill = (await post('product/add', { name: 'Hammer drill', article: 'HD-100' })).body;
    const service = (await post('product/add', { type: 'service', name: 'Drill repair', article: 'HD-SRV' })).body;
    await post('product/add', { name: 'Screwdriver', article: 'SD-7' });
    const answer = await get('product/autocomplete/article', { query: 'hd-' });
    expect(answer.status).toBe(200);
    expect([...answer.body].sort((x: { id: number }, y: { id: number }) => x.id - y.id)).toEqual([
      { id: drill.id, name: 'Hammer drill', article: 'HD-100', type: 'product' },
      { id: service.id, name: 'Drill repair', article: 'HD-SRV', type: 'service' },
    ]);
    expect((await get('product/autocomplete/name', { query: 'DRILL' })).body.map((item: { id: number }) => item.id).sort()).toEqual([drill.id, service.id].sort());
  });

  it("never shows archived products or another account's products", async () => {
    const account = await server.newAccount();
    const other = await server.newAccount();
    await as(other.token).post('product/add', { name: 'Lantern of theirs', article: 'LN-9' });
    const { post, get } = as(account.token);
    const mine = (await post('product/add', { name: 'Lantern', article: 'LN-1' })).body;
    const old = (await post('product/add', { name: 'Lantern old', article: 'LN-2' })).body;
    await post('product/archive', { id: old.id });
    for (const [column, query] of [['name', 'lantern'], ['article', 'LN'], ['name', 'lanter']] as const) {
      expect((await get(`product/autocomplete/${column}`, { query })).body.map((item: { id: number }) => item.id)).toEqual([mine.id]);
    }
  });

  it('answers at most 20 items, and nothing for a blank query; a missing query is refused (400)', async () => {
    const account = await server.newAccount();
    await db().insert(products).values(Array.from({ length: 30 }, (_, i) => ({ accountId: account.id, name: `Bolt ${i}`, article: `BL-${i}` })));
    const { get } = as(account.token);
    expect((await get('product/autocomplete/name', { query: 'bolt' })).body).toHaveLength(20);
    expect((await get('product/autocomplete/article', { query: 'BL-' })).body).toHaveLength(20);
    expect((await get('product/autocomplete/name', { query: '  ' })).body).toEqual([]);
    expect((await server.call('GET', 'product/autocomplete/name', { token: account.token })).status).toBe(400);
  });
});

describe('warehouse/add, warehouse/update, warehouse/list', () => {
  it('add stores the trimmed name and a code made from it; the first warehouse is the main one; the answer is the row', async () => {
    const account = await server.newAccount();
    const { post } = as(account.token);
    const first = await post('warehouse/add', { name: '  Central store ' });
    expect(first.status).toBe(200);
    const second = await post('warehouse/add', { name: 'Склад 2', code: 'S2' });
    const rows = await warehouseRows(account.id);
    expect(rows.map((row) => ({ id: row.id, name: row.name, code: row.code, isMain: row.isMain }))).toEqual([
      { id: first.body.id, name: 'Central store', code: 'central_store', isMain: true },
      { id: second.body.id, name: 'Склад 2', code: 'S2', isMain: false },
    ]);
    expect(first.body).toEqual({ id: rows[0].id, name: 'Central store', code: 'central_store', is_main: true });
    expect(second.body).toEqual({ id: rows[1].id, name: 'Склад 2', code: 'S2', is_main: false });
  });

  it('a new warehouse added as main takes the flag from the old one: always exactly one main', async () => {
    const account = await server.newAccount();
    const { post } = as(account.token);
    const first = (await post('warehouse/add', { name: 'One' })).body;
    const second = await post('warehouse/add', { name: 'Two', is_main: true });
    expect(second.body.is_main).toBe(true);
    const third = await post('warehouse/add', { name: 'Three', is_main: false });
    expect(third.body.is_main).toBe(false);
    expect((await warehouseRows(account.id)).map((row) => [row.id, row.isMain])).toEqual([
      [first.id, false],
      [second.body.id, true],
      [third.body.id, false],
    ]);
  });

  it('two warehouses with the same name get distinct codes; a code given twice is refused (409) and nothing is written', async () => {
    const account = await server.newAccount();
    const { post } = as(account.token);
    const first = (await post('warehouse/add', { name: 'Store' })).body;
    const second = await post('warehouse/add', { name: 'Store' });
    expect(second.status).toBe(200);
    expect(second.body.code).not.toBe(first.code);
    const before = await warehouseRows(account.id);
    const taken = await post('warehouse/add', { name: 'Other', code: first.code });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe(`A warehouse with the code ${first.code} already exists`);
    expect(await warehouseRows(account.id)).toEqual(before);
  });

  it('refuses a blank name, a bad code or unknown keys (400); nothing is written', async () => {
    const account = await server.newAccount();
    const { post } = as(account.token);
    await post('warehouse/add', { name: 'Main' });
    const before = await warehouseRows(account.id);
    for (const body of [{ name: '   ' }, { name: '' }, {}, { name: 'X', code: 'bad code!' }, { name: 'X', colour: 'red' }, { name: 'X', is_main: 'yes please' }]) {
      const answer = await post('warehouse/add', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error).toEqual(expect.any(String));
    }
    expect(await warehouseRows(account.id)).toEqual(before);
  });

  it('update renames (trimmed) and can make a warehouse the main one; the main flag cannot be taken away by hand', async () => {
    const account = await server.newAccount();
    const { post } = as(account.token);
    const main = (await post('warehouse/add', { name: 'Main' })).body;
    const other = (await post('warehouse/add', { name: 'Other' })).body;
    const renamed = await post('warehouse/update', { id: other.id, name: ' Shop ' });
    expect(renamed.body).toEqual({ id: other.id, name: 'Shop', code: other.code, is_main: false });
    const promoted = await post('warehouse/update', { id: other.id, is_main: true });
    expect(promoted.body).toEqual({ id: other.id, name: 'Shop', code: other.code, is_main: true });
    expect((await warehouseRows(account.id)).map((row) => [row.id, row.name, row.isMain])).toEqual([
      [main.id, 'Main', false],
      [other.id, 'Shop', true],
    ]);
    const before = await warehouseRows(account.id);
    expect((await post('warehouse/update', { id: other.id, is_main: false })).status).toBe(400);
    expect((await post('warehouse/update', { id: other.id, name: '  ' })).status).toBe(400);
    expect(await warehouseRows(account.id)).toEqual(before);
  });

  it("update of an unknown or another account's warehouse → 404; theirs is unchanged", async () => {
    const account = await server.newAccount();
    const other = await server.newAccount();
    const theirs = (await as(other.token).post('warehouse/add', { name: 'Theirs' })).body;
    await as(other.token).post('warehouse/add', { name: 'Theirs too', is_main: true });
    const before = await warehouseRows(other.id);
    const { post } = as(account.token);
    expect((await post('warehouse/update', { id: theirs.id, name: 'Mine' })).status).toBe(404);
    expect((await post('warehouse/update', { id: theirs.id, is_main: true })).status).toBe(404);
    expect((await post('warehouse/update', { id: 2_000_000_000, name: 'Ghost' })).status).toBe(404);
    expect(await warehouseRows(other.id)).toEqual(before);
    expect(await warehouseRows(account.id)).toEqual([]);
  });

  it("list answers the account's own warehouses in the order they were added", async () => {
    const account = await server.newAccount();
    const other = await server.newAccount();
    await as(other.token).post('warehouse/add', { name: 'Theirs' });
    const { post } = as(account.token);
    expect((await server.call('GET', 'warehouse/list', { token: account.token })).body).toEqual([]);
    const one = (await post('warehouse/add', { name: 'One' })).body;
    const two = (await post('warehouse/add', { name: 'Two' })).body;
    const list = await server.call('GET', 'warehouse/list', { token: account.token });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([one, two]);
  });

  it('concurrent adds to an account without warehouses make exactly one main warehouse', async () => {
    const account = await server.newAccount();
    const { post } = as(account.token);
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => post('warehouse/add', { name: `Store ${i}` })));
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    const rows = await warehouseRows(account.id);
    expect(rows).toHaveLength(6);
    expect(rows.filter((row) => row.isMain)).toHaveLength(1);
  });

  it('concurrent adds of the same name all succeed with distinct codes', async () => {
    const account = await server.newAccount();
    const { post } = as(account.token);
    const answers = await Promise.all(Array.from({ length: 5 }, () => post('warehouse/add', { name: 'Depot' })));
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    expect(new Set((await warehouseRows(account.id)).map((row) => row.code)).size).toBe(5);
  });

  it('concurrent changes of the main warehouse leave exactly one main', async () => {
    const account = await server.newAccount();
    const { post } = as(account.token);
    const list: { id: number }[] = [];
    for (let i = 0; i < 4; i += 1) list.push((await post('warehouse/add', { name: `Store ${i}` })).body);
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => post('warehouse/update', { id: list[i % 4].id, is_main: true })));
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    expect((await warehouseRows(account.id)).filter((row) => row.isMain)).toHaveLength(1);
  });
});

describe('rights', () => {
  /** An account with 'Separate rights', a price field, a stocked product and a member with the given rights. */
  async function withMember(rights: { editingRemains?: boolean; changeRemains?: boolean; admin?: boolean; activity?: boolean }, separateRights = true) {
    const account = await server.newAccount({ separateRights });
    await addField(account.id, 'retail', 11);
    const stock = await stocked(account);
    await as(account.token).post('product/set-price', { id: stock.product.id, price_field: 'retail', cost: 10 });
    const member = await server.newMember(account, rights);
    return { account, ...stock, member, ...as(member.token) };
  }

  it("with 'Separate rights', a member without editing_remains cannot add, update, set the price of, archive or unarchive products (422); nothing changes", async () => {
    const { account, product, post } = await withMember({ editingRemains: false, changeRemains: true });
    await as(account.token).post('product/add', { name: 'Archived one' }).then((answer) => as(account.token).post('product/archive', { id: answer.body.id }));
    const archived = (await productRows(account.id)).find((row) => row.archived)!;
    const before = await catalogueOf(account.id);
    const answers = [
      await post('product/add', { name: 'New' }),
      await post('product/update', { id: product.id, name: 'Renamed' }),
      await post('product/set-price', { id: product.id, price_field: 'retail', cost: 99 }),
      await post('product/archive', { id: product.id }),
      await post('product/unarchive', { id: archived.id }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([422, 422, 422, 422, 422]);
    for (const answer of answers) expect(answer.body).toEqual({ error: 'You do not have the right to edit products', code: 'notProductEditor' });
    expect(await catalogueOf(account.id)).toEqual(before);
  });

  it("with 'Separate rights', a member without change_remains cannot move goods (422) but, with editing_remains, can edit products", async () => {
    const { account, product, batch, second, post } = await withMember({ editingRemains: true, changeRemains: false });
    const before = await catalogueOf(account.id);
    const move = await post('product/transfer', { batch_id: batch.id, warehouse_id: second.id, count: 1 });
    expect(move.status).toBe(422);
    expect(move.body.error).toBe('You do not have the right to receive, write off or move goods');
    expect(await catalogueOf(account.id)).toEqual(before);

    expect((await post('product/update', { id: product.id, name: 'Renamed' })).status).toBe(200);
    expect((await post('product/set-price', { id: product.id, price_field: 'retail', cost: 15 })).status).toBe(200);
    const added = await post('product/add', { name: 'By member' });
    expect(added.status).toBe(200);
    expect(await productRow(product.id)).toMatchObject({ name: 'Renamed', values: { retail: expect.objectContaining({ cost: 15 }) } });
    expect(await productRow(added.body.id)).toMatchObject({ name: 'By member', accountId: account.id });
  });

  it("with 'Separate rights', a member with change_remains but not editing_remains can move goods, and the move is recorded as theirs", async () => {
    const { account, batch, second, member, post } = await withMember({ editingRemains: false, changeRemains: true });
    const move = await post('product/transfer', { batch_id: batch.id, warehouse_id: second.id, count: 2 });
    expect(move.status).toBe(200);
    expect((await batchRow(batch.id)).count).toBe('8.000');
    expect((await movementRows(account.id)).filter((row) => row.eventType === 'move')).toMatchObject([{ userId: member.id, quantity: '2.000' }]);
  });

  it("without 'Separate rights', an active member with no flags can edit products and move goods", async () => {
    const { product, batch, second, post } = await withMember({ editingRemains: false, changeRemains: false }, false);
    expect((await post('product/update', { id: product.id, name: 'Renamed' })).status).toBe(200);
    expect((await post('product/set-price', { id: product.id, price_field: 'retail', cost: 20 })).status).toBe(200);
    expect((await post('product/archive', { id: product.id })).status).toBe(200);
    expect((await post('product/unarchive', { id: product.id })).status).toBe(200);
    expect((await post('product/transfer', { batch_id: batch.id, warehouse_id: second.id, count: 1 })).status).toBe(200);
    expect(await productRow(product.id)).toMatchObject({ name: 'Renamed', archived: false });
    expect((await batchRow(batch.id)).count).toBe('9.000');
  });

  it('a member whose activity is off cannot edit products or move goods, even without separate rights', async () => {
    const { account, product, batch, second, post } = await withMember({ activity: false, editingRemains: true, changeRemains: true }, false);
    const before = await catalogueOf(account.id);
    expect((await post('product/add', { name: 'New' })).status).toBe(422);
    expect((await post('product/update', { id: product.id, name: 'Renamed' })).status).toBe(422);
    expect((await post('product/transfer', { batch_id: batch.id, warehouse_id: second.id, count: 1 })).status).toBe(422);
    expect(await catalogueOf(account.id)).toEqual(before);
  });

  it('reading needs no right: a member without rights can list, get and autocomplete products and list warehouses', async () => {
    const { product, get, post, member } = await withMember({ editingRemains: false, changeRemains: false });
    expect((await post('product/list', {})).body.meta.total).toBe(1);
    expect((await get('product/get', { id: product.id })).body).toMatchObject({ id: product.id, count: 10 });
    expect((await get('product/autocomplete/name', { query: 'hammer' })).body).toHaveLength(1);
    expect((await server.call('GET', 'warehouse/list', { token: member.token })).body).toHaveLength(2);
  });

  it('only an administrator adds or changes warehouses (422 for others); nothing is written', async () => {
    const { account, second, post } = await withMember({ editingRemains: true, changeRemains: true });
    const before = await warehouseRows(account.id);
    for (const answer of [await post('warehouse/add', { name: 'Mine' }), await post('warehouse/update', { id: second.id, is_main: true }), await post('warehouse/update', { id: second.id, name: 'X' })]) {
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual({ error: 'Only an administrator of the account can do this', code: 'adminOnly' });
    }
    expect(await warehouseRows(account.id)).toEqual(before);
    const admin = await server.newMember(account, { admin: true });
    expect((await as(admin.token).post('warehouse/add', { name: 'By admin' })).status).toBe(200);
    expect(await warehouseRows(account.id)).toHaveLength(3);
  });

  it('without a token every product and warehouse call answers 403 and writes nothing', async () => {
    const account = await server.newAccount();
    const { product, batch, second } = await stocked(account);
    const before = await catalogueOf(account.id);
    const calls: [string, unknown][] = [
      ['product/add', { name: 'X' }],
      ['product/update', { id: product.id, name: 'X' }],
      ['product/archive', { id: product.id }],
      ['product/transfer', { batch_id: batch.id, warehouse_id: second.id, count: 1 }],
      ['warehouse/add', { name: 'X' }],
      ['product/list', {}],
    ];
    for (const [path, body] of calls) expect((await server.call('POST', path, { body })).status, path).toBe(403);
    expect((await server.call('GET', 'product/get', { query: { id: product.id } })).status).toBe(403);
    expect(await catalogueOf(account.id)).toEqual(before);
  });
});

describe('product counts and the tariff positions limit', () => {
  /** The trigger-kept counts must equal a real count, per type and archived flag. */
  async function expectCountsTrue(accountId: number) {
    const real = await db().execute(sql`select type, archived, count(*)::int as n from products where account_id = ${accountId} group by 1, 2`);
    const kept = await db().execute(sql`select type, archived, n from product_counts where account_id = ${accountId} and n <> 0`);
    const rows = (result: unknown) =>
      ((result as { rows: { type: string; archived: boolean; n: number }[] }).rows ?? [])
        .map((row) => `${row.type}/${row.archived}/${Number(row.n)}`)
        .sort();
    expect(rows(kept)).toEqual(rows(real));
  }

  /** Many products at once, straight in SQL (one statement, as an import would write them). */
  const bulkInsert = (accountId: number, n: number, type = 'product') =>
    db().execute(sql`insert into products (account_id, type, name) select ${accountId}, ${type}, 'Bulk ' || i from generate_series(1, ${n}) as i`);

  it('rule: the counts follow every change — adds, bulk inserts, archive and back, a type change, deletes', async () => {
    const account = await server.newAccount();
    const { post } = as(account.token);
    const first = await post('product/add', { name: 'Drill' });
    await post('product/add', { name: 'Delivery', type: 'service' });
    await expectCountsTrue(account.id);
    await bulkInsert(account.id, 250);
    await bulkInsert(account.id, 40, 'service');
    await expectCountsTrue(account.id);
    await post('product/archive', { id: first.body.id });
    await expectCountsTrue(account.id);
    await db().update(products).set({ archived: true }).where(and(eq(products.accountId, account.id), eq(products.type, 'service')));
    await expectCountsTrue(account.id);
    await post('product/unarchive', { id: first.body.id });
    await db().update(products).set({ type: 'service' }).where(eq(products.id, first.body.id));
    await post('product/update', { id: first.body.id, name: 'Drill 2' });
    await expectCountsTrue(account.id);
    await db().delete(products).where(and(eq(products.accountId, account.id), eq(products.archived, true)));
    await expectCountsTrue(account.id);
  });

  it('rule: product/list totals equal the real count, for the plain list (kept counts) and filtered ones', async () => {
    const account = await server.newAccount();
    const { post } = as(account.token);
    await bulkInsert(account.id, 45);
    await bulkInsert(account.id, 7, 'service');
    const drill = await post('product/add', { name: 'Drill' });
    await post('product/archive', { id: drill.body.id });
    const total = async (filter: Body) => (await post('product/list', { filter })).body.meta.total;
    expect(await total({})).toBe(52);
    expect(await total({ type: 'service' })).toBe(7);
    expect(await total({ type: 'product' })).toBe(45);
    expect(await total({ archived: true })).toBe(1);
    expect(await total({ search: 'Bulk 1' })).toBe(11 + 1); // Bulk 1, 10–19 among 45 products; Bulk 1 among 7 services
    const page = await post('product/list', { page: 3, per_page: 20 });
    expect(page.body.meta).toMatchObject({ total: 52, last_page: 3, current_page: 3 });
    expect(page.body.data).toHaveLength(12);
  });

  it("rule: the tariff's positions limit — the last free position can be taken once; past it product/add is refused with 422 and nothing is written", async () => {
    const account = await server.newAccount({ tariff: 'start' });
    const [tariff] = await db().execute(sql`select positions_limit from tariffs where code = 'start'`).then((result) => (result as unknown as { rows: { positions_limit: number }[] }).rows);
    await bulkInsert(account.id, tariff.positions_limit - 2);
    const { post, get } = as(account.token);
    expect((await post('product/add', { name: 'Last but one' })).status).toBe(200);
    const answers = await Promise.all([1, 2, 3, 4].map((i) => post('product/add', { name: `Racer ${i}` })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422, 422, 422]);
    expect(answers.find((answer) => answer.status === 422)!.body.error).toMatch(/allows [\d,]+ products and services/);
    expect((await productRows(account.id)).length).toBe(tariff.positions_limit);
    const usage = await get('account/tariffs', {});
    expect(usage.body.usage.positions).toBe(tariff.positions_limit);

    // Archived products free their position; taking one back out of the archive needs one again.
    const [one, two] = await productRows(account.id);
    expect((await post('product/archive', { id: one.id })).status).toBe(200);
    expect((await post('product/archive', { id: two.id })).status).toBe(200);
    expect((await post('product/add', { name: 'In the freed place' })).status).toBe(200);
    expect((await post('product/unarchive', { id: one.id })).status).toBe(200);
    const refused = await post('product/unarchive', { id: two.id });
    expect(refused.status).toBe(422);
    expect((await productRow(two.id)).archived).toBe(true);
  });

  it('an account without a tariff (trial) has no positions limit', async () => {
    const account = await server.newAccount();
    await bulkInsert(account.id, 1200);
    expect((await as(account.token).post('product/add', { name: 'One more' })).status).toBe(200);
  });
});
