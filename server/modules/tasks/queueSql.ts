import { PGlite } from '@electric-sql/pglite';
import type { Db } from '../../db/client';

/** What pg-boss runs its SQL through (its `db` option) instead of opening a pool of its own. */
export interface QueueSql {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * pg-boss on the app's own connection: PGlite has one connection and no pool, and on PostgreSQL the app's pool
 * is enough. Drizzle keeps the driver's client as `$client`.
 */
export function queueSqlOf(db: Db): QueueSql {
  const client = (db as unknown as { $client: PGlite | { query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> } }).$client;
  if (client instanceof PGlite) {
    return {
      // pg-boss sends its schema and locked maintenance as several statements without parameters, which PGlite
      // runs only through exec (its query takes one statement); the answer that matters is the last one.
      async executeSql(text, values) {
        if (values?.length) return client.query(text, values);
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      },
    };
  }
  return { executeSql: (text, values) => client.query(text, values) };
}
