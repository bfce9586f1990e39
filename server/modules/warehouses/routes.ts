import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { Warehouse, WarehouseAddRequest, WarehouseUpdateRequest } from '../../../src/contract/stock';
import { callerOf } from '../../http/context';
import { requireAdmin } from '../../auth/rights';
import { addWarehouse, listWarehouses, updateWarehouse } from './service';

/** warehouse/*: the account's warehouses, one of them the main one. */
export const warehouseRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;
  const tags = ['warehouses'];
  app.get('/warehouse/list', { config: { reads: true }, schema: { tags, response: { 200: Type.Array(Warehouse) } } }, async (request) => listWarehouses(db, callerOf(request).account.id));
  app.post('/warehouse/add', { schema: { tags, body: WarehouseAddRequest, response: { 200: Warehouse } } }, async (request) => {
    const caller = callerOf(request);
    requireAdmin(caller);
    return addWarehouse(db, caller.account.id, request.body);
  });
  app.post('/warehouse/update', { schema: { tags, body: WarehouseUpdateRequest, response: { 200: Warehouse } } }, async (request) => {
    const caller = callerOf(request);
    requireAdmin(caller);
    return updateWarehouse(db, caller.account.id, request.body);
  });
};
