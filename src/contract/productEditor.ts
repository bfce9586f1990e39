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

/** product/image: an image by id in one of the carousel's sizes (m thumbnail, l large, f full screen). */
export const ImageQuery = Type.Object(
  { id: Id, size: Type.Optional(Type.Union([Type.Literal('m'), Type.Literal('l'), Type.Literal('f')])) },
  { additionalProperties: false },
);
export type ImageQuery = Type.Static<typeof ImageQuery>;

/** product/image/reorder: every image id of the field once, first to last. */
export const ImageReorderRequest = Type.Object(
  { product_id: Id, field: Type.String({ minLength: 1, maxLength: 60 }), ids: Type.Array(Id, { maxItems: 100 }) },
  { additionalProperties: false },
);
export type ImageReorderRequest = Type.Static<typeof ImageReorderRequest>;

/** An image entry of a type-15 value as the server writes it. */
export interface StoredImage {
  id: number;
  url: string;
  width: number;
  height: number;
}
