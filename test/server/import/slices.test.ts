import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { batches, products } from '../../../server/db/schema';
import { WRITE_ROWS } from '../../../server/modules/import/run';
import { useTestServer } from '../harness';
import { csv, importFile, shop } from './support';

/**
 * The run keeps a product it has written only as its id (the slim planner): a row two slices later that matches it
 * reads it back from the database in the run's transaction, and must see it exactly as the earlier rows left it —
 * the same product (no duplicate), its price, its balance — as a product kept whole would.
 */
const server = useTestServer();

describe('a row slices after the one that wrote a product finds it as written', () => {
  it('an added product and a changed stored one, matched again two slices later, are updated — not added again — from their written values and balances', async () => {
    const { account } = await shop(server);
    const first = await importFile(server, account, 'stored.csv', csv([['Name', 'Article', 'Price', 'Quantity'], ['Stored', 'S-1', 5, 2]]));
    expect(first.outcome.error).toBeUndefined();

    const fillers = Array.from({ length: 2 * WRITE_ROWS }, (_, index) => [`Filler ${index}`, `F-${index}`, 1, 1]);
    const rows = [['Name', 'Article', 'Price', 'Quantity'], ['Drill', 'D-1', 100, 3], ['Stored', 'S-1', 7, 4], ...fillers, ['drill', 'd-1', 120, 7], ['STORED', 's-1', 7, 9]];
    const { outcome } = await importFile(server, account, 'big.csv', csv(rows));
    expect(outcome.error).toBeUndefined();
    expect(outcome.counts).toMatchObject({ rows: rows.length - 1, added: 2 * WRITE_ROWS + 1, updated: 3, wrong: 0 });

    const byName = async (name: string) => {
      const found = await server.database.db.select().from(products).where(eq(products.accountId, account.id)).orderBy(asc(products.id));
      return found.filter((product) => product.name.toLowerCase() === name);
    };
    const [drill, ...drillTwice] = await byName('drill');
    expect(drillTwice).toEqual([]);
    expect(drill.name).toBe('drill');
    expect((drill.values as { price: { cost: number } }).price.cost).toBe(120);
    const [stored, ...storedTwice] = await byName('stored');
    expect(storedTwice).toEqual([]);
    expect((stored.values as { price: { cost: number } }).price.cost).toBe(7);
    const counts = async (productId: number) => (await server.database.db.select().from(batches).where(eq(batches.productId, productId))).map((batch) => Number(batch.count));
    // 3, then 7 asked: 4 more arrive. 2 stored, 4 asked, then 9 asked: 2 + 2 + 5.
    expect(await counts(drill.id)).toEqual([7]);
    expect(await counts(stored.id)).toEqual([9]);
  }, 240_000);
});
