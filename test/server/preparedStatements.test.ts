import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { GENERIC_PLAN, PreparingClient, planModeOf, statementName } from '../../server/db/preparedStatements';

/** Parameterised queries run as named prepared statements, one name per text, a bounded number per connection (issue 20 §3). */
describe('PostgreSQL connections prepare their parameterised statements', () => {
  it('rule: one name per text; a query without parameters stays unnamed (the migrations are multi-statement SQL)', () => {
    const names = new Map<string, string>();
    const first = statementName(names, 'select * from orders where id = $1', [1]);
    expect(first).toMatch(/^s_/);
    expect(statementName(names, 'select * from orders where id = $1', [2])).toBe(first);
    expect(statementName(names, 'select * from products where id = $1', [1])).not.toBe(first);
    expect(statementName(names, 'create table a (id int); create table b (id int)', [])).toBeUndefined();
    expect(statementName(names, 'select 1', undefined)).toBeUndefined();
  });

  it('rule: past the limit a new text runs unnamed, the texts already prepared keep their names', () => {
    const names = new Map<string, string>();
    const kept = statementName(names, 'select $1::int', [1], 2);
    statementName(names, 'select $1::text', ['a'], 2);
    expect(statementName(names, 'select $1::bigint', [1], 2)).toBeUndefined();
    expect(statementName(names, 'select $1::int', [1], 2)).toBe(kept);
    expect(names.size).toBe(2);
  });

  it.skipIf(!process.env.DATABASE_URL)('rule: on PostgreSQL a pooled connection holds the statement prepared, and it answers as before', async () => {
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1, Client: PreparingClient });
    try {
      const first = await pool.query('select $1::int + 1 as n', [1]);
      const second = await pool.query({ text: 'select $1::int + 1 as n' }, [41]);
      expect([first.rows[0].n, second.rows[0].n]).toEqual([2, 42]);
      const prepared = await pool.query("select count(*)::int as n from pg_prepared_statements where statement = 'select $1::int + 1 as n'");
      expect(prepared.rows[0].n).toBe(1);
      // Without parameters: the simple protocol, several statements at once.
      await pool.query('select 1; select 2');
    } finally {
      await pool.end();
    }
  });

  it('rule: a parameterised statement asks for a generic plan when its text begins with the mark, else for the connection\'s default; one without parameters asks for nothing', () => {
    expect(planModeOf(`${GENERIC_PLAN} select $1::int`, [1])).toBe('generic');
    expect(planModeOf('select $1::int', [1])).toBe('default');
    expect(planModeOf(`select $1::int ${GENERIC_PLAN}`, [1])).toBe('default');
    expect(planModeOf(`${GENERIC_PLAN} select 1`, [])).toBeNull();
  });

  it.skipIf(!process.env.DATABASE_URL)('rule: on PostgreSQL a marked statement runs on its generic plan from the first run, an unmarked one as PostgreSQL chooses (custom plans for a LIMIT parameter), in any order, and after a rollback', async () => {
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1, Client: PreparingClient });
    const marked = `${GENERIC_PLAN} select g from generate_series(1, 1000) as g order by g desc limit $1`;
    const unmarked = 'select g from generate_series(1, 1000) as g order by g limit $1';
    const plans = async (text: string) => {
      const { rows } = await pool.query(`select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements where statement = '${text.replaceAll("'", "''")}'`);
      return rows[0] as { generic: number; custom: number };
    };
    const mode = async () => (await pool.query('show plan_cache_mode')).rows[0].plan_cache_mode;
    try {
      const before = await mode();
      for (let run = 0; run < 3; run++) {
        expect((await pool.query(marked, [2])).rows).toEqual([{ g: 1000 }, { g: 999 }]);
        expect((await pool.query(unmarked, [2])).rows).toEqual([{ g: 1 }, { g: 2 }]);
      }
      expect(await plans(marked)).toEqual({ generic: 3, custom: 0 });
      // Three runs are fewer than the five after which auto would weigh a generic plan.
      expect(await plans(unmarked)).toEqual({ generic: 0, custom: 3 });
      // The unmarked statement put the connection's own setting back.
      expect(await mode()).toBe(before);

      // A SET made in a transaction is undone by its rollback: the next marked statement sets the mode again.
      const client = await pool.connect();
      try {
        await client.query('begin');
        await client.query(marked, [1]);
        await client.query('rollback');
        expect(await client.query('show plan_cache_mode').then((answer) => answer.rows[0].plan_cache_mode)).toBe(before);
        await client.query(marked, [1]);
      } finally {
        client.release();
      }
      expect(await plans(marked)).toEqual({ generic: 5, custom: 0 });
    } finally {
      await pool.end();
    }
  });
});
