import type { FastifyInstance } from 'fastify';
import { TaskQueue } from './queue';

/**
 * The queue runs while the app does: it starts when the app is ready and stops (letting running tasks go) when it
 * closes. `after: 'listen'` (npm start) starts it once the server already answers, so the queue's own start
 * (pg-boss's schema check, the sweep: about a second) is not on the way to the first request; a task started
 * before then waits for it (startTask's record is queued by the start's pick-up of unclaimed tasks).
 */
export function registerTaskQueue(app: FastifyInstance, after: 'ready' | 'listen' = 'ready'): void {
  const queue = new TaskQueue(app.ctx.db, app.ctx.config, app.log);
  if (after === 'ready') app.addHook('onReady', () => queue.start());
  else app.addHook('onListen', async () => queue.start().catch((error: unknown) => app.log.error({ err: error }, 'task queue did not start')));
  app.addHook('onClose', () => queue.stop());
}
