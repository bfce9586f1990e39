import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SuccessFlag } from '../../../src/contract/common';
import { RevokeOthersResponse } from '../../../src/contract/sessions';
import { revokeOtherStaffSessions, revokePublicSession, revokeStaffToken } from '../../auth/revoke';
import { callerOf, publicCallerOf } from '../../http/context';

/**
 * Signing out ends the session on the server, not only in the browser: a copied or stolen token stops
 * working at once. The staff token's cached caller goes too (the auth hook drops the session cache after
 * every route that is not marked `reads`).
 */
export const sessionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;

  // Open ('none') so that an invitations-only token, which the staff hook refuses, can sign out too; a
  // missing or unknown token has nothing to end, and the answer is the same, so it tells nothing.
  app.post('/auth/logout', { config: { auth: 'none', endsSessions: true }, schema: { tags: ['auth'], response: { 200: SuccessFlag } } }, async (request) => {
    const header = request.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (token) await revokeStaffToken(db, token);
    return { success: true };
  });

  // 'Sign out of all other devices': every other session of the user, in every account, ends; the one
  // asking stays signed in (as in Google, GitHub, Slack), so the user is not thrown out of the screen they used.
  app.post('/profile/sessions/revoke-others', { config: { endsSessions: true }, schema: { tags: ['profile'], response: { 200: RevokeOthersResponse } } }, async (request) => {
    const caller = callerOf(request);
    return { success: true, revoked: await revokeOtherStaffSessions(db, caller.user.id, caller.tokenId) };
  });

  app.post('/public-order/auth/logout', { config: { auth: 'public', endsSessions: true }, schema: { tags: ['public-order'], response: { 200: SuccessFlag } } }, async (request) => {
    await revokePublicSession(db, publicCallerOf(request).tokenId);
    return { success: true };
  });
};
