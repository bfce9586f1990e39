import { and, desc, eq, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tasks } from '../../db/schema';
import { TASK_STATUS } from '../../../src/domain/taskStatus';
import type { TaskOutcome } from './definitions';
import type { TaskTitle, TaskTitleParams } from './titles';

/** Task statuses (spec §3), one list with the shell's. A failed task is finished (1) with an error. */
const TaskStatus = TASK_STATUS;

/** The error (a locale key the shell translates) of a task whose every run ended with its server process gone. */
export const SERVER_STOPPED = 'tasks.errors.serverStopped';
/** The error (a locale key) of a task whose handler threw instead of answering an outcome. */
export const TASK_CRASHED = 'tasks.errors.crashed';

export interface NewTaskRecord extends TaskTitle {
  accountId: number;
  userId: number;
  type: string;
  payload: unknown;
}

export async function createTaskRecord(db: Db, task: NewTaskRecord): Promise<number> {
  const [row] = await db.insert(tasks).values(task).returning({ id: tasks.id });
  return row.id;
}

/** What a runner needs of a task it has claimed. */
export interface ClaimedTask {
  id: number;
  accountId: number;
  userId: number;
  type: string;
  payload: unknown;
}

/**
 * Takes an open task for one run: only when no live process runs it (no heartbeat), so a job delivered twice
 * (a retry of pg-boss, a requeue after a crash racing the old job) still runs the task once.
 */
export async function claimTask(db: Db, id: number): Promise<ClaimedTask | null> {
  const [row] = await db
    .update(tasks)
    .set({ heartbeatAt: sql`now()`, attempts: sql`${tasks.attempts} + 1` })
    .where(and(eq(tasks.id, id), eq(tasks.status, TaskStatus.open), isNull(tasks.heartbeatAt)))
    .returning({ id: tasks.id, accountId: tasks.accountId, userId: tasks.userId, type: tasks.type, payload: tasks.payload });
  return row ?? null;
}

/**
 * The running process says it is alive, and writes the progress it has. False when the task is no longer open
 * (a user cancelled or deleted it, perhaps through another process): the runner then aborts the handler.
 */
export async function beat(db: Db, id: number, progress?: { done: number; total: number }): Promise<boolean> {
  const rows = await db
    .update(tasks)
    .set({ heartbeatAt: sql`now()`, ...(progress ?? {}) })
    .where(and(eq(tasks.id, id), eq(tasks.status, TaskStatus.open)))
    .returning({ id: tasks.id });
  return rows.length > 0;
}

/** The handler's answer becomes the task's result; a task cancelled meanwhile keeps its cancelled status. */
export async function finishTask(db: Db, id: number, outcome: TaskOutcome, progress: { done: number; total: number }): Promise<void> {
  const file = outcome.file;
  await db
    .update(tasks)
    .set({
      status: TaskStatus.finished,
      finishedAt: sql`now()`,
      heartbeatAt: null,
      done: progress.done,
      total: progress.total,
      counts: outcome.counts ?? null,
      error: outcome.error ?? null,
      fileName: file?.name ?? null,
      fileType: file?.contentType ?? null,
      fileSize: file ? file.bytes.byteLength : null,
      fileContent: file ? Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength) : null,
    })
    .where(and(eq(tasks.id, id), eq(tasks.status, TaskStatus.open)));
}

/** The process is stopping: the task is let go unfinished, for a process to run again from the start (not counted as a failed run). */
export async function releaseTask(db: Db, id: number): Promise<void> {
  await db
    .update(tasks)
    .set({ heartbeatAt: null, done: 0, total: 0, attempts: sql`greatest(${tasks.attempts} - 1, 0)` })
    .where(and(eq(tasks.id, id), eq(tasks.status, TaskStatus.open)));
}

/**
 * Open tasks whose process stopped beating (it died): each is let go for another run, or — after `maxAttempts`
 * runs — finished with the reason. The update decides, so of several processes sweeping at once one takes each task.
 */
export async function sweepStaleTasks(db: Db, staleSeconds: number, maxAttempts: number): Promise<{ retried: number[]; failed: number[] }> {
  const stale = and(eq(tasks.status, TaskStatus.open), lt(tasks.heartbeatAt, sql`now() - make_interval(secs => ${staleSeconds})`));
  const failed = await db
    .update(tasks)
    .set({ status: TaskStatus.finished, finishedAt: sql`now()`, heartbeatAt: null, error: SERVER_STOPPED })
    .where(and(stale, sql`${tasks.attempts} >= ${maxAttempts}`))
    .returning({ id: tasks.id });
  const retried = await db
    .update(tasks)
    .set({ heartbeatAt: null, done: 0, total: 0 })
    .where(and(stale, sql`${tasks.attempts} < ${maxAttempts}`))
    .returning({ id: tasks.id });
  return { retried: retried.map((row) => row.id), failed: failed.map((row) => row.id) };
}

/** Open tasks no process runs or has queued for certain (released at a stop, let go by a sweep): queued again at start. */
export async function unclaimedTasks(db: Db): Promise<number[]> {
  const rows = await db.select({ id: tasks.id }).from(tasks).where(and(eq(tasks.status, TaskStatus.open), isNull(tasks.heartbeatAt)));
  return rows.map((row) => row.id);
}

/** What the task center shows of a task (no payload, no file bytes). */
export interface TaskRow {
  id: number;
  type: string;
  title: string;
  titleCode: string | null;
  titleParams: TaskTitleParams | null;
  status: number;
  done: number;
  total: number;
  startedAt: Date;
  finishedAt: Date | null;
  counts: Record<string, number> | null;
  error: string | null;
  fileName: string | null;
  fileSize: number | null;
}

const listColumns = {
  id: tasks.id,
  type: tasks.type,
  title: tasks.title,
  titleCode: tasks.titleCode,
  titleParams: tasks.titleParams,
  status: tasks.status,
  done: tasks.done,
  total: tasks.total,
  startedAt: tasks.startedAt,
  finishedAt: tasks.finishedAt,
  counts: tasks.counts,
  error: tasks.error,
  fileName: tasks.fileName,
  fileSize: tasks.fileSize,
};

/** How many tasks the center lists: the newest; older ones stay in the table until deleted. */
export const TASK_LIST_LIMIT = 100;

/** A user's tasks in one account, newest first, deleted ones left out. */
export async function listTasks(db: Db, accountId: number, userId: number): Promise<TaskRow[]> {
  return db
    .select(listColumns)
    .from(tasks)
    .where(and(eq(tasks.accountId, accountId), eq(tasks.userId, userId), ne(tasks.status, TaskStatus.deleted)))
    .orderBy(desc(tasks.id))
    .limit(TASK_LIST_LIMIT);
}

const owned = (id: number, accountId: number, userId: number) => and(eq(tasks.id, id), eq(tasks.accountId, accountId), eq(tasks.userId, userId));

/**
 * task/delete: an open task is cancelled (2) — its runner sees that and aborts the handler; a finished or
 * cancelled one is deleted (3) and its file dropped. Null when the user has no such task (or it is deleted).
 */
export async function cancelOrDeleteTask(db: Db, id: number, accountId: number, userId: number): Promise<{ status: number } | null> {
  const [cancelled] = await db
    .update(tasks)
    .set({ status: TaskStatus.cancelled, finishedAt: sql`now()` })
    .where(and(owned(id, accountId, userId), eq(tasks.status, TaskStatus.open)))
    .returning({ status: tasks.status });
  if (cancelled) return cancelled;
  const [deleted] = await db
    .update(tasks)
    .set({ status: TaskStatus.deleted, fileContent: null })
    .where(and(owned(id, accountId, userId), or(eq(tasks.status, TaskStatus.finished), eq(tasks.status, TaskStatus.cancelled))))
    .returning({ status: tasks.status });
  return deleted ?? null;
}

/** The result file of a user's finished task, or null. */
export async function taskFile(db: Db, id: number, accountId: number, userId: number): Promise<{ name: string; type: string; content: Buffer } | null> {
  const [row] = await db
    .select({ name: tasks.fileName, type: tasks.fileType, content: tasks.fileContent })
    .from(tasks)
    .where(and(owned(id, accountId, userId), eq(tasks.status, TaskStatus.finished)));
  if (!row?.name || !row.content) return null;
  return { name: row.name, type: row.type ?? 'application/octet-stream', content: row.content };
}
