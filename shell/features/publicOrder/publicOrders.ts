import { atom, computed } from 'nanostores';
import { listPublicOrders } from '../../../src/api/publicOrder';
import type { PublicOrderListEntry } from '../../../src/contract/publicOrder';
import { $publicToken } from '../../../src/stores/session';

/** Orders per page of the customer's list. */
export const PUBLIC_ORDERS_PER_PAGE = 20;

/** The fields of a list entry the spec names (shell §3): id, name, active. */
export type PublicOrderSample = Pick<PublicOrderListEntry, 'id' | 'name' | 'active'>;

/**
 * The placeholder sample list of six (shell §3), shown only while the store holds no orders: before the
 * first answer. Negative ids never collide with real orders, and nothing links to them.
 */
export const PLACEHOLDER_ORDERS: readonly PublicOrderSample[] = Array.from({ length: 6 }, (_, index) => ({
  id: -(index + 1),
  name: '',
  active: false,
}));

export interface PublicOrdersState {
  status: 'idle' | 'loading' | 'ready' | 'failed';
  /** null: the store holds none yet (nothing answered since the session began). */
  orders: readonly PublicOrderListEntry[] | null;
  /** The search the orders answer. */
  search: string;
  page: number;
  lastPage: number;
  total: number;
}

const EMPTY: PublicOrdersState = { status: 'idle', orders: null, search: '', page: 0, lastPage: 0, total: 0 };
export const $publicOrders = atom<PublicOrdersState>(EMPTY);

export type PublicOrderRows =
  | { placeholder: true; rows: readonly PublicOrderSample[] }
  | { placeholder: false; rows: readonly PublicOrderListEntry[] };

/** What the list shows: the customer's orders, or the placeholder sample while the store holds none. */
export const $publicOrderRows = computed($publicOrders, (state): PublicOrderRows =>
  state.orders === null ? { placeholder: true, rows: PLACEHOLDER_ORDERS } : { placeholder: false, rows: state.orders },
);

/** More pages to fetch with loadMorePublicOrders. */
export const $hasMorePublicOrders = computed($publicOrders, (state) => state.orders !== null && state.page < state.lastPage);

let loading: Promise<PublicOrdersState> | null = null;

async function fetchPage(page: number, search: string, append: boolean): Promise<PublicOrdersState> {
  $publicOrders.set({ ...$publicOrders.get(), status: 'loading' });
  const request: Promise<PublicOrdersState> = listPublicOrders({
    page,
    per_page: PUBLIC_ORDERS_PER_PAGE,
    ...(search ? { search } : {}),
  }).then((result) => {
    // Only the newest request may write: a reset (another session) or a newer search drops this answer.
    if (loading !== request) return $publicOrders.get();
    loading = null;
    if (!result.ok) {
      $publicOrders.set({ ...$publicOrders.get(), status: 'failed' });
      return $publicOrders.get();
    }
    const { data, meta } = result.data;
    const before = append ? ($publicOrders.get().orders ?? []) : [];
    // A page may repeat an order that moved up since the previous page was read.
    const known = new Set(before.map((order) => order.id));
    $publicOrders.set({
      status: 'ready',
      orders: [...before, ...data.filter((order) => !known.has(order.id))],
      search,
      page: meta.current_page,
      lastPage: meta.last_page ?? meta.current_page,
      total: meta.total ?? before.length + data.length,
    });
    return $publicOrders.get();
  });
  loading = request;
  return request;
}

/** Loads the first page (of a search, when given); the orders shown so far stay until the answer comes. */
export function loadPublicOrders(search: string = $publicOrders.get().search): Promise<PublicOrdersState> {
  return fetchPage(1, search.trim(), false);
}

/** Appends the next page. */
export function loadMorePublicOrders(): Promise<PublicOrdersState> {
  const state = $publicOrders.get();
  if (state.orders === null || state.page >= state.lastPage || loading) return loading ?? Promise.resolve(state);
  return fetchPage(state.page + 1, state.search, true);
}

/** Forgets the list; an answer still on its way is ignored. */
export function resetPublicOrders(): void {
  loading = null;
  $publicOrders.set(EMPTY);
}

// Another customer's session (sign-in, a link, log out, a refused token) never sees the previous one's orders.
$publicToken.listen(() => resetPublicOrders());
