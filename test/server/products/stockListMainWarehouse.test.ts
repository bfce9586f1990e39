import { describe, expect, it } from 'vitest';
import { settingUp, useTestServer } from '../harness';
import { countStatements } from '../orders/statementCounter';
import { grinderInTwoWarehouses } from '../support/twoWarehouses';

/**
 * The stock screen's 'main warehouse' choice takes the main warehouse from the caller's session (server/auth/
 * sessions.ts reads it in the session's own statement, and the session cache keeps it until the main warehouse
 * changes: migration main_warehouse_sessions_signal), so a page for it is one statement; it never shows an older
 * main warehouse's balances.
 */
const server = useTestServer();

type Page = { data: { name: string; count: number }[] };

describe("the stock list's main warehouse", () => {
  it("rule: a read with a cached session asks the database once for a search page of the main warehouse (no query of its own for 'main')", async () => {
    const account = await server.newAccount();
    const post = settingUp(server, account.token);
    const main = await post('warehouse/add', { name: 'Main' });
    const product = await post('product/add', { name: 'Hammer drill' });
    await post('product/arrival', { product_id: product.id, warehouse_id: main.id, batch: 'B1', count: 3, cost_price: 10 });
    const body = { warehouse: 'main', filter: { search: 'drill', positive: true } };
    // The first read resolves the session and caches it.
    expect((await server.call('POST', 'product/stock-list', { token: account.token, body })).status).toBe(200);
    const { result, statements } = await countStatements(server.database.db, () => server.call('POST', 'product/stock-list', { token: account.token, body }));
    expect(result.status).toBe(200);
    expect((result.body as Page).data.map((row) => [row.name, row.count])).toEqual([['Hammer drill', 3]]);
    expect(statements, statements.join('\n---\n')).toHaveLength(1);
    expect(statements[0]).not.toMatch(/"warehouses"\s+where/);
  });

  it('rule: after the main warehouse changes, the next read shows the new main warehouse’s balances, for the page and the totals (other processes: test/server/cluster/acrossProcesses.test.ts)', async () => {
    const { account, first, second } = await grinderInTwoWarehouses(server);
    const post = settingUp(server, account.token);
    const shown = async () => {
      const body = { warehouse: 'main', filter: { search: 'grinder' } };
      const page = await server.call('POST', 'product/stock-list', { token: account.token, body });
      const totals = await server.call('POST', 'product/stock-totals', { token: account.token, body });
      return [(page.body as Page).data[0]?.count, totals.body.count];
    };
    expect(await shown()).toEqual([5, 5]);
    await post('warehouse/update', { id: second.id, is_main: true });
    expect(await shown()).toEqual([7, 7]);
    await post('warehouse/update', { id: first.id, is_main: true });
    expect(await shown()).toEqual([5, 5]);
  });
});
