import { tracingChannel } from 'node:diagnostics_channel';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** What Fastify publishes on its handler tracing channel (the same object for every event of one request). */
interface HandlerStore {
  request: FastifyRequest;
  reply: FastifyReply;
  route: { url: string; method: string };
  error?: unknown;
}

export interface HandlerProbe {
  /** How many calls of a route ('POST /api/orders/add') reached its handler so far. */
  reached(name: string): number;
  stop(): void;
}

/**
 * Counts, per route, the calls of one app that reached the route's handler, i.e. passed the content-type check,
 * validation and every preHandler hook. It listens on Fastify's own tracing channel (fastify.request.handler), so
 * the app under test carries no test-only hook.
 *
 * The channel's start event also fires when a preHandler hook refused the call (the handler is then skipped and
 * the error published before the end event); so a call counts only if no error was published by its end event.
 * An async handler's own failure is published after that end event, so it still counts (it reached the handler).
 * A synchronous handler that throws is counted as not reached: an undercount, on the safe side for a proof.
 */
export function probeHandlers(app: FastifyInstance): HandlerProbe {
  const channel = tracingChannel('fastify.request.handler').end;
  const counts = new Map<string, number>();
  const end = (message: unknown) => {
    const store = message as HandlerStore;
    // request.server is the route's plugin instance, which inherits from the app it was registered in.
    if (store.error !== undefined || !(store.request.server === app || Object.prototype.isPrototypeOf.call(app, store.request.server))) return;
    const name = `${store.route.method} ${store.route.url}`;
    counts.set(name, (counts.get(name) ?? 0) + 1);
  };
  channel.subscribe(end);
  return {
    reached: (name) => counts.get(name) ?? 0,
    stop: () => void channel.unsubscribe(end),
  };
}
