import Type from 'typebox';
import { LedgerOrder, Nullable, PageLinks, PageMeta } from './common';
import { Id } from './catalogue';

/** product/history: one page of a product's ledger rows, newest first. */
export const ProductHistoryQuery = Type.Object({ id: Id, page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })) }, { additionalProperties: false });
export type ProductHistoryQuery = Type.Static<typeof ProductHistoryQuery>;

/** A ledger row as the history tab shows it (spec 2 §3 movement report columns). */
export const ProductHistoryEntry = Type.Object({
  id: Type.Integer(),
  date: Type.String(),
  /** The ledger's kind, one of MOVEMENT_KINDS (src/domain/movementKinds.ts). */
  type: Type.String(),
  user: Nullable(Type.String()),
  /** The warehouse the goods left (write-off, move, reservation) or null for an arrival. */
  from_warehouse: Nullable(Type.String()),
  /** The warehouse the goods reached (arrival, move) or null. */
  to_warehouse: Nullable(Type.String()),
  batch: Type.String(),
  quantity: Type.Number(),
  /** The row's comment; an order's row says "Order N: name" (English: the shell says it from `order`). */
  comment: Type.String(),
  /** The order that moved the goods (reserve, release, sale, return, a purchase's arrival) and its name then; else null. */
  order: Nullable(LedgerOrder),
});
export type ProductHistoryEntry = Type.Static<typeof ProductHistoryEntry>;

export const ProductHistoryPage = Type.Object({ data: Type.Array(ProductHistoryEntry), links: PageLinks, meta: PageMeta });
export type ProductHistoryPage = Type.Static<typeof ProductHistoryPage>;

/** The text of the 409 a product save gets when someone saved the product after the caller read it. */
export const STALE_PRODUCT = 'The product has been changed by someone else since you opened it. Reload it to see their changes.';

/** The product version (updated_at) the caller last read: a change made on an older one is refused with 409 STALE_PRODUCT. */
const ProductVersion = Type.String({ maxLength: 40 });

/** product/image/delete: the image, and the product version the caller last read. */
export const ImageDeleteRequest = Type.Object({ id: Id, updated_at: Type.Optional(ProductVersion) }, { additionalProperties: false });
export type ImageDeleteRequest = Type.Static<typeof ImageDeleteRequest>;

/** product/image: an image by id in one of the carousel's sizes (m thumbnail, l large, f full screen). */
export const ImageQuery = Type.Object(
  { id: Id, size: Type.Optional(Type.Union([Type.Literal('m'), Type.Literal('l'), Type.Literal('f')])) },
  { additionalProperties: false },
);
export type ImageQuery = Type.Static<typeof ImageQuery>;

/** product/image/reorder: every image id of the field once, first to last. */
export const ImageReorderRequest = Type.Object(
  { product_id: Id, field: Type.String({ minLength: 1, maxLength: 60 }), ids: Type.Array(Id, { maxItems: 100 }), updated_at: Type.Optional(ProductVersion) },
  { additionalProperties: false },
);
export type ImageReorderRequest = Type.Static<typeof ImageReorderRequest>;

/** The carousel's sizes: thumbnail m, large l, full-screen f. */
export const IMAGE_SIZE_NAMES = ['m', 'l', 'f'] as const;
export type ImageSizeName = (typeof IMAGE_SIZE_NAMES)[number];

/** An image entry of a type-15 value as the server writes it. */
export interface StoredImage {
  id: number;
  url: string;
  width: number;
  height: number;
  /**
   * In answers only (never stored): a signed, expiring link per size, relative to the API base, that an <img> can
   * load without the session (product/image/view). Issued to whoever may read the product or its order.
   */
  sizes?: Record<ImageSizeName, string>;
}

/** The url a stored image entry holds: the session-protected API path of the image. */
export const storedImageUrl = (id: number) => `product/image?id=${id}`;

/** product/image/view: one size of an image by a signed link (no session: an <img> cannot send one). */
export const ImageViewQuery = Type.Object(
  {
    id: Id,
    size: Type.Union(IMAGE_SIZE_NAMES.map((size) => Type.Literal(size))),
    exp: Type.Integer({ minimum: 0, maximum: 99_999_999_999 }),
    sig: Type.String({ minLength: 1, maxLength: 64 }),
  },
  { additionalProperties: false },
);
export type ImageViewQuery = Type.Static<typeof ImageViewQuery>;
