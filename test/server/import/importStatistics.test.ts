import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { csv, importFile, shop } from './support';
import { useTestServer } from '../harness';

/**
 * An import runs in one transaction, so autovacuum never analyses the rows it writes until it ends: planned for the
 * sizes the statistics last saw, its arrivals once read every batch of the warehouse for each 2,500 products (a
 * 100,000-row import did not finish in 20 minutes). It takes the statistics itself as its tables grow
 * (server/db/tableStatistics.ts, after each slice of server/modules/import/apply.ts).
 */
const server = useTestServer();

const tuplesOf = async (table: string): Promise<number> =>
  Number(((await server.database.db.execute(sql`select reltuples from pg_class where oid = to_regclass(${table})`)) as unknown as { rows: { reltuples: number }[] }).rows[0].reltuples);

describe('statistics during an import', () => {
  it('rule: the tables an import grows carry statistics of their new size when it ends (products, batches, stock sums)', async () => {
    const { account } = await shop(server);
    const before = { products: await tuplesOf('products'), batches: await tuplesOf('batches') };
    const rows = 4000;
    const file = csv([['Name', 'Article', 'Quantity'], ...Array.from({ length: rows }, (_, i) => [`Statistics item ${i}`, `ST-${i}`, 1 + (i % 9)])]);
    const { outcome } = await importFile(server, account, 'many.csv', file);
    expect(outcome.counts).toMatchObject({ rows, added: rows, wrong: 0 });
    expect(await tuplesOf('products')).toBeGreaterThanOrEqual(before.products + rows * 0.9);
    expect(await tuplesOf('batches')).toBeGreaterThanOrEqual(Math.max(before.batches, 0) + rows * 0.9);
    expect(await tuplesOf('stock_sums')).toBeGreaterThanOrEqual(rows * 0.9);
  }, 180_000);
});
