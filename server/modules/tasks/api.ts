import type { ServerConfig } from '../../config';
import type { Db } from '../../db/client';
import { queueOf } from './queue';
import { createTaskRecord } from './records';
import type { TaskTitle } from './titles';

/**
 * The one way other modules run long work (imports, exports, report exports, syncs) in the background.
 * A module defines its task type once at start-up and starts tasks from its routes; the tasks module owns
 * the queue, the task records (task/list, task/delete), progress, cancelling and the result file.
 */

export { defineTask, taskDefinition, type TaskDefinition, type TaskOutcome, type TaskRunContext } from './definitions';
export { type TaskTitle, taskTitle } from './titles';

/** `title` is what the task center shows as the task's name, e.g. the file name of an import; taskTitle() names a task the server starts. */
export interface StartTask<P> extends TaskTitle {
  accountId: number;
  userId: number;
  type: string;
  payload: P;
}

/**
 * Records the task (status 0 open) and queues it; answers at once with the task's id. The payload is kept in
 * the record, so a run after a crash or a restart gets it again; it must be JSON.
 */
export async function startTask<P>(db: Db, _config: ServerConfig, task: StartTask<P>): Promise<{ id: number }> {
  const queue = queueOf(db);
  if (!queue) throw new Error('tasks: the queue of this database is not started');
  const id = await createTaskRecord(db, task);
  await queue.enqueue(id);
  return { id };
}
