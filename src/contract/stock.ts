import Type from 'typebox';
import { MAX_PRICE, Nullable, PageLinks, PageMeta } from './common';
import { Id } from './catalogue';

/** Quantities: positive, at most three decimals (numeric(14,3) in the database). */
// At least one thousandth: a tinier positive number (5e-324) passes a multipleOf check within its precision, then rounds to 0.
export const Quantity = Type.Number({ minimum: 0.001, maximum: 1e9, multipleOf: 0.001 });
export const Money = Type.Number({ minimum: 0, maximum: MAX_PRICE });

export const Warehouse = Type.Object({ id: Type.Integer(), name: Type.String(), code: Type.String(), is_main: Type.Boolean() });
export type Warehouse = Type.Static<typeof Warehouse>;

export const WarehouseAddRequest = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 120 }), code: Type.Optional(Type.String({ minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9_-]+$' })), is_main: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
export type WarehouseAddRequest = Type.Static<typeof WarehouseAddRequest>;

export const WarehouseUpdateRequest = Type.Object(
  { id: Id, name: Type.Optional(Type.String({ minLength: 1, maxLength: 120 })), is_main: Type.Optional(Type.Literal(true)) },
  { additionalProperties: false },
);
export type WarehouseUpdateRequest = Type.Static<typeof WarehouseUpdateRequest>;

export const ProductType = Type.Union([Type.Literal('product'), Type.Literal('service')]);

const ProductEditable = {
  type: ProductType,
  name: Type.String({ minLength: 1, maxLength: 300 }),
  article: Type.String({ maxLength: 120 }),
  description: Type.String({ maxLength: 20_000 }),
  unit: Type.String({ minLength: 1, maxLength: 20 }),
  category_id: Nullable(Id),
  /** Field values by code (a bound keeps the code lookup within the database's parameter limit, as for customers). */
  values: Type.Record(Type.String({ maxLength: 60 }), Type.Unknown(), { maxProperties: 1000 }),
  tags: Type.Array(Type.String({ minLength: 1, maxLength: 60 }), { maxItems: 50 }),
};

export const ProductAddRequest = Type.Object(
  {
    type: Type.Optional(ProductEditable.type),
    name: ProductEditable.name,
    article: Type.Optional(ProductEditable.article),
    description: Type.Optional(ProductEditable.description),
    unit: Type.Optional(ProductEditable.unit),
    category_id: Type.Optional(ProductEditable.category_id),
    values: Type.Optional(ProductEditable.values),
    tags: Type.Optional(ProductEditable.tags),
  },
  { additionalProperties: false },
);
export type ProductAddRequest = Type.Static<typeof ProductAddRequest>;

export const ProductUpdateRequest = Type.Object(
  {
    id: Id,
    name: Type.Optional(ProductEditable.name),
    article: Type.Optional(ProductEditable.article),
    description: Type.Optional(ProductEditable.description),
    unit: Type.Optional(ProductEditable.unit),
    category_id: Type.Optional(ProductEditable.category_id),
    values: Type.Optional(ProductEditable.values),
    tags: Type.Optional(ProductEditable.tags),
    /** The updated_at the caller loaded: a product saved by someone else since is refused with 409 (nothing written). */
    updated_at: Type.Optional(Type.String({ maxLength: 40 })),
  },
  { additionalProperties: false },
);
export type ProductUpdateRequest = Type.Static<typeof ProductUpdateRequest>;

export const SetPriceRequest = Type.Object(
  {
    id: Id,
    /** Code of the type-11 price field. */
    price_field: Type.String({ minLength: 1, maxLength: 60 }),
    cost: Money,
    currency: Type.Optional(Type.String({ minLength: 3, maxLength: 3, pattern: '^[A-Za-z]{3}$' })),
    /** Also change the price in open deals: positions of this product at this price type in orders not final, not written off, not blocked. */
    update_open_deals: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type SetPriceRequest = Type.Static<typeof SetPriceRequest>;

export const Batch = Type.Object({
  id: Type.Integer(),
  warehouse_id: Type.Integer(),
  number: Type.String(),
  cost_price: Type.Number(),
  count: Type.Number(),
  reserve: Type.Number(),
  available: Type.Number(),
});
export type Batch = Type.Static<typeof Batch>;

export const Product = Type.Object({
  id: Type.Integer(),
  type: ProductType,
  name: Type.String(),
  article: Type.String(),
  description: Type.String(),
  unit: Type.String(),
  category_id: Nullable(Type.Integer()),
  values: Type.Record(Type.String(), Type.Unknown()),
  tags: Type.Array(Type.String()),
  archived: Type.Boolean(),
  count: Type.Number(),
  reserve: Type.Number(),
  available: Type.Number(),
  batches: Type.Array(Batch),
  /** Goods of the product sent between warehouses and not yet received (in neither's count); absent when none. */
  in_transit: Type.Optional(Type.Number()),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type Product = Type.Static<typeof Product>;

/** product/list: a page of products with links and meta. */
export const ProductList = Type.Object({ data: Type.Array(Product), links: PageLinks, meta: PageMeta });
export type ProductList = Type.Static<typeof ProductList>;

export const ProductListRequest = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
    per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
    filter: Type.Optional(
      Type.Object(
        {
          search: Type.Optional(Type.String({ maxLength: 200 })),
          category_id: Type.Optional(Id),
          warehouse_id: Type.Optional(Id),
          type: Type.Optional(ProductType),
          archived: Type.Optional(Type.Boolean()),
          in_stock: Type.Optional(Type.Boolean()),
        },
        { additionalProperties: false },
      ),
    ),
    sort: Type.Optional(
      Type.Object(
        {
          field: Type.Union([Type.Literal('name'), Type.Literal('article'), Type.Literal('created_at'), Type.Literal('id')]),
          order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type ProductListRequest = Type.Static<typeof ProductListRequest>;

export const ArrivalRequest = Type.Object(
  {
    product_id: Id,
    warehouse_id: Id,
    batch: Type.Optional(Type.String({ maxLength: 120 })),
    count: Quantity,
    cost_price: Type.Optional(Money),
    comment: Type.Optional(Type.String({ maxLength: 2000 })),
    /** Arriving into a batch number that already exists is flagged 'Existing batch' unless this is set. */
    add_to_existing: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type ArrivalRequest = Type.Static<typeof ArrivalRequest>;

/** facility_id: the facility (objects) the goods were delivered to, recorded on the ledger row; an archived one is refused. */
export const WriteOffRequest = Type.Object(
  { batch_id: Id, count: Quantity, comment: Type.Optional(Type.String({ maxLength: 2000 })), facility_id: Type.Optional(Id) },
  { additionalProperties: false },
);
export type WriteOffRequest = Type.Static<typeof WriteOffRequest>;

export const TransferRequest = Type.Object(
  { batch_id: Id, warehouse_id: Id, count: Quantity, comment: Type.Optional(Type.String({ maxLength: 2000 })) },
  { additionalProperties: false },
);
export type TransferRequest = Type.Static<typeof TransferRequest>;

export const AutocompleteQuery = Type.Object({ query: Type.String({ maxLength: 200 }) });
export const AutocompleteItem = Type.Object({ id: Type.Integer(), name: Type.String(), article: Type.String(), type: ProductType });
export type AutocompleteItem = Type.Static<typeof AutocompleteItem>;
