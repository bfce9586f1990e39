import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { batches } from '../../../server/db/schema';
import { shop } from '../import/support';
import { settingUp, useTestServer } from '../harness';

/**
 * The totals row of a search with 'positive balances only' (issue 13: the filtered totals) reads each match's kept sums
 * from the in-stock index (stock_sums_in_stock, which carries count, reserve and cost value): it must still be exactly
 * what the matching products' batches at the chosen level add up to — with balances of a fraction or of one unit, a
 * reserve, a product written off to nothing, stock in another warehouse only — and the same as the list's general path.
 */
const server = useTestServer();
const db = () => server.database.db;

type Totals = { count: number; reserve: number; available: number; cost_value: number; sale_value: number; products: number };

describe('the totals of a search with positive balances only', () => {
  it('rule: they equal the sums of the matches\u2019 batches at the level (fractions, one unit, reserves, emptied and elsewhere-only products), in every warehouse choice', async () => {
    const { account, mainId, otherId } = await shop(server);
    const post = settingUp(server, account.token);
    const totals = async (warehouse: number | 'all' | 'main', filter: Record<string, unknown>) => {
      const answer = await server.call('POST', 'product/stock-totals', { token: account.token, body: { warehouse, filter } });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body as Totals;
    };
    const half = await post('product/add', { name: 'Drill oil', article: 'DO-1', unit: 'l', values: { price: { cost: 7 } } });
    const one = await post('product/add', { name: 'Drill press', article: 'DP-1', values: { price: { cost: 900 } } });
    const many = await post('product/add', { name: 'Hand drill', article: 'HD-1', values: { price: { cost: 35.5 } } });
    const emptied = await post('product/add', { name: 'Drill stand', article: 'DS-1', values: { price: { cost: 60 } } });
    const elsewhere = await post('product/add', { name: 'Drill case', article: 'DC-1', values: { price: { cost: 12 } } });
    await post('product/add', { name: 'Drill guide', article: 'DG-1' });
    await post('product/add', { name: 'Saw', article: 'SW-1', values: { price: { cost: 5 } } });
    await post('stock/arrival', {
      warehouse_id: mainId,
      lines: [
        { product_id: half.id, count: 0.5, cost_price: 3.3 },
        { product_id: one.id, count: 1, cost_price: 500 },
        { product_id: many.id, count: 4, cost_price: 20, batch: 'HD-A' },
        { product_id: many.id, count: 3, cost_price: 22, batch: 'HD-B' },
        { product_id: emptied.id, count: 2, cost_price: 30 },
      ],
    });
    await post('stock/arrival', { warehouse_id: otherId, lines: [{ product_id: elsewhere.id, count: 6, cost_price: 4 }, { product_id: many.id, count: 1, cost_price: 25 }] });
    const [emptiedBatch] = await db().select().from(batches).where(eq(batches.productId, emptied.id));
    await post('stock/write-off', { warehouse_id: mainId, comment: 'gone', lines: [{ batch_id: emptiedBatch.id, count: 2 }] });
    // A reserve as an order would leave it (the stock triggers keep the sums of any write of batches).
    await db().update(batches).set({ reserve: '2' }).where(eq(batches.number, 'HD-A'));

    /** What the batches say, summed here from scratch: the products matching 'drill' with stock at the level. */
    const expected = async (warehouseId: number | null): Promise<Totals> => {
      const result = await db().execute(sql`
        with per as (
          select p.id, sum(b.count) as cnt, sum(b.reserve) as res, sum(b.count * b.cost_price) as cost, max((p.values -> 'price' ->> 'cost')::numeric) as price
          from products p join batches b on b.product_id = p.id ${warehouseId === null ? sql`` : sql`and b.warehouse_id = ${warehouseId}`}
          where p.account_id = ${account.id} and not p.archived and (p.name ilike '%drill%' or p.article ilike '%drill%')
          group by p.id having sum(b.count) > 0
        )
        select count(*) as n, coalesce(sum(cnt), 0) as cnt, coalesce(sum(res), 0) as res, coalesce(sum(cost), 0) as cost, coalesce(sum(cnt * coalesce(price, 0)), 0) as sale from per`);
      const [row] = (result as unknown as { rows: Record<string, string | number>[] }).rows;
      const count = Number(row.cnt);
      const reserve = Number(row.res);
      return { count, reserve, available: count - reserve, cost_value: Number(row.cost), sale_value: Number(row.sale), products: Number(row.n) };
    };
    const main = await expected(mainId);
    // The figures the sums must give, so the check does not merely agree with itself.
    expect(main).toEqual({ count: 8.5, reserve: 2, available: 6.5, cost_value: 647.65, sale_value: 1152, products: 3 });
    for (const [choice, warehouseId] of [['main', mainId], [mainId, mainId], [otherId, otherId], ['all', null]] as const) {
      const want = await expected(warehouseId);
      const what = `drill in ${choice}`;
      expect(await totals(choice, { search: 'drill', positive: true }), what).toEqual(want);
      // The list's general path (a neutral quantity condition sends the filter there) gives the same row.
      expect(await totals(choice, { search: 'drill', positive: true, count_min: 0 }), what).toEqual(want);
    }
  });
});
