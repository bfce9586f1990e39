import { and, eq, inArray } from 'drizzle-orm';
import { tasks } from '../../../server/db/schema';
import { startTask } from '../../../server/modules/tasks/api';
import type { TestAccount, TestServer } from '../harness';
import { TEST_TASK } from './testTask';

/**
 * B's task rows for the isolation walk (test/server/isolation.test.ts): no route of B starts a task yet (the import
 * will), so they are made through the tasks module. Only rows that no longer change are left: a finished task with a
 * marked file and a cancelled one, run by the queue, and an open task no worker is told of (it stays open, so A's
 * task/delete with its id would show as a change).
 */
export async function seedTasks(server: TestServer, account: TestAccount, mark: () => string): Promise<void> {
  const { db } = server.database;
  const started = { accountId: account.id, userId: account.ownerId, type: TEST_TASK };
  const finished = await startTask(db, server.app.ctx.config, { ...started, title: `${mark()} export`, payload: { file: `${mark()} file` } });
  const cancelled = await startTask(db, server.app.ctx.config, { ...started, title: `${mark()} import`, payload: { waitRuns: 1 } });
  await server.call('GET', 'task/delete', { token: account.token, query: { id: cancelled.id } });
  await db.insert(tasks).values({ ...started, title: `${mark()} queued`, payload: {} });
  const ids = [finished.id, cancelled.id];
  for (let waited = 0; waited < 30_000; waited += 100) {
    const ended = await db.select({ id: tasks.id }).from(tasks).where(and(inArray(tasks.id, ids), eq(tasks.status, 1)));
    const run = await db.select({ id: tasks.id }).from(tasks).where(and(eq(tasks.id, cancelled.id), eq(tasks.status, 2)));
    if (ended.length === 1 && run.length === 1) {
      // The cancelled run's handler lets go within a heartbeat; then nothing of B's tasks changes any more.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("B's tasks did not end");
}
