/**
 * The orders page's list (spec 2 §2 "Orders page"): page, filter and sort → orders/list (orders/list-v2 for
 * test accounts), the pipeline from the saved selection (pipelines.ts), and the row actions that change an
 * order and then reload the page shown. Only the newest request writes, so a slow answer to an older
 * search never replaces a newer one.
 */
import { atom } from 'nanostores';
import { deleteOrder, exportOrders, listOrders, refundOrder } from './api';
import { archiveOrder, unarchiveOrder } from '../../../src/api/orderArchive';
import { linkPublicOrder, publicOrderUrl, unlinkPublicOrder } from '../../../src/api/orderSharing';
import type { ExportAnswer } from '../../../src/api/exportAnswer';
import type { PageLinks } from '../../../src/contract/common';
import type { Order, OrderListMeta, OrderListRequest } from '../../../src/contract/orders';
import { isTestAccount } from '../../../src/domain/landing';
import { $account } from '../../../src/stores/account';
import { $selectedPipeline, ALL_PIPELINES_ID, selectPipeline } from '../../stores/pipelines';
import { $token } from '../../../src/stores/session';
import { persistentAtom } from '../../../src/stores/storage';

export type OrdersSort = NonNullable<OrderListRequest['sort']>;
export type OrderKind = 'local' | 'crm';

export interface OrdersFilter {
  search: string;
  /** Stage ids (local orders). */
  status_ids: readonly number[];
  hide_final: boolean;
  /** Creation day range, yyyy-mm-dd in the user's time zone (null: open). */
  created_from: string | null;
  created_to: string | null;
  kind: OrderKind | null;
  /** The customer the orders are for; the name is kept only to show the choice. */
  contact: NamedChoice | null;
  company: NamedChoice | null;
  /** The responsible employee (account/users). */
  user_id: number | null;
}

export interface NamedChoice {
  id: number;
  name: string;
}

export interface OrdersListParams {
  page: number;
  per_page: number;
  filter: OrdersFilter;
  sort: OrdersSort;
}

export interface OrdersListState {
  params: OrdersListParams;
  status: 'idle' | 'loading' | 'ready' | 'failed';
  data: readonly Order[];
  meta: OrderListMeta | null;
  links: PageLinks | null;
}

export const DEFAULT_PER_PAGE = 20;
export const PER_PAGE_CHOICES: readonly number[] = [20, 50, 100];
/** Newest first, as the server lists by default. */
export const DEFAULT_SORT: OrdersSort = { field: 'id', order: 'desc' };
/** The hide-final-stages switch is remembered on this device, like the pipeline. */
export const HIDE_FINAL_KEY = 'ordersHideFinal';
const $hideFinalSaved = persistentAtom(HIDE_FINAL_KEY);

export function emptyFilter(): OrdersFilter {
  return { search: '', status_ids: [], hide_final: $hideFinalSaved.get() === '1', created_from: null, created_to: null, kind: null, contact: null, company: null, user_id: null };
}

function initialState(): OrdersListState {
  return {
    params: { page: 1, per_page: DEFAULT_PER_PAGE, filter: emptyFilter(), sort: DEFAULT_SORT },
    status: 'idle',
    data: [],
    meta: null,
    links: null,
  };
}

export const $ordersList = atom<OrdersListState>(initialState());

/** yyyy-mm-dd → the instant that day starts (or ends) in the user's time zone, as ISO text. */
function dayBoundary(day: string | null, end: boolean): string | undefined {
  const match = day ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(day) : null;
  if (!match) return undefined;
  const [year, month, date] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const instant = end ? new Date(year, month, date, 23, 59, 59, 999) : new Date(year, month, date);
  return Number.isNaN(instant.getTime()) ? undefined : instant.toISOString();
}

/** The orders/list body: only what narrows the list is sent; the pipeline is the saved selection ('All' is -1). */
export function listRequestBody(params: OrdersListParams, pipelineId: number | null): OrderListRequest {
  const { filter } = params;
  const body: NonNullable<OrderListRequest['filter']> = { pipeline_id: pipelineId ?? ALL_PIPELINES_ID };
  const search = filter.search.trim();
  if (search) body.search = search;
  if (filter.status_ids.length > 0) body.status_ids = [...filter.status_ids];
  if (filter.hide_final) body.hide_final = true;
  const from = dayBoundary(filter.created_from, false);
  const to = dayBoundary(filter.created_to, true);
  if (from) body.created_from = from;
  if (to) body.created_to = to;
  if (filter.kind) body.kind = filter.kind;
  if (filter.contact) body.contact_id = filter.contact.id;
  if (filter.company) body.company_id = filter.company.id;
  if (filter.user_id !== null) body.user_id = filter.user_id;
  return { page: params.page, per_page: params.per_page, filter: body, sort: params.sort };
}

function currentBody(): OrderListRequest {
  return listRequestBody($ordersList.get().params, $selectedPipeline.get());
}

let latest = 0;

/** Loads the page the params name; the rows shown so far stay until the answer comes. */
export async function loadOrders(): Promise<OrdersListState> {
  const ticket = ++latest;
  $ordersList.set({ ...$ordersList.get(), status: 'loading' });
  const result = await listOrders(currentBody(), { testAccount: isTestAccount($account.get().account) });
  if (ticket !== latest) return $ordersList.get();
  const state = $ordersList.get();
  if (!result.ok) {
    $ordersList.set({ ...state, status: 'failed' });
    return $ordersList.get();
  }
  const { data, meta, links } = result.data;
  const lastPage = Math.max(1, meta.last_page ?? 1);
  // A page past the end (the last rows were deleted, or the list shrank): show the last page instead.
  if (data.length === 0 && state.params.page > lastPage) return setPage(lastPage);
  $ordersList.set({ ...state, status: 'ready', data, meta, links });
  return $ordersList.get();
}

function withParams(patch: Partial<OrdersListParams>): Promise<OrdersListState> {
  const state = $ordersList.get();
  $ordersList.set({ ...state, params: { ...state.params, ...patch } });
  return loadOrders();
}

/** Changes the filter; the list starts again at page 1. */
export function setFilter(patch: Partial<OrdersFilter>): Promise<OrdersListState> {
  if (patch.hide_final !== undefined) $hideFinalSaved.set(patch.hide_final ? '1' : null);
  return withParams({ page: 1, filter: { ...$ordersList.get().params.filter, ...patch } });
}

/** Clears search, stages, dates, kind, customer and employee; the hide-final switch stays as the user set it. */
export function clearFilter(): Promise<OrdersListState> {
  const { hide_final } = $ordersList.get().params.filter;
  return withParams({ page: 1, filter: { ...emptyFilter(), hide_final } });
}

export function setPage(page: number): Promise<OrdersListState> {
  return withParams({ page: Math.max(1, Math.floor(page)) });
}

export function setPerPage(perPage: number): Promise<OrdersListState> {
  return withParams({ page: 1, per_page: perPage });
}

/** Sorting by the same field again turns the direction round; a new field starts ascending. */
export function setSort(field: OrdersSort['field']): Promise<OrdersListState> {
  const { sort } = $ordersList.get().params;
  const order = sort.field === field && sort.order === 'asc' ? 'desc' : 'asc';
  return withParams({ page: 1, sort: { field, order } });
}

/** Chooses a pipeline (saved for the next visit; 'All' is -1); stages of another pipeline no longer apply. */
export function choosePipeline(id: number): Promise<OrdersListState> {
  selectPipeline(id);
  return withParams({ page: 1, filter: { ...$ordersList.get().params.filter, status_ids: [] } });
}

/** Update list: the same page again. */
export function refreshOrders(): Promise<OrdersListState> {
  return loadOrders();
}

/** Forgets the list (sign-in, log out); an answer still on its way is ignored. */
export function resetOrdersList(): void {
  latest += 1;
  $ordersList.set(initialState());
}

// Another session (log out, another sign-in) must not see this one's orders, not even until its own arrive.
$token.listen(() => resetOrdersList());

/* ------------------------------------------------------------------ row actions */

/** Deletes the order, then reloads the page; false when the server refused (its text is shown). */
export async function removeOrder(id: number): Promise<boolean> {
  const result = await deleteOrder(id);
  if (result.ok) await loadOrders();
  return result.ok;
}

/** Returns a sold order's goods to stock, then reloads the page. */
export async function refundSoldOrder(id: number): Promise<boolean> {
  const result = await refundOrder(id);
  if (result.ok) await loadOrders();
  return result.ok;
}

/** Archives the order (it leaves this list; its stock stays as it is), then reloads the page. */
export async function archiveListedOrder(id: number): Promise<boolean> {
  const result = await archiveOrder(id);
  if (result.ok) await loadOrders();
  return result.ok;
}

/** Takes the order back out of the archive (an archive's Undo), then reloads the page. */
export async function restoreListedOrder(id: number): Promise<boolean> {
  const result = await unarchiveOrder(id);
  if (result.ok) await loadOrders();
  return result.ok;
}

/** Makes the order public with a link (the order's existing anonymous link when it has one); its full address, or null. */
export async function shareOrder(id: number): Promise<string | null> {
  const result = await linkPublicOrder({ order_id: id });
  if (!result.ok) return null;
  void loadOrders();
  return publicOrderUrl(result.data);
}

/** Removes every public link of the order (their sessions end with them), then reloads the page. */
export async function unshareOrder(id: number): Promise<boolean> {
  const result = await unlinkPublicOrder({ order_id: id });
  if (result.ok) await loadOrders();
  return result.ok;
}

/** The orders matching the current filter and sort: the xlsx file, or the task writing it (a big export); null when it failed (the server's text is shown). */
export async function exportOrdersFile(): Promise<ExportAnswer | null> {
  const { page: _page, per_page: _perPage, ...body } = currentBody();
  const result = await exportOrders(body);
  return result.ok ? result.data : null;
}
