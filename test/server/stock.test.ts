import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { batches, movements } from '../../server/db/schema';
import { useTestServer, type TestAccount } from './harness';

const server = useTestServer();

async function stockedProduct(account: TestAccount, count = 10) {
  const post = (path: string, body: unknown) => server.call('POST', path, { token: account.token, body });
  const main = await post('warehouse/add', { name: 'Main' });
  const second = await post('warehouse/add', { name: 'Second' });
  const product = await post('product/add', { name: 'Hammer drill', article: 'HD-1' });
  const batch = await post('product/arrival', { product_id: product.body.id, warehouse_id: main.body.id, batch: 'B1', count, cost_price: 12.5 });
  return { main: main.body, second: second.body, product: product.body, batch: batch.body, post };
}

describe('warehouses', () => {
  it('the first warehouse is the main one; making another main moves the flag', async () => {
    const account = await server.newAccount();
    const { main, second, post } = await stockedProduct(account);
    expect([main.is_main, second.is_main]).toEqual([true, false]);
    await post('warehouse/update', { id: second.id, is_main: true });
    const list = (await server.call('GET', 'warehouse/list', { token: account.token })).body;
    expect(list.map((w: { is_main: boolean }) => w.is_main)).toEqual([false, true]);
  });
});

describe('arrival, write-off, move and the ledger', () => {
  it('arrival creates the batch and an arrival movement with the report columns', async () => {
    const account = await server.newAccount();
    const { batch, product, main } = await stockedProduct(account, 10);
    expect(batch).toMatchObject({ count: 10, reserve: 0, available: 10, cost_price: 12.5, number: 'B1' });
    const [row] = await server.database.db.select().from(movements).where(eq(movements.batchId, batch.id));
    expect(row).toMatchObject({ eventType: 'arrival', title: 'Hammer drill', articleNumber: 'HD-1', party: 'B1', quantity: '10.000', costPrice: '12.50', sum: '125.00', finalWarehouseId: main.id, userId: account.ownerId });
    expect(product.type).toBe('product');
  });

  it("an arrival into an existing batch number is flagged 'Existing batch' unless added on purpose", async () => {
    const account = await server.newAccount();
    const { product, main, post } = await stockedProduct(account, 10);
    const flagged = await post('product/arrival', { product_id: product.id, warehouse_id: main.id, batch: 'B1', count: 5 });
    expect(flagged.status).toBe(409);
    expect(flagged.body.error).toBe('Existing batch');
    const added = await post('product/arrival', { product_id: product.id, warehouse_id: main.id, batch: 'B1', count: 5, add_to_existing: true });
    expect(added.body.count).toBe(15);
  });

  it('write-off lowers the batch and refuses more than is available, changing nothing', async () => {
    const account = await server.newAccount();
    const { batch, post } = await stockedProduct(account, 10);
    expect((await post('product/write-off', { batch_id: batch.id, count: 3.5 })).body).toMatchObject({ count: 6.5, available: 6.5 });
    const refused = await post('product/write-off', { batch_id: batch.id, count: 7 });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatch(/^Not enough stock/);
    const [row] = await server.database.db.select().from(batches).where(eq(batches.id, batch.id));
    expect(row.count).toBe('6.500');
  });

  it('move splits a batch across warehouses, keeping number and cost, with a move movement', async () => {
    const account = await server.newAccount();
    const { batch, second, post, product } = await stockedProduct(account, 10);
    const moved = await post('product/transfer', { batch_id: batch.id, warehouse_id: second.id, count: 4 });
    expect(moved.body.from).toMatchObject({ count: 6 });
    expect(moved.body.to).toMatchObject({ count: 4, number: 'B1', cost_price: 12.5, warehouse_id: second.id });
    const total = (await server.call('GET', 'product/get', { token: account.token, query: { id: product.id } })).body;
    expect(total).toMatchObject({ count: 10, available: 10 });
    const rows = await server.database.db.select().from(movements).where(and(eq(movements.accountId, account.id), eq(movements.eventType, 'move')));
    expect(rows).toHaveLength(1);
  });

  it("with 'Separate rights', a user without 'arrival, write-off, movement' cannot receive, write off or move", async () => {
    const account = await server.newAccount({ separateRights: true });
    const { batch, product, main, second } = await stockedProduct(account, 10);
    const member = await server.newMember(account, { changeRemains: false, editingRemains: true });
    const post = (path: string, body: unknown) => server.call('POST', path, { token: member.token, body });
    const answers = [
      await post('product/arrival', { product_id: product.id, warehouse_id: main.id, count: 1 }),
      await post('product/write-off', { batch_id: batch.id, count: 1 }),
      await post('product/transfer', { batch_id: batch.id, warehouse_id: second.id, count: 1 }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([422, 422, 422]);
    const [row] = await server.database.db.select().from(batches).where(eq(batches.id, batch.id));
    expect(row.count).toBe('10.000');
  });

  it('no negative stock: 50 concurrent write-offs of 1 from a batch of 10 leave 0, with 40 refused', async () => {
    const account = await server.newAccount();
    const { batch, post } = await stockedProduct(account, 10);
    const answers = await Promise.all(Array.from({ length: 50 }, () => post('product/write-off', { batch_id: batch.id, count: 1 })));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 422)).toHaveLength(40);
    const [row] = await server.database.db.select().from(batches).where(eq(batches.id, batch.id));
    expect(row.count).toBe('0.000');
    const ledger = await server.database.db.select().from(movements).where(and(eq(movements.batchId, batch.id), eq(movements.eventType, 'write_off')));
    expect(ledger).toHaveLength(10);
  });
});

describe('products', () => {
  it('values are coerced by field type; an unknown field is refused', async () => {
    const account = await server.newAccount();
    const post = (path: string, body: unknown) => server.call('POST', path, { token: account.token, body });
    await post('field/add', { name: 'Weight', type: 2 });
    await post('field/add', { name: 'Fragile', type: 9 });
    await post('field/add', { name: 'Retail', code: 'retail', type: 11 });
    const added = await post('product/add', { name: 'Vase', values: { weight: '1,5', fragile: '1', retail: { cost: '99.9' } } });
    expect(added.body.values).toEqual({ weight: 1.5, fragile: true, retail: expect.objectContaining({ cost: 99.9, currency: 'RUB', nds: 0 }) });
    expect((await post('product/add', { name: 'X', values: { colour: 'red' } })).status).toBe(400);
    const priced = await post('product/set-price', { id: added.body.id, price_field: 'retail', cost: 120 });
    expect(priced.body.values.retail).toMatchObject({ cost: 120, currency: 'RUB' });
  });

  it('list pages with data, links and meta; search by name or article; archive hides from the list', async () => {
    const account = await server.newAccount();
    const post = (path: string, body: unknown) => server.call('POST', path, { token: account.token, body });
    for (let i = 1; i <= 5; i += 1) await post('product/add', { name: `Screw ${i}`, article: `SC-${i}` });
    const page = await post('product/list', { page: 2, per_page: 2, sort: { field: 'name' } });
    expect(page.body.data.map((p: { name: string }) => p.name)).toEqual(['Screw 3', 'Screw 4']);
    expect(page.body.links).toEqual({ first: '?page=1', prev: '?page=1', next: '?page=3', last: '?page=3' });
    expect(page.body.meta).toEqual({ current_page: 2, last_page: 3, per_page: 2, total: 5 });
    const found = await post('product/list', { filter: { search: 'sc-4' } });
    expect(found.body.data.map((p: { article: string }) => p.article)).toEqual(['SC-4']);
    await post('product/archive', { id: found.body.data[0].id });
    expect((await post('product/list', {})).body.meta.total).toBe(4);
    expect((await post('product/list', { filter: { archived: true } })).body.meta.total).toBe(1);
  });

  it('autocomplete by name (trigram, typo-tolerant) and by article', async () => {
    const account = await server.newAccount();
    const post = (path: string, body: unknown) => server.call('POST', path, { token: account.token, body });
    await post('product/add', { name: 'Hammer drill', article: 'HD-100' });
    await post('product/add', { name: 'Screwdriver', article: 'SD-7' });
    const names = async (column: string, query: string) =>
      (await server.call('GET', `product/autocomplete/${column}`, { token: account.token, query: { query } })).body.map((item: { name: string }) => item.name);
    expect(await names('name', 'hammer')).toEqual(['Hammer drill']);
    expect(await names('name', 'hamer dril')).toContain('Hammer drill');
    expect(await names('article', 'SD')).toEqual(['Screwdriver']);
    expect(await names('name', '   ')).toEqual([]);
  });
});
