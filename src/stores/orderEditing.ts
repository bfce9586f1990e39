import {
  addOrder,
  addPosition,
  addPublicPosition,
  deletePosition,
  deletePublicPosition,
  getOrder,
  getPublicOrder,
  updateOrder,
  updateProductValues,
  updatePublicOrder,
  type DealOrder,
} from '../api/order';
import type { ApiResult } from '../api/transport';
import type { OrderUpdateRequest, PositionChange } from '../contract/orders';
import { coerceFieldValue, FieldType } from '../domain/fieldTypes';
import { capCount, positionCountLimit } from '../domain/productCard';
import { roundMoney } from '../domain/numbers';
import { navigateTo } from './navigation';
import {
  $dealPublicMode,
  $order,
  $orderDraft,
  $orderEpoch,
  $orderId,
  $orderLoad,
  $positionDrafts,
  $productsRefresh,
  $productValueDrafts,
  $saveConflict,
  $saveInFlight,
  $saving,
  $unsaved,
  clearDraft,
  countLimitOf,
  DEAL_PATH,
  markUnsaved,
  nextOrderEpoch,
  SAVING_INDICATOR_MS,
  type DealPosition,
  type OrderDraft,
  type PositionDraft,
} from './order';

/**
 * The deal screen's actions (spec 1 §4 order editing and saving): open (create or load), edit the draft,
 * save, and add or delete positions. State and the reset after navigation are in order.ts.
 */

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

export function setProductValue(productId: number, code: string, value: unknown): void {
  $productValueDrafts.setKey(String(productId), { ...$productValueDrafts.get()[productId], [code]: value });
  markUnsaved();
}

export function editOrder(patch: OrderDraft): void {
  $orderDraft.set({ ...$orderDraft.get(), ...patch });
  markUnsaved();
}

/**
 * The price a position shows with its draft: a typed price; else, after a change of price type, the
 * product's value of that price field (what the server will price it at on save); else the loaded price.
 */
export function draftPrice(position: DealPosition, draft: PositionDraft | undefined): number {
  if (draft?.price !== undefined) return draft.price;
  if (draft?.price_field !== undefined) {
    const value = coerceFieldValue(FieldType.price, position.fields[draft.price_field], { currency: position.currency });
    return value.cost;
  }
  return position.price;
}

/** A position as the screen shows it: the loaded one with its draft (and its product's value edits) laid over. */
export function withDraft<P extends DealPosition>(position: P, draft: PositionDraft | undefined, values?: Record<string, unknown>): P {
  if (!draft && !values) return position;
  const price = draftPrice(position, draft);
  const count = draft?.count ?? position.count;
  return {
    ...position,
    ...draft,
    price,
    count,
    sum: roundMoney(price * count),
    fields: values ? { ...position.fields, ...values } : position.fields,
  };
}

/** The order's sum with the draft: what it will be once saved. */
export function draftSum(order: DealOrder, drafts: Record<string, PositionDraft | undefined>): number {
  // Each line rounded, then added up: as the server totals an order.
  const total = order.positions.reduce((sum, position) => {
    const draft = drafts[position.id];
    return sum + roundMoney(draftPrice(position, draft) * (draft?.count ?? position.count));
  }, 0);
  return roundMoney(total);
}

function hasDraft(): boolean {
  return (
    Object.values($positionDrafts.get()).some(Boolean) ||
    Object.values($productValueDrafts.get()).some(Boolean) ||
    Object.keys($orderDraft.get()).length > 0
  );
}

/** Drafts of positions the order no longer has are dropped (deleted here or by someone else). */
function pruneDrafts(order: DealOrder): void {
  const ids = new Set(order.positions.map((position) => String(position.id)));
  for (const key of Object.keys($positionDrafts.get())) if (!ids.has(key)) $positionDrafts.setKey(key, undefined);
}

/* ------------------------------------------------------------------ load or create */

/**
 * Every change of an order counts a new version, so an answer carrying a lower version than the order
 * shown was read before a change already taken (a reload overtaken by an add or a delete): it is dropped.
 */
function takeOrder(order: DealOrder): void {
  const shown = $order.get();
  if (shown?.id === order.id && order.version < shown.version) return;
  $orderId.set(order.id);
  $order.set(order);
  pruneDrafts(order);
  $orderLoad.set('ready');
}

/**
 * Opens the deal screen's order (spec 1 §4): with no order_id a new order is created and the query
 * replaced with its id; otherwise the order of the id is loaded. Public customers cannot create orders.
 */
export async function openDeal(orderId: number | null, publicMode: boolean): Promise<void> {
  $dealPublicMode.set(publicMode);
  const current = $order.get();
  if (orderId !== null && current?.id === orderId && $orderLoad.get() === 'ready') return;
  // One new order per visit: a second call while the first creates (a re-mounted screen) waits for it.
  if (orderId === null && $orderLoad.get() === 'creating') return;
  const seq = nextOrderEpoch();
  if (orderId === null) {
    if (publicMode) {
      $orderLoad.set('failed');
      return;
    }
    $orderLoad.set('creating');
    const created = await addOrder({});
    if (seq !== $orderEpoch.get()) return;
    if (!created.ok) {
      $orderLoad.set('failed');
      return;
    }
    // The navigation resets the order state (as every navigation does), so the new order is taken after it.
    navigateTo(`${DEAL_PATH}?order_id=${created.data.id}`, { replace: true });
    nextOrderEpoch();
    takeOrder(created.data);
    return;
  }
  $orderId.set(orderId);
  $orderLoad.set('loading');
  const result = await (publicMode ? getPublicOrder(orderId) : getOrder(orderId));
  if (seq !== $orderEpoch.get()) return;
  if (result.ok) takeOrder(result.data);
  else $orderLoad.set('failed');
}

/** Reads the order again; the draft stays laid over the fresh answer. */
export async function reloadOrder(): Promise<boolean> {
  const id = $order.get()?.id ?? $orderId.get();
  if (id === null) return false;
  const seq = nextOrderEpoch();
  const result = await ($dealPublicMode.get() ? getPublicOrder(id) : getOrder(id));
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

function sendOrderUpdate(order: DealOrder, draft: OrderDraft, positions: PositionChange[]): Promise<ApiResult<DealOrder>> {
  if ($dealPublicMode.get()) {
    // Public customers change quantities only: price and price type are read-only for them.
    const counts = positions.filter((change) => change.count !== undefined).map(({ id, count }) => ({ id, count }));
    return updatePublicOrder({ order_id: order.id, version: order.version, ...(counts.length && { positions: counts }) });
  }
  const body: OrderUpdateRequest = { id: order.id, version: order.version, ...draft, ...(positions.length && { positions }) };
  return updateOrder(body);
}

/** Removes from the draft what was sent, unless it was edited again while the save was on its way. */
function dropSent<T>(store: { get(): Record<string, T | undefined>; setKey(key: string, value: T | undefined): void }, sent: Record<string, T | undefined>): void {
  for (const [key, value] of Object.entries(sent)) if (store.get()[key] === value) store.setKey(key, undefined);
}

export type SaveOutcome = 'saved' | 'conflict' | 'failed' | 'nothing';

/**
 * Saves the draft (spec 1 §4): the saving indicator goes up for 3 s, the order is updated (the public
 * variant in public mode), the unsaved flag cleared, the order reloaded and the added products refreshed.
 * A 409 (the order changed since it was read) keeps the whole draft and raises $saveConflict; any other
 * refusal keeps it too. Field edits go to their products after the order's own update succeeded.
 */
export async function saveOrder(): Promise<SaveOutcome> {
  const order = $order.get();
  if (!order || $saveInFlight.get()) return 'nothing';
  const started = Date.now();
  $saving.set(true);
  $saveInFlight.set(true);
  $saveConflict.set(false);
  if (savingTimer) clearTimeout(savingTimer);
  const positionsSent = { ...$positionDrafts.get() };
  const valuesSent = $dealPublicMode.get() ? {} : { ...$productValueDrafts.get() };
  const orderSent = $orderDraft.get();
  let outcome: SaveOutcome = 'saved';
  try {
    const result = await sendOrderUpdate(order, orderSent, positionChanges(positionsSent));
    if (!result.ok) {
      outcome = result.status === 409 ? 'conflict' : 'failed';
      if (outcome === 'conflict') $saveConflict.set(true);
      return outcome;
    }
    if ($order.get()?.id !== order.id) return 'nothing';
    dropSent($positionDrafts, positionsSent);
    if ($orderDraft.get() === orderSent) $orderDraft.set({});
    $order.set(result.data);
    for (const [productId, values] of Object.entries(valuesSent)) {
      if (!values) continue;
      const saved = await updateProductValues(Number(productId), values);
      if (saved.ok) dropSent($productValueDrafts, { [productId]: values });
      else outcome = 'failed';
    }
    if (!hasDraft()) $unsaved.set(false);
    await reloadOrder();
    $productsRefresh.set($productsRefresh.get() + 1);
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
  if (!result.ok) return false;
  if ($order.get()?.id === result.data.id) takeOrder(result.data);
  $productsRefresh.set($productsRefresh.get() + 1);
  return true;
}

/** Adds a product (identifier `id%%%warehouseCode` for goods, the plain id for services) with a quantity. */
export async function addProductToOrder(identifier: string, quantity: number): Promise<boolean> {
  const order = $order.get();
  if (!order) return false;
  const body = { order_id: order.id, product: identifier, quantity };
  return takeChangedOrder(await ($dealPublicMode.get() ? addPublicPosition(body) : addPosition(body)));
}

/** Deletes a position now (its stock is released); its unsaved edits go with it. */
export async function removePosition(positionId: number): Promise<boolean> {
  const order = $order.get();
  if (!order) return false;
  const body = { id: positionId, order_id: order.id };
  const done = takeChangedOrder(await ($dealPublicMode.get() ? deletePublicPosition(body) : deletePosition(body)));
  if (done) $positionDrafts.setKey(String(positionId), undefined);
  return done;
}

