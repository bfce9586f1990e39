import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { FieldDefinition, FieldType, IdRequest } from '../../../src/contract/catalogue';
import {
  Company,
  CompanyAddRequest,
  CompanyList,
  CompanyListRequest,
  CompanyUpdateRequest,
  Contact,
  ContactAddRequest,
  ContactList,
  ContactListRequest,
  ContactUpdateRequest,
  CustomerAutocompleteItem,
  CustomerAutocompleteQuery,
  CustomerFieldAddRequest,
  CustomerFieldListQuery,
  CustomerFieldUpdateRequest,
  CustomerIdQuery,
  CustomerLinkRequest,
  CustomerOrderList,
  CustomerOrdersQuery,
} from '../../../src/contract/customers';
import { Nullable, SuccessFlag } from '../../../src/contract/common';
import { requireCustomerEditor, requireCustomerFieldEditor } from '../../auth/rights';
import { callerOf } from '../../http/context';
import { addCustomerField, customerFieldTypes, deleteCustomerField, listCustomerFields, updateCustomerField } from './fields';
import {
  addCustomer,
  autocompleteCustomers,
  customerOrders,
  deleteCustomer,
  getCustomer,
  linkCustomers,
  listCustomers,
  updateCustomer,
} from './service';

/**
 * contact/* and company/* (spec 2 §7 "Contacts and companies"): lists, one customer, add, update,
 * delete (GET, as the spec lists it), links between contacts and companies, field definitions
 * (contacts use company/field/types), autocomplete and order history.
 */
export const customerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.ctx;
  const tags = ['customers'];

  // A list call may come without a body (spec 2 §9: page 1, empty filter and sort by default). Fastify
  // validates a missing body as null, so the list bodies accept null, read as {}.
  app.post('/contact/list', { config: { reads: true }, schema: { tags, body: Nullable(ContactListRequest), response: { 200: ContactList } } }, async (request) =>
    listCustomers(db, callerOf(request).account.id, 'contact', request.body ?? {}),
  );
  app.post('/company/list', { config: { reads: true }, schema: { tags, body: Nullable(CompanyListRequest), response: { 200: CompanyList } } }, async (request) =>
    listCustomers(db, callerOf(request).account.id, 'company', request.body ?? {}),
  );

  app.get('/contact/get', { config: { reads: true }, schema: { tags, querystring: CustomerIdQuery, response: { 200: Contact } } }, async (request) =>
    getCustomer(db, callerOf(request).account.id, 'contact', request.query.id),
  );
  app.get('/company/get', { config: { reads: true }, schema: { tags, querystring: CustomerIdQuery, response: { 200: Company } } }, async (request) =>
    getCustomer(db, callerOf(request).account.id, 'company', request.query.id),
  );

  app.post('/contact/add', { schema: { tags, body: ContactAddRequest, response: { 200: Contact } } }, async (request) => {
    const caller = callerOf(request);
    requireCustomerEditor(caller);
    return addCustomer(db, caller, 'contact', request.body);
  });
  app.post('/company/add', { schema: { tags, body: CompanyAddRequest, response: { 200: Company } } }, async (request) => {
    const caller = callerOf(request);
    requireCustomerEditor(caller);
    return addCustomer(db, caller, 'company', request.body);
  });

  app.post('/contact/update', { schema: { tags, body: ContactUpdateRequest, response: { 200: Contact } } }, async (request) => {
    const caller = callerOf(request);
    requireCustomerEditor(caller);
    return updateCustomer(db, caller, 'contact', request.body);
  });
  app.post('/company/update', { schema: { tags, body: CompanyUpdateRequest, response: { 200: Company } } }, async (request) => {
    const caller = callerOf(request);
    requireCustomerEditor(caller);
    return updateCustomer(db, caller, 'company', request.body);
  });

  for (const kind of ['contact', 'company'] as const) {
    app.get(`/${kind}/delete`, { schema: { tags, querystring: CustomerIdQuery, response: { 200: SuccessFlag } } }, async (request) => {
      const caller = callerOf(request);
      requireCustomerEditor(caller);
      return deleteCustomer(db, caller.account.id, kind, request.query.id);
    });

    app.get(`/${kind}/orders`, { config: { reads: true }, schema: { tags, querystring: CustomerOrdersQuery, response: { 200: CustomerOrderList } } }, async (request) =>
      customerOrders(db, callerOf(request).account.id, kind, request.query),
    );

    app.get(`/${kind}/autocomplete`, { config: { reads: true }, schema: { tags, querystring: CustomerAutocompleteQuery, response: { 200: Type.Array(CustomerAutocompleteItem) } } }, async (request) =>
      autocompleteCustomers(db, callerOf(request).account.id, kind, request.query.query),
    );

    app.get(`/${kind}/field/list`, { config: { reads: true }, schema: { tags, querystring: CustomerFieldListQuery, response: { 200: Type.Array(FieldDefinition) } } }, async (request) =>
      listCustomerFields(db, callerOf(request).account.id, kind, request.query),
    );
    app.post(`/${kind}/field/add`, { schema: { tags, body: CustomerFieldAddRequest, response: { 200: FieldDefinition } } }, async (request) => {
      const caller = callerOf(request);
      requireCustomerFieldEditor(caller);
      return addCustomerField(db, caller.account.id, kind, request.body);
    });
    app.post(`/${kind}/field/update`, { schema: { tags, body: CustomerFieldUpdateRequest, response: { 200: FieldDefinition } } }, async (request) => {
      const caller = callerOf(request);
      requireCustomerFieldEditor(caller);
      return updateCustomerField(db, caller.account.id, kind, request.body);
    });
    app.post(`/${kind}/field/delete`, { schema: { tags, body: IdRequest, response: { 200: SuccessFlag } } }, async (request) => {
      const caller = callerOf(request);
      requireCustomerFieldEditor(caller);
      return deleteCustomerField(db, caller.account.id, kind, request.body.id);
    });
  }

  /** One list of field types for both kinds: contacts use company/field/types (spec 2 §7). */
  app.get('/company/field/types', { config: { reads: true }, schema: { tags, response: { 200: Type.Array(FieldType) } } }, async (request) => customerFieldTypes(callerOf(request).account));

  // contact/companies/* answers the contact, company/contacts/* the company (the card the link was made from).
  for (const linked of [true, false]) {
    const verb = linked ? 'link' : 'unlink';
    app.post(`/contact/companies/${verb}`, { schema: { tags, body: CustomerLinkRequest, response: { 200: Contact } } }, async (request) => {
      const caller = callerOf(request);
      requireCustomerEditor(caller);
      return linkCustomers(db, caller.account.id, request.body, 'contact', linked);
    });
    app.post(`/company/contacts/${verb}`, { schema: { tags, body: CustomerLinkRequest, response: { 200: Company } } }, async (request) => {
      const caller = callerOf(request);
      requireCustomerEditor(caller);
      return linkCustomers(db, caller.account.id, request.body, 'company', linked);
    });
  }
};
