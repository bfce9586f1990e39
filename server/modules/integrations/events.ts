import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { integrationEvents } from '../../db/schema';
import type { IntegrationSource } from './source';

/**
 * Takes a delivery (a webhook, a CRM event, a 1C exchange step) once: true the first time its key is seen for this
 * integration, false for a repeat — which the caller answers as done and otherwise ignores. Run it in the same
 * transaction as the delivery's effect, so a failed effect leaves the key free for the CRM's next attempt.
 */
export async function firstDelivery(db: Db, accountId: number, source: IntegrationSource, key: string): Promise<boolean> {
  const rows = await db
    .insert(integrationEvents)
    .values({ accountId, source, key })
    .onConflictDoNothing()
    .returning({ key: integrationEvents.key });
  return rows.length === 1;
}

/** Keys older than the CRMs' own redelivery window (days) are dropped, so the table does not grow forever. */
export async function forgetOldDeliveries(db: Db, days = 30): Promise<void> {
  await db.delete(integrationEvents).where(sql`${integrationEvents.receivedAt} < now() - make_interval(days => ${days})`);
}
