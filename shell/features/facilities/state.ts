import { atom } from 'nanostores';
import { addFacility, archiveFacility, facilityGoods, facilityOrders, listFacilities, updateFacility } from '../../../src/api/facilities';
import type { CustomerOrderList } from '../../../src/contract/customers';
import type { Facility, FacilityAddRequest, FacilityGoods } from '../../../src/contract/facilities';

/** The /objects screen's state: the list (search, archive view, page) and the facility whose page is open. */

export const FACILITY_PAGE_SIZE = 20;

/** Our server always sends every part of a list's meta. */
export interface ListMeta {
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
}

export interface FacilityListState {
  search: string;
  archived: boolean;
  page: number;
  list: Facility[];
  meta: ListMeta;
  status: 'idle' | 'loading' | 'ready' | 'error';
}

const EMPTY_META: ListMeta = { current_page: 1, last_page: 1, per_page: FACILITY_PAGE_SIZE, total: 0 };

export const $facilityList = atom<FacilityListState>({ search: '', archived: false, page: 1, list: [], meta: EMPTY_META, status: 'idle' });

let listTicket = 0;

/** Reads the list as the state's search, archive view and page say; an older answer arriving late is dropped. */
export async function loadFacilities(change: Partial<Pick<FacilityListState, 'search' | 'archived' | 'page'>> = {}): Promise<void> {
  const ticket = ++listTicket;
  const next = { ...$facilityList.get(), ...change, status: 'loading' as const };
  $facilityList.set(next);
  const search = next.search.trim();
  const answer = await listFacilities({ page: next.page, per_page: FACILITY_PAGE_SIZE, filter: { archived: next.archived, ...(search && { search }) } });
  if (ticket !== listTicket) return;
  $facilityList.set(answer.ok ? { ...$facilityList.get(), list: answer.data.data, meta: { ...EMPTY_META, ...answer.data.meta } as ListMeta, status: 'ready' } : { ...$facilityList.get(), status: 'error' });
}

/** What the editor holds: the texts and the chosen company and contact (by id and name). */
export interface FacilityDraft {
  name: string;
  address: string;
  notes: string;
  company: { id: number; name: string } | null;
  contact: { id: number; name: string } | null;
}

export const draftOf = (facility: Facility | null): FacilityDraft => ({
  name: facility?.name ?? '',
  address: facility?.address ?? '',
  notes: facility?.notes ?? '',
  company: facility?.company ?? null,
  contact: facility?.contact ?? null,
});

/** Adds or saves a facility; the server's message by input when it refuses ('Empty field' by the name). */
export async function saveFacility(draft: FacilityDraft, stored: Facility | null): Promise<{ ok: true; facility: Facility } | { ok: false; fields: Record<string, string> }> {
  const body: FacilityAddRequest = { name: draft.name, address: draft.address, notes: draft.notes, company_id: draft.company?.id ?? null, contact_id: draft.contact?.id ?? null };
  const answer = stored ? await updateFacility({ id: stored.id, ...body }) : await addFacility(body);
  if (!answer.ok) return { ok: false, fields: (answer.data?.fields as Record<string, string> | undefined) ?? {} };
  void loadFacilities();
  if ($facilityPage.get()?.facility.id === answer.data.id) void openFacilityPage(answer.data);
  return { ok: true, facility: answer.data };
}

export async function setFacilityArchived(facility: Facility, archived: boolean): Promise<boolean> {
  const answer = await archiveFacility(facility.id, archived);
  if (answer.ok) void loadFacilities();
  return answer.ok;
}

/** A facility's page: its orders and the goods delivered there (first pages), read together. */
export interface FacilityPageState {
  facility: Facility;
  status: 'loading' | 'ready' | 'error';
  orders: CustomerOrderList | null;
  goods: FacilityGoods | null;
}

export const $facilityPage = atom<FacilityPageState | null>(null);

let pageTicket = 0;

export async function openFacilityPage(facility: Facility): Promise<void> {
  const ticket = ++pageTicket;
  $facilityPage.set({ facility, status: 'loading', orders: null, goods: null });
  const [orders, goods] = await Promise.all([facilityOrders(facility.id, 1, 50), facilityGoods(facility.id, 1, 100)]);
  if (ticket !== pageTicket) return;
  $facilityPage.set(orders.ok && goods.ok ? { facility, status: 'ready', orders: orders.data, goods: goods.data } : { facility, status: 'error', orders: null, goods: null });
}

export function closeFacilityPage(): void {
  pageTicket += 1;
  $facilityPage.set(null);
}
