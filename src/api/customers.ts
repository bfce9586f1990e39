import type { FieldDefinition } from '../contract/catalogue';
import type { SuccessFlag } from '../contract/common';
import type {
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
  CustomerOrderList,
} from '../contract/customers';
import type { OrderClientUpdateRequest, OrderWithPositions } from '../contract/orders';
import { staffApi } from './http';

/**
 * Contacts and companies (spec 2 §7 "Contacts and companies") and the customer of an order
 * (orders/client-update). One module for both kinds: every call takes the kind, 'contact' or 'company',
 * which is also the first part of its path.
 */
export type CustomerKind = 'contact' | 'company';
export const CUSTOMER_KINDS: readonly CustomerKind[] = ['contact', 'company'];

/** The other kind: a contact's companies, a company's contacts. */
export const otherKind = (kind: CustomerKind): CustomerKind => (kind === 'contact' ? 'company' : 'contact');

/** What a call of each kind answers and takes. */
export interface CustomerShapes {
  contact: { item: Contact; list: ContactList; listRequest: ContactListRequest; add: ContactAddRequest; update: ContactUpdateRequest };
  company: { item: Company; list: CompanyList; listRequest: CompanyListRequest; add: CompanyAddRequest; update: CompanyUpdateRequest };
}
export type CustomerOf<K extends CustomerKind> = CustomerShapes[K]['item'];
export type Customer = Contact | Company;

/*
 * Values of the contract, repeated here because the browser bundles take only the contract's types;
 * test/shell/stores/customers.test.ts checks they match.
 */
/** The highest rating (contract CUSTOMER_RATING_MAX). */
export const CUSTOMER_RATING_MAX = 5;
/** A company's accounting binding (contract COMPANY_ACCOUNTING_KEYS); the tax id is tax_number. */
export const COMPANY_ACCOUNTING_KEYS = ['tax_number', 'reason_code', 'registration_number', 'bank_name', 'correspondent_account', 'bank_code', 'payment_account'] as const;
export type CompanyAccountingKey = (typeof COMPANY_ACCOUNTING_KEYS)[number];

/** contact/list, company/list: page, per_page, filter, sort → data, links, meta. */
export const listCustomers = <K extends CustomerKind>(kind: K, body: CustomerShapes[K]['listRequest']) => staffApi.post<CustomerShapes[K]['list']>(`${kind}/list`, body);
export const getCustomer = <K extends CustomerKind>(kind: K, id: number) => staffApi.get<CustomerOf<K>>(`${kind}/get`, { id });
export const addCustomer = <K extends CustomerKind>(kind: K, body: CustomerShapes[K]['add']) => staffApi.post<CustomerOf<K>>(`${kind}/add`, body);
/** Only the keys sent change; field values are merged over the stored ones. */
export const updateCustomer = <K extends CustomerKind>(kind: K, body: CustomerShapes[K]['update']) => staffApi.post<CustomerOf<K>>(`${kind}/update`, body);
/** contact/delete, company/delete are GET calls (spec 2 §7). */
export const deleteCustomer = (kind: CustomerKind, id: number) => staffApi.get<SuccessFlag>(`${kind}/delete`, { id });

/**
 * Links or unlinks a contact and a company, from the card of `from`: contact/companies/link answers the
 * contact, company/contacts/link the company.
 */
export function linkCustomers<K extends CustomerKind>(from: K, ids: { contact_id: number; company_id: number }, linked: boolean) {
  const path = from === 'contact' ? 'contact/companies' : 'company/contacts';
  return staffApi.post<CustomerOf<K>>(`${path}/${linked ? 'link' : 'unlink'}`, ids);
}

/** contact/orders, company/orders: the customer's order history, newest first. */
export const customerOrders = (kind: CustomerKind, id: number, page = 1, perPage?: number) =>
  staffApi.get<CustomerOrderList>(`${kind}/orders`, { id, page, per_page: perPage });

/** By name, not archived; a blank query finds nothing, so it is not sent. */
export async function autocompleteCustomers(kind: CustomerKind, query: string) {
  if (!query.trim()) return { ok: true as const, status: 200, data: [] as CustomerAutocompleteItem[] };
  return staffApi.get<CustomerAutocompleteItem[]>(`${kind}/autocomplete`, { query: query.trim() });
}

/** The account's own fields of contacts or companies (contact/field/list, company/field/list). */
export const listCustomerFields = (kind: CustomerKind) => staffApi.get<FieldDefinition[]>(`${kind}/field/list`);

/** orders/client-update: sets (id) or removes (null) the order's contact and company; answers the order. */
export const updateOrderClient = (body: OrderClientUpdateRequest) => staffApi.post<OrderWithPositions>('orders/client-update', body);
