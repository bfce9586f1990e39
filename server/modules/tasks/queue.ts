import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { ServerConfig } from '../../config';
import type { Db } from '../../db/client';
import { queueSqlOf } from './queueSql';
import { sweepStaleTasks, unclaimedTasks } from './records';
import { runTask } from './runner';

/** pg-boss keeps its tables in this schema of its own: the app's migrations and the tests' truncation never touch them. */
export const QUEUE_SCHEMA = 'task_queue';
const QUEUE_NAME = 'tasks';
/** Runs of one task before a crash-interrupted task is failed with a reason instead of run again. */
export const MAX_TASK_ATTEMPTS = 3;
/** How long a stop waits for aborted handlers to let their tasks go; one that ignores its signal is left to the sweep. */
const STOP_WAIT_MS = 10_000;

/**
 * The database job queue of one server process: pg-boss delivers each job (a task's id) to one worker of one
 * process; the task record decides whether it runs (claimTask), and a heartbeat in it tells a live run from one
 * whose process died, which any process's sweep lets go for another run.
 */
export class TaskQueue {
  private boss!: PgBoss;
  private readonly stopping = new AbortController();
  private readonly running = new Map<number, () => void>();
  private readonly runs = new Set<Promise<unknown>>();
  private workerIds: string[] = [];
  private sweeper: NodeJS.Timeout | undefined;
  /** Set once pg-boss takes jobs: a task started before that is queued by the start's pick-up of unclaimed tasks. */
  private taking = false;

  constructor(
    private readonly db: Db,
    private readonly config: ServerConfig,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    queues.set(this.db, this);
    try {
      await this.begin();
    } catch (error) {
      if (queues.get(this.db) === this) queues.delete(this.db);
      throw error;
    }
  }

  private async begin(): Promise<void> {
    // Made here, not in the constructor: building the app (and listing its routes) must not touch the database.
    // pg-boss loads here, after the server listens (the queue starts then).
    const { default: Boss } = await import('pg-boss');
    this.boss = new Boss({ db: queueSqlOf(this.db) as PgBoss.Db, schema: QUEUE_SCHEMA, schedule: false, supervise: true, migrate: true });
    this.boss.on('error', (error) => this.log.error({ err: error }, 'task queue error'));
    await this.boss.start();
    if (!(await this.boss.getQueue(QUEUE_NAME))) {
      // The handler never throws to pg-boss (a failure is the task's result), and our heartbeat, not pg-boss's
      // expiry, tells a dead run: so no retries of its own and the longest expiry it allows.
      await this.boss.createQueue(QUEUE_NAME, { name: QUEUE_NAME, retryLimit: 0, expireInSeconds: 23 * 3600 }).catch(async (error: unknown) => {
        if (!(await this.boss.getQueue(QUEUE_NAME))) throw error;
      });
    }
    for (let index = 0; index < Math.max(1, this.config.taskWorkers); index += 1) {
      this.workerIds.push(await this.boss.work<{ taskId: number }>(QUEUE_NAME, { batchSize: 1, pollingIntervalSeconds: 2 }, ([job]) => this.run(job.data.taskId)));
    }
    this.taking = true;
    await this.sweep();
    // Tasks let go at a stop, or by a sweep that did not get to queue them, are queued again (a second job for
    // a queued task is harmless: only one run claims it).
    for (const id of await unclaimedTasks(this.db)) await this.enqueue(id);
    this.sweeper = setInterval(() => void this.sweep(), Math.max(500, (this.config.taskStaleSeconds * 1000) / 2));
    this.sweeper.unref();
  }

  /** Stops taking jobs; running tasks are aborted and let go (queued again) for another process or the next start. */
  async stop(): Promise<void> {
    if (queues.get(this.db) === this) queues.delete(this.db);
    // A task let go now is queued by the next start's pick-up of unclaimed tasks, not here: the pool may end first.
    this.taking = false;
    clearInterval(this.sweeper);
    this.stopping.abort();
    await Promise.race([Promise.allSettled([...this.runs]), new Promise((resolve) => setTimeout(resolve, STOP_WAIT_MS).unref())]);
    await this.boss?.stop({ graceful: true, wait: true, timeout: 5000 });
  }

  async enqueue(taskId: number): Promise<void> {
    if (!this.taking) return;
    await this.boss.send(QUEUE_NAME, { taskId });
    // A worker of this process takes it now rather than at its next poll.
    for (const id of this.workerIds) this.boss.notifyWorker(id);
  }

  /** A cancel made in this process reaches its run at once (other processes see it at their next heartbeat). */
  cancelled(taskId: number): void {
    this.running.get(taskId)?.();
  }

  private async run(taskId: number): Promise<void> {
    const run = runTask(taskId, { db: this.db, config: this.config, log: this.log, stopping: this.stopping.signal, running: this.running });
    this.runs.add(run);
    try {
      if ((await run) === 'released') await this.enqueue(taskId);
    } catch (error) {
      // Never thrown to pg-boss: it would fail the job through a pool that a stop may have ended (an unhandled
      // rejection in CI), and the task record, not the job, holds the outcome; the sweep takes over a lost run.
      this.log.error({ err: error, taskId }, 'task run failed outside its task');
    } finally {
      this.runs.delete(run);
    }
  }

  private async sweep(): Promise<void> {
    try {
      const { retried, failed } = await sweepStaleTasks(this.db, this.config.taskStaleSeconds, MAX_TASK_ATTEMPTS);
      for (const id of retried) await this.enqueue(id);
      if (retried.length || failed.length) this.log.warn({ retried, failed }, 'tasks of a stopped server process taken over');
    } catch (error) {
      this.log.error({ err: error }, 'task sweep failed');
    }
  }
}

const queues = new Map<Db, TaskQueue>();

/** The started queue of a database in this process (startTask queues through it). */
export function queueOf(db: Db): TaskQueue | undefined {
  return queues.get(db);
}
