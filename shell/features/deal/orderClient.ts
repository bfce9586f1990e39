import { atom } from 'nanostores';
import { getCustomer, updateOrderClient, type Customer, type CustomerKind, type CustomerOf } from '../../../src/api/customers';
import type { Company, Contact } from '../../../src/contract/customers';
import { saveCustomer, type CustomerDraft, type LoadStatus, type SaveResult } from '../../stores/customers';
import { getOrder } from './api';
import { $order, applyOrderAnswer, storeNewOrder } from './state';
import { UNSTORED_ORDER_ID } from './newOrder';

/**
 * The customer of the deal's order (the client tab): its contact and company in full, and the actions that
 * set, create or edit them. Customers themselves (fields, drafts, saving) are the shared customers store's.
 */

export interface OrderClientState {
  orderId: number | null;
  contact: Contact | null;
  company: Company | null;
  status: LoadStatus;
}

export const $orderClient = atom<OrderClientState>({ orderId: null, contact: null, company: null, status: 'idle' });

interface OrderCustomers {
  id: number;
  contacts?: readonly { id: number }[];
  company?: { id: number } | null;
}

function isOrderCustomers(value: unknown): value is OrderCustomers {
  return typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'number';
}

async function detailsOf(order: OrderCustomers): Promise<Pick<OrderClientState, 'contact' | 'company'> | null> {
  const contactId = order.contacts?.[0]?.id ?? null;
  const companyId = order.company?.id ?? null;
  const [contact, company] = await Promise.all([contactId ? getCustomer('contact', contactId) : null, companyId ? getCustomer('company', companyId) : null]);
  if ((contact && !contact.ok) || (company && !company.ok)) return null;
  return { contact: contact?.ok ? contact.data : null, company: company?.ok ? company.data : null };
}

let clientTicket = 0;

/** The order's contact and company in full: from the deal screen's order when it holds this one, else read. */
export async function loadOrderClient(orderId: number): Promise<void> {
  const ticket = ++clientTicket;
  const before = $orderClient.get();
  $orderClient.set({ ...(before.orderId === orderId ? before : { contact: null, company: null }), orderId, status: 'loading' });
  const held = $order.get();
  let order: OrderCustomers | null = isOrderCustomers(held) && held.id === orderId ? held : null;
  if (!order) {
    const answer = await getOrder(orderId);
    order = answer.ok ? answer.data : null;
  }
  const details = order ? await detailsOf(order) : null;
  if (ticket !== clientTicket) return;
  $orderClient.set(details ? { orderId, ...details, status: 'ready' } : { ...$orderClient.get(), status: 'error' });
}

/**
 * Sets or removes (null) the order's contact or company (orders/client-update). A customer given by id
 * is read first, so the tab and the deal screen's order change together.
 */
export async function setOrderCustomer(kind: CustomerKind, chosen: Customer | number | null): Promise<boolean> {
  let { orderId } = $orderClient.get();
  // A client is a change: an unstored order is stored first, then takes it.
  if (orderId === UNSTORED_ORDER_ID) {
    orderId = (await storeNewOrder())?.id ?? null;
    if (orderId !== null) $orderClient.set({ ...$orderClient.get(), orderId });
  }
  if (orderId === null) return false;
  const id = chosen === null ? null : typeof chosen === 'number' ? chosen : chosen.id;
  const answer = await updateOrderClient({ id: orderId, ...(kind === 'contact' ? { contact_id: id } : { company_id: id }) });
  if (!answer.ok) return false;
  let customer: Customer | null = typeof chosen === 'object' ? chosen : null;
  if (typeof chosen === 'number') {
    const read = await getCustomer(kind, chosen);
    customer = read.ok ? read.data : null;
  }
  if ($orderClient.get().orderId === orderId) $orderClient.set({ ...$orderClient.get(), [kind]: customer, status: 'ready' });
  // client-update changes the order's version: the deal takes the answer (its unsaved edits stay laid over it).
  applyOrderAnswer(answer.data);
  return true;
}

/**
 * Creates a contact or company from the client tab and makes it the order's. `linked` tells the two
 * steps apart: a customer created but not set on the order exists all the same, so the form must not
 * be offered again (a second submit would create a twin).
 */
export async function createOrderCustomer<K extends CustomerKind>(kind: K, draft: CustomerDraft): Promise<SaveResult<K> & { linked?: boolean }> {
  const saved = await saveCustomer(kind, draft);
  if (!saved.ok) return saved;
  return { ...saved, linked: await setOrderCustomer(kind, saved.customer) };
}

/** Saves edits of the order's contact or company. */
export async function editOrderCustomer<K extends CustomerKind>(kind: K, draft: CustomerDraft): Promise<SaveResult<K>> {
  const stored = $orderClient.get()[kind] as CustomerOf<K> | null;
  if (!stored) return { ok: false, errors: {} };
  const saved = await saveCustomer(kind, draft, stored);
  if (saved.ok) $orderClient.set({ ...$orderClient.get(), [kind]: saved.customer });
  return saved;
}
