import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { OrderListRequest } from '../../../src/contract/orders';
import type { Db } from '../../../server/db/client';
import { PreparingClient } from '../../../server/db/preparedStatements';
import * as schema from '../../../server/db/schema';
import { listOrders } from '../../../server/modules/orders/list';

/**
 * On PostgreSQL the orders list's statements are prepared per connection (server/db/preparedStatements.ts), and after
 * five runs PostgreSQL keeps a generic plan when it costs no more than planning afresh. The stage filter must be
 * written so that it can (issue 20 §3): with `status_id in ($n)` the generic plan guessed a busy stage to be rare
 * and every call was planned again (~1 ms of CPU each). The orders here live in a schema of the test's own, first
 * on the search path, so the table's statistics are the ones made below — a busy stage, as on the bench's data
 * (bench/benchServer.ts) — whatever other tests wrote.
 */
const SCHEMA = 'list_plans_probe';

describe.skipIf(!process.env.DATABASE_URL)('orders/list plans on PostgreSQL (issue 20 §3)', () => {
  it('rule: the pipeline + stage list (a busy stage, sorted by creation) runs on a kept generic plan after its first runs', async () => {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1, Client: PreparingClient, options: `-c search_path=${SCHEMA},public` });
    try {
      await admin.query(`drop schema if exists ${SCHEMA} cascade; create schema ${SCHEMA}; create table ${SCHEMA}.orders (like public.orders including defaults including indexes)`);
      // One account, 50,000 orders as the bench makes them: one in five linked to a CRM deal, the others in one
      // pipeline's two stages, half each; a few in eight more stages of another pipeline (ten stages in all, so a
      // generic plan's guess for one stage, a tenth of the pipeline's orders, is far below the busy stage's half).
      await admin.query(`
        insert into ${SCHEMA}.orders (account_id, name, pipeline_id, status_id, lead_id, crm_status, created_at)
        select 1, 'Probe ' || i,
               case when i % 5 = 0 then null when i <= 40 then 2 else 1 end,
               case when i % 5 = 0 then null when i <= 40 then 10 + i % 10 else 1 + 3 * (i % 2) end,
               case when i % 5 = 0 then 9000000 + i end, case when i % 5 = 0 then 0 end,
               now() - make_interval(mins => 50000 - i)
        from generate_series(1, 50000) as i`);
      await admin.query(`analyze ${SCHEMA}.orders`);
      const db = drizzle(pool, { schema }) as unknown as Db;
      const actor = { accountId: 1, account: { id: 1, isKommo: false }, userId: null, isKommo: false, public: false };
      const body: OrderListRequest = { page: 2, per_page: 20, filter: { pipeline_id: 1, status_ids: [1] }, sort: { field: 'created_at', order: 'desc' } };
      const answers = [];
      for (let run = 0; run < 8; run += 1) answers.push(await listOrders(db, actor, body));
      expect(answers[7].data).toHaveLength(20);
      expect(answers[7].data.every((order) => order.status_id === 1)).toBe(true);
      const { rows } = await pool.query<{ generic_plans: string; custom_plans: string }>(
        `select generic_plans, custom_plans from pg_prepared_statements where statement like '%"created_at" desc%' and statement like '%status_id%'`,
      );
      expect(rows).toHaveLength(1);
      expect(Number(rows[0].generic_plans), JSON.stringify(rows[0])).toBeGreaterThanOrEqual(2);
    } finally {
      await pool.end();
      await admin.query(`drop schema if exists ${SCHEMA} cascade`);
      await admin.end();
    }
  });
});
