import type { Db, Tx } from '../db/client';
import { CONCURRENT_CHANGE, conflict, isRetryable } from './errors';

/** How long a deadlock victim waits before its one retry: long enough for the winner to go on, short beside a request. */
const RETRY_PAUSE_MS = { min: 20, max: 60 };

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
  // A short random pause first: the transaction the victim collided with is still waking up to take the rows it
  // waited for, and a retry at once could take them before it and meet it again (a second deadlock, then a 409).
  await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS.min + Math.random() * (RETRY_PAUSE_MS.max - RETRY_PAUSE_MS.min)));
  try {
    return await db.transaction(work);
  } catch (error) {
    if (isRetryable(error)) throw conflict(CONCURRENT_CHANGE);
    throw error;
  }
}
