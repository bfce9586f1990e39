import { atom, map, type ReadableAtom } from 'nanostores';
import { addOrder, addPosition, deletePosition, getOrder, updateOrder, type DealOrder } from './api';
import type { ApiResult } from '../../../src/api/transport';
import type { OrderPosition, OrderUpdateRequest, PositionChange } from '../../../src/contract/orders';
import { capCount, positionCountLimit } from '../../../src/domain/productCard';
import { navigateTo, onLocationChange, setLeaveGuard } from '../../stores/navigation';
import { isUnstored, unstoredOrder } from './newOrder';

/**
 * The deal screen's one store (spec 1 §4): the order as the server last answered it, the draft of unsaved
 * edits kept apart from it, the flags, the actions (open, edit, save, add and delete positions), the leave
 * guard and the reset after navigation. The order has one writer, takeOrder below: every server answer about
 * it (load, save, add, delete, the client tab's client-update) goes through it, so an older answer never
 * replaces a newer one; outside this module $order is read-only.
 */

export type { DealOrder } from './api';
export type DealPosition = OrderPosition;

/** What a position's count may go up to on the card: the available count (free stock plus what the position holds). null: no limit. */
export const countLimitOf = (position: DealPosition): number | null => position.available;

export type DealTab = 'products' | 'documents' | 'client';
export const DEAL_TABS: readonly DealTab[] = ['products', 'documents', 'client'];
export const DEFAULT_DEAL_TAB: DealTab = 'products';
export const SAVING_INDICATOR_MS = 3000;
export const DEAL_PATH = '/addToDeal';

/** The order being edited on the deal screen, as the server last answered it (the draft is kept apart). */
export const $orderId = atom<number | null>(null);
const order = atom<DealOrder | null>(null);
export const $order: ReadableAtom<DealOrder | null> = order;
/** Raised by any change on the deal screen, including any product card. */
export const $unsaved = atom(false);
/** The saving indicator: raised when a save starts, kept for at least SAVING_INDICATOR_MS (spec 1 §4). */
export const $saving = atom(false);
/** A save request is on its way (the save button waits for it). */
export const $saveInFlight = atom(false);
export const $dealTab = atom<DealTab>(DEFAULT_DEAL_TAB);

export type OrderLoadState = 'idle' | 'loading' | 'ready' | 'failed';
export const $orderLoad = atom<OrderLoadState>('idle');
/** The last save was refused because the order changed since it was read (409): the draft is kept. */
export const $saveConflict = atom(false);
/** Where the user wanted to go while the draft was unsaved; the screen asks before leaving. */
export const $pendingLeave = atom<string | null>(null);

/* ------------------------------------------------------------------ the draft */

/** Unsaved edits of one position; only what differs from the order as loaded. */
export interface PositionDraft {
  count?: number;
  price?: number;
  price_field?: string;
  /** Field values edited on the card: the position's own (issue 19 §2), never written to the catalogue product. */
  fields?: Record<string, unknown>;
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
  $orderDraft.set({});
}

/* ------------------------------------------------------------------ leaving with unsaved changes */

/** Where the app goes when the session is gone: leaving for them is never held. */
const SESSION_EXITS = ['/authorization', '/publicOrderAuth', '/Error_token_not_valid', '/Error_is_expired', '/many-accounts'];

/**
 * The router asks before every change of the hash route while the deal screen is shown: with unsaved
 * changes the move is held (true) and the target kept in $pendingLeave for the screen to ask the user
 * (spec 2 §5: leaving asks for confirmation).
 */
function holdsLeaving(to: string): boolean {
  if (!$unsaved.get() || to === storedAddress) return false;
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

/** The deal screen holds navigation while it is shown (and only then). */
export function guardLeaving(active: boolean): void {
  setLeaveGuard(active ? holdsLeaving : null);
  if (!active) $pendingLeave.set(null);
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
  order.set(null);
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

// Registered when the deal's code loads, and for good: the state must be reset by every later move, also
// while another screen shows, or coming back to the same order would show a stale one (the router only
// announces moves and knows nothing of orders).
onLocationChange(({ search }) => {
  const params = new URLSearchParams(search);
  resetOrderStateAfterNavigation({ hasOrderId: params.has('order_id'), isNew: params.has('isNew') });
});

/* ------------------------------------------------------------------ editing */

function positionOf(id: number): DealPosition | undefined {
  return $order.get()?.positions.find((position) => position.id === id);
}

function setPositionDraft(id: number, patch: PositionDraft): void {
  const position = positionOf(id);
  if (!position) return;
  const next: PositionDraft = { ...$positionDrafts.get()[id], ...patch };
  // A value edited back to what was loaded is no change to send.
  if (next.count !== undefined && next.count === position.count) delete next.count;
  if (next.price !== undefined && next.price === position.price) delete next.price;
  if (next.price_field !== undefined && next.price_field === position.price_field) delete next.price_field;
  if (next.fields) {
    const changed = Object.entries(next.fields).filter(([code, value]) => JSON.stringify(value) !== JSON.stringify(position.fields[code]));
    if (changed.length) next.fields = Object.fromEntries(changed);
    else delete next.fields;
  }
  $positionDrafts.setKey(String(id), Object.keys(next).length ? next : undefined);
  markUnsaved();
}

/** The count of a position, capped at what its warehouse has available (spec 1 §5); returns the count kept. */
export function setPositionCount(id: number, count: number): number {
  const position = positionOf(id);
  // The saved count stays possible even above what is available now (positionCountLimit).
  const capped = capCount(count, position ? positionCountLimit(countLimitOf(position), position.count) : undefined);
  setPositionDraft(id, { count: capped });
  return capped;
}

export function setPositionPrice(id: number, price: number): void {
  setPositionDraft(id, { price: Math.max(0, price) });
}

/** Another price type: the server prices the position from the product's value of that field on save. */
export function setPositionPriceField(id: number, priceField: string): void {
  const patch: PositionDraft = { price_field: priceField };
  setPositionDraft(id, patch);
  // A price typed for the old price type is dropped: the new type brings its own price.
  const draft = $positionDrafts.get()[id];
  if (draft?.price !== undefined) {
    const { price: _price, ...rest } = draft;
    $positionDrafts.setKey(String(id), Object.keys(rest).length ? rest : undefined);
  }
}

/** A field value edited on a position's card: saved with the order as that position's own value (issue 19 §2). */
export function setPositionValue(id: number, code: string, value: unknown): void {
  setPositionDraft(id, { fields: { ...$positionDrafts.get()[id]?.fields, [code]: value } });
}

export function editOrder(patch: OrderDraft): void {
  $orderDraft.set({ ...$orderDraft.get(), ...patch });
  markUnsaved();
  // The first change of a new order stores it, with this edit.
  if (isUnstored(order.get())) void storeNewOrder();
}

function hasDraft(): boolean {
  return (
    Object.values($positionDrafts.get()).some(Boolean) ||
    Object.keys($orderDraft.get()).length > 0
  );
}

/** Drafts of positions the order no longer has are dropped (deleted here or by someone else). */
function pruneDrafts(answer: DealOrder): void {
  const ids = new Set(answer.positions.map((position) => String(position.id)));
  for (const key of Object.keys($positionDrafts.get())) if (!ids.has(key)) $positionDrafts.setKey(key, undefined);
}

/* ------------------------------------------------------------------ load or create */

/**
 * The one writer of the order. Every change of an order counts a new version, so an answer carrying a
 * lower version than the order shown was read before a change already taken (a reload overtaken by an add
 * or a delete): it is dropped.
 */
function takeOrder(answer: DealOrder): void {
  const shown = order.get();
  if (shown?.id === answer.id && answer.version < shown.version) return;
  $orderId.set(answer.id);
  order.set(answer);
  pruneDrafts(answer);
  $orderLoad.set('ready');
}

/**
 * An answer about an order from elsewhere on the deal screen (the client tab's orders/client-update changes
 * the version): taken when it is the order shown, so its next save is not refused as stale.
 */
export function applyOrderAnswer(answer: DealOrder): void {
  if (order.get()?.id === answer.id) takeOrder(answer);
}

/** The address the unstored order moves to once stored: that move is the same order, never a leave to hold. */
let storedAddress: string | null = null;
let storing: Promise<DealOrder | null> | null = null;

/**
 * Stores the unstored order at its first change (issue 19 §2), with the order's edits so far (name, stage,
 * tags) in the same orders/add, and replaces the address with its id: the history keeps one entry for the
 * deal, so Back leaves to where the user came from. Answers the stored order (the shown one if stored already);
 * null when orders/add failed or the user left meanwhile.
 */
export function storeNewOrder(): Promise<DealOrder | null> {
  const shown = order.get();
  if (!isUnstored(shown)) return Promise.resolve(shown);
  storing ??= storeUnstored().finally(() => {
    storing = null;
  });
  return storing;
}

async function storeUnstored(): Promise<DealOrder | null> {
  const seq = $orderEpoch.get();
  const sent = $orderDraft.get();
  const created = await addOrder(sent);
  if (seq !== $orderEpoch.get() || !created.ok) return null;
  // The navigation resets the order state (as every navigation does): what the user did meanwhile is kept over it.
  const kept = { draft: $orderDraft.get() === sent ? {} : $orderDraft.get(), tab: $dealTab.get() };
  storedAddress = `${DEAL_PATH}?order_id=${created.data.id}`;
  try {
    navigateTo(storedAddress, { replace: true });
  } finally {
    storedAddress = null;
  }
  nextOrderEpoch();
  takeOrder(created.data);
  $orderDraft.set(kept.draft);
  $dealTab.set(kept.tab);
  $unsaved.set(hasDraft());
  return created.data;
}

/**
 * Opens the deal screen's order (spec 1 §4): with no order_id a new order is shown unstored until its first
 * change (storeNewOrder), so opening and leaving it stores nothing; otherwise the order of the id is loaded.
 */
export async function openDeal(orderId: number | null): Promise<void> {
  const current = $order.get();
  if (orderId !== null && current?.id === orderId && $orderLoad.get() === 'ready') return;
  // A re-mounted screen keeps the unstored order it shows, with what was typed into it.
  if (orderId === null && isUnstored(current)) return;
  const seq = nextOrderEpoch();
  if (orderId === null) {
    $orderId.set(null);
    order.set(unstoredOrder());
    $orderLoad.set('ready');
    return;
  }
  $orderId.set(orderId);
  $orderLoad.set('loading');
  const result = await getOrder(orderId);
  if (seq !== $orderEpoch.get()) return;
  if (result.ok) takeOrder(result.data);
  else $orderLoad.set('failed');
}

/** Reads the order again; the draft stays laid over the fresh answer. */
export async function reloadOrder(): Promise<boolean> {
  if (isUnstored($order.get())) return false;
  const id = $order.get()?.id ?? $orderId.get();
  if (id === null) return false;
  const seq = nextOrderEpoch();
  const result = await getOrder(id);
  if (seq !== $orderEpoch.get()) return false;
  if (result.ok) takeOrder(result.data);
  return result.ok;
}

/* ------------------------------------------------------------------ save */

let savingTimer: ReturnType<typeof setTimeout> | null = null;

function positionChanges(drafts: Record<string, PositionDraft | undefined>): PositionChange[] {
  return Object.entries(drafts)
    .filter((entry): entry is [string, PositionDraft] => Boolean(entry[1]) && positionOf(Number(entry[0])) !== undefined)
    .map(([id, draft]) => ({ id: Number(id), ...draft }));
}

function sendOrderUpdate(saving: DealOrder, draft: OrderDraft, positions: PositionChange[]): Promise<ApiResult<DealOrder>> {
  const body: OrderUpdateRequest = { id: saving.id, version: saving.version, ...draft, ...(positions.length && { positions }) };
  return updateOrder(body);
}

/** Removes from the draft what was sent, unless it was edited again while the save was on its way. */
function dropSent<T>(store: { get(): Record<string, T | undefined>; setKey(key: string, value: T | undefined): void }, sent: Record<string, T | undefined>): void {
  for (const [key, value] of Object.entries(sent)) if (store.get()[key] === value) store.setKey(key, undefined);
}

export type SaveOutcome = 'saved' | 'conflict' | 'failed' | 'nothing';

/**
 * Saves the draft (spec 1 §4): the saving indicator goes up for 3 s, the order is updated, its answer becomes the order (no second read: it is the order as saved), the
 * unsaved flag cleared. A 409 (the order changed since it was read) keeps the whole draft and raises
 * $saveConflict; any other refusal keeps it too. Field edits travel with their positions in the same update:
 * they are the positions' own values, so no catalogue product is written (issue 19 §2).
 */
export async function saveOrder(): Promise<SaveOutcome> {
  // An unstored order is saved by storing it: orders/add carries its edits.
  if (isUnstored($order.get())) return (await storeNewOrder()) ? 'saved' : 'failed';
  const saving = $order.get();
  if (!saving || $saveInFlight.get()) return 'nothing';
  const started = Date.now();
  $saving.set(true);
  $saveInFlight.set(true);
  $saveConflict.set(false);
  if (savingTimer) clearTimeout(savingTimer);
  const positionsSent = { ...$positionDrafts.get() };
  const orderSent = $orderDraft.get();
  let outcome: SaveOutcome = 'saved';
  try {
    const result = await sendOrderUpdate(saving, orderSent, positionChanges(positionsSent));
    if (!result.ok) {
      outcome = result.status === 409 ? 'conflict' : 'failed';
      if (outcome === 'conflict') $saveConflict.set(true);
      return outcome;
    }
    if ($order.get()?.id !== saving.id) return 'nothing';
    dropSent($positionDrafts, positionsSent);
    if ($orderDraft.get() === orderSent) $orderDraft.set({});
    takeOrder(result.data);
    if (!hasDraft()) $unsaved.set(false);
    return outcome;
  } finally {
    $saveInFlight.set(false);
    savingTimer = setTimeout(() => {
      savingTimer = null;
      $saving.set(false);
    }, Math.max(0, SAVING_INDICATOR_MS - (Date.now() - started)));
  }
}

/** After a conflict: the order as it is now, with the user's draft kept over it, ready to save again. */
export async function reloadKeepingDraft(): Promise<void> {
  if (await reloadOrder()) $saveConflict.set(false);
}

/** Throws the draft away and reads the order again. */
export async function discardDraft(): Promise<void> {
  clearDraft();
  $unsaved.set(false);
  $saveConflict.set(false);
  await reloadOrder();
}

/* ------------------------------------------------------------------ positions added and deleted at once */

function takeChangedOrder(result: ApiResult<DealOrder>): boolean {
  if (result.ok) applyOrderAnswer(result.data);
  return result.ok;
}

/** Adds a product (identifier `id%%%warehouseCode` for goods, the plain id for services) with a quantity. */
export async function addProductToOrder(identifier: string, quantity: number): Promise<boolean> {
  // A position is a change: an unstored order is stored first, then takes it.
  const shown = isUnstored($order.get()) ? await storeNewOrder() : $order.get();
  if (!shown) return false;
  const body = { order_id: shown.id, product: identifier, quantity };
  return takeChangedOrder(await addPosition(body));
}

/** Deletes a position now (its stock is released); its unsaved edits go with it. */
export async function removePosition(positionId: number): Promise<boolean> {
  const shown = $order.get();
  if (!shown) return false;
  const body = { id: positionId, order_id: shown.id };
  const done = takeChangedOrder(await deletePosition(body));
  if (done) $positionDrafts.setKey(String(positionId), undefined);
  return done;
}

