import type { Db, Tx } from '../db/client';
import { CONCURRENT_CHANGE, conflict, isRetryable } from './errors';

/**
 * Runs `work` in one transaction. Writers take their locks in one order (server/modules/stock/locks.ts),
 * yet PostgreSQL may still pick a transaction as a deadlock victim (or fail it under serializable isolation):
 * it is rolled back whole, so running it once more is safe. A second such failure answers 409 with a text, not 500.
 */
export async function inTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(work);
  } catch (error) {
    if (!isRetryable(error)) throw error;
  }
  try {
    return await db.transaction(work);
  } catch (error) {
    if (isRetryable(error)) throw conflict(CONCURRENT_CHANGE);
    throw error;
  }
}
