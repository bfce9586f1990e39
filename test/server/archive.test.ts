import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { batches, pipelineStatuses, pipelines } from '../../server/db/schema';
import { useTestServer, type TestAccount } from './harness';

const server = useTestServer();

/** An account with warehouse Main, price field retail and the product Hammer drill with 10 in batch B1. */
async function shop(account?: TestAccount) {
  const owner = account ?? (await server.newAccount());
  const post = async (path: string, body: unknown) => {
    const answer = await server.call('POST', path, { token: owner.token, body });
    expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
    return answer.body;
  };
  const get = (path: string, query: Record<string, string | number>) => server.call('GET', path, { token: owner.token, query });
  const main = await post('warehouse/add', { name: 'Main' });
  await post('field/add', { name: 'Retail', code: 'retail', type: 11 });
  const product = await post('product/add', { name: 'Hammer drill', article: 'HD-1', values: { retail: { cost: 100 } } });
  await post('product/arrival', { product_id: product.id, warehouse_id: main.id, batch: 'B1', count: 10, cost_price: 40 });
  const stages = await stagesOf(owner.id);
  return { account: owner, main, product, post, get, stages };
}

/** The system pipeline's stages by name: New, Reserved (reservation), Completed, Cancelled. */
async function stagesOf(accountId: number) {
  const rows = await server.database.db
    .select({ id: pipelineStatuses.id, name: pipelineStatuses.name })
    .from(pipelineStatuses)
    .innerJoin(pipelines, eq(pipelines.id, pipelineStatuses.pipelineId))
    .where(and(eq(pipelineStatuses.accountId, accountId), eq(pipelines.isSystem, true)))
    .orderBy(asc(pipelineStatuses.sort));
  return Object.fromEntries(rows.map((row) => [row.name, row.id])) as Record<'New' | 'Reserved' | 'Completed' | 'Cancelled', number>;
}

const ids = (list: { id: number }[]) => list.map((item) => item.id);
const reserveOf = async (productId: number) => (await server.database.db.select().from(batches).where(eq(batches.productId, productId))).reduce((sum, row) => sum + Number(row.reserve), 0);

describe('orders/archive and orders/unarchive', () => {
  it('rule: an archived order leaves the orders list and is found (searched, paged) in the archived list; un-archiving returns it', async () => {
    const { post } = await shop();
    const made = [];
    for (const name of ['Alpha', 'Beta', 'Gamma']) made.push(await post('orders/add', { name }));
    const archived = await post('orders/archive', { id: made[0].id });
    expect(archived).toMatchObject({ id: made[0].id, archived: true });
    await post('orders/archive', { id: made[2].id });

    const open = await post('orders/list', {});
    expect(ids(open.data)).toEqual([made[1].id]);
    expect(open.meta.total).toBe(1);
    const inArchive = await post('orders/list', { filter: { archived: true } });
    expect(ids(inArchive.data)).toEqual([made[2].id, made[0].id]);
    expect(inArchive.meta.total).toBe(2);
    const searched = await post('orders/list', { filter: { archived: true, search: 'alp' } });
    expect(ids(searched.data)).toEqual([made[0].id]);
    const secondPage = await post('orders/list', { page: 2, per_page: 1, filter: { archived: true } });
    expect(ids(secondPage.data)).toEqual([made[0].id]);
    expect(secondPage.meta).toMatchObject({ current_page: 2, last_page: 2, total: 2 });

    const back = await post('orders/unarchive', { id: made[0].id });
    expect(back.archived).toBe(false);
    expect(ids((await post('orders/list', {})).data)).toEqual([made[1].id, made[0].id]);
    expect(ids((await post('orders/list', { filter: { archived: true } })).data)).toEqual([made[2].id]);
  });

  it('rule: archiving hides, it does not cancel — the reservation, stage and sums stay, and un-archiving brings the order back as it was', async () => {
    const { post, product, stages } = await shop();
    const order = await post('orders/add', { name: 'Held', status_id: stages.Reserved });
    const filled = await post('orders/product/add', { order_id: order.id, product: String(product.id), quantity: 3 });
    expect(filled.positions[0].reserved).toBe(3);
    expect(await reserveOf(product.id)).toBe(3);

    const archived = await post('orders/archive', { id: order.id });
    expect(archived).toMatchObject({ archived: true, status_id: filled.status_id, sum: filled.sum, stock_state: filled.stock_state, version: filled.version + 1 });
    expect(archived.positions[0]).toMatchObject({ reserved: 3, count: 3 });
    expect(await reserveOf(product.id)).toBe(3);
    const unarchived = await post('orders/unarchive', { id: order.id });
    expect(unarchived).toMatchObject({ archived: false, stock_state: filled.stock_state, sum: filled.sum });
    expect(await reserveOf(product.id)).toBe(3);
  });

  it('rule: archiving twice changes nothing more (the version counts one change)', async () => {
    const { post } = await shop();
    const order = await post('orders/add', { name: 'Twice' });
    const first = await post('orders/archive', { id: order.id });
    const second = await post('orders/archive', { id: order.id });
    expect(second.version).toBe(first.version);
  });

  it("rule: another account's order is not found (404) and stays as it was; a member without the order right is refused (422)", async () => {
    const mine = await shop();
    const theirs = await shop();
    const order = await theirs.post('orders/add', { name: 'Theirs' });
    for (const path of ['orders/archive', 'orders/unarchive']) {
      const answer = await server.call('POST', path, { token: mine.account.token, body: { id: order.id } });
      expect(answer.status, path).toBe(404);
    }
    expect((await theirs.post('orders/list', {})).data.map((row: { id: number }) => row.id)).toEqual([order.id]);

    const own = await mine.post('orders/add', { name: 'Mine' });
    const reader = await server.newMember(mine.account, { activity: false });
    const refused = await server.call('POST', 'orders/archive', { token: reader.token, body: { id: own.id } });
    expect(refused.status).toBe(422);
    expect((await mine.post('orders/list', {})).data.map((row: { id: number }) => row.id)).toEqual([own.id]);
  });
});

describe('archived products', () => {
  it('rule: adding an archived product to an order is refused with a clear message; nothing is added or reserved', async () => {
    const { account, post, get, product } = await shop();
    const order = await post('orders/add', { name: 'New' });
    await post('product/archive', { id: product.id });
    const answer = await server.call('POST', 'orders/product/add', { token: account.token, body: { order_id: order.id, product: String(product.id) } });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe('This product is archived');
    expect((await get('orders/order', { order_id: order.id })).body.positions).toEqual([]);
    expect(await reserveOf(product.id)).toBe(0);
  });

  it('rule: an archived product leaves the stock list, product autocomplete, the deal search and the widget search; un-archived it returns to each', async () => {
    const { account, post, get, product } = await shop();
    const widgetSearch = async () => {
      const response = await server.app.inject({ method: 'GET', url: '/integration/widget/autocomplete?q=hammer', headers: { authorization: `Bearer ${account.token}` } });
      expect(response.statusCode).toBe(200);
      return ids(JSON.parse(response.body));
    };
    const seen = async () => ({
      stock: ids((await post('product/list', {})).data),
      byName: ids((await get('product/autocomplete/name', { query: 'Hammer' })).body),
      byArticle: ids((await get('product/autocomplete/article', { query: 'HD-' })).body),
      deal: ids((await get('orders/get-products-autocomplete', { q: 'hammer' })).body),
      dealList: ids((await post('orders/products/filtered', {})).data),
      widget: await widgetSearch(),
    });
    const everywhere = { stock: [product.id], byName: [product.id], byArticle: [product.id], deal: [product.id], dealList: [product.id], widget: [product.id] };
    expect(await seen()).toEqual(everywhere);
    await post('product/archive', { id: product.id });
    expect(await seen()).toEqual({ stock: [], byName: [], byArticle: [], deal: [], dealList: [], widget: [] });
    await post('product/unarchive', { id: product.id });
    expect(await seen()).toEqual(everywhere);
  });

  it('rule: an archived product is listed (searched, paged) in the archive tab and stays in the old orders that hold it, with their positions and reservations', async () => {
    const { post, get, product, stages } = await shop();
    const other = await post('product/add', { name: 'Angle grinder', article: 'AG-1' });
    const order = await post('orders/add', { name: 'Old order', status_id: stages.Reserved });
    await post('orders/product/add', { order_id: order.id, product: String(product.id), quantity: 2 });
    await post('product/archive', { id: product.id });
    await post('product/archive', { id: other.id });

    const archive = await post('product/list', { filter: { archived: true } });
    expect(ids(archive.data).sort()).toEqual([product.id, other.id].sort());
    expect(archive.meta.total).toBe(2);
    expect(ids((await post('product/list', { filter: { archived: true, search: 'grind' } })).data)).toEqual([other.id]);
    const paged = await post('product/list', { page: 2, per_page: 1, filter: { archived: true } });
    expect(paged.data).toHaveLength(1);
    expect(paged.meta).toMatchObject({ current_page: 2, last_page: 2, total: 2 });

    const old = (await get('orders/order', { order_id: order.id })).body;
    expect(old.positions).toEqual([expect.objectContaining({ product_id: product.id, name: 'Hammer drill', count: 2, reserved: 2 })]);
    expect((await get('orders/products', { order_id: order.id })).body.map((row: { product_id: number }) => row.product_id)).toEqual([product.id]);
    const positions = await post('orders/positions/list', { filter: { product_id: product.id } });
    expect(positions.data).toEqual([expect.objectContaining({ order_id: order.id, product_name: 'Hammer drill', reserved: 2 })]);
    expect(await reserveOf(product.id)).toBe(2);
  });
});

describe('archived contacts and companies', () => {
  it('rule: archived customers are listed (searched, paged) apart from the others, and un-archiving returns them to their lists', async () => {
    const { post } = await shop();
    const contacts = [];
    for (const name of ['Ann Archer', 'Bob Baker', 'Cid Carter']) contacts.push(await post('contact/add', { name, archived: name !== 'Bob Baker' }));
    const company = await post('company/add', { name: 'Old Ltd', archived: true });
    expect(ids((await post('contact/list', {})).data)).toEqual([contacts[1].id]);
    const archived = await post('contact/list', { filter: { archived: true } });
    expect(ids(archived.data).sort()).toEqual([contacts[0].id, contacts[2].id].sort());
    expect(ids((await post('contact/list', { filter: { archived: true, search: 'cart' } })).data)).toEqual([contacts[2].id]);
    expect((await post('contact/list', { page: 2, per_page: 1, filter: { archived: true } })).meta).toMatchObject({ current_page: 2, total: 2 });
    expect(ids((await post('company/list', { filter: { archived: true } })).data)).toEqual([company.id]);
    expect(ids((await post('company/list', {})).data)).toEqual([]);

    await post('contact/update', { id: contacts[0].id, archived: false });
    await post('company/update', { id: company.id, archived: false });
    expect(ids((await post('contact/list', {})).data).sort()).toEqual([contacts[0].id, contacts[1].id].sort());
    expect(ids((await post('company/list', {})).data)).toEqual([company.id]);
    expect(ids((await post('company/list', { filter: { archived: true } })).data)).toEqual([]);
  });
});
