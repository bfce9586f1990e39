import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../server/db/client';
import { memberships } from '../../server/db/schema';
import { defineTask, startTask } from '../../server/modules/tasks/api';

/**
 * Test-only: a task type and the route that starts one (POST /e2e/task) for tasks.e2e.ts, registered by the
 * e2e server set-up and never by the app. The task counts up to `steps`, one step every `stepMs`, watching its
 * signal, and answers a text file when asked.
 */
export interface E2eTaskPayload {
  steps: number;
  stepMs: number;
  file?: string;
}

export const E2E_TASK = 'e2e.task';

defineTask<E2eTaskPayload>({
  type: E2E_TASK,
  async run({ payload, progress, signal }) {
    for (let step = 1; step <= payload.steps; step += 1) {
      await new Promise((resolve) => setTimeout(resolve, payload.stepMs));
      if (signal.aborted) throw new Error('cancelled');
      await progress(step, payload.steps);
    }
    return { counts: { rows: payload.steps }, ...(payload.file ? { file: { name: 'result.txt', contentType: 'text/plain', bytes: new TextEncoder().encode(payload.file) } } : {}) };
  },
});

export function addTaskFixtures(app: FastifyInstance, db: Db): void {
  app.post('/e2e/task', async (request) => {
    const { account_id: accountId, title, payload } = request.body as { account_id: number; title: string; payload: E2eTaskPayload };
    const [owner] = await db.select().from(memberships).where(and(eq(memberships.accountId, accountId), eq(memberships.isOwner, true)));
    return startTask(db, app.ctx.config, { accountId, userId: owner.userId, type: E2E_TASK, title, payload });
  });
}
