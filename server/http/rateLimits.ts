import type { FastifyRequest } from 'fastify';
import { loginKey } from '../../src/domain/login';
import type { ServerConfig } from '../config';

/**
 * Per client address on a route that sends or takes a code: the per-login limits (server/auth/codes) stop
 * guessing at one login, this stops one client sweeping many logins or flooding the mail.
 */
export const codeRouteLimit = (config: ServerConfig) => ({
  rateLimit: { max: config.codeRateLimit, timeWindow: '1 minute', keyGenerator: (request: FastifyRequest) => `code|${request.ip}` },
});

/** Per address and login, the login normalised first (loginKey) so padding or case cannot dodge it. */
export const signInLimit = (config: ServerConfig, scope: string) => ({
  rateLimit: {
    max: config.loginRateLimit,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) => `${scope}|${request.ip}|${loginKey((request.body as { login?: unknown } | undefined)?.login)}`,
  },
});
