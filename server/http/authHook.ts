import type { FastifyInstance } from 'fastify';
import { resolveSession } from '../auth/sessions';
import { sha256 } from '../auth/secrets';
import { forbidden } from './errors';
import { SessionCache } from './sessionCache';

/** Staff routes need a bearer token of an enabled member; a missing, forged or expired one gets 403. */
export function registerAuthHook(app: FastifyInstance): void {
  const cache = new SessionCache(app.ctx.config.sessionCacheMs);
  app.decorateRequest('caller', null);
  app.addHook('onRequest', async (request) => {
    if (request.is404 || request.routeOptions.config.auth === 'none') return;
    const header = request.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (!token) throw forbidden();
    const hash = sha256(token);
    // Only reads may use a cached caller: a write always checks the token and rights afresh.
    const reads = request.routeOptions.config.reads === true;
    let caller = reads ? cache.get(hash) : null;
    if (!caller) {
      const epoch = cache.begin();
      caller = await resolveSession(app.ctx.db, token);
      if (!caller) throw forbidden();
      cache.set(hash, caller, caller.expiresAt, epoch);
    }
    request.caller = caller;
  });
  // Before any answer of a route that may write leaves, cached callers are dropped (onResponse
  // too: an aborted request may still have written).
  const invalidate = async (request: { routeOptions: { config: { reads?: boolean } } }) => {
    if (!request.routeOptions.config.reads) cache.invalidate();
  };
  app.addHook('onSend', invalidate);
  app.addHook('onResponse', invalidate);
}
