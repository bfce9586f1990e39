import { defineTask, type TaskOutcome } from '../../../server/modules/tasks/api';

/**
 * A task type for the tests only (never shipped): what its payload asks for, it does — progress in steps,
 * a result file, a failure, or a wait for its signal — and it notes what happened to each run.
 */
export interface TestTaskPayload {
  steps?: number;
  stepMs?: number;
  /** Answer this error instead of a result. */
  error?: string;
  /** Throw instead of answering. */
  crash?: boolean;
  /** Wait for the signal (a cancel or a stop) on runs up to this number (1: the first run waits, the second finishes). */
  waitRuns?: number;
  /** Call progress this many times as fast as it can, over about `stepMs` ms each batch of 100. */
  progressCalls?: number;
  file?: string;
}

export interface TestTaskRun {
  taskId: number;
  aborted: boolean;
  /** The run undid its work on abort. */
  undone: boolean;
}

export const testTaskRuns: TestTaskRun[] = [];
export const runsOf = (taskId: number) => testTaskRuns.filter((run) => run.taskId === taskId);

const pause = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

export const TEST_TASK = 'test.task';

defineTask<TestTaskPayload>({
  type: TEST_TASK,
  async run({ taskId, payload, progress, signal }): Promise<TaskOutcome> {
    const run: TestTaskRun = { taskId, aborted: false, undone: false };
    testTaskRuns.push(run);
    const onAbort = () => {
      run.aborted = true;
      run.undone = true;
    };
    signal.addEventListener('abort', onAbort);
    if (runsOf(taskId).length <= (payload.waitRuns ?? 0)) {
      await progress(1, 10);
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
      throw new Error('aborted');
    }
    if (payload.progressCalls) {
      for (let done = 1; done <= payload.progressCalls; done += 1) {
        await progress(done, payload.progressCalls);
        if (done % 100 === 0) await pause(payload.stepMs ?? 10);
      }
    }
    const steps = payload.steps ?? 0;
    for (let step = 1; step <= steps && !signal.aborted; step += 1) {
      await pause(payload.stepMs ?? 50, signal);
      await progress(step, steps);
    }
    if (signal.aborted) throw new Error('aborted');
    if (payload.crash) throw new Error('the test task crashed');
    if (payload.error) return { error: payload.error };
    return {
      counts: { added: steps },
      ...(payload.file ? { file: { name: 'result.txt', contentType: 'text/plain', bytes: new TextEncoder().encode(payload.file) } } : {}),
    };
  },
});
