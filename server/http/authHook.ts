import type { FastifyInstance } from 'fastify';
import { isPublicToken, isStaffToken, resolvePublicSession } from '../auth/publicSessions';
import { resolveSession } from '../auth/sessions';
import { sha256 } from '../auth/secrets';
import { forbidden } from './errors';
import type { SessionCache } from './sessionCache';

/** Answers to a token of the other kind: still 403 (the client clears the token), with a text saying why. */
export const STAFF_TOKEN_ON_PUBLIC_ROUTE = 'A staff token does not open public orders: sign in to the public order';
export const PUBLIC_TOKEN_ON_STAFF_ROUTE = 'A public order token opens public orders only';

/**
 * Staff routes need a bearer token of an enabled member; public routes (auth 'public') a public-order
 * session token. A missing, forged or expired one, or one of the other kind, gets 403. Every plugin that
 * registers the hook (/api, /integration) shares one cache, so a write through either drops it for both.
 */
export function registerAuthHook(app: FastifyInstance, cache: SessionCache): void {
  const { db } = app.ctx;
  app.decorateRequest('caller', null);
  app.decorateRequest('publicCaller', null);
  app.addHook('onRequest', async (request) => {
    const auth = request.routeOptions.config.auth ?? 'staff';
    if (request.is404 || auth === 'none') return;
    const header = request.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (!token) throw forbidden();
    if (auth === 'public') {
      // Public sessions are not cached: they are looked up by their own index, and unlinking must end them at once.
      const publicCaller = await resolvePublicSession(db, token);
      if (!publicCaller) throw forbidden((await isStaffToken(db, token)) ? STAFF_TOKEN_ON_PUBLIC_ROUTE : undefined);
      request.publicCaller = publicCaller;
      return;
    }
    const hash = sha256(token);
    // Only reads may use a cached caller: a write always checks the token and rights afresh.
    const reads = request.routeOptions.config.reads === true;
    let caller = reads ? cache.get(hash) : null;
    if (!caller) {
      const epoch = cache.begin();
      caller = await resolveSession(db, token);
      if (!caller) throw forbidden((await isPublicToken(db, token)) ? PUBLIC_TOKEN_ON_STAFF_ROUTE : undefined);
      cache.set(hash, caller, caller.expiresAt, epoch);
    }
    request.caller = caller;
  });
  // Before any answer of a route that may write leaves, this process's cached callers are dropped (onResponse
  // too: an aborted request may still have written). It costs no query, and it is at once: the signal to every
  // process (server/platform/notify.ts) comes from the database's triggers, only for writes of what a caller is
  // made of, and reaches this process's own listener a moment after the commit.
  const invalidate = async (request: { routeOptions: { config: { reads?: boolean } } }) => {
    if (!request.routeOptions.config.reads) cache.invalidate();
  };
  app.addHook('onSend', invalidate);
  app.addHook('onResponse', invalidate);
}
