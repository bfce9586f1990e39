import type { FastifyInstance } from 'fastify';

/**
 * The widget runs on the CRM's page and calls /integration/* on our server cross-origin: those calls
 * answer CORS for the allow-listed CRM origins (HOST_ORIGINS) only, with the Authorization header
 * allowed, and the preflight is answered here before any token check (it carries none).
 * No cookies are used, so credentials are not allowed.
 */
export function registerIntegrationCors(app: FastifyInstance, hostOrigins: readonly string[]): void {
  const allowed = new Set(hostOrigins);
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/integration/')) return;
    const origin = request.headers.origin;
    if (!origin || !allowed.has(origin)) return;
    reply.header('access-control-allow-origin', origin).header('vary', 'Origin');
    if (request.method === 'OPTIONS') {
      return reply
        .code(204)
        .header('access-control-allow-methods', 'GET, POST, OPTIONS')
        .header('access-control-allow-headers', 'Authorization, Content-Type')
        .header('access-control-max-age', '600')
        .send();
    }
  });
}
