import { ledger } from '../../locales/en.json';
import type { LedgerOrder } from '../contract/common';
import { registerTexts, t } from './index';

// Loaded by the screens that show the stock ledger (the product's history, the movement report), never by the first load.
registerTexts({ ledger });

/** "Order N: name" (or "Order N" for an order without a name) in the user's language. */
export const orderCommentText = (order: LedgerOrder) => (order.name ? t('ledger.orderNamed', { id: order.id, name: order.name }) : t('ledger.order', { id: order.id }));

/**
 * A ledger row's comment in the user's language: the server writes an order's row in English for API clients and
 * names the order apart (`order`), so the screens say it themselves; any other row keeps the words its user wrote.
 */
export const ledgerCommentText = (row: { comment: string; order: LedgerOrder | null }) => (row.order ? orderCommentText(row.order) : row.comment);
