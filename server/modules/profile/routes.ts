import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { LoginChangedResponse, type LoginMode } from '../../../src/contract/auth';
import { SuccessFlag } from '../../../src/contract/common';
import { callerOf } from '../../http/context';
import { codeRouteLimit } from '../../http/rateLimits';
import { checkNew, checkNewConfirm, checkOld, checkOldConfirm } from './service';

const Login = Type.String({ minLength: 3, maxLength: 254 });
const Code = Type.String({ minLength: 1, maxLength: 12 });

/**
 * profile/check-{new|old}-{email|phone}[-confirm]: change the e-mail or phone with codes (spec 2 §7). The sending
 * calls are GETs with the login in the query; the -confirm calls are POSTs with the login and the code in the body.
 */
export const profileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const tags = ['profile'];
  // Each of these sends or takes a code: limited per client as well as per address (server/auth/codes).
  const config = codeRouteLimit(ctx.config);
  for (const mode of ['email', 'phone'] as const satisfies readonly LoginMode[]) {
    // The login value travels under the mode key (email … or phone …), as the spec says.
    const send = Type.Object({ [mode]: Login }) as unknown as Type.TObject<{ [key: string]: Type.TString }>;
    const confirm = Type.Object({ [mode]: Login, code: Code }) as unknown as Type.TObject<{ [key: string]: Type.TString }>;
    app.get(`/profile/check-old-${mode}`, { config, schema: { tags, querystring: send, response: { 200: SuccessFlag } } }, async (request) => {
      await checkOld(ctx, callerOf(request), mode, String(request.query[mode]));
      return { success: true };
    });
    // The -confirm calls are POST only (the spec lists GET): the code goes in the JSON body, never in a URL.
    app.post(`/profile/check-old-${mode}-confirm`, { config, schema: { tags, body: confirm, response: { 200: SuccessFlag } } }, async (request) => {
      await checkOldConfirm(ctx, callerOf(request), mode, String(request.body[mode]), String(request.body.code));
      return { success: true };
    });
    app.get(`/profile/check-new-${mode}`, { config, schema: { tags, querystring: send, response: { 200: SuccessFlag } } }, async (request) => {
      await checkNew(ctx, callerOf(request), mode, String(request.query[mode]));
      return { success: true };
    });
    app.post(`/profile/check-new-${mode}-confirm`, { config, schema: { tags, body: confirm, response: { 200: LoginChangedResponse } } }, async (request) => ({
      success: true,
      ...(await checkNewConfirm(ctx, callerOf(request), mode, String(request.body[mode]), String(request.body.code))),
    }));
  }
};
