import { describe, expect, it } from 'vitest';
import { orders } from '../../../server/db/schema';
import { orderExportCount } from '../../../server/modules/orderExport/task';
import { ORDER_SEARCH_TOTAL_CAP as SEARCH_TOTAL_CAP } from '../../../src/contract/orders';
import { useTestServer, type TestAccount } from '../harness';

/**
 * The orders screen's search counts its matches only up to SEARCH_TOTAL_CAP (issue 20 §3): past it the answer says
 * the total is capped ("more than 1,000"), and paging still reaches every match; a search under the cap, the
 * filters without a search and the export still get the exact total.
 */
const server = useTestServer();
const MATCHES = SEARCH_TOTAL_CAP + 30;

async function accountWithMatches(): Promise<TestAccount> {
  const account = await server.newAccount();
  const rows = Array.from({ length: MATCHES }, (_, n) => ({ accountId: account.id, name: `Capped match ${n}` }));
  await server.database.db.insert(orders).values([...rows, { accountId: account.id, name: 'Other order' }]);
  return account;
}

const list = (account: TestAccount, body: unknown) => server.call('POST', 'orders/list', { token: account.token, body });

describe('orders/list search total (issue 20 §3)', () => {
  it('rule: a search matching more than the cap answers total_capped with the cap as total and a next page that exists; under the cap it answers the exact total', async () => {
    const account = await accountWithMatches();
    const first = await list(account, { per_page: 20, filter: { search: 'capped match' } });
    expect(first.status).toBe(200);
    expect(first.body.meta).toEqual({ current_page: 1, last_page: SEARCH_TOTAL_CAP / 20 + 1, per_page: 20, total: SEARCH_TOTAL_CAP, total_capped: true });
    expect(first.body.links.next).toBe('?page=2');
    // The page just past the cap exists and offers the one after it while matches remain.
    const pastCap = await list(account, { page: SEARCH_TOTAL_CAP / 20 + 1, per_page: 20, filter: { search: 'capped match' } });
    expect(pastCap.body.data).toHaveLength(20);
    expect(pastCap.body.meta).toMatchObject({ total_capped: true, last_page: SEARCH_TOTAL_CAP / 20 + 2 });
    // Fewer matches than the cap (10, 100–109, 1000–1029): exact, no flag.
    const few = await list(account, { per_page: 20, filter: { search: 'capped match 10' } });
    expect(few.body.meta).toEqual({ current_page: 1, last_page: 3, per_page: 20, total: 41 });
    // No search: the kept counts, exact.
    const all = await list(account, { per_page: 20 });
    expect(all.body.meta).toEqual({ current_page: 1, last_page: Math.ceil((MATCHES + 1) / 20), per_page: 20, total: MATCHES + 1 });
  });

  it('rule: following the next links of a capped search reaches the last match, every match once, and the last page answers the exact total', async () => {
    const account = await accountWithMatches();
    const seen: number[] = [];
    let page = 1;
    let meta: Record<string, unknown> = {};
    for (;;) {
      const answer = await list(account, { page, per_page: 100, filter: { search: 'capped match' } });
      seen.push(...answer.body.data.map((order: { id: number }) => order.id));
      meta = answer.body.meta;
      if (!answer.body.links.next) break;
      page += 1;
      expect(page, 'the pager must end').toBeLessThan(50);
    }
    expect(seen).toHaveLength(MATCHES);
    expect(new Set(seen).size).toBe(MATCHES);
    expect(Math.min(...seen)).toBe(Math.max(...seen) - MATCHES + 1);
    expect(meta).toEqual({ current_page: page, last_page: page, per_page: 100, total: MATCHES });
  });

  it('rule: the export counts every match of a search (it decides between a direct file and a task), not the capped total', async () => {
    const account = await accountWithMatches();
    const actor = { accountId: account.id, account: { id: account.id, isKommo: false }, userId: account.ownerId, isKommo: false, public: false };
    expect(await orderExportCount(server.database.db, actor, { filter: { search: 'capped match' } })).toBe(MATCHES);
  });
});
