import type { FastifyInstance } from 'fastify';

/**
 * Every answer of the API and of the integration host is private to its caller (tokens, orders, customers,
 * documents), so no browser or proxy may keep a copy: file downloads too, since a document or an export
 * holds the same data. Set at send time, so errors, 404s and rate-limit answers carry it as well.
 */
export function registerNoStore(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    const path = request.url;
    if (path.startsWith('/api/') || path === '/api' || path.startsWith('/integration/')) reply.header('cache-control', 'no-store');
  });
}
