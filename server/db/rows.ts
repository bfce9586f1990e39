import type { SQL } from 'drizzle-orm';
import type { Db, Tx } from './client';

/** The rows of a query: db.execute answers rows on PGlite and a result with rows on pg; both are read the same here. */
export async function rowsOf<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}
