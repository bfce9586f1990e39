import { ledger as en } from '../../../locales/en.json';
import { ledger as ru } from '../../../locales/ru.json';
import type { LedgerOrder } from '../../../src/contract/common';
import { fillText, type Language } from '../../http/refusal';

/** A ledger row as stored: for an order's row (order_id) the comment is the order's name then. */
interface StoredComment {
  comment: string;
  orderId: number | null;
}

/** "Order N: name" (or "Order N" for an order without a name) in a language (locales → ledger). */
export function orderCommentIn(lang: Language, order: LedgerOrder): string {
  const texts = lang === 'ru' ? ru : en;
  return fillText(order.name ? texts.orderNamed : texts.order, { id: String(order.id), name: order.name }, lang);
}

/** The order of a ledger row, for the screens' link and words; null for a row no order wrote. */
export const ledgerOrderOf = (row: StoredComment): LedgerOrder | null => (row.orderId === null ? null : { id: row.orderId, name: row.comment });

/**
 * A ledger row's comment as a reader sees it: an order's row names the order in the reader's language, any other
 * row keeps the words its user wrote. The screens get the order apart (ledgerOrderOf) and say it themselves; this is
 * for what the server writes out (the English `comment` API clients read).
 */
export function ledgerCommentIn(lang: Language, row: StoredComment): string {
  const order = ledgerOrderOf(row);
  return order ? orderCommentIn(lang, order) : row.comment;
}
