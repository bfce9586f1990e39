/** Placeholder until the stock-operations dialogs land (their branch owns this file). */
export function openStockDialog(_kind: 'arrival' | 'writeOff'): void {}
