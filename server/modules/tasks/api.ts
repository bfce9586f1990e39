import type { ServerConfig } from '../../config';
import type { Db } from '../../db/client';

/**
 * The one way other modules run long work (imports, exports, report exports, syncs) in the background.
 * A module defines its task type once at start-up and starts tasks from its routes; the tasks module owns
 * the queue, the task records (task/list, task/delete), progress, cancelling and the result file.
 *
 * SKELETON: the contract is fixed here so the import and the tasks work can proceed side by side; the
 * tasks module replaces the body of `startTask` with the database queue.
 */

export interface TaskRunContext<P> {
  db: Db;
  config: ServerConfig;
  accountId: number;
  userId: number;
  taskId: number;
  payload: P;
  /** Reports progress (done of total); cheap to call often, the tasks module throttles the writes. */
  progress(done: number, total: number): Promise<void>;
  /** Aborted when a user cancels (task/delete) or the server shuts down; a handler stops and undoes its work. */
  signal: AbortSignal;
}

export interface TaskOutcome {
  /** A file the user downloads from the task center (an export, an import's report of wrong rows). */
  file?: { name: string; contentType: string; bytes: Uint8Array };
  /** Counts shown beside the result, e.g. { added: 10, updated: 2, skipped: 1, wrong: 0 }. */
  counts?: Record<string, number>;
  /** A failure the user should read (already in the user's language or a locale key the shell translates). */
  error?: string;
}

export interface TaskDefinition<P> {
  type: string;
  run(context: TaskRunContext<P>): Promise<TaskOutcome>;
}

const definitions = new Map<string, TaskDefinition<never>>();

export function defineTask<P>(definition: TaskDefinition<P>): TaskDefinition<P> {
  definitions.set(definition.type, definition as TaskDefinition<never>);
  return definition;
}

export function taskDefinition(type: string): TaskDefinition<unknown> | undefined {
  return definitions.get(type) as TaskDefinition<unknown> | undefined;
}

export interface StartTask<P> {
  accountId: number;
  userId: number;
  type: string;
  /** What the task center shows as the task's name, e.g. the file name of an import. */
  title: string;
  payload: P;
}

/** Records the task (status 0 open) and queues it; answers at once with the task's id. */
export async function startTask<P>(_db: Db, _config: ServerConfig, _task: StartTask<P>): Promise<{ id: number }> {
  throw new Error('tasks: the queue is not built yet');
}
