import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../server/db/client';
import { orders, pipelines, pipelineStatuses } from '../../server/db/schema';

/**
 * Test-only: POST /e2e/orders adds `count` orders named `${prefix} 00001`… to the account's system pipeline in one
 * statement, registered by the e2e server set-up and never by the app. A big orders export (more than
 * EXPORT_DIRECT_ROWS, 5,000) needs that many orders, and 5,001 orders/add calls would take minutes.
 */
export function addOrderFixtures(app: FastifyInstance, db: Db): void {
  app.post('/e2e/orders', async (request) => {
    const { account_id: accountId, count, prefix } = request.body as { account_id: number; count: number; prefix: string };
    const [system] = await db.select().from(pipelines).where(and(eq(pipelines.accountId, accountId), eq(pipelines.isSystem, true)));
    const [stage] = await db.select().from(pipelineStatuses).where(eq(pipelineStatuses.pipelineId, system.id)).orderBy(pipelineStatuses.sort).limit(1);
    const rows = Array.from({ length: count }, (_, index) => ({ accountId, name: `${prefix} ${String(index + 1).padStart(5, '0')}`, pipelineId: system.id, statusId: stage.id }));
    for (let start = 0; start < rows.length; start += 1000) await db.insert(orders).values(rows.slice(start, start + 1000));
    return { added: count };
  });
}
