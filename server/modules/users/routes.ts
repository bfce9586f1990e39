import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { UserAddRequest, UserUpdateRequest } from '../../../src/contract/account';
import { callerOf } from '../../http/context';
import { acceptInvitation, addUser, checkUser, getMember, linkUser, unlinkUser, updateUser } from './service';

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

/** account/user/*: members of the account and their rights (admin), and one's own language. */
export const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { ctx } = app;
  const tags = ['users'];

  app.post('/account/user/add', { schema: { tags, body: UserAddRequest } }, async (request) => addUser(ctx, callerOf(request), request.body));

  app.post('/account/user/update', { schema: { tags, body: UserUpdateRequest } }, async (request) => updateUser(ctx.db, callerOf(request), request.body));

  app.get(
    '/account/user/link',
    { schema: { tags, querystring: Type.Object({ id: Type.Optional(Id), email: Type.Optional(Type.String({ maxLength: 254 })) }) } },
    async (request) => linkUser(ctx, callerOf(request), request.query),
  );

  app.get('/account/user/accept', { schema: { tags, querystring: Type.Object({ account_id: Id }) } }, async (request) =>
    acceptInvitation(ctx.db, callerOf(request), request.query.account_id),
  );

  app.get('/account/user/unlink', { schema: { tags, querystring: Type.Object({ id: Id }) } }, async (request) => unlinkUser(ctx.db, callerOf(request), request.query.id));

  app.get('/account/user/check', { schema: { tags, querystring: Type.Object({ email: Type.String({ minLength: 3, maxLength: 254 }) }) } }, async (request) =>
    checkUser(ctx.db, callerOf(request), request.query.email),
  );

  app.get('/account/user/:id', { schema: { tags, params: Type.Object({ id: Id }) } }, async (request) => getMember(ctx.db, callerOf(request), request.params.id));
};
