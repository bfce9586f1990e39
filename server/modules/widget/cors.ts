import type { FastifyInstance } from 'fastify';
import { originAllowed } from '../../../src/domain/origins';

/**
 * The widget runs on the CRM's page and calls /integration/* on our server cross-origin: those calls
 * answer CORS for the CRM origins some account connected (and the operator's HOST_ORIGINS) only,
 * with the Authorization and X-Auth-Token (amoCRM's disposable token) headers allowed; the preflight
 * is answered here before any token check (it carries none). No cookies are used, so credentials are
 * not allowed: every answer still needs a token or a signed request of its own.
 */
export function registerIntegrationCors(app: FastifyInstance, hostOrigins: readonly string[], connected: (origin: string) => Promise<boolean>): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/integration/')) return;
    const origin = request.headers.origin;
    if (!origin || !(originAllowed(origin, hostOrigins) || (await connected(origin)))) return;
    reply.header('access-control-allow-origin', origin).header('vary', 'Origin');
    if (request.method === 'OPTIONS') {
      return reply
        .code(204)
        .header('access-control-allow-methods', 'GET, POST, OPTIONS')
        .header('access-control-allow-headers', 'Authorization, Content-Type, X-Auth-Token')
        .header('access-control-max-age', '600')
        .send();
    }
  });
}
