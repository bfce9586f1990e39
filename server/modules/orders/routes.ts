import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { TableConfig } from '../../../src/contract/account';
import { Nullable } from '../../../src/contract/common';
import {
  OrderAddRequest,
  OrderClientUpdateRequest,
  OrderIdQuery,
  OrderList,
  OrderListRequest,
  OrderPosition,
  OrderTableConfigRequest,
  OrderUpdateRequest,
  OrderWithPositions,
  PositionAddRequest,
  PositionDeleteRequest,
  RefundQuery,
} from '../../../src/contract/orders';
import { requireOrderEditor } from '../../auth/rights';
import type { Caller } from '../../auth/sessions';
import { callerOf } from '../../http/context';
import { refusal } from '../../http/refusal';
import { accountFlags } from '../account/mappers';
import { getTableConfig, saveTableConfig } from '../account/service';
import { staffActor } from './actor';
import { addPosition, deletePosition, listPositions } from './positions';
import { listOrders } from './list';
import { addOrder, getOrder, orderRowOf, refundOrder, updateOrder, updateOrderClient } from './service';

/** The table settings of the orders page live with the account's other table settings, under this code. */
export const ORDERS_TABLE_CODE = 'orders';

/** orders/* (spec 2 §7 "Orders" and the positions calls of "Deal widget and order products"). */
export const orderRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;
  const tags = ['orders'];
  const answer = { 200: OrderWithPositions };
  /** The caller as the order services' actor, for a member who may change orders (else refused). */
  const editorOf = (request: { caller: Caller | null }) => {
    const caller = callerOf(request);
    requireOrderEditor(caller);
    return staffActor(caller);
  };

  app.post('/orders/list', { config: { reads: true }, schema: { tags, body: Nullable(OrderListRequest), response: { 200: OrderList } } }, async (request) =>
    listOrders(db, staffActor(callerOf(request)), request.body ?? {}, undefined, { capSearchTotal: true }),
  );
  app.post('/orders/list-v2', { config: { reads: true }, schema: { tags, body: Nullable(OrderListRequest), response: { 200: OrderList } } }, async (request) => {
    const caller = callerOf(request);
    if (!accountFlags(caller.account).test) throw refusal(422, 'ordersListV2TestOnly');
    return listOrders(db, staffActor(caller), request.body ?? {}, undefined, { capSearchTotal: true });
  });
  app.get('/orders/order', { config: { reads: true }, schema: { tags, querystring: OrderIdQuery, response: answer } }, async (request) =>
    getOrder(db, staffActor(callerOf(request)), request.query.order_id),
  );

  app.post('/orders/add', { schema: { tags, body: Nullable(OrderAddRequest), response: answer } }, async (request) =>
    addOrder(db, editorOf(request), request.body ?? {}),
  );
  app.post('/orders/update', { schema: { tags, body: OrderUpdateRequest, response: answer } }, async (request) =>
    updateOrder(db, editorOf(request), request.body),
  );
  app.post('/orders/client-update', { schema: { tags, body: OrderClientUpdateRequest, response: answer } }, async (request) =>
    updateOrderClient(db, editorOf(request), request.body),
  );
  // orders/delete is registered with the order's files (orderDocuments/routes.ts): it takes their bytes off the disk too.
  app.get('/orders/refund', { schema: { tags, querystring: RefundQuery, response: answer } }, async (request) =>
    refundOrder(db, editorOf(request), request.query.id),
  );

  app.get('/orders/table-config', { config: { reads: true }, schema: { tags, response: { 200: TableConfig } } }, async (request) =>
    getTableConfig(db, callerOf(request).account.id, ORDERS_TABLE_CODE),
  );
  app.post('/orders/table-config', { schema: { tags, body: OrderTableConfigRequest, response: { 200: TableConfig } } }, async (request) =>
    saveTableConfig(db, callerOf(request), ORDERS_TABLE_CODE, request.body.value ?? null),
  );

  app.post('/orders/product/add', { schema: { tags, body: PositionAddRequest, response: answer } }, async (request) =>
    addPosition(db, editorOf(request), request.body),
  );
  app.post('/orders/product/delete', { schema: { tags, body: PositionDeleteRequest, response: answer } }, async (request) =>
    deletePosition(db, editorOf(request), request.body),
  );
  app.get('/orders/products', { config: { reads: true }, schema: { tags, querystring: OrderIdQuery, response: { 200: Type.Array(OrderPosition) } } }, async (request) => {
    const actor = staffActor(callerOf(request));
    await orderRowOf(db, actor.accountId, request.query.order_id);
    return listPositions(db, actor, request.query.order_id);
  });
  /** v2: the positions with the order's totals, so the deal screen refreshes both in one call. */
  app.get('/orders/products-v2', { config: { reads: true }, schema: { tags, querystring: OrderIdQuery, response: answer } }, async (request) =>
    getOrder(db, staffActor(callerOf(request)), request.query.order_id),
  );
};
