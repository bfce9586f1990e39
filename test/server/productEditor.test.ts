import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { STALE_PRODUCT } from '../../src/contract/productEditor';
import { batches, movements, products } from '../../server/db/schema';
import { HISTORY_PER_PAGE } from '../../server/modules/products/history';
import { useTestServer, type TestAccount } from './harness';

/**
 * The product editor's server rules (issue 13 §3): a stale save is refused with 409 and writes nothing,
 * the history tab reads the ledger newest first in pages, a duplicate never carries stock, and the
 * product-editing right guards duplicate as it guards add and update.
 */
const server = useTestServer();
const db = () => server.database.db;

type Answer = { status: number; body: any };

function as(token: string) {
  return {
    post: (path: string, body: unknown): Promise<Answer> => server.call('POST', path, { token, body }),
    get: (path: string, query: Record<string, string | number>): Promise<Answer> => server.call('GET', path, { token, query }),
  };
}

/** Every catalogue and stock row of an account: a refused call must leave this unchanged. */
async function catalogueOf(accountId: number) {
  return {
    products: await db().select().from(products).where(eq(products.accountId, accountId)).orderBy(asc(products.id)),
    batches: await db().select().from(batches).where(eq(batches.accountId, accountId)).orderBy(asc(batches.id)),
    movements: await db().select().from(movements).where(eq(movements.accountId, accountId)).orderBy(asc(movements.id)),
  };
}

/** Two warehouses and a product with batch B1 of 10 in the first. */
async function stocked(account: TestAccount) {
  const { post } = as(account.token);
  const main = (await post('warehouse/add', { name: 'Main' })).body;
  const second = (await post('warehouse/add', { name: 'Second' })).body;
  const product = (await post('product/add', { name: 'Hammer drill', article: 'HD-1', tags: ['tools'], description: 'Heavy' })).body;
  const batch = (await post('product/arrival', { product_id: product.id, warehouse_id: main.id, batch: 'B1', count: 10, cost_price: 12.5, comment: 'first delivery' })).body;
  expect(batch.count).toBe(10);
  return { main, second, product, batch };
}

describe('product/update with the version it loaded (stale save rule)', () => {
  it('refuses a save based on an updated_at another user has since replaced: 409 with the stale text and the current stamp, nothing written', async () => {
    const account = await server.newAccount();
    const { post } = as(account.token);
    const { product } = await stocked(account);
    const loaded = (await as(account.token).get('product/get', { id: product.id })).body;
    const first = await post('product/update', { id: product.id, name: 'First editor', updated_at: loaded.updated_at });
    expect(first.status).toBe(200);
    expect(first.body.updated_at).not.toBe(loaded.updated_at);
    const before = await catalogueOf(account.id);
    const stale = await post('product/update', { id: product.id, name: 'Second editor', description: 'lost?', updated_at: loaded.updated_at });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ error: STALE_PRODUCT, code: 'staleProduct', updated_at: first.body.updated_at });
    expect(await catalogueOf(account.id)).toEqual(before);
    // Reloaded, the second editor's save goes through.
    const again = await post('product/update', { id: product.id, name: 'Second editor', updated_at: first.body.updated_at });
    expect(again.status).toBe(200);
    expect(again.body.name).toBe('Second editor');
  });

  it('two saves within one millisecond still give two versions: the second save makes the first stamp stale', async () => {
    const account = await server.newAccount();
    const { post } = as(account.token);
    const { product } = await stocked(account);
    const [a, b] = await Promise.all([post('product/update', { id: product.id, article: 'A' }), post('product/update', { id: product.id, article: 'B' })]);
    expect(new Set([product.updated_at, a.body.updated_at, b.body.updated_at]).size).toBe(3);
  });

  it('an unparsable stamp is stale too (409, nothing written); a save without a stamp keeps the old behaviour (200)', async () => {
    const account = await server.newAccount();
    const { post } = as(account.token);
    const { product } = await stocked(account);
    const before = await catalogueOf(account.id);
    expect((await post('product/update', { id: product.id, name: 'X', updated_at: 'yesterday' })).status).toBe(409);
    expect(await catalogueOf(account.id)).toEqual(before);
    expect((await post('product/update', { id: product.id, name: 'X' })).status).toBe(200);
  });

  it('bad input is refused with a clear message and nothing changes (blank name, too long a stamp)', async () => {
    const account = await server.newAccount();
    const { post } = as(account.token);
    const { product } = await stocked(account);
    const before = await catalogueOf(account.id);
    const blank = await post('product/update', { id: product.id, name: '   ', updated_at: product.updated_at });
    expect(blank.status).toBe(400);
    expect(blank.body.error).toMatch(/name/i);
    const long = await post('product/update', { id: product.id, name: 'Y', updated_at: 'x'.repeat(41) });
    expect(long.status).toBe(400);
    expect(long.body.error).toMatch(/updated_at/);
    expect(await catalogueOf(account.id)).toEqual(before);
  });
});

describe('product/history (ledger rows of one product, newest first, paged)', () => {
  it('lists arrival, move and write-off with date, user, warehouses, batch, quantity and comment, newest first', async () => {
    const account = await server.newAccount();
    const { post, get } = as(account.token);
    const { product, batch, second } = await stocked(account);
    await post('product/transfer', { batch_id: batch.id, warehouse_id: second.id, count: 3, comment: 'to second' });
    await post('product/write-off', { batch_id: batch.id, count: 2, comment: 'broken' });
    const other = (await post('product/add', { name: 'Other' })).body;
    await post('product/arrival', { product_id: other.id, warehouse_id: second.id, count: 1 });
    const answer = await get('product/history', { id: product.id });
    expect(answer.status).toBe(200);
    expect(answer.body.data.map((row: any) => [row.type, row.from_warehouse, row.to_warehouse, row.batch, row.quantity, row.comment])).toEqual([
      ['write_off', 'Main', null, 'B1', 2, 'broken'],
      ['move', 'Main', 'Second', 'B1', 3, 'to second'],
      ['arrival', null, 'Main', 'B1', 10, 'first delivery'],
    ]);
    for (const row of answer.body.data) {
      expect(typeof row.user).toBe('string');
      expect(Number.isNaN(Date.parse(row.date))).toBe(false);
    }
    expect(answer.body.meta).toMatchObject({ current_page: 1, last_page: 1, total: 3 });
  });

  it(`pages by ${HISTORY_PER_PAGE}: the pages together hold every row once, in descending date then id (rows of one moment too)`, async () => {
    const account = await server.newAccount();
    const { post, get } = as(account.token);
    const { product, batch } = await stocked(account);
    for (let i = 0; i < HISTORY_PER_PAGE + 4; i += 1) await post('product/write-off', { batch_id: batch.id, count: 0.1, comment: `w${i}` });
    // Rows of one moment (one document's lines) must still page in a fixed order: id breaks the tie.
    const moment = new Date(Date.now() + 60_000);
    await db().update(movements).set({ eventDate: moment }).where(and(eq(movements.productId, product.id), eq(movements.eventType, 'write_off')));
    const first = await get('product/history', { id: product.id, page: 1 });
    const second = await get('product/history', { id: product.id, page: 2 });
    expect(first.body.data).toHaveLength(HISTORY_PER_PAGE);
    expect(second.body.data).toHaveLength(5);
    expect(first.body.meta).toMatchObject({ current_page: 1, last_page: 2, total: HISTORY_PER_PAGE + 5 });
    expect(first.body.links.next).toBe('?page=2');
    const all = [...first.body.data, ...second.body.data];
    expect(new Set(all.map((row) => row.id)).size).toBe(all.length);
    const stored = await db().select().from(movements).where(eq(movements.productId, product.id));
    const expected = stored.sort((a, b) => b.eventDate.getTime() - a.eventDate.getTime() || b.id - a.id).map((row) => row.id);
    expect(all.map((row) => row.id)).toEqual(expected);
    expect(all.at(0).comment).toBe(`w${HISTORY_PER_PAGE + 3}`);
    expect(all.at(-1).type).toBe('arrival');
  });

  it("another account's product, an unknown one and a bad page are refused (404, 404, 400)", async () => {
    const owner = await server.newAccount();
    const stranger = await server.newAccount();
    const { product } = await stocked(owner);
    expect((await as(stranger.token).get('product/history', { id: product.id })).status).toBe(404);
    expect((await as(owner.token).get('product/history', { id: 2_000_000_000 })).status).toBe(404);
    expect((await as(owner.token).get('product/history', { id: product.id, page: 0 })).status).toBe(400);
  });
});

describe('product/duplicate', () => {
  it("makes '… (copy)' with the original's texts, values and tags, and no stock: no batches, no ledger rows; the original keeps its stock", async () => {
    const account = await server.newAccount();
    const { post, get } = as(account.token);
    const { product } = await stocked(account);
    const before = await catalogueOf(account.id);
    const answer = await post('product/duplicate', { id: product.id });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ name: 'Hammer drill (copy)', article: 'HD-1', description: 'Heavy', tags: ['tools'], archived: false, count: 0, reserve: 0, available: 0, batches: [] });
    expect(answer.body.id).not.toBe(product.id);
    const after = await catalogueOf(account.id);
    expect(after.batches).toEqual(before.batches);
    expect(after.movements).toEqual(before.movements);
    expect(after.products).toHaveLength(before.products.length + 1);
    expect((await get('product/get', { id: product.id })).body.count).toBe(10);
    expect((await get('product/history', { id: answer.body.id })).body.data).toEqual([]);
  });

  it('keeps a long name within its 300 characters', async () => {
    const account = await server.newAccount();
    const { post } = as(account.token);
    const product = (await post('product/add', { name: 'n'.repeat(300) })).body;
    const copy = await post('product/duplicate', { id: product.id });
    expect(copy.status).toBe(200);
    expect(copy.body.name).toHaveLength(300);
    expect(copy.body.name.endsWith(' (copy)')).toBe(true);
  });

  it("with 'Separate rights' a member without editing_remains cannot duplicate (422 noRight) but reads the history; another account's product is 404; nothing changes", async () => {
    const account = await server.newAccount({ separateRights: true });
    const { product } = await stocked(account);
    const member = await server.newMember(account, { editingRemains: false, changeRemains: true });
    const stranger = await server.newAccount();
    const before = await catalogueOf(account.id);
    const refused = await as(member.token).post('product/duplicate', { id: product.id });
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({ error: 'You do not have the right to edit products', code: 'notProductEditor' });
    expect((await as(stranger.token).post('product/duplicate', { id: product.id })).status).toBe(404);
    expect(await catalogueOf(account.id)).toEqual(before);
    expect((await as(member.token).get('product/history', { id: product.id })).status).toBe(200);
  });
});

describe('product/tags', () => {
  it("lists the account's product tags once each, alphabetically, and never another account's", async () => {
    const account = await server.newAccount();
    const stranger = await server.newAccount();
    await as(account.token).post('product/add', { name: 'A', tags: ['tools', 'heavy'] });
    await as(account.token).post('product/add', { name: 'B', tags: ['tools', 'blue'] });
    await as(stranger.token).post('product/add', { name: 'C', tags: ['secret'] });
    const answer = await as(account.token).get('product/tags', {});
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(['blue', 'heavy', 'tools']);
  });
});
