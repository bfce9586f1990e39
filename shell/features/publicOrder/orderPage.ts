import { atom } from 'nanostores';
import type { FieldDefinition } from '../../../src/contract/catalogue';
import type { PublicOrderFile, PublicOrderPosition, PublicOrderWithPositions, PublicProduct } from '../../../src/contract/publicOrder';
import { $publicToken } from '../../../src/stores/session';
import {
  fetchOfferedProducts,
  fetchOrderFiles,
  fetchPublicOrder,
  fetchPublicOrderFields,
  sendPublicOrderUpdate,
  sendPublicPositionAdd,
  sendPublicPositionDelete,
} from './orderApi';

/**
 * The customer's order page (/publicOrder?order_id=…): the order with its positions, the public order fields'
 * names, the public files, and the products their scenario offers. Every change is sent at once and the
 * server's answer replaces the order (it carries the new totals and availability); one change at a time.
 */

export interface OrderPageState {
  status: 'loading' | 'ready' | 'failed';
  orderId: number | null;
  order: PublicOrderWithPositions | null;
  /** The order fields the customer may see, for their names. */
  fields: readonly FieldDefinition[];
  files: readonly PublicOrderFile[];
  /** A change is on its way: the controls wait. */
  busy: boolean;
}

const EMPTY: OrderPageState = { status: 'loading', orderId: null, order: null, fields: [], files: [], busy: false };
export const $orderPage = atom<OrderPageState>(EMPTY);

export interface OfferState {
  status: 'idle' | 'loading' | 'ready' | 'failed';
  search: string;
  products: readonly PublicProduct[];
}
export const $offer = atom<OfferState>({ status: 'idle', search: '', products: [] });

/** Products shown in the add list at a time. */
export const OFFER_PAGE_SIZE = 12;

let opening = 0;

/** Loads the order, its public fields and files; a newer open (another order, another session) wins. */
export async function openPublicOrder(orderId: number): Promise<void> {
  const ticket = ++opening;
  $orderPage.set({ ...EMPTY, orderId });
  const [order, fields, generated, custom] = await Promise.all([
    fetchPublicOrder(orderId),
    fetchPublicOrderFields(),
    fetchOrderFiles(orderId, 'generated'),
    fetchOrderFiles(orderId, 'custom'),
  ]);
  if (ticket !== opening) return;
  if (!order.ok) {
    $orderPage.set({ ...EMPTY, orderId, status: 'failed' });
    return;
  }
  $orderPage.set({
    status: 'ready',
    orderId,
    order: order.data,
    fields: fields.ok ? fields.data : [],
    files: [...(generated.ok ? generated.data : []), ...(custom.ok ? custom.data : [])],
    busy: false,
  });
}

/** Runs one change; its answer (the whole order) replaces the shown one. Answers whether it went through. */
async function change(send: (order: PublicOrderWithPositions) => ReturnType<typeof sendPublicOrderUpdate>): Promise<boolean> {
  const state = $orderPage.get();
  if (!state.order || state.busy) return false;
  const ticket = opening;
  $orderPage.set({ ...state, busy: true });
  const result = await send(state.order);
  if (ticket !== opening) return false;
  const now = $orderPage.get();
  $orderPage.set({ ...now, busy: false, ...(result.ok && { order: result.data }) });
  // A refusal (over the stock, a cap, a stage that locks the order) was shown by the client; reread what is true now.
  if (!result.ok && result.status !== 0) void refreshOrder();
  return result.ok;
}

async function refreshOrder(): Promise<void> {
  const { orderId } = $orderPage.get();
  if (orderId === null) return;
  const ticket = opening;
  const result = await fetchPublicOrder(orderId);
  if (ticket === opening && result.ok) $orderPage.set({ ...$orderPage.get(), order: result.data });
}

/** A new quantity for a position: the server holds it to the stock and the seller's caps. No version is sent: setting one position's quantity does not clash with a staff change elsewhere in the order. */
export const setPositionCount = (position: PublicOrderPosition, count: number) =>
  change((order) => sendPublicOrderUpdate({ order_id: order.id, positions: [{ id: position.id, count }] }));

export const removePosition = (position: PublicOrderPosition) => change((order) => sendPublicPositionDelete({ id: position.id, order_id: order.id }));

/** Adds an offered product by its plain id (the server picks the warehouse), one unit unless told. */
export const addOfferedProduct = (product: PublicProduct, quantity = 1) =>
  change((order) => sendPublicPositionAdd({ order_id: order.id, product: String(product.id), quantity }));

let searching = 0;

/** The offered products matching the search (all of the first page when empty). */
export async function searchOffer(search: string): Promise<void> {
  const ticket = ++searching;
  const text = search.trim();
  $offer.set({ ...$offer.get(), status: 'loading', search: text });
  const result = await fetchOfferedProducts(text, OFFER_PAGE_SIZE);
  if (ticket !== searching) return;
  $offer.set(result.ok ? { status: 'ready', search: text, products: result.data.products.data } : { ...$offer.get(), status: 'failed' });
}

/** Forgets the page and the offer; answers on their way are dropped. */
export function resetOrderPage(): void {
  opening += 1;
  searching += 1;
  $orderPage.set(EMPTY);
  $offer.set({ status: 'idle', search: '', products: [] });
}

// Another customer's session never sees the previous one's order.
$publicToken.listen(() => resetOrderPage());
