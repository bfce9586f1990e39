import type { PublicCaller } from '../auth/publicSessions';
import type { Caller } from '../auth/sessions';
import type { Mailer } from '../auth/mailer';
import type { ServerConfig } from '../config';
import type { Db } from '../db/client';
import { forbidden } from './errors';

/** What every service needs: the database, the configuration and the mailer. */
export interface ServerContext {
  db: Db;
  /** Reads that tolerate replica lag (analytics, lists): READ_DATABASE_URL's pool, else the primary's. Never stock or rights. */
  readDb: Db;
  config: ServerConfig;
  mailer: Mailer;
}

/**
 * 'none': open (sign-in, registration); 'staff': a valid bearer token of a member (the default);
 * 'public': a valid public-order session token (public-order/ routes). Each kind refuses the other's tokens.
 */
export type RouteAuth = 'none' | 'staff' | 'public';

declare module 'fastify' {
  interface FastifyInstance {
    ctx: ServerContext;
  }
  interface FastifyRequest {
    caller: Caller | null;
    publicCaller: PublicCaller | null;
  }
  interface FastifyContextConfig {
    auth?: RouteAuth;
    /** The route changes nothing, so answering it keeps cached sessions (see sessionCache.ts). */
    reads?: boolean;
    /** The route ends the caller's session or their other sessions (sign-out): walks over every route skip it. */
    endsSessions?: boolean;
  }
}

/** The resolved caller of a staff route (the auth hook has already refused requests without one). */
export function callerOf(request: { caller: Caller | null }): Caller {
  if (!request.caller) throw forbidden();
  return request.caller;
}

/** The resolved caller of a public route (the auth hook has already refused requests without one). */
export function publicCallerOf(request: { publicCaller: PublicCaller | null }): PublicCaller {
  if (!request.publicCaller) throw forbidden();
  return request.publicCaller;
}
