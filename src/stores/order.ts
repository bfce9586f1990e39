import { atom, map } from 'nanostores';
import type { DealOrder } from '../api/order';
import type { OrderPosition } from '../contract/orders';
import type { PublicOrderPosition } from '../contract/publicOrder';
import { navigateTo } from './navigation';

/**
 * The deal screen's state: the order as loaded, the draft of unsaved edits, the flags, the leave guard
 * and the reset after navigation. Small on purpose: the shell's router imports it on every page; the
 * editing actions (load, edit, save) are in orderEditing.ts, loaded with the deal screen.
 */

export type { DealOrder } from '../api/order';
export type DealPosition = OrderPosition | PublicOrderPosition;

/**
 * What a position's count may go up to on the card: for staff the available count (free stock plus what the
 * position holds); for a public customer only the staff's cap, as they see no stock counts (the server
 * refuses more than is available). null: no limit.
 */
export const countLimitOf = (position: DealPosition): number | null => ('available' in position ? position.available : position.max_count);

export type DealTab = 'products' | 'documents' | 'client';
export const DEAL_TABS: readonly DealTab[] = ['products', 'documents', 'client'];
export const DEFAULT_DEAL_TAB: DealTab = 'products';
export const SAVING_INDICATOR_MS = 3000;
export const DEAL_PATH = '/addToDeal';
export const PUBLIC_DEAL_PATH = '/publicOrder';

/** The order being edited on the deal screen, as the server last answered it (the draft is kept apart). */
export const $orderId = atom<number | null>(null);
export const $order = atom<DealOrder | null>(null);
/** Raised by any change on the deal screen, including any product card. */
export const $unsaved = atom(false);
/** The saving indicator: raised when a save starts, kept for at least SAVING_INDICATOR_MS (spec 1 §4). */
export const $saving = atom(false);
/** A save request is on its way (the save button waits for it). */
export const $saveInFlight = atom(false);
export const $dealTab = atom<DealTab>(DEFAULT_DEAL_TAB);

export type OrderLoadState = 'idle' | 'creating' | 'loading' | 'ready' | 'failed';
export const $orderLoad = atom<OrderLoadState>('idle');
/** Whether the screen shows the order to a public customer (public-order calls, read-only cards). */
export const $dealPublicMode = atom(false);
/** The last save was refused because the order changed since it was read (409): the draft is kept. */
export const $saveConflict = atom(false);
/** Bumped whenever the positions changed on the server (save, add, delete): lists of added products refresh. */
export const $productsRefresh = atom(0);
/** Where the user wanted to go while the draft was unsaved; the screen asks before leaving. */
export const $pendingLeave = atom<string | null>(null);

/* ------------------------------------------------------------------ the draft */

/** Unsaved edits of one position; only what differs from the order as loaded. */
export interface PositionDraft {
  count?: number;
  price?: number;
  price_field?: string;
}

/** Unsaved edits of the order itself. */
export interface OrderDraft {
  name?: string;
  pipeline_id?: number;
  status_id?: number;
  /** CRM-linked orders: 0 opened … 4 deleted. */
  status?: number;
  tags?: string[];
}

/** Position edits by position id; a card subscribes to its own key only, so typing re-renders one card. */
export const $positionDrafts = map<Record<string, PositionDraft | undefined>>({});
/** Product field value edits by product id (a position shows its product's values; they are saved to the product). */
export const $productValueDrafts = map<Record<string, Record<string, unknown> | undefined>>({});
export const $orderDraft = atom<OrderDraft>({});

export function markUnsaved(): void {
  $unsaved.set(true);
}

/** The order's load generation: bumped by every reset and every load, so an answer for an older one is dropped. */
export const $orderEpoch = atom(0);

export function nextOrderEpoch(): number {
  $orderEpoch.set($orderEpoch.get() + 1);
  return $orderEpoch.get();
}

export function clearDraft(): void {
  $positionDrafts.set({});
  $productValueDrafts.set({});
  $orderDraft.set({});
}

/* ------------------------------------------------------------------ leaving with unsaved changes */

/** Where the app goes when the session is gone: leaving for them is never held. */
const SESSION_EXITS = ['/authorization', '/publicOrderAuth', '/Error_token_not_valid', '/Error_is_expired', '/many-accounts'];

let leaveGuarded = false;

/** The deal screen holds navigation while it is shown (and only then). */
export function guardLeaving(active: boolean): void {
  leaveGuarded = active;
  if (!active) $pendingLeave.set(null);
}

/**
 * Asked before every change of the hash route: with unsaved changes the move is held (true) and the
 * target kept in $pendingLeave for the screen to ask the user (spec 2 §5: leaving asks for confirmation).
 */
export function holdsNavigation(to: string): boolean {
  if (!leaveGuarded || !$unsaved.get()) return false;
  const path = to.split('?')[0];
  if (SESSION_EXITS.includes(path)) return false;
  $pendingLeave.set(to);
  return true;
}

/** The user chose to leave: the draft is dropped and the held move made. */
export function confirmLeave(): void {
  const target = $pendingLeave.get();
  $pendingLeave.set(null);
  clearDraft();
  $unsaved.set(false);
  if (target !== null) navigateTo(target);
}

export function cancelLeave(): void {
  $pendingLeave.set(null);
}

/* ------------------------------------------------------------------ navigation */

/**
 * Run after every navigation (except to a route with an isNew parameter):
 * the order state is cleared, the unsaved flag reset, the tabs back to default,
 * and the stored id dropped when the target has no order_id.
 */
export function resetOrderStateAfterNavigation(target: { hasOrderId: boolean; isNew: boolean }): void {
  if (target.isNew) return;
  nextOrderEpoch();
  $order.set(null);
  $unsaved.set(false);
  $saving.set(false);
  $saveInFlight.set(false);
  $saveConflict.set(false);
  $pendingLeave.set(null);
  $orderLoad.set('idle');
  clearDraft();
  $dealTab.set(DEFAULT_DEAL_TAB);
  if (!target.hasOrderId) $orderId.set(null);
}
