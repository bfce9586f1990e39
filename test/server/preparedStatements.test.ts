import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { PreparingClient, statementName } from '../../server/db/preparedStatements';

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
});
