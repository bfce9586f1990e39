import Type from 'typebox';
import { Id } from './catalogue';
import { Money, Quantity } from './stock';

/**
 * The stock screen's operations as documents (issue 13 §4): every line of one request is applied in one
 * transaction, or none is. A document holds at most MAX_LINES lines, so one request stays one short transaction.
 */
export const MAX_LINES = 200;

const Comment = Type.String({ maxLength: 2000 });

/** A product created on the spot by an arrival line (needs the product-editing right too). */
export const NewProduct = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 300 }),
    unit: Type.Optional(Type.String({ minLength: 1, maxLength: 20 })),
    /** The code of a type-11 price field and its value. */
    price_field: Type.Optional(Type.String({ minLength: 1, maxLength: 60 })),
    price: Type.Optional(Money),
  },
  { additionalProperties: false },
);
export type NewProduct = Type.Static<typeof NewProduct>;

/** One arrival line: a catalogue product (product_id) or a new one (new_product), exactly one of them. */
export const ArrivalLine = Type.Object(
  {
    product_id: Type.Optional(Id),
    new_product: Type.Optional(NewProduct),
    count: Quantity,
    cost_price: Type.Optional(Money),
    batch: Type.Optional(Type.String({ maxLength: 120 })),
    /** The user chose to add to the batch of that number that already exists ('Existing batch'). */
    add_to_existing: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type ArrivalLine = Type.Static<typeof ArrivalLine>;

export const ArrivalDocumentRequest = Type.Object(
  { warehouse_id: Id, comment: Type.Optional(Comment), lines: Type.Array(ArrivalLine, { minItems: 1, maxItems: MAX_LINES }) },
  { additionalProperties: false },
);
export type ArrivalDocumentRequest = Type.Static<typeof ArrivalDocumentRequest>;

/** A line that takes goods out of a batch: write-off and move. */
export const BatchLine = Type.Object({ batch_id: Id, count: Quantity }, { additionalProperties: false });
export type BatchLine = Type.Static<typeof BatchLine>;

export const WriteOffDocumentRequest = Type.Object(
  { warehouse_id: Id, comment: Comment, lines: Type.Array(BatchLine, { minItems: 1, maxItems: MAX_LINES }) },
  { additionalProperties: false },
);
export type WriteOffDocumentRequest = Type.Static<typeof WriteOffDocumentRequest>;

export const MoveDocumentRequest = Type.Object(
  {
    from_warehouse_id: Id,
    to_warehouse_id: Id,
    /** 'now': the goods are in the destination at once; 'transit': sent now, received later (or cancelled). */
    mode: Type.Union([Type.Literal('now'), Type.Literal('transit')]),
    comment: Type.Optional(Comment),
    lines: Type.Array(BatchLine, { minItems: 1, maxItems: MAX_LINES }),
  },
  { additionalProperties: false },
);
export type MoveDocumentRequest = Type.Static<typeof MoveDocumentRequest>;

export const DocumentStatus = Type.Union([Type.Literal('done'), Type.Literal('in_transit'), Type.Literal('received'), Type.Literal('cancelled')]);

export const StockDocument = Type.Object({
  id: Type.Integer(),
  kind: Type.Union([Type.Literal('arrival'), Type.Literal('write_off'), Type.Literal('move')]),
  status: DocumentStatus,
  from_warehouse_id: Type.Union([Type.Integer(), Type.Null()]),
  to_warehouse_id: Type.Union([Type.Integer(), Type.Null()]),
  user_id: Type.Union([Type.Integer(), Type.Null()]),
  comment: Type.String(),
  created_at: Type.String(),
  lines: Type.Integer(),
});
export type StockDocument = Type.Static<typeof StockDocument>;

/** One product's goods of a move in transit. */
export const TransitLine = Type.Object({
  product_id: Type.Integer(),
  name: Type.String(),
  article: Type.String(),
  unit: Type.String(),
  batch: Type.String(),
  count: Type.Number(),
});
export type TransitLine = Type.Static<typeof TransitLine>;

/** A move sent and not yet received or cancelled. */
export const Transit = Type.Object({
  id: Type.Integer(),
  from_warehouse_id: Type.Integer(),
  to_warehouse_id: Type.Integer(),
  comment: Type.String(),
  created_at: Type.String(),
  lines: Type.Array(TransitLine),
});
export type Transit = Type.Static<typeof Transit>;

export const TransitList = Type.Array(Transit);
export type TransitList = Type.Static<typeof TransitList>;

/** Asked as the user types a batch number: does that product already have it in that warehouse? */
export const BatchCheckQuery = Type.Object({ product_id: Id, warehouse_id: Id, batch: Type.String({ maxLength: 120 }) }, { additionalProperties: false });
export const BatchCheck = Type.Object({ exists: Type.Boolean(), batch_id: Type.Union([Type.Integer(), Type.Null()]), count: Type.Number() });
export type BatchCheck = Type.Static<typeof BatchCheck>;

/** Percent change bounds: a price can fall to zero, or grow tenfold, in one step. */
export const MAX_PERCENT = 1000;

/** The price-edit overlay: one price type of many products set to a value, or changed by a percentage (rounded to kopecks). */
export const PriceEditRequest = Type.Object(
  {
    product_ids: Type.Array(Id, { minItems: 1, maxItems: MAX_LINES, uniqueItems: true }),
    price_field: Type.String({ minLength: 1, maxLength: 60 }),
    change: Type.Union([
      Type.Object({ set: Money }, { additionalProperties: false }),
      Type.Object({ percent: Type.Number({ minimum: -100, maximum: MAX_PERCENT, multipleOf: 0.01 }) }, { additionalProperties: false }),
    ]),
    /** The spec's 'Change the price in open deals too?': yes reprices positions of open orders, in the same transaction. */
    update_open_deals: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type PriceEditRequest = Type.Static<typeof PriceEditRequest>;

export const PriceEditResult = Type.Object({
  prices: Type.Array(Type.Object({ product_id: Type.Integer(), cost: Type.Number() })),
  orders_repriced: Type.Integer(),
});
export type PriceEditResult = Type.Static<typeof PriceEditResult>;
