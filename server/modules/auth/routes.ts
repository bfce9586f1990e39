import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LoginRequest, LoginResponse, RestoreEndRequest, RestoreRequest, SetAccountRequest, SignUpRequest, AuthFlagResponse } from '../../../src/contract/auth';
import { login, restore, restoreEnd, setAccount, signUp } from './service';

const open = { auth: 'none' } as const;
const ok = { success: true } as const;

/** auth/*: sign-in, registration with a code, password recovery. */
export const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;

  app.post(
    '/auth/login',
    {
      schema: { tags: ['auth'], body: LoginRequest, response: { 200: LoginResponse } },
      config: {
        ...open,
        // Per address and login: slows password guessing without locking a whole office out.
        rateLimit: {
          max: ctx.config.loginRateLimit,
          timeWindow: '1 minute',
          keyGenerator: (request: FastifyRequest) => `${request.ip}|${String((request.body as { login?: unknown } | undefined)?.login ?? '').toLowerCase()}`,
        },
      },
    },
    async (request) => {
      const { token, scope } = await login(ctx, request.body.login, request.body.password);
      return { success: true, access_token: token, ...(scope && { scope }) };
    },
  );

  app.get('/auth/sign-up', { schema: { tags: ['auth'], querystring: SignUpRequest, response: { 200: AuthFlagResponse } }, config: open }, async (request) => {
    await signUp(ctx, request.query);
    return ok;
  });

  app.get('/auth/set-account', { schema: { tags: ['auth'], querystring: SetAccountRequest, response: { 200: AuthFlagResponse } }, config: open }, async (request) => {
    await setAccount(ctx, request.query);
    return ok;
  });

  app.get('/auth/restore', { schema: { tags: ['auth'], querystring: RestoreRequest, response: { 200: AuthFlagResponse } }, config: open }, async (request) => {
    await restore(ctx, request.query.login);
    return ok;
  });

  // The spec lists GET; POST is preferred so the new password stays out of URLs and access logs.
  app.get('/auth/restore-end', { schema: { tags: ['auth'], querystring: RestoreEndRequest, response: { 200: AuthFlagResponse } }, config: open }, async (request) => {
    await restoreEnd(ctx, request.query);
    return ok;
  });
  app.post('/auth/restore-end', { schema: { tags: ['auth'], body: RestoreEndRequest, response: { 200: AuthFlagResponse } }, config: open }, async (request) => {
    await restoreEnd(ctx, request.body);
    return ok;
  });
};
