import { atom } from 'nanostores';

/**
 * Which stock-operation dialog is open. The spec names overlay flags for the move and the price edit only
 * (shell/stores/overlays.ts); adding goods, writing off and the list of moves in transit open here.
 */
export type StockDialog = 'arrival' | 'writeOff' | 'transit';

export const $stockDialog = atom<StockDialog | null>(null);

export function openStockDialog(name: StockDialog): void {
  $stockDialog.set(name);
}

export function closeStockDialog(): void {
  $stockDialog.set(null);
}
