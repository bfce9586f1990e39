import { atom } from 'nanostores';

export type DealTab = 'products' | 'documents' | 'client';
export const DEAL_TABS: readonly DealTab[] = ['products', 'documents', 'client'];
export const DEFAULT_DEAL_TAB: DealTab = 'products';
export const SAVING_INDICATOR_MS = 3000;

/** The order being edited on the deal screen (filled by the orders issue). */
export const $orderId = atom<number | null>(null);
export const $order = atom<Record<string, unknown> | null>(null);
/** Raised by any change on the deal screen, including any product card. */
export const $unsaved = atom(false);
export const $saving = atom(false);
export const $dealTab = atom<DealTab>(DEFAULT_DEAL_TAB);

export function markUnsaved(): void {
  $unsaved.set(true);
}

/**
 * Run after every navigation (except to a route with an isNew parameter):
 * the order state is cleared, the unsaved flag reset, the tabs back to default,
 * and the stored id dropped when the target has no order_id.
 */
export function resetOrderStateAfterNavigation(target: { hasOrderId: boolean; isNew: boolean }): void {
  if (target.isNew) return;
  $order.set(null);
  $unsaved.set(false);
  $saving.set(false);
  $dealTab.set(DEFAULT_DEAL_TAB);
  if (!target.hasOrderId) $orderId.set(null);
}
