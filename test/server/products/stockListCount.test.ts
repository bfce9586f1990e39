import { beforeAll, describe, expect, it } from 'vitest';
import { STOCK_COUNT_CAP } from '../../../src/contract/stockList';
import { batches, categories, products } from '../../../server/db/schema';
import { type TestAccount, useTestServer } from '../harness';

/**
 * The stock list's capped count (issue 13: the search-filtered page within its budget; server/modules/products/
 * stockListPaging.ts): a filtered list counts its matches up to 1,000, exactly under the cap and "1,000+" over it
 * (meta.total_is_estimate, no last page, a next page), pages forward past the cap to the real end, and the totals call
 * still sums every match. A text search alone does not count at all: it reads one row past its page, so it says
 * "at least the rows to this page's end" while another page follows. The unfiltered list is counted from the kept
 * counts, exactly at any size.
 */
const server = useTestServer();
const db = () => server.database.db;

type Meta = { current_page: number; last_page: number; per_page: number; total: number; total_is_estimate: boolean };
type Page = { data: { id: number; name: string; count: number }[]; links: Record<'first' | 'prev' | 'next' | 'last', string | null>; meta: Meta };

const OVER = STOCK_COUNT_CAP + 5;
const name = (i: number) => `Cap item ${String(i).padStart(4, '0')} ${i <= STOCK_COUNT_CAP ? 'alpha' : 'beta'}`;

let account: TestAccount;
let categoryId: number;
const list = async (body: Record<string, unknown>): Promise<Page> => {
  const answer = await server.call('POST', 'product/stock-list', { token: account.token, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
};

/**
 * 1,005 products "Cap item 0001 alpha" … "Cap item 1000 alpha", "Cap item 1001 beta" … "Cap item 1005 beta", all in
 * category Capped with one unit in stock, written straight to the tables (the kept sums and counts follow by their
 * triggers), plus "Zed other" with nothing.
 */
beforeAll(async () => {
  account = await server.newAccount();
  const warehouse = (await server.call('POST', 'warehouse/add', { token: account.token, body: { name: 'Main' } })).body;
  const [category] = await db().insert(categories).values({ accountId: account.id, name: 'Capped' }).returning();
  categoryId = category.id;
  const rows = await db()
    .insert(products)
    .values(Array.from({ length: OVER }, (_, index) => ({ accountId: account.id, name: name(index + 1), article: `CI-${index + 1}`, categoryId: category.id })))
    .returning({ id: products.id });
  await db()
    .insert(batches)
    .values(rows.map((row, index) => ({ accountId: account.id, productId: row.id, warehouseId: warehouse.id, number: `L${index + 1}`, count: '1', costPrice: '2' })));
  await db().insert(products).values({ accountId: account.id, name: 'Zed other' });
}, 120_000);

describe('stock list count cap', () => {
  it('rule: a filtered page does not count: with more matches than its page it says "at least" the rows to its end, total_is_estimate, a next page and no last one', async () => {
    const bodies = [
      { filter: { search: 'cap item' } },
      { filter: { search: 'cap', positive: true }, warehouse: 'main' },
      { filter: { search: 'alpha' }, page: 3, per_page: 50 },
      { filter: { search: 'cap item', type: 'product' } },
      { filter: { category_id: categoryId } },
      { filter: { positive: true }, page: 2 },
      { filter: { search: 'cap', positive: true, category_id: categoryId }, warehouse: 'main' },
      { filter: { search: 'cap' }, sort: { field: 'name', order: 'asc' }, page: 4 },
      { filter: { search: 'cap' }, sort: { field: 'id', order: 'asc' }, page: 2 },
    ];
    for (const body of bodies) {
      const page = await list(body);
      const at = body.page ?? 1;
      const perPage = body.per_page ?? 20;
      expect(page.meta, JSON.stringify(body)).toMatchObject({ current_page: at, total: at * perPage, total_is_estimate: true, last_page: at + 1 });
      expect(page.links, JSON.stringify(body)).toMatchObject({ next: `?page=${at + 1}`, last: null });
      expect(page.data.map((row) => row.name), JSON.stringify(body)).toEqual(Array.from({ length: perPage }, (_, index) => name((at - 1) * perPage + index + 1)));
    }
  });

  it(`rule: the last page of a filter knows its exact total, under, at or over the cap (${STOCK_COUNT_CAP}); past the end the page counts to say where the end is`, async () => {
    const last = STOCK_COUNT_CAP / 20;
    for (const body of [{ filter: { search: 'alpha' }, page: last }, { filter: { search: 'alpha', type: 'product' }, page: last }]) {
      expect((await list(body)).meta, JSON.stringify(body)).toMatchObject({ total: STOCK_COUNT_CAP, total_is_estimate: false, last_page: last });
    }
    for (const filter of [{ category_id: categoryId }, { positive: true }, { search: 'cap item', type: 'product' }]) {
      const end = await list({ filter, page: 51 });
      expect(end.data.map((row) => row.name), JSON.stringify(filter)).toEqual([1001, 1002, 1003, 1004, 1005].map(name));
      expect(end.meta, JSON.stringify(filter)).toMatchObject({ total: OVER, total_is_estimate: false, last_page: 51 });
      const past = await list({ filter, page: 60 });
      expect(past.data, JSON.stringify(filter)).toEqual([]);
      expect(past.meta, JSON.stringify(filter)).toMatchObject({ total: OVER, total_is_estimate: false, last_page: 51 });
    }
    for (const filter of [{ search: 'beta' }, { search: 'beta', type: 'product' }]) {
      const few = await list({ filter });
      expect(few.meta, JSON.stringify(filter)).toMatchObject({ total: 5, total_is_estimate: false, last_page: 1 });
      // The first products in name order (the page's bounded walk) hold none of these: the page still finds them.
      expect(few.data.map((row) => row.name), JSON.stringify(filter)).toEqual([1001, 1002, 1003, 1004, 1005].map(name));
      expect(few.links, JSON.stringify(filter)).toMatchObject({ next: null, last: '?page=1' });
    }
    expect((await list({ filter: { search: 'no such thing' } })).meta).toMatchObject({ total: 0, total_is_estimate: false });
  });

  it('rule: the capped list pages forward to its real end, the rows in name order both ways; the last page knows the exact total', async () => {
    const second = await list({ filter: { search: 'cap item' }, page: 2 });
    expect(second.data.map((row) => row.name)).toEqual(Array.from({ length: 20 }, (_, index) => name(index + 21)));
    expect(second.links).toMatchObject({ prev: '?page=1', next: '?page=3', last: null });
    // Page 50 ends at the cap: more rows follow, so it is still an estimate with a next page.
    const fiftieth = await list({ filter: { search: 'cap item' }, page: 50 });
    expect(fiftieth.meta).toMatchObject({ total_is_estimate: true, current_page: 50 });
    expect(fiftieth.links.next).toBe('?page=51');
    const last = await list({ filter: { search: 'cap item' }, page: 51 });
    expect(last.data.map((row) => row.name)).toEqual([1001, 1002, 1003, 1004, 1005].map(name));
    expect(last.meta).toMatchObject({ total: OVER, total_is_estimate: false, last_page: 51 });
    expect(last.links).toMatchObject({ next: null, last: '?page=51' });
    const descending = await list({ filter: { search: 'cap item' }, sort: { field: 'name', order: 'desc' } });
    expect(descending.data.map((row) => row.name).slice(0, 3)).toEqual([1005, 1004, 1003].map(name));
    expect(descending.meta.total_is_estimate).toBe(true);
  });

  it('rule: the unfiltered list counts exactly from the kept counts, at any size', async () => {
    expect((await list({})).meta).toMatchObject({ total: OVER + 1, total_is_estimate: false, last_page: 51 });
    expect((await list({ page: 51 })).data.map((row) => row.name)).toEqual([1001, 1002, 1003, 1004, 1005].map(name).concat('Zed other'));
  });

  it('rule: the totals call sums every match, not the capped count (products 1,005, one unit each)', async () => {
    const answer = await server.call('POST', 'product/stock-totals', { token: account.token, body: { filter: { search: 'cap item' } } });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ products: OVER, count: OVER, cost_value: OVER * 2 });
  });
});
