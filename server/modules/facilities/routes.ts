import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Nullable } from '../../../src/contract/common';
import {
  Facility,
  FacilityAddRequest,
  FacilityGoods,
  FacilityIdQuery,
  FacilityIdRequest,
  FacilityList,
  FacilityListRequest,
  FacilityOrderList,
  FacilityPageQuery,
  FacilityUpdateRequest,
} from '../../../src/contract/facilities';
import { requireCustomerEditor } from '../../auth/rights';
import { callerOf } from '../../http/context';
import { addFacility, archiveFacility, facilityGoods, facilityOrders, getFacility, listFacilities, updateFacility } from './service';

/**
 * facility/* (issue 13 §6): list, one facility, add, update, archive and unarchive, and a facility's page — the
 * orders naming it and the goods delivered there. Facilities are a customer's sites, so they take the customers'
 * right: every member reads them, active members change them.
 */
export const facilityRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;
  const tags = ['facilities'];
  const answer = { 200: Facility };

  // As for customers, a list call may come without a body: page 1, empty filter.
  app.post('/facility/list', { config: { reads: true }, schema: { tags, body: Nullable(FacilityListRequest), response: { 200: FacilityList } } }, async (request) =>
    listFacilities(db, callerOf(request).account.id, request.body ?? {}),
  );
  app.get('/facility/get', { config: { reads: true }, schema: { tags, querystring: FacilityIdQuery, response: answer } }, async (request) =>
    getFacility(db, callerOf(request).account.id, request.query.id),
  );
  app.post('/facility/add', { schema: { tags, body: FacilityAddRequest, response: answer } }, async (request) => {
    const caller = callerOf(request);
    requireCustomerEditor(caller);
    return addFacility(db, caller.account.id, request.body);
  });
  app.post('/facility/update', { schema: { tags, body: FacilityUpdateRequest, response: answer } }, async (request) => {
    const caller = callerOf(request);
    requireCustomerEditor(caller);
    return updateFacility(db, caller.account.id, request.body);
  });
  for (const archived of [true, false]) {
    app.post(`/facility/${archived ? 'archive' : 'unarchive'}`, { schema: { tags, body: FacilityIdRequest, response: answer } }, async (request) => {
      const caller = callerOf(request);
      requireCustomerEditor(caller);
      return archiveFacility(db, caller.account.id, request.body.id, archived);
    });
  }
  app.get('/facility/orders', { config: { reads: true }, schema: { tags, querystring: FacilityPageQuery, response: { 200: FacilityOrderList } } }, async (request) =>
    facilityOrders(db, callerOf(request).account.id, request.query),
  );
  app.get('/facility/goods', { config: { reads: true }, schema: { tags, querystring: FacilityPageQuery, response: { 200: FacilityGoods } } }, async (request) =>
    facilityGoods(db, callerOf(request).account.id, request.query),
  );
};
