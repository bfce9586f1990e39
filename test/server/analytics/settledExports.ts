import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../server/db/client';
import { tasks } from '../../../server/db/schema';
import { ANALYTICS_EXPORT_TASK } from '../../../server/modules/analytics/export';

/**
 * analytics/{type}/export/xlsx answers at once and writes its task record in the background (progress, heartbeat, the
 * file). The route walks (bad input, isolation) compare database snapshots around each call: they wait here until every
 * export a walk started has ended, so a background write is never taken for the next call's change.
 */
export async function exportsSettled(db: Db, timeoutMs = 30_000): Promise<void> {
  for (const end = Date.now() + timeoutMs; Date.now() < end; ) {
    const open = await db.select({ id: tasks.id }).from(tasks).where(and(eq(tasks.type, ANALYTICS_EXPORT_TASK), eq(tasks.status, 0))).limit(1);
    if (!open.length) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('analytics exports still running after the walk waited for them');
}
