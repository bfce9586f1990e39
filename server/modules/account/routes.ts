import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { AccountConfigResponse, AccountUpdateRequest, AccountUpdateResponse, Currency, SelfUpdateRequest, TableConfig, TariffsResponse, User, UserResponse } from '../../../src/contract/account';
import { callerOf } from '../../http/context';
import { accountConfig, accountTariffs, accountUsers, CURRENCIES, getTableConfig, saveTableConfig, updateAccount, updateSelf } from './service';

const TableCode = Type.String({ minLength: 1, maxLength: 80, pattern: '^[A-Za-z0-9_.-]+$' });

/** account/* and user/update: the account, its settings and the signed-in user's profile. */
export const accountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;
  const tags = ['account'];

  // Not 'reads': it reports the account's paid state, which payments change from outside this process.
  app.get('/account/config', { schema: { tags, response: { 200: AccountConfigResponse } } }, async (request) => accountConfig(callerOf(request)));

  app.post('/account/update', { schema: { tags, body: AccountUpdateRequest, response: { 200: AccountUpdateResponse } } }, async (request) => updateAccount(db, callerOf(request), request.body));

  app.get('/account/table-config', { config: { reads: true }, schema: { tags, querystring: Type.Object({ code: TableCode }), response: { 200: TableConfig } } }, async (request) =>
    getTableConfig(db, callerOf(request).account.id, request.query.code),
  );

  app.post(
    '/account/table-config',
    { schema: { tags, body: Type.Object({ code: TableCode, value: Type.Unknown() }), response: { 200: TableConfig } } },
    async (request) => saveTableConfig(db, callerOf(request), request.body.code, request.body.value ?? null),
  );

  app.get('/account/currencies', { config: { reads: true }, schema: { tags, response: { 200: Type.Array(Currency) } } }, async () => [...CURRENCIES]);

  app.get('/account/users', { config: { reads: true }, schema: { tags, response: { 200: Type.Array(User) } } }, async (request) => accountUsers(db, callerOf(request).account.id));

  app.get('/account/tariffs', { config: { reads: true }, schema: { tags, response: { 200: TariffsResponse } } }, async (request) => accountTariffs(db, callerOf(request)));

  app.post('/user/update', { schema: { tags, body: SelfUpdateRequest, response: { 200: UserResponse } } }, async (request) => updateSelf(db, callerOf(request), request.body));
};
