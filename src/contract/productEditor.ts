import Type from 'typebox';
import { Nullable, PageLinks, PageMeta } from './common';
import { Id } from './catalogue';

/** product/history: one page of a product's ledger rows, newest first. */
export const ProductHistoryQuery = Type.Object({ id: Id, page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })) }, { additionalProperties: false });
export type ProductHistoryQuery = Type.Static<typeof ProductHistoryQuery>;

/** A ledger row as the history tab shows it (spec 2 §3 movement report columns). */
export const ProductHistoryEntry = Type.Object({
  id: Type.Integer(),
  date: Type.String(),
  /** The ledger's kind: 'arrival' | 'write_off' | 'move' | 'reserve' | 'release' | 'sale' | 'return' */
  type: Type.String(),
  user: Nullable(Type.String()),
  /** The warehouse the goods left (write-off, move, reservation) or null for an arrival. */
  from_warehouse: Nullable(Type.String()),
  /** The warehouse the goods reached (arrival, move) or null. */
  to_warehouse: Nullable(Type.String()),
  batch: Type.String(),
  quantity: Type.Number(),
  comment: Type.String(),
});
export type ProductHistoryEntry = Type.Static<typeof ProductHistoryEntry>;

export const ProductHistoryPage = Type.Object({ data: Type.Array(ProductHistoryEntry), links: PageLinks, meta: PageMeta });
export type ProductHistoryPage = Type.Static<typeof ProductHistoryPage>;

/** The text of the 409 a product save gets when someone saved the product after the caller read it. */
export const STALE_PRODUCT = 'The product has been changed by someone else since you opened it. Reload it to see their changes.';
