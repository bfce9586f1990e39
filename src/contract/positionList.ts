import Type from 'typebox';
import { Id } from './catalogue';
import { Nullable, PageLinks, PageMeta } from './common';
import { StockState } from './orders';

/** An ISO timestamp; the range is [date_from, date_to): the shell sends a chosen local day's start and the next day's start. */
const DateText = Type.String({ format: 'date-time' });

/** What the list sorts by; created_at (newest first) unless asked. */
export const PositionSortField = Type.Union([Type.Literal('created_at'), Type.Literal('quantity'), Type.Literal('price'), Type.Literal('sum'), Type.Literal('order_id')]);
export type PositionSortField = Type.Static<typeof PositionSortField>;

/** orders/positions/list: every order position of the account, filtered, sorted and paged on the server. */
export const PositionListRequest = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
    per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
    filter: Type.Optional(
      Type.Object(
        {
          product_id: Type.Optional(Id),
          warehouse_id: Type.Optional(Id),
          pipeline_id: Type.Optional(Id),
          status_id: Type.Optional(Id),
          date_from: Type.Optional(DateText),
          date_to: Type.Optional(DateText),
        },
        { additionalProperties: false },
      ),
    ),
    sort: Type.Optional(
      Type.Object(
        { field: PositionSortField, order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])) },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type PositionListRequest = Type.Static<typeof PositionListRequest>;
export type PositionListFilter = NonNullable<PositionListRequest['filter']>;

/** One row of the positions list: the position, its product, its order and where the order stands. */
export const PositionRow = Type.Object({
  id: Type.Integer(),
  order_id: Type.Integer(),
  order_name: Type.String(),
  /** An archived order still holds what it reserved, so its positions stay in this list, marked. */
  order_archived: Type.Boolean(),
  pipeline_id: Nullable(Type.Integer()),
  status_id: Nullable(Type.Integer()),
  status_name: Nullable(Type.String()),
  /** CRM-linked orders: 0 opened, 1 reserved, 2 success, 3 unsuccessful, 4 deleted. */
  crm_status: Nullable(Type.Integer()),
  stock_state: StockState,
  product_id: Type.Integer(),
  product_name: Type.String(),
  article: Type.String(),
  type: Type.Union([Type.Literal('product'), Type.Literal('service')]),
  unit: Type.String(),
  warehouse_id: Nullable(Type.Integer()),
  warehouse_name: Nullable(Type.String()),
  /** The batch numbers the position holds or took its goods from, comma-separated ('' when none). */
  batches: Type.String(),
  quantity: Type.Number(),
  reserved: Type.Number(),
  written_off: Type.Number(),
  price: Type.Number(),
  currency: Type.String(),
  sum: Type.Number(),
  /** The order's responsible employee. */
  user_id: Nullable(Type.Integer()),
  user_name: Nullable(Type.String()),
  created_at: Type.String(),
});
export type PositionRow = Type.Static<typeof PositionRow>;

export const PositionList = Type.Object({ data: Type.Array(PositionRow), links: PageLinks, meta: PageMeta });
export type PositionList = Type.Static<typeof PositionList>;
