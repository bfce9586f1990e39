import Type from 'typebox';
import { Id } from './catalogue';
import { MAX_PRICE, Nullable, PageLinks, PageMeta } from './common';
import { ProductType } from './stock';

/**
 * The stock screen's table (/remnants): products and services with their balances in the chosen warehouses,
 * one row per product with its batch rows nested (a page holds at most 200 products, each with a few batches,
 * so expanding a row needs no second request and the page costs one round trip).
 */

/** Which warehouses the balances count: every one, the account's main one, or one by id. */
export const WarehouseChoice = Type.Union([Type.Literal('all'), Type.Literal('main'), Id]);
export type WarehouseChoice = Type.Static<typeof WarehouseChoice>;

const Quantity = Type.Number({ minimum: 0, maximum: 1e12 });
const Money = Type.Number({ minimum: 0, maximum: MAX_PRICE });
/** A price field's code (type 11), as product values are keyed. */
const FieldCode = Type.String({ minLength: 1, maxLength: 60, pattern: '^[A-Za-z0-9_-]+$' });

export const STOCK_SORT_FIELDS = ['id', 'name', 'article', 'type', 'unit', 'category', 'batch', 'warehouse', 'count', 'reserve', 'available', 'cost_price', 'created_at'] as const;
export type StockSortColumn = (typeof STOCK_SORT_FIELDS)[number];
/** A built-in column, or `price:<code>` for a price type's column. */
export const StockSortField = Type.Union([...STOCK_SORT_FIELDS.map((field) => Type.Literal(field)), Type.String({ pattern: '^price:[A-Za-z0-9_-]{1,60}$', maxLength: 66 })]);
export type StockSortField = StockSortColumn | `price:${string}`;

export const StockListFilter = Type.Object(
  {
    /** Name, article or batch number contains the text. */
    search: Type.Optional(Type.String({ maxLength: 200 })),
    /** The category and all its sub-categories. */
    category_id: Type.Optional(Id),
    /** Only rows with a positive quantity in stock in the chosen warehouses. */
    positive: Type.Optional(Type.Boolean()),
    type: Type.Optional(ProductType),
    /** Any of these tags. */
    tags: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 60 }), { maxItems: 20 })),
    /** Price range of one price type (the first price type when no field is named). */
    price_field: Type.Optional(FieldCode),
    price_min: Type.Optional(Money),
    price_max: Type.Optional(Money),
    /** Range of the quantity in stock in the chosen warehouses. */
    count_min: Type.Optional(Quantity),
    count_max: Type.Optional(Quantity),
  },
  { additionalProperties: false },
);
export type StockListFilter = Type.Static<typeof StockListFilter>;

export const StockListRequest = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
    per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
    warehouse: Type.Optional(WarehouseChoice),
    filter: Type.Optional(StockListFilter),
    sort: Type.Optional(Type.Object({ field: StockSortField, order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])) }, { additionalProperties: false })),
  },
  { additionalProperties: false },
);
export type StockListRequest = Omit<Type.Static<typeof StockListRequest>, 'sort'> & { sort?: { field: StockSortField; order?: 'asc' | 'desc' } };

export const StockBatchRow = Type.Object({
  id: Type.Integer(),
  warehouse_id: Type.Integer(),
  warehouse_name: Type.String(),
  number: Type.String(),
  count: Type.Number(),
  reserve: Type.Number(),
  available: Type.Number(),
  cost_price: Type.Number(),
  created_at: Type.String(),
});
export type StockBatchRow = Type.Static<typeof StockBatchRow>;

export const StockRow = Type.Object({
  id: Type.Integer(),
  type: ProductType,
  name: Type.String(),
  article: Type.String(),
  unit: Type.String(),
  category_id: Nullable(Type.Integer()),
  category_name: Nullable(Type.String()),
  tags: Type.Array(Type.String()),
  /** Each price type's cost by field code (null: not set). */
  prices: Type.Record(Type.String(), Nullable(Type.Number())),
  count: Type.Number(),
  reserve: Type.Number(),
  available: Type.Number(),
  /** Average cost price of the units in stock (null with nothing in stock and no batch). */
  cost_price: Nullable(Type.Number()),
  /** The batch number and warehouse when the product has exactly one batch row here (null: none or several). */
  batch: Nullable(Type.String()),
  warehouse_name: Nullable(Type.String()),
  batches: Type.Array(StockBatchRow),
  created_at: Type.String(),
});
export type StockRow = Type.Static<typeof StockRow>;

export const PriceColumn = Type.Object({ code: Type.String(), name: Type.String() });
export type PriceColumn = Type.Static<typeof PriceColumn>;

/**
 * How far a filtered list counts its matches where it counts at all (a page past the end, a search the name walk did
 * not answer): past it the answer says "1,000+" instead of reading every match. Other filtered pages read one row past
 * themselves and say "at least" the rows to their end (server/modules/products/stockList.ts).
 */
export const STOCK_COUNT_CAP = 1000;

/**
 * The page meta of the stock list. With total_is_estimate the filter matches more rows than were counted: total is a
 * lower bound (at least the cap, and always past this page, so there is a next page) and last_page is not known
 * (links.last is null; last_page is only the last page the counted rows reach, kept for callers that read it).
 * A text search alone does not count: total is the rows up to its page's end while another page follows, and exact
 * on its last page. product/stock-totals counts every match (`products`).
 */
export const StockListMeta = Type.Object({
  ...PageMeta.properties,
  total_is_estimate: Type.Optional(Type.Boolean()),
});
export type StockListMeta = Type.Static<typeof StockListMeta>;

export const StockList = Type.Object({ data: Type.Array(StockRow), price_fields: Type.Array(PriceColumn), links: PageLinks, meta: StockListMeta });
export type StockList = Type.Static<typeof StockList>;

/** The totals row of the current filter: quantity, cost value Σ count×cost, sale value Σ count×first price. */
export const StockTotals = Type.Object({ count: Type.Number(), reserve: Type.Number(), available: Type.Number(), cost_value: Type.Number(), sale_value: Type.Number(), products: Type.Integer() });
export type StockTotals = Type.Static<typeof StockTotals>;

/** The export: the list's warehouse, filter and sort, the visible columns in order, and the selection (if any). */
export const StockExportRequest = Type.Object(
  {
    warehouse: Type.Optional(WarehouseChoice),
    filter: Type.Optional(StockListFilter),
    sort: Type.Optional(Type.Object({ field: StockSortField, order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])) }, { additionalProperties: false })),
    columns: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 66 }), { maxItems: 100 })),
    ids: Type.Optional(Type.Array(Id, { maxItems: 10_000 })),
  },
  { additionalProperties: false },
);
export type StockExportRequest = Omit<StockListRequest, 'page' | 'per_page'> & { columns?: string[]; ids?: number[] };

export const StockArchiveRequest = Type.Object({ ids: Type.Array(Id, { minItems: 1, maxItems: 500 }) }, { additionalProperties: false });
export type StockArchiveRequest = Type.Static<typeof StockArchiveRequest>;
