import { describe, expect, it } from 'vitest';
import { useTestServer } from '../harness';
import { importFile, shop, xlsx } from '../import/support';

/**
 * The movement report's 'import' and 'price change' kinds (issue 16 §1): an import's arrivals are ledger rows of kind
 * 'import'; a price set on the card or in the price-edit overlay is a 'price_change' row (no goods move: quantity
 * and sum 0, the new price in the price column, old → new in the comment); an unchanged price writes no row. Both
 * kinds are offered to the filter, filter the report and count in its total.
 */
const server = useTestServer();

describe('movement kinds: import and price change', () => {
  it('an import writes import rows; set-price and price-edit write price_change rows; the report lists, filters and totals them', async () => {
    const { account } = await shop(server);
    const file = await xlsx([
      ['Name', 'Article', 'Price', 'Quantity'],
      ['Hammer', 'H-1', 100, 10],
      ['Saw', 'S-1', 250, 3],
    ]);
    const { outcome } = await importFile(server, account, 'goods.xlsx', file);
    expect(outcome.error).toBeUndefined();
    const report = async (filter: object) => {
      const answer = await server.call('POST', 'analytics/movement/products', { token: account.token, body: { filter, sort: { field: 'event_date', order: 'asc' } } });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body;
    };
    const imported = await report({ event_types: ['import'] });
    expect(imported.data.types).toEqual(expect.arrayContaining(['import', 'price_change']));
    expect(imported.data.list.map((row: any) => [row.event_type, row.title, row.quantity, row.comment])).toEqual([
      ['import', 'Hammer', 10, 'Import: goods.xlsx'],
      ['import', 'Saw', 3, 'Import: goods.xlsx'],
    ]);
    expect(imported.total).toMatchObject({ rows: 2, quantity: 13 });
    expect((await report({ event_types: ['arrival'] })).total.rows).toBe(0);

    const hammer = imported.data.list[0].product_id;
    const saw = imported.data.list[1].product_id;
    const set = await server.call('POST', 'product/set-price', { token: account.token, body: { id: hammer, price_field: 'price', cost: 120 } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    // The same price again is no change.
    expect((await server.call('POST', 'product/set-price', { token: account.token, body: { id: hammer, price_field: 'price', cost: 120 } })).status).toBe(200);
    const edit = await server.call('POST', 'product/price-edit', { token: account.token, body: { product_ids: [hammer, saw], price_field: 'price', change: { percent: 10 }, update_open_deals: false } });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);

    const changes = await report({ event_types: ['price_change'] });
    expect(changes.data.list.map((row: any) => [row.event_type, row.title, row.quantity, row.cost_price, row.sum, row.comment, row.user])).toEqual([
      ['price_change', 'Hammer', 0, 120, 0, 'price: 100.00 → 120.00', 'Owner'],
      ['price_change', 'Hammer', 0, 132, 0, 'price: 120.00 → 132.00', 'Owner'],
      ['price_change', 'Saw', 0, 275, 0, 'price: 250.00 → 275.00', 'Owner'],
    ]);
    expect(changes.total).toEqual({ rows: 3, quantity: 0, sum: 0 });
    // Every kind together: the import's rows and the price changes, each row once.
    expect((await report({})).total.rows).toBe(5);
  });
});
