import { describe, expect, it } from 'vitest';
import { settingUp, useTestServer } from '../harness';

/**
 * A positive search finds names by keys whose scope is a number per account and level (migration
 * product_search_stock_keys): -<account> for every warehouse, the warehouse's id for one. 'main' when the account has no
 * main warehouse counts a level nothing is in stock at; that level must find nothing, not stand for another scope.
 * This file's first account is the database's account 1, whose every-warehouse scope is -1, the number that level has.
 */
const server = useTestServer();

type Page = { data: { name: string }[] };

describe("the scopes of a positive search's keys", () => {
  it("rule: an account without a main warehouse finds and counts nothing in stock in 'main', never account 1's goods (whose every-warehouse scope is -1)", async () => {
    const first = await server.newAccount();
    const post = settingUp(server, first.token);
    const store = await post('warehouse/add', { name: 'Store' });
    const drill = await post('product/add', { name: 'Cordless drill', article: 'CD-1' });
    await post('product/arrival', { product_id: drill.id, warehouse_id: store.id, batch: 'B1', count: 4, cost_price: 10 });
    const found = async (token: string, warehouse: 'main' | 'all') => {
      const answer = await server.call('POST', 'product/stock-list', { token, body: { warehouse, filter: { search: 'drill', positive: true } } });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return (answer.body as Page).data.map((row) => row.name);
    };
    expect(first.id).toBe(1);
    expect(await found(first.token, 'all')).toEqual(['Cordless drill']);

    const second = await server.newAccount();
    expect(await found(second.token, 'main')).toEqual([]);
    expect(await found(second.token, 'all')).toEqual([]);
    // The totals count the matches themselves (the page's rows are read through the account's products as well).
    for (const warehouse of ['main', 'all'] as const) {
      const totals = await server.call('POST', 'product/stock-totals', { token: second.token, body: { warehouse, filter: { search: 'drill', positive: true } } });
      expect(totals.status).toBe(200);
      expect([warehouse, totals.body.products, Number(totals.body.count)]).toEqual([warehouse, 0, 0]);
    }
  });
});
