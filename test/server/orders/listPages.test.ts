import { describe, expect, it } from 'vitest';
import { orders } from '../../../server/db/schema';
import { useTestServer } from '../harness';

/**
 * orders/list writes the first pages' limit and offset into the statement (so PostgreSQL keeps one plan per text)
 * and passes deeper offsets as parameters: both must page alike, every order once, in the sort's order.
 */
const server = useTestServer();

describe('orders/list pages (issue 20 §3)', () => {
  it('rule: walking every page — the first ten and the deeper ones — gives each order once, in the order of the whole list, for the id and the sum sorts', async () => {
    const account = await server.newAccount();
    await server.database.db.insert(orders).values(Array.from({ length: 29 }, (_, n) => ({ accountId: account.id, name: `Paged ${n}`, sum: String((n * 7) % 5) })));
    for (const sort of [undefined, { field: 'sum', order: 'desc' }, { field: 'sum', order: 'asc' }]) {
      const whole = await server.call('POST', 'orders/list', { token: account.token, body: { per_page: 100, sort } });
      const walked: number[] = [];
      for (let page = 1; page <= 15; page += 1) {
        const answer = await server.call('POST', 'orders/list', { token: account.token, body: { page, per_page: 2, sort } });
        expect(answer.body.meta, `page ${page}`).toEqual({ current_page: page, last_page: 15, per_page: 2, total: 29 });
        walked.push(...answer.body.data.map((order: { id: number }) => order.id));
      }
      expect(walked, JSON.stringify(sort)).toEqual(whole.body.data.map((order: { id: number }) => order.id));
      expect(new Set(walked).size).toBe(29);
    }
  });
});
