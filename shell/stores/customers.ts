import { atom, map, type MapStore } from 'nanostores';
import {
  addCustomer,
  autocompleteCustomers,
  COMPANY_ACCOUNTING_KEYS,
  customerOrders,
  deleteCustomer,
  getCustomer,
  linkCustomers,
  listCustomerFields,
  listCustomers,
  otherKind,
  updateCustomer,
  type CompanyAccountingKey,
  type Customer,
  type CustomerKind,
  type CustomerOf,
} from '../../src/api/customers';
import type { FieldDefinition } from '../../src/contract/catalogue';
import type { PageLinks } from '../../src/contract/common';
import type { Company, CustomerOrderList } from '../../src/contract/customers';
import { customerTextErrors, type CustomerFieldError, type CustomerTextKey } from '../../src/domain/validation';

/* ------------------------------------------------------------------ the clients lists, one per tab */

export type CustomerSortField = 'name' | 'created_at' | 'updated_at' | 'rating' | 'id';
export interface CustomerSort {
  field: CustomerSortField;
  order: 'asc' | 'desc';
}

/** What the list asks for (spec 1 §3 "Clients list state per tab": params page, filter, sort). */
export interface CustomerListParams {
  page: number;
  per_page: number;
  filter: { search?: string };
  /** null: the server's order (oldest first). */
  sort: CustomerSort | null;
}

export interface CustomerListMeta {
  links: PageLinks;
  current_page: number;
  last_page: number;
  total: number;
}

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface CustomerListState<K extends CustomerKind = CustomerKind> {
  list: CustomerOf<K>[];
  params: CustomerListParams;
  meta: CustomerListMeta;
  status: LoadStatus;
}

export const CUSTOMER_PAGE_SIZES = [10, 20, 50] as const;
/** Spec 2 §9: page 1, empty filter and sort; the page size has no default in the spec, 20 as the server's. */
export const DEFAULT_CUSTOMER_PARAMS: CustomerListParams = { page: 1, per_page: 20, filter: {}, sort: null };
const NO_LINKS: PageLinks = { first: null, prev: null, next: null, last: null };

const emptyList = <K extends CustomerKind>(): CustomerListState<K> => ({
  list: [],
  params: { ...DEFAULT_CUSTOMER_PARAMS },
  meta: { links: NO_LINKS, current_page: 1, last_page: 1, total: 0 },
  status: 'idle',
});

export const $customerLists: { [K in CustomerKind]: MapStore<CustomerListState<K>> } = {
  contact: map<CustomerListState<'contact'>>(emptyList<'contact'>()),
  company: map<CustomerListState<'company'>>(emptyList<'company'>()),
};

/** The page a list link points at: links carry it in their page query (`?page=3`, or a full address). */
export function pageFromLink(link: string | null | undefined): number | null {
  if (!link) return null;
  const query = link.includes('?') ? link.slice(link.indexOf('?') + 1) : '';
  const page = Number(new URLSearchParams(query.split('#')[0]).get('page'));
  return Number.isInteger(page) && page >= 1 ? page : null;
}

const listRequests: Record<CustomerKind, number> = { contact: 0, company: 0 };

/** Loads the tab's list with its params; only the newest request of a tab may write. */
export async function loadCustomerList(kind: CustomerKind): Promise<void> {
  const store = $customerLists[kind] as MapStore<CustomerListState>;
  const ticket = ++listRequests[kind];
  const { params } = store.get();
  store.setKey('status', 'loading');
  const search = params.filter.search?.trim();
  const result = await listCustomers(kind, {
    page: params.page,
    per_page: params.per_page,
    ...(search ? { filter: { search } } : {}),
    ...(params.sort ? { sort: params.sort } : {}),
  });
  if (ticket !== listRequests[kind]) return;
  if (!result.ok) {
    store.setKey('status', 'error');
    return;
  }
  const { data, links, meta } = result.data;
  store.set({
    ...store.get(),
    list: data,
    meta: { links, current_page: meta.current_page, last_page: meta.last_page ?? meta.current_page, total: meta.total ?? data.length },
    status: 'ready',
  });
}

function changeParams(kind: CustomerKind, patch: Partial<CustomerListParams>): Promise<void> {
  const store = $customerLists[kind] as MapStore<CustomerListState>;
  store.setKey('params', { ...store.get().params, ...patch });
  return loadCustomerList(kind);
}

export const setCustomerPage = (kind: CustomerKind, page: number) => changeParams(kind, { page: Math.max(1, Math.floor(page)) });

/** Follows one of the list's links (first, prev, next, last); a missing link does nothing. */
export function followCustomerLink(kind: CustomerKind, which: keyof PageLinks): Promise<void> {
  const page = pageFromLink($customerLists[kind].get().meta.links[which]);
  return page === null ? Promise.resolve() : setCustomerPage(kind, page);
}

/** A new search starts again from page 1. */
export const setCustomerSearch = (kind: CustomerKind, search: string) => changeParams(kind, { page: 1, filter: search.trim() ? { search } : {} });
export const setCustomerSort = (kind: CustomerKind, sort: CustomerSort | null) => changeParams(kind, { page: 1, sort });
export const setCustomerPageSize = (kind: CustomerKind, perPage: number) => changeParams(kind, { page: 1, per_page: perPage });

/** Back to the spec's defaults (sign-in, log out). */
export function resetCustomerLists(): void {
  for (const kind of ['contact', 'company'] as const) {
    listRequests[kind] += 1;
    ($customerLists[kind] as MapStore<CustomerListState>).set(emptyList());
  }
  $customerFields.set({ contact: null, company: null });
  $customerCard.set(null);
}

/* ------------------------------------------------------------------ the account's fields of each kind */

export const $customerFields = map<Record<CustomerKind, FieldDefinition[] | null>>({ contact: null, company: null });

/** Loads a kind's field definitions once (the fields settings screen may force a reload). */
export async function loadCustomerFields(kind: CustomerKind, options: { force?: boolean } = {}): Promise<FieldDefinition[]> {
  const known = $customerFields.get()[kind];
  if (known && !options.force) return known;
  const result = await listCustomerFields(kind);
  const fields = result.ok && Array.isArray(result.data) ? [...result.data].sort((a, b) => a.sort - b.sort || a.id - b.id) : [];
  $customerFields.setKey(kind, fields);
  return fields;
}

/* ------------------------------------------------------------------ editing */

/** The editable parts of a contact or company, as the edit form holds them (accounting keys: companies only). */
export type CustomerDraft = {
  name: string;
  email: string;
  phone: string;
  link: string;
  rating: number;
  values: Record<string, unknown>;
} & Partial<Record<CompanyAccountingKey, string>>;

export function draftOf(kind: CustomerKind, customer: Customer | null): CustomerDraft {
  const draft: CustomerDraft = {
    name: customer?.name ?? '',
    email: customer?.email ?? '',
    phone: customer?.phone ?? '',
    link: customer?.link ?? '',
    rating: customer?.rating ?? 0,
    values: { ...(customer?.values ?? {}) },
  };
  if (kind === 'company') for (const key of COMPANY_ACCOUNTING_KEYS) draft[key] = (customer as Company | null)?.[key] ?? '';
  return draft;
}

export type CustomerDraftErrors = Partial<Record<CustomerTextKey, CustomerFieldError>>;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The keys a draft changes against the stored customer: an update sends only those (values by code). */
export function changesOf(kind: CustomerKind, draft: CustomerDraft, stored: Customer): Partial<CustomerDraft> {
  const before = draftOf(kind, stored);
  const changes: Partial<CustomerDraft> = {};
  const keys = ['name', 'email', 'phone', 'link', 'rating', ...(kind === 'company' ? COMPANY_ACCOUNTING_KEYS : [])] as const;
  for (const key of keys) if (!same(draft[key], before[key])) Object.assign(changes, { [key]: draft[key] });
  const values = Object.fromEntries(Object.entries(draft.values).filter(([code, value]) => !same(value, before.values[code])));
  if (Object.keys(values).length) changes.values = values;
  return changes;
}

/** What a save ended with: the stored customer, or the texts by input (the client's rules, then the server's). */
export type SaveResult<K extends CustomerKind> = { ok: true; customer: CustomerOf<K> } | { ok: false; errors: Partial<Record<string, string>> };

const bodyOf = (kind: CustomerKind, draft: Partial<CustomerDraft>) =>
  Object.fromEntries(Object.entries(draft).filter(([key]) => kind === 'company' || !(COMPANY_ACCOUNTING_KEYS as readonly string[]).includes(key)));

/**
 * Adds (no id) or updates a customer after checking the draft. The server's own field texts (400 with
 * `fields`) come back by input too. The shown lists reload after it (spec 2 §4).
 */
export async function saveCustomer<K extends CustomerKind>(kind: K, draft: CustomerDraft, stored: CustomerOf<K> | null = null): Promise<SaveResult<K>> {
  const invalid: CustomerDraftErrors = customerTextErrors(draft);
  if (Object.keys(invalid).length) return { ok: false, errors: invalid };
  const changes = stored ? bodyOf(kind, changesOf(kind, draft, stored)) : null;
  if (stored && changes && Object.keys(changes).length === 0) return { ok: true, customer: stored };
  // The bodies are built per kind above; the generic call cannot see that a contact body goes with 'contact'.
  const result = stored ? await updateCustomer(kind, { id: stored.id, ...changes } as never) : await addCustomer(kind, bodyOf(kind, draft) as never);
  if (!result.ok) {
    const fields = result.data?.fields;
    return { ok: false, errors: fields && typeof fields === 'object' ? (fields as Record<string, string>) : {} };
  }
  await afterCustomersChanged(kind, (result.data as Customer).id);
  return { ok: true, customer: result.data as CustomerOf<K> };
}

/** Deletes a customer and reloads; when that emptied the last page, the page before is shown. */
export async function removeCustomer(kind: CustomerKind, id: number): Promise<boolean> {
  const result = await deleteCustomer(kind, id);
  if (!result.ok) return false;
  const store = $customerLists[kind] as MapStore<CustomerListState>;
  const { list, params } = store.get();
  if (params.page > 1 && list.length === 1 && list[0].id === id) store.setKey('params', { ...params, page: params.page - 1 });
  if ($customerCard.get()?.id === id && $customerCard.get()?.kind === kind) $customerCard.set(null);
  await afterCustomersChanged(kind, null);
  return true;
}

/** Links or unlinks a contact and a company from the card of `from`; both lists show links, so both reload. */
export async function setCustomersLinked(from: CustomerKind, ids: { contact_id: number; company_id: number }, linked: boolean): Promise<boolean> {
  const result = await linkCustomers(from, ids, linked);
  if (!result.ok) return false;
  await afterCustomersChanged(from, from === 'contact' ? ids.contact_id : ids.company_id, true);
  return true;
}

/** Lists of the kind (and, for links, the other kind) that were shown reload; the open card too. */
async function afterCustomersChanged(kind: CustomerKind, id: number | null, both = false): Promise<void> {
  const kinds = both ? [kind, otherKind(kind)] : [kind];
  const reloads = kinds.filter((each) => $customerLists[each].get().status !== 'idle').map((each) => loadCustomerList(each));
  const card = $customerCard.get();
  if (card && card.kind === kind && card.id === id) reloads.push(openCustomerCard(kind, id, { keepOrders: true }));
  await Promise.all(reloads);
}

/* ------------------------------------------------------------------ search by name */

export interface FoundCustomer {
  id: number;
  name: string;
  /** E-mail, phone and (companies) tax id, as a second line. */
  detail: string;
}

/** Contacts or companies whose name fits (autocomplete); nothing for a blank query or a failed call. */
export async function findCustomers(kind: CustomerKind, query: string): Promise<FoundCustomer[]> {
  const result = await autocompleteCustomers(kind, query);
  if (!result.ok) return [];
  return result.data.map((item) => ({ id: item.id, name: item.name, detail: [item.email, item.phone, item.tax_number].filter(Boolean).join(' · ') }));
}

/* ------------------------------------------------------------------ the card: one customer, its order history */

export interface CustomerCardState {
  kind: CustomerKind;
  id: number;
  customer: Customer | null;
  orders: CustomerOrderList | null;
  status: LoadStatus;
}

export const $customerCard = atom<CustomerCardState | null>(null);
export const CUSTOMER_ORDERS_PER_PAGE = 10;

/** Opens a customer's card: the customer with its links, and the first page of its order history. */
export async function openCustomerCard(kind: CustomerKind, id: number, options: { keepOrders?: boolean } = {}): Promise<void> {
  const previous = $customerCard.get();
  const keep = options.keepOrders && previous?.kind === kind && previous.id === id ? previous : null;
  $customerCard.set({ kind, id, customer: keep?.customer ?? null, orders: keep?.orders ?? null, status: 'loading' });
  const [customer, orders] = await Promise.all([getCustomer(kind, id), keep?.orders ? null : customerOrders(kind, id, 1, CUSTOMER_ORDERS_PER_PAGE)]);
  const current = $customerCard.get();
  if (current?.kind !== kind || current.id !== id) return;
  $customerCard.set({
    ...current,
    customer: customer.ok ? customer.data : current.customer,
    orders: orders ? (orders.ok ? orders.data : null) : current.orders,
    status: customer.ok ? 'ready' : 'error',
  });
}

export async function loadCustomerOrdersPage(page: number): Promise<void> {
  const card = $customerCard.get();
  if (!card) return;
  const result = await customerOrders(card.kind, card.id, page, CUSTOMER_ORDERS_PER_PAGE);
  const current = $customerCard.get();
  if (result.ok && current?.kind === card.kind && current.id === card.id) $customerCard.set({ ...current, orders: result.data });
}

export function closeCustomerCard(): void {
  $customerCard.set(null);
}
