import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { StockListRequest } from '../../../src/contract/stockList';
import type { Db } from '../../../server/db/client';
import { GENERIC_PLAN, PreparingClient } from '../../../server/db/preparedStatements';
import * as schema from '../../../server/db/schema';
import { listStockJson } from '../../../server/modules/products/stockList';
import { settingUp, useTestServer } from '../harness';

/**
 * The stock list's page statements ask for generic plans where the plan does not depend on the values
 * (server/db/preparedStatements.ts, stockPageRows.ts): PostgreSQL's own choice planned them afresh at every run (~1.1
 * ms of planning for ~0.9 ms of running, bench data). The unfiltered page in name or id order (the first page a user
 * sees) is one such statement; a filtered page or one sorted by a balance plans its ids for its values, then reads
 * its rows on a generic plan. Read on one connection of the test's own, whose prepared statements
 * pg_prepared_statements lists with their plan counts.
 */
const server = useTestServer();

describe.skipIf(!process.env.DATABASE_URL)('stock list plans on PostgreSQL', () => {
  it("rule: the unfiltered page in name or id order runs on a generic plan from its first run; a filtered page and a page sorted by a balance plan their ids for the values and keep the generic plan of their rows", async () => {
    const account = await server.newAccount();
    const post = settingUp(server, account.token);
    const main = await post('warehouse/add', { name: 'Main' });
    const category = await post('category/add', { name: 'Drills' });
    for (const name of ['Hammer drill', 'Angle grinder', 'Saw']) {
      const product = await post('product/add', { name, ...(name === 'Saw' ? {} : { category_id: category.id }) });
      await post('product/arrival', { product_id: product.id, warehouse_id: main.id, batch: `B-${product.id}`, count: 2, cost_price: 10 });
    }
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1, Client: PreparingClient });
    try {
      const db = drizzle(pool, { schema }) as unknown as Db;
      const names = async (request: StockListRequest) => (JSON.parse(await listStockJson(db, account.id, request)) as { data: { name: string }[] }).data.map((row) => row.name);
      for (let run = 0; run < 6; run++) {
        expect(await names({})).toEqual(['Angle grinder', 'Hammer drill', 'Saw']);
        expect(await names({ warehouse: main.id, page: 1, sort: { field: 'id', order: 'desc' } })).toEqual(['Saw', 'Angle grinder', 'Hammer drill']);
        expect(await names({ filter: { category_id: category.id } })).toEqual(['Angle grinder', 'Hammer drill']);
        expect(await names({ sort: { field: 'count', order: 'desc' } })).toHaveLength(3);
      }
      const { rows } = await pool.query<{ statement: string; generic: number; custom: number }>(
        `select statement, generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements where statement like '%array_agg(q.id)%' or statement like '%with ordinality%' order by statement`,
      );
      const plans = (which: (text: string) => boolean) => rows.filter((row) => which(row.statement)).map(({ generic, custom }) => ({ generic, custom }));
      const marked = (text: string) => text.startsWith(GENERIC_PLAN);
      // Name order and id order in the chosen warehouse: ids and rows in one statement each, on its generic plan from the first run.
      expect(plans((text) => marked(text))).toEqual([
        { generic: 6, custom: 0 },
        { generic: 6, custom: 0 },
      ]);
      // The category's page and the page sorted by a balance: their ids do not ask, so PostgreSQL plans them for the
      // values first (and later keeps a generic plan only if it costs no more: with these few rows it does).
      const ids = rows.filter((row) => row.statement.includes('array_agg(q.id)') && !marked(row.statement));
      expect(ids.map((row) => /category_id" in/.test(row.statement) || /stock_sums/.test(row.statement))).toEqual([true, true]);
      expect(ids.map((row) => row.custom)).toEqual([5, 5]);
      // ... and their rows in one statement for any ids (every warehouse: the same text), which PostgreSQL runs on its
      // generic plan after the five custom ones it makes first (12 runs: 5 custom, 7 generic).
      expect(plans((text) => !text.includes('array_agg(q.id)'))).toEqual([{ generic: 7, custom: 5 }]);
    } finally {
      await pool.end();
    }
  });
});
