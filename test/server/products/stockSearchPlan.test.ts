import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it, vi } from 'vitest';
import type { Db } from '../../../server/db/client';
import { shop } from '../import/support';
import { useTestServer } from '../harness';

/**
 * The search page and the search totals with 'positive balances only' (issue 13: the search page within its budget)
 * test every match they visit against the chosen level's in-stock array. In the generic plan PostgreSQL keeps for a
 * prepared statement, that array must be a constant of the plan, not array[$n] built again for every match (about an
 * eighth of the search page's CPU on the bench's data). Each statement the calls send is prepared here as the driver
 * prepares it, its generic plan explained, and the plan read.
 */
const server = useTestServer();
const db = () => server.database.db;
const dialect = new PgDialect();

/** A value as an untyped literal, as the driver sends parameters (PostgreSQL infers their types alike). */
const literal = (value: unknown) => (value === null ? 'null' : `'${String(value).replaceAll("'", "''")}'`);

/** The generic plan of a statement, with its parameters, as PostgreSQL would run it prepared. */
async function genericPlan(statement: SQL): Promise<string> {
  const { sql: text, params } = dialect.sqlToQuery(statement);
  return db().transaction(async (tx) => {
    await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
    await tx.execute(sql.raw(`prepare search_plan_probe as ${text}`));
    const plan = await tx.execute(sql.raw(`explain (verbose, costs off) execute search_plan_probe(${params.map(literal).join(', ')})`));
    await tx.execute(sql`deallocate search_plan_probe`);
    return (plan as unknown as { rows: Record<string, string>[] }).rows.map((row) => Object.values(row)[0]).join('\n');
  });
}

describe('the in-stock level of a positive search', () => {
  it("rule: the level is a constant of the generic plan, in the search page and the search totals, in each warehouse choice (no array built per match); the name's part reads the in-stock keys index alone, never computing a row's keys", async () => {
    const { account, mainId, otherId } = await shop(server);
    const post = async (path: string, body: unknown) => {
      const answer = await server.call('POST', path, { token: account.token, body });
      expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
      return answer.body as { id: number; data: { name: string }[]; products: number };
    };
    const stocked = await post('product/add', { name: 'Drill press', article: 'DP-1', values: { price: { cost: 900 } } });
    const elsewhere = await post('product/add', { name: 'Hand drill', article: 'HD-1', values: { price: { cost: 35 } } });
    await post('product/add', { name: 'Drill guide', article: 'DG-1' });
    await post('stock/arrival', { warehouse_id: mainId, lines: [{ product_id: stocked.id, count: 2, cost_price: 500 }] });
    await post('stock/arrival', { warehouse_id: otherId, lines: [{ product_id: elsewhere.id, count: 1, cost_price: 20 }] });

    const database = db() as Db;
    for (const warehouse of ['main', otherId, 'all'] as const) {
      const sent: SQL[] = [];
      const original = database.execute.bind(database);
      const execute = vi.spyOn(database, 'execute').mockImplementation((query) => {
        sent.push(query as SQL);
        return original(query);
      });
      let page: Awaited<ReturnType<typeof post>>;
      let totals: Awaited<ReturnType<typeof post>>;
      try {
        page = await post('product/stock-list', { warehouse, filter: { search: 'drill', positive: true } });
        totals = await post('product/stock-totals', { warehouse, filter: { search: 'drill', positive: true } });
      } finally {
        execute.mockRestore();
      }
      const want = { main: ['Drill press'], [otherId]: ['Hand drill'], all: ['Drill press', 'Hand drill'] }[warehouse];
      expect(page.data.map((row) => row.name), String(warehouse)).toEqual(want);
      expect(totals.products, String(warehouse)).toBe(want.length);
      const searches = sent.filter((query) => dialect.sqlToQuery(query).sql.includes('"product_search"'));
      // The page's statement and the totals' statement.
      expect(searches.length, String(warehouse)).toBe(2);
      for (const query of searches) {
        const plan = await genericPlan(query);
        expect(plan, String(warehouse)).toMatch(/in_stock @> '\{\d+\}'::integer\[\]/);
        expect(plan, String(warehouse)).not.toMatch(/ARRAY\[\$\d+\]/);
        // The name's part finds its rows by the keys of the level, whatever the statistics say; never intersected with
        // the trigram index (the trigrams' rows are rechecked, and every match's keys would be computed again) nor
        // filtered by the keys. (A containment of keys needs no recheck: the plan's Recheck Cond is not run.)
        expect(plan, String(warehouse)).toMatch(/Bitmap Index Scan on (public\.)?product_search_stock_keys/);
        expect(plan, String(warehouse)).not.toMatch(/BitmapAnd/);
        expect(plan, String(warehouse)).not.toMatch(/Filter: [^\n]*product_search_stock_keys/);
      }
    }
  });
});
