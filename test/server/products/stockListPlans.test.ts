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
 * The stock list's unfiltered page in name or id order (the first page a user sees) asks for a generic plan
 * (server/db/preparedStatements.ts): its plan walks a products index to the page whatever the values, and PostgreSQL's
 * own choice planned it afresh at every run (~1.4 ms of planning for ~0.8 ms of running, bench data). A filtered page
 * or one sorted by a balance is planned for its values as before. Read on one connection of the test's own, whose
 * prepared statements pg_prepared_statements lists with their plan counts.
 */
const server = useTestServer();

describe.skipIf(!process.env.DATABASE_URL)('stock list plans on PostgreSQL', () => {
  it('rule: the unfiltered page in name or id order runs on a generic plan from its first run; a filtered page and a page sorted by a balance do not ask for one', async () => {
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
      for (let run = 0; run < 3; run++) {
        expect(await names({})).toEqual(['Angle grinder', 'Hammer drill', 'Saw']);
        expect(await names({ warehouse: main.id, page: 1, sort: { field: 'id', order: 'desc' } })).toEqual(['Saw', 'Angle grinder', 'Hammer drill']);
        expect(await names({ filter: { category_id: category.id } })).toEqual(['Angle grinder', 'Hammer drill']);
        expect(await names({ sort: { field: 'count', order: 'desc' } })).toHaveLength(3);
      }
      const { rows } = await pool.query<{ statement: string; generic: number; custom: number }>(
        `select statement, generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements where statement like '%with page as materialized%' order by statement`,
      );
      const marked = rows.filter((row) => row.statement.startsWith(GENERIC_PLAN));
      // Name order and id order in the chosen warehouse: two texts, each on its generic plan from the first run.
      expect(marked.map(({ generic, custom }) => ({ generic, custom }))).toEqual([
        { generic: 3, custom: 0 },
        { generic: 3, custom: 0 },
      ]);
      const others = rows.filter((row) => !row.statement.startsWith(GENERIC_PLAN));
      expect(others.map((row) => /category_id" in/.test(row.statement) || /"stock_sums"|stock_sums s/.test(row.statement))).toEqual([true, true]);
      expect(others.every((row) => row.custom === 3 && row.generic === 0)).toBe(true);
    } finally {
      await pool.end();
    }
  });
});
