import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import Type from 'typebox';
import { UserAcceptRequest, UserAddRequest, UserCheckResponse, UserInvitationList, UserLinkResponse, UserResponse, UserUpdateRequest } from '../../../src/contract/account';
import { SuccessFlag } from '../../../src/contract/common';
import { resolveInvitee, type Invitee } from '../../auth/sessions';
import { callerOf } from '../../http/context';
import { forbidden } from '../../http/errors';
import { editInvitation } from './invitationEdit';
import { acceptInvitation, addUser, checkUser, getMember, listInvitations, linkUser, unlinkUser, updateUser } from './service';

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

/** account/user/*: members of the account and their rights (admin), and one's own language. */
export const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const tags = ['users'];

  app.post('/account/user/add', { schema: { tags, body: UserAddRequest, response: { 200: UserResponse } } }, async (request) => addUser(ctx, callerOf(request), request.body));

  app.post('/account/user/update', { schema: { tags, body: UserUpdateRequest, response: { 200: UserResponse } } }, async (request) => updateUser(ctx.db, callerOf(request), request.body, ctx.mailer));

  app.get(
    '/account/user/link',
    { schema: { tags, querystring: Type.Object({ id: Type.Optional(Id), email: Type.Optional(Type.String({ maxLength: 254 })) }), response: { 200: UserLinkResponse } } },
    async (request) => linkUser(ctx, callerOf(request), request.query),
  );

  // The invitation routes also take the token auth/login gives a user who has only invitations (scope
  // 'invitations'), which the staff auth hook refuses; so they resolve their own token, before validation
  // like the hook, and any other token or none gets the same 403.
  const invitees = new WeakMap<FastifyRequest, Invitee>();
  const invitation = {
    config: { auth: 'none' as const },
    onRequest: async (request: FastifyRequest) => {
      const header = request.headers.authorization ?? '';
      const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
      const invitee = token ? await resolveInvitee(ctx.db, token) : null;
      if (!invitee) throw forbidden();
      invitees.set(request, invitee);
    },
  };
  const inviteeOf = (request: FastifyRequest): Invitee => {
    const invitee = invitees.get(request);
    if (!invitee) throw forbidden();
    return invitee;
  };

  app.get('/account/user/invitations', { ...invitation, schema: { tags, response: { 200: UserInvitationList } } }, async (request) =>
    listInvitations(ctx.db, inviteeOf(request)),
  );

  app.get('/account/user/accept', { ...invitation, schema: { tags, querystring: UserAcceptRequest, response: { 200: SuccessFlag } } }, async (request) =>
    acceptInvitation(ctx.db, inviteeOf(request), request.query.account_id),
  );

  // A pending invitation with a mistyped e-mail or name is corrected, not withdrawn and added again (issue 17 §2).
  app.post(
    '/account/user/invitation/update',
    {
      schema: {
        tags,
        body: Type.Object({ id: Id, name: Type.Optional(Type.String({ minLength: 1, maxLength: 120 })), email: Type.Optional(Type.String({ minLength: 1, maxLength: 254 })) }),
        response: { 200: UserResponse },
      },
    },
    async (request) => editInvitation(ctx, callerOf(request), request.body),
  );

  app.get('/account/user/unlink', { schema: { tags, querystring: Type.Object({ id: Id }), response: { 200: SuccessFlag } } }, async (request) => unlinkUser(ctx.db, callerOf(request), request.query.id));

  app.get('/account/user/check', { config: { reads: true }, schema: { tags, querystring: Type.Object({ email: Type.String({ minLength: 3, maxLength: 254 }) }), response: { 200: UserCheckResponse } } }, async (request) =>
    checkUser(ctx.db, callerOf(request), request.query.email),
  );

  app.get('/account/user/:id', { config: { reads: true }, schema: { tags, params: Type.Object({ id: Id }), response: { 200: UserResponse } } }, async (request) => getMember(ctx.db, callerOf(request), request.params.id));
};
