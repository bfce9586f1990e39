import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { SuccessFlag } from '../../../src/contract/common';
import {
  OrderShare,
  PublicCustomer,
  PublicCustomerAddRequest,
  PublicCustomerDeleteRequest,
  PublicCustomerList,
  PublicCustomerListQuery,
  PublicCustomerUpdateRequest,
  PublicLinkRequest,
  PublicOrderIdQuery,
  PublicSettings,
  PublicSettingsRequest,
  PublicUnlinkRequest,
} from '../../../src/contract/publicOrder';
import { requireAdmin, requireOrderEditor } from '../../auth/rights';
import type { Caller } from '../../auth/sessions';
import { callerOf } from '../../http/context';
import { invitePublicCustomer, resetPublicPassword, setPublicCustomerDisabled } from './customerAccess';
import { addPublicCustomer, deletePublicCustomer, listPublicCustomers, updatePublicCustomer } from './customers';
import { publicSettings, savePublicSettings } from './limits';
import { linkOrder, listShares, unlinkOrder } from './sharing';

/**
 * orders/public/* (staff): make an order public with a link (for a customer or anonymous) and unlink it,
 * the account's public customers (their tags decide which tagged products they are offered), and the
 * product-visibility scenario with the caps on public quantities. Order editors share and manage customers; the
 * settings are an admin's.
 */
export const publicSharingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;
  const tags = ['public-order'];
  /** The caller's account, for a member who may change orders (else refused). */
  const editorAccountId = (request: { caller: Caller | null }): number => {
    const caller = callerOf(request);
    requireOrderEditor(caller);
    return caller.account.id;
  };

  app.post('/orders/public/link', { schema: { tags, body: PublicLinkRequest, response: { 200: OrderShare } } }, async (request) =>
    linkOrder(db, editorAccountId(request), request.body),
  );
  app.post('/orders/public/unlink', { schema: { tags, body: PublicUnlinkRequest, response: { 200: Type.Array(OrderShare) } } }, async (request) =>
    unlinkOrder(db, editorAccountId(request), request.body),
  );
  app.get('/orders/public/list', { config: { reads: true }, schema: { tags, querystring: PublicOrderIdQuery, response: { 200: Type.Array(OrderShare) } } }, async (request) =>
    listShares(db, callerOf(request).account.id, request.query.order_id),
  );

  app.get('/orders/public/customers/list', { config: { reads: true }, schema: { tags, querystring: PublicCustomerListQuery, response: { 200: PublicCustomerList } } }, async (request) =>
    listPublicCustomers(db, callerOf(request).account.id, request.query),
  );
  app.post('/orders/public/customers/add', { schema: { tags, body: PublicCustomerAddRequest, response: { 200: PublicCustomer } } }, async (request) =>
    addPublicCustomer(db, editorAccountId(request), request.body),
  );
  app.post('/orders/public/customers/update', { schema: { tags, body: PublicCustomerUpdateRequest, response: { 200: PublicCustomer } } }, async (request) =>
    updatePublicCustomer(db, editorAccountId(request), request.body),
  );
  app.post('/orders/public/customers/delete', { schema: { tags, body: PublicCustomerDeleteRequest, response: { 200: SuccessFlag } } }, async (request) =>
    deletePublicCustomer(db, editorAccountId(request), request.body.id),
  );

  // Invite, reset and disable: the customer's access, mailed through the outbox (customerAccess.ts).
  const originOf = (request: { protocol: string; host: string }) => `${request.protocol}://${request.host}`;
  app.post('/orders/public/customers/invite', { schema: { tags, body: PublicCustomerDeleteRequest, response: { 200: PublicCustomer } } }, async (request) =>
    invitePublicCustomer(app.ctx, editorAccountId(request), request.body.id, originOf(request)),
  );
  app.post('/orders/public/customers/reset-password', { schema: { tags, body: PublicCustomerDeleteRequest, response: { 200: PublicCustomer } } }, async (request) =>
    resetPublicPassword(app.ctx, editorAccountId(request), request.body.id, originOf(request)),
  );
  for (const [path, disabled] of [
    ['/orders/public/customers/disable', true],
    ['/orders/public/customers/enable', false],
  ] as const) {
    app.post(path, { schema: { tags, body: PublicCustomerDeleteRequest, response: { 200: PublicCustomer } } }, async (request) =>
      setPublicCustomerDisabled(db, editorAccountId(request), request.body.id, disabled),
    );
  }

  app.get('/orders/public/settings', { config: { reads: true }, schema: { tags, response: { 200: PublicSettings } } }, async (request) => publicSettings(db, callerOf(request).account.id));
  app.post('/orders/public/settings', { schema: { tags, body: PublicSettingsRequest, response: { 200: PublicSettings } } }, async (request) => {
    const caller = callerOf(request);
    requireAdmin(caller);
    return savePublicSettings(db, caller.account.id, request.body);
  });
};
