import { asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { STALE_PRODUCT } from '../../../src/contract/productEditor';
import { fields, products } from '../../../server/db/schema';
import { NO_SUCH_PRODUCTS } from '../../../server/modules/products/archiving';
import { useTestServer, type TestAccount } from '../harness';

/**
 * Issue 13 §3/§4: every write to a product moves its freshness stamp (updated_at, the version a save names) with the
 * editor's own nextStamp — strictly past the stored one, never back to the clock — so an editor opened before a price
 * edit or an archive saves into a 409 instead of silently writing the old price back; and product/archive-many is
 * one transaction: one unknown or foreign id and nothing is archived.
 */
const server = useTestServer();
const db = () => server.database.db;

type Answer = { status: number; body: any };
const post = (account: { token: string }, path: string, body: unknown): Promise<Answer> => server.call('POST', path, { token: account.token, body });
const rowsOf = (ids: number[]) => db().select().from(products).where(inArray(products.id, ids)).orderBy(asc(products.id));

async function priced(account: TestAccount, name = 'Desk') {
  const [has] = await db().select().from(fields).where(eq(fields.accountId, account.id));
  if (!has) await db().insert(fields).values({ accountId: account.id, entity: 'product', code: 'retail', name: 'Retail', type: 11, data: [] });
  return (await post(account, 'product/add', { name, values: { retail: { cost: 100 } } })).body;
}

/** The stored stamp pushed an hour ahead (as a previous nextStamp within one busy millisecond, or a clock step back, leaves it). */
async function stampAhead(id: number): Promise<Date> {
  const ahead = new Date(Date.now() + 60 * 60 * 1000);
  await db().update(products).set({ updatedAt: ahead }).where(eq(products.id, id));
  return ahead;
}

describe('price and archive writes move the freshness stamp as a save does (nextStamp)', () => {
  const writes: [string, (account: TestAccount, id: number) => Promise<Answer>][] = [
    ['product/set-price', (account, id) => post(account, 'product/set-price', { id, price_field: 'retail', cost: 120 })],
    ['product/price-edit', (account, id) => post(account, 'product/price-edit', { product_ids: [id], price_field: 'retail', change: { percent: 10 }, update_open_deals: false })],
    ['product/archive', (account, id) => post(account, 'product/archive', { id })],
    ['product/archive-many', (account, id) => post(account, 'product/archive-many', { ids: [id] })],
  ];
  for (const [name, write] of writes) {
    it(`${name}: the new stamp is past the stored one even when that one is ahead of the clock`, async () => {
      const account = await server.newAccount();
      const product = await priced(account);
      const ahead = await stampAhead(product.id);
      const answer = await write(account, product.id);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const [row] = await rowsOf([product.id]);
      expect(row.updatedAt.getTime()).toBe(ahead.getTime() + 1);
    });
  }

  it('product/unarchive too', async () => {
    const account = await server.newAccount();
    const product = await priced(account);
    expect((await post(account, 'product/archive', { id: product.id })).status).toBe(200);
    const ahead = await stampAhead(product.id);
    expect((await post(account, 'product/unarchive', { id: product.id })).status).toBe(200);
    expect((await rowsOf([product.id]))[0].updatedAt.getTime()).toBe(ahead.getTime() + 1);
  });

  it('an editor that loaded the product before a price edit gets 409 on save, and the new price stays', async () => {
    const account = await server.newAccount();
    const product = await priced(account);
    await stampAhead(product.id);
    const loaded = (await server.call('GET', 'product/get', { token: account.token, query: { id: product.id } })).body;
    expect((await post(account, 'product/set-price', { id: product.id, price_field: 'retail', cost: 150 })).status).toBe(200);
    const save = await post(account, 'product/update', { id: product.id, values: { retail: loaded.values.retail }, updated_at: loaded.updated_at });
    expect(save.status).toBe(409);
    expect(save.body.error).toBe(STALE_PRODUCT);
    expect(((await rowsOf([product.id]))[0].values.retail as { cost: number }).cost).toBe(150);
  });
});

describe('product/archive-many is all or nothing', () => {
  it("one unknown id or another account's product in the list: 404 with a clear text and those ids, nothing archived", async () => {
    const account = await server.newAccount();
    const other = await server.newAccount();
    const [desk, lamp] = [await priced(account, 'Desk'), await priced(account, 'Lamp')];
    const foreign = await priced(other, 'Theirs');
    const before = await rowsOf([desk.id, lamp.id, foreign.id]);
    for (const ids of [[desk.id, 2_000_000_000, lamp.id], [desk.id, lamp.id, foreign.id]]) {
      const refused = await post(account, 'product/archive-many', { ids });
      expect(refused).toEqual({ status: 404, body: { error: NO_SUCH_PRODUCTS, code: 'noSuchProducts', missing: [ids.find((id) => id !== desk.id && id !== lamp.id)] } });
      expect(await rowsOf([desk.id, lamp.id, foreign.id])).toEqual(before);
    }
    expect(await post(account, 'product/archive-many', { ids: [desk.id, lamp.id, desk.id] })).toEqual({ status: 200, body: { archived: 2 } });
    expect((await rowsOf([desk.id, lamp.id, foreign.id])).map((row) => row.archived)).toEqual([true, true, false]);
  });
});
