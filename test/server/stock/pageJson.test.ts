import { eq } from 'drizzle-orm';
import Value from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { StockList } from '../../../src/contract/stockList';
import { batches } from '../../../server/db/schema';
import { useTestServer } from '../harness';
import { shop } from '../import/support';

/**
 * The stock list's answer is JSON text written by PostgreSQL (server/modules/products/stockPageRows.ts) and sent as it
 * is, so no serializer trims or coerces it: it must be exactly a StockList of the contract — every field, no other —
 * with numbers rounded as the list always showed them (quantities to thousandths, money to hundredths, halves up; a
 * cost price the cost value over the count, or with nothing left the highest cost of the product's batches).
 */
const server = useTestServer();

describe('the stock list answers JSON written by the database', () => {
  it('rule: every page (unfiltered, search, category, another sort) is exactly a StockList, with the rounding of the list', async () => {
    const { account, mainId, otherId } = await shop(server);
    const post = async (path: string, body: unknown) => {
      const answer = await server.call('POST', path, { token: account.token, body });
      expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
      return answer.body;
    };
    const category = await post('category/add', { name: 'Tools' });
    const drill = await post('product/add', { name: 'Drill', article: 'DR-1', category_id: category.id, tags: ['sale'], values: { price: { cost: 10.5 } } });
    const saw = await post('product/add', { name: 'Saw "Ü" \\ 1', values: { price: { cost: 3 } } });
    const empty = await post('product/add', { name: 'Emptied' });
    await post('product/add', { name: 'Delivery', type: 'service' });
    // Cost value 1 × 0.01 + 2 × 0.02 over 3: 0.01666… shows as 0.02; 0.001 + 0.002 as thousandths.
    await post('stock/arrival', { warehouse_id: mainId, lines: [{ product_id: drill.id, count: 1, cost_price: 0.01, batch: 'A' }, { product_id: drill.id, count: 2, cost_price: 0.02, batch: 'B' }] });
    await post('stock/arrival', { warehouse_id: otherId, lines: [{ product_id: saw.id, count: 0.001, cost_price: 7.25, batch: 'S' }, { product_id: saw.id, count: 0.002, cost_price: 7.25, batch: 'S2' }] });
    await post('stock/arrival', { warehouse_id: mainId, lines: [{ product_id: empty.id, count: 2, cost_price: 4, batch: 'E1' }, { product_id: empty.id, count: 1, cost_price: 9, batch: 'E2' }] });
    for (const batch of await server.database.db.select().from(batches).where(eq(batches.productId, empty.id)))
      await post('stock/write-off', { warehouse_id: mainId, comment: 'gone', lines: [{ batch_id: batch.id, count: Number(batch.count) }] });

    const bodies = [{}, { warehouse: mainId }, { filter: { search: 'dr' } }, { filter: { search: 'saw', positive: true } }, { filter: { category_id: category.id } }, { sort: { field: 'count', order: 'desc' } }, { page: 9 }];
    for (const body of bodies) {
      const answer = await server.app.inject({ method: 'POST', url: '/api/product/stock-list', headers: { authorization: `Bearer ${account.token}` }, payload: body });
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      const list = answer.json();
      expect([...Value.Errors(StockList, list)], JSON.stringify(body)).toEqual([]);
      // No field beyond the contract's (Value.Check allows additional properties unless the schema forbids them).
      for (const row of list.data) {
        expect(Object.keys(row).sort()).toEqual(Object.keys(StockList.properties.data.items.properties).sort());
        for (const batch of row.batches) expect(Object.keys(batch).sort()).toEqual(Object.keys(StockList.properties.data.items.properties.batches.items.properties).sort());
      }
    }
    const rows = (await post('product/stock-list', {})).data;
    const named = Object.fromEntries(rows.map((row: { name: string }) => [row.name, row]));
    expect(named.Drill).toMatchObject({ count: 3, reserve: 0, available: 3, cost_price: 0.02, batch: null, warehouse_name: null, prices: { price: 10.5 }, tags: ['sale'], category_name: 'Tools' });
    expect(named.Drill.batches.map((batch: { number: string; cost_price: number }) => [batch.number, batch.cost_price])).toEqual([['A', 0.01], ['B', 0.02]]);
    expect(named['Saw "Ü" \\ 1']).toMatchObject({ count: 0.003, cost_price: 7.25, prices: { price: 3 } });
    expect(named.Emptied).toMatchObject({ count: 0, cost_price: 9, batches: [], prices: { price: null } });
    expect(named.Delivery).toMatchObject({ type: 'service', cost_price: null, batches: [] });
    expect(new Date(named.Drill.created_at).toISOString()).toBe(named.Drill.created_at);
  });
});
