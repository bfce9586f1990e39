import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from '../../config';
import type { Db } from '../../db/client';
import { taskDefinition, type TaskOutcome } from './definitions';
import { beat, claimTask, finishTask, releaseTask, TASK_CRASHED } from './records';

/** Progress reaches the database at most this often per task (the task center polls about once a second). */
export const PROGRESS_WRITE_MS = 500;
/** A running task's heartbeat (and its check for a cancel made through another process) at least this often. */
export const HEARTBEAT_MS = 1000;

/** The error (a locale key) of a task of a type this server process has not defined. */
export const UNKNOWN_TASK_TYPE = 'tasks.errors.unknownType';

export interface RunOptions {
  db: Db;
  config: ServerConfig;
  log: FastifyBaseLogger;
  /** Aborted when this process stops: the task is let go for another run rather than finished. */
  stopping: AbortSignal;
  /** Cancels that arrive in this process abort the handler at once, not at the next heartbeat. */
  running: Map<number, () => void>;
}

/** Why a run ended without its own answer. */
type Ending = 'cancelled' | 'stopping' | null;

/**
 * Runs one queued task if no process runs it yet: the handler gets its payload, a throttled progress and a
 * signal; its outcome (or its failure) becomes the task's result. Answers 'released' when the process stopped
 * under it, so the caller queues it again.
 */
export async function runTask(taskId: number, options: RunOptions): Promise<'done' | 'released' | 'skipped'> {
  const { db, config, log, stopping, running } = options;
  const task = await claimTask(db, taskId);
  if (!task) return 'skipped';
  const definition = taskDefinition(task.type);
  if (!definition) {
    await finishTask(db, taskId, { error: UNKNOWN_TASK_TYPE }, { done: 0, total: 0 });
    return 'done';
  }

  const controller = new AbortController();
  let ending: Ending = null;
  const end = (why: Exclude<Ending, null>) => {
    ending ??= why;
    controller.abort(new Error(`task ${why}`));
  };
  const onStop = () => end('stopping');
  if (stopping.aborted) onStop();
  stopping.addEventListener('abort', onStop);
  running.set(taskId, () => end('cancelled'));

  let latest = { done: 0, total: 0 };
  let written = latest;
  let lastWrite = Date.now();
  let writing: Promise<void> = Promise.resolve();
  // One writer on a timer: progress() only notes the figures, so a handler may call it for every row.
  const write = () => {
    const now = Date.now();
    const changed = latest !== written;
    if (!(changed && now - lastWrite >= PROGRESS_WRITE_MS) && now - lastWrite < HEARTBEAT_MS) return;
    lastWrite = now;
    const figures = latest;
    writing = writing
      .then(() => beat(db, taskId, changed ? figures : undefined))
      .then((open) => {
        written = figures;
        if (!open) end('cancelled');
      })
      .catch((error: unknown) => log.warn({ err: error, taskId }, 'task heartbeat failed'));
  };
  const timer = setInterval(write, PROGRESS_WRITE_MS / 2);

  let outcome: TaskOutcome | null = null;
  try {
    outcome = await definition.run({
      db,
      config,
      accountId: task.accountId,
      userId: task.userId,
      taskId,
      payload: task.payload,
      signal: controller.signal,
      progress: async (done, total) => {
        latest = { done, total };
      },
    });
  } catch (error) {
    if (!ending) log.error({ err: error, taskId, type: task.type }, 'task failed');
    outcome = { error: TASK_CRASHED };
  } finally {
    clearInterval(timer);
    stopping.removeEventListener('abort', onStop);
    running.delete(taskId);
    await writing;
  }

  // A cancel leaves the task cancelled (finishTask changes only open tasks); a stop lets it go for another run.
  if (ending === 'stopping') {
    await releaseTask(db, taskId);
    return 'released';
  }
  await finishTask(db, taskId, outcome, latest);
  return 'done';
}
