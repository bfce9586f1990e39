import { describe, expect, it } from 'vitest';
import { crmDeals } from '../../../../server/db/schema';
import { useTestServer } from '../../harness';

/** Issue 18 §4 'Deals': deals/list reads crm_deals of the caller's account only, paged, searched and filtered. */
const server = useTestServer();

describe('deals/list', () => {
  it("rule: an account sees its own deals with their orders — never another account's deals or orders", async () => {
    const account = await server.newAccount();
    const other = await server.newAccount();
    const mine = (await server.call('POST', 'orders/add', { token: account.token, body: { lead_id: 42 } })).body;
    const theirs = (await server.call('POST', 'orders/add', { token: other.token, body: { lead_id: 43 } })).body;
    const at = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    await server.database.db.insert(crmDeals).values([
      { accountId: account.id, source: 'bitrix24:1', externalId: '42', orderId: mine.id, name: 'Shelves for Acme', stage: 'WON', stageName: 'Deal won', sum: '1500.50', lastSyncAt: at(1) },
      { accountId: account.id, source: 'amocrm:2', externalId: '77', name: 'Amo lead', stage: '142', lastSyncAt: at(2), problem: 'No order is linked to this deal' },
      // A row naming another account's order (it cannot be made through the sync; the list still must not show it).
      { accountId: account.id, source: 'bitrix24:1', externalId: '43', orderId: theirs.id, name: 'Odd link', lastSyncAt: at(3) },
      { accountId: other.id, source: 'bitrix24:9', externalId: '43', orderId: theirs.id, name: 'Their secret deal', lastSyncAt: at(1) },
    ]);
    const list = await server.call('GET', 'deals/list', { token: account.token });
    expect(list.status).toBe(200);
    expect(list.body.meta.total).toBe(3);
    expect(list.body.data[0]).toMatchObject({ crm: 'bitrix24', external_id: '42', name: 'Shelves for Acme', stage_name: 'Deal won', order_id: mine.id, order_name: mine.name, sum: 1500.5, problem: null });
    expect(list.body.data[2]).toMatchObject({ name: 'Odd link', order_id: null, order_name: null });
    expect(JSON.stringify(list.body)).not.toContain('Their secret deal');

    const byCrm = await server.call('GET', 'deals/list', { token: account.token, query: { crm: 'amocrm' } });
    expect(byCrm.body.data.map((deal: { name: string }) => deal.name)).toEqual(['Amo lead']);
    const problems = await server.call('GET', 'deals/list', { token: account.token, query: { problems: 'true' } });
    expect(problems.body.data.map((deal: { name: string }) => deal.name)).toEqual(['Amo lead']);
    const search = await server.call('GET', 'deals/list', { token: account.token, query: { search: 'shelves' } });
    expect(search.body.data.map((deal: { name: string }) => deal.name)).toEqual(['Shelves for Acme']);
    expect((await server.call('GET', 'deals/list', { token: account.token, query: { search: '77' } })).body.data).toHaveLength(1);
    expect((await server.call('GET', 'deals/list', { token: account.token, query: { search: '%' } })).body.data).toHaveLength(0);
    const paged = await server.call('GET', 'deals/list', { token: account.token, query: { per_page: 2, page: 2 } });
    expect(paged.body).toMatchObject({ data: [{ name: 'Odd link' }], meta: { current_page: 2, last_page: 2, total: 3 } });
    expect((await server.call('GET', 'deals/list', {})).status).toBe(403); // no token: the app's usual answer
  });
});
