import type { FastifyInstance } from 'fastify';
import { resolveSession } from '../auth/sessions';
import { forbidden } from './errors';

/** Staff routes need a bearer token of an enabled member; a missing, forged or expired one gets 403. */
export function registerAuthHook(app: FastifyInstance): void {
  app.decorateRequest('caller', null);
  app.addHook('onRequest', async (request) => {
    if (request.is404 || request.routeOptions.config.auth === 'none') return;
    const header = request.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    const caller = token ? await resolveSession(app.ctx.db, token) : null;
    if (!caller) throw forbidden();
    request.caller = caller;
  });
}
