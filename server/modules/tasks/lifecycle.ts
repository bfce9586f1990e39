import type { FastifyInstance } from 'fastify';
import { TaskQueue } from './queue';

/** The queue runs while the app does: it starts when the app is ready and stops (letting running tasks go) when it closes. */
export function registerTaskQueue(app: FastifyInstance): void {
  const queue = new TaskQueue(app.ctx.db, app.ctx.config, app.log);
  app.addHook('onReady', () => queue.start());
  app.addHook('onClose', () => queue.stop());
}
