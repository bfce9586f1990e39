import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { batches } from '../../../server/db/schema';
import { type TestAccount, useTestServer } from '../harness';

/**
 * The stock list read from the kept sums (stock_sums) instead of summing batches per request (issue 13 §2): the
 * order by a balance, the totals of a search (counted beside the page, up to the cap), and the values of the shown rows
 * (which come from their sums rows and their batches only) are what summing every batch would give.
 */
const server = useTestServer();
const db = () => server.database.db;

async function setup() {
  const account = await server.newAccount();
  const call = (path: string, body: unknown) => server.call('POST', path, { token: account.token, body });
  const post = async (path: string, body: unknown) => {
    const answer = await call(path, body);
    expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
    return answer.body;
  };
  const main = await post('warehouse/add', { name: 'Main' });
  const second = await post('warehouse/add', { name: 'Second' });
  return { account, call, post, main, second };
}

type Row = { id: number; name: string; count: number; reserve: number; available: number; cost_price: number | null; batch: string | null; warehouse_name: string | null };
const list = async (account: TestAccount, body: Record<string, unknown>) => {
  const answer = await server.call('POST', 'product/stock-list', { token: account.token, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as { data: Row[]; meta: { total: number; last_page: number } };
};

describe('stock list on kept sums', () => {
  it('rule: sorted by a balance (every warehouse or one), products follow their summed batches with the id breaking ties, the never-stocked among those at 0', async () => {
    const { account, post, main, second } = await setup();
    // Counts chosen so several products tie (by count, by reserve, at 0), across both warehouses.
    const stock: [string, [number, number][]][] = [
      ['A', [[main.id, 5]]],
      ['B', [[second.id, 5]]],
      ['C', [[main.id, 2], [second.id, 3]]],
      ['D', []],
      ['E', [[main.id, 9]]],
      ['F', []],
      ['G', [[second.id, 1], [main.id, 0.5]]],
    ];
    const ids = new Map<string, number>();
    for (const [name, lines] of stock) {
      const product = await post('product/add', { name });
      ids.set(name, product.id);
      for (const [warehouse, count] of lines) await post('stock/arrival', { warehouse_id: warehouse, lines: [{ product_id: product.id, count, cost_price: 1, batch: `${name}${warehouse}` }] });
    }
    // E's goods all leave: a product stocked once, now at 0 like the never-stocked ones.
    const [e] = await db().select().from(batches).where(eq(batches.productId, ids.get('E')!));
    await post('stock/write-off', { warehouse_id: main.id, comment: 'gone', lines: [{ batch_id: e.id, count: 9 }] });
    const countIn = (name: string, warehouse: number | null) => stock.find(([n]) => n === name)![1].filter(([w]) => warehouse === null || w === warehouse).reduce((sum, [, count]) => sum + count, 0) * (name === 'E' ? 0 : 1);
    for (const [choice, warehouse] of [['all', null], [second.id, second.id]] as const) {
      for (const order of ['asc', 'desc'] as const) {
        const sign = order === 'asc' ? 1 : -1;
        const expected = [...ids.entries()]
          .map(([name, id]) => ({ name, id, count: countIn(name, warehouse) }))
          .sort((a, b) => sign * (a.count - b.count) || sign * (a.id - b.id))
          .map((row) => row.name);
        const page = await list(account, { warehouse: choice, sort: { field: 'count', order }, per_page: 3 });
        const rest = await list(account, { warehouse: choice, sort: { field: 'count', order }, per_page: 3, page: 2 });
        const last = await list(account, { warehouse: choice, sort: { field: 'count', order }, per_page: 3, page: 3 });
        expect([...page.data, ...rest.data, ...last.data].map((row) => row.name), `${choice} ${order}`).toEqual(expected);
      }
    }
  });

  it('rule: a page filtered on the product row (search, price range, tags) knows its matches up to one row past its end; the total is exact on the last page and past the end', async () => {
    const { account, post, main } = await setup();
    await post('field/add', { name: 'Retail', code: 'retail', type: 11 });
    for (let i = 1; i <= 7; i += 1) {
      const product = await post('product/add', { name: `Bolt ${i}`, article: `BT-${i}`, tags: i <= 5 ? ['metal'] : [], values: { retail: { cost: i * 10 } } });
      if (i % 2) await post('stock/arrival', { warehouse_id: main.id, lines: [{ product_id: product.id, count: i, cost_price: 1, batch: `L${i}` }] });
    }
    await post('product/add', { name: 'Nut', article: 'NT-1' });
    const search = (page: number, filter: Record<string, unknown> = {}) => list(account, { filter: { search: 'bolt', ...filter }, per_page: 3, page });
    // A filtered page does not count (stockList.ts): one row past the page says another follows.
    expect((await search(1)).meta).toMatchObject({ total: 3, last_page: 2, total_is_estimate: true });
    expect((await search(1, { type: 'product' })).meta).toMatchObject({ total: 3, last_page: 2, total_is_estimate: true });
    expect((await search(3, { type: 'product' })).meta).toMatchObject({ total: 7, last_page: 3, total_is_estimate: false });
    expect((await search(1)).data.map((row) => row.name)).toEqual(['Bolt 1', 'Bolt 2', 'Bolt 3']);
    expect((await search(3)).data.map((row) => row.name)).toEqual(['Bolt 7']);
    expect((await search(3)).meta).toMatchObject({ total: 7 });
    const past = await search(4);
    expect(past.data).toEqual([]);
    expect(past.meta).toMatchObject({ total: 7 });
    expect((await search(2, { positive: true })).meta).toMatchObject({ total: 4, last_page: 2, total_is_estimate: false });
    expect((await search(1, { positive: true })).meta).toMatchObject({ total: 3, last_page: 2, total_is_estimate: true });
    expect((await list(account, { filter: { search: 'nothing like it' } })).meta).toMatchObject({ total: 0 });
    for (const filter of [{ price_min: 15, price_max: 55 }, { tags: ['metal'] }]) {
      const total = 'tags' in filter ? 5 : 4;
      expect((await list(account, { filter, per_page: 2 })).meta, JSON.stringify(filter)).toMatchObject({ total: 2, last_page: 2, total_is_estimate: true });
      const third = await list(account, { filter, per_page: 2, page: 3 });
      expect(third.data.length, JSON.stringify(filter)).toBe(total - 4);
      expect(third.meta, JSON.stringify(filter)).toMatchObject({ total, last_page: Math.ceil(total / 2), total_is_estimate: false });
      expect((await list(account, { filter, per_page: 2, page: 9 })).meta, JSON.stringify(filter)).toMatchObject({ total, total_is_estimate: false });
    }
  });

  it('rule: a shown row takes its balances from its sums and names its one non-empty batch; with nothing left its cost price is the highest of its batches, empty ones included', async () => {
    const { account, post, main, second } = await setup();
    const product = await post('product/add', { name: 'Drill' });
    await post('stock/arrival', { warehouse_id: main.id, lines: [{ product_id: product.id, count: 4, cost_price: 10, batch: 'D1' }] });
    await post('stock/arrival', { warehouse_id: second.id, lines: [{ product_id: product.id, count: 2, cost_price: 25, batch: 'D2' }] });
    const row = async (warehouse: unknown) => (await list(account, { warehouse })).data[0];
    expect(await row('all')).toMatchObject({ count: 6, cost_price: 15, batch: null, warehouse_name: null });
    const [d2] = await db().select().from(batches).where(and(eq(batches.productId, product.id), eq(batches.number, 'D2')));
    await post('stock/write-off', { warehouse_id: second.id, comment: 'gone', lines: [{ batch_id: d2.id, count: 2 }] });
    // The empty batch D2 no longer names the row or shows as a batch row, but still sets the cost of Second's nothing.
    expect(await row('all')).toMatchObject({ count: 4, cost_price: 10, batch: 'D1', warehouse_name: 'Main' });
    expect((await row('all')) as unknown as { batches: unknown[] }).toMatchObject({ batches: [{ number: 'D1' }] });
    expect(await row(second.id)).toMatchObject({ count: 0, reserve: 0, available: 0, cost_price: 25, batch: null });
    expect((await post('product/add', { name: 'Zero' })).id).toBeGreaterThan(0);
    expect((await list(account, { sort: { field: 'name', order: 'desc' } })).data[0]).toMatchObject({ name: 'Zero', count: 0, cost_price: null });
  });
});
