import type { ServerConfig } from '../../config';
import type { Db } from '../../db/client';

/** The task contract other modules build against (re-exported by api.ts, which they import). */

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
