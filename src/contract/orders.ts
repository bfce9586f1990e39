import Type from 'typebox';
import { Id } from './catalogue';
import { MAX_PRICE, Nullable, PageLinks, PageMeta } from './common';
import { FacilityRef } from './facilities';

/** CRM-linked order statuses (spec 2 §4): 0 opened, 1 reserved, 2 success, 3 unsuccessful, 4 deleted. */
export const CrmStatus = Type.Integer({ minimum: 0, maximum: 4 });

/** A CRM deal id: amoCRM/Kommo and Bitrix24 deal ids are positive 32-bit integers. */
export const LeadId = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

/** What an order's positions currently do to stock. */
export const StockState = Type.Union([Type.Literal('none'), Type.Literal('reserved'), Type.Literal('written_off'), Type.Literal('stocked'), Type.Literal('refunded')]);
export type StockState = Type.Static<typeof StockState>;

/** Quantities are kept in thousandths of a unit (numeric(14,3)): a finer one is refused, not rounded away to nothing. */
// At least one thousandth: a tinier positive number (5e-324) passes a multipleOf check within its precision, then rounds to 0.
const Quantity = Type.Number({ minimum: 0.001, maximum: 1_000_000_000, multipleOf: 0.001 });
const Money = Type.Number({ minimum: 0, maximum: MAX_PRICE });
const Name = Type.String({ maxLength: 500 });
const Tags = Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 100 });
const Values = Type.Record(Type.String({ maxLength: 100 }), Type.Unknown(), { maxProperties: 1000 });

export const CustomerLink = Type.Object({ id: Type.Integer(), name: Type.String() });

/** One position of an order: a product (taken from a warehouse) or a service. */
export const OrderPosition = Type.Object({
  id: Type.Integer(),
  order_id: Type.Integer(),
  product_id: Type.Integer(),
  /** The identifier the deal widget sends: `id%%%warehouseCode` for goods, the plain id for services. */
  identifier: Type.String(),
  name: Type.String(),
  article: Type.String(),
  type: Type.Union([Type.Literal('product'), Type.Literal('service')]),
  unit: Type.String(),
  category_id: Nullable(Type.Integer()),
  warehouse_id: Nullable(Type.Integer()),
  warehouse_code: Nullable(Type.String()),
  warehouse_name: Nullable(Type.String()),
  /** Code of the chosen price field (a type-11 product field). */
  price_field: Type.String(),
  price: Type.Number(),
  currency: Type.String(),
  count: Type.Number(),
  nds: Type.Number(),
  cost_price: Type.Number(),
  /** price × count. */
  sum: Type.Number(),
  reserved: Type.Number(),
  written_off: Type.Number(),
  /** What could be taken: stock available in the position's warehouse plus what this position already holds (null for services). */
  available: Nullable(Type.Number()),
  /** The product's field values (prices, images, …) with the position's own edits laid over; public-invisible ones left out for public callers. */
  fields: Values,
});
export type OrderPosition = Type.Static<typeof OrderPosition>;

/**
 * Who changed the order last and when (staff answers; null for an order from before this was recorded): a staff
 * member (name null when the user is gone) or the public customer (their name; null for an anonymous link).
 */
export const LastChange = Nullable(
  Type.Object({ by: Type.Union([Type.Literal('staff'), Type.Literal('customer')]), name: Nullable(Type.String()), at: Type.String() }),
);
export type LastChange = Type.Static<typeof LastChange>;

export const Order = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** Custom order field values by code; name is also here, as the client reads fields.name. */
  fields: Values,
  pipeline_id: Nullable(Type.Integer()),
  status_id: Nullable(Type.Integer()),
  status_name: Nullable(Type.String()),
  /** The order status type of a local order's stage: stage type + 1 (null for CRM-linked orders). */
  status_type: Nullable(Type.Integer()),
  lead_id: Nullable(Type.Integer()),
  /** CRM-linked orders only: 0 opened, 1 reserved, 2 success, 3 unsuccessful, 4 deleted. */
  status: Nullable(Type.Integer()),
  user_id: Nullable(Type.Integer()),
  user_name: Nullable(Type.String()),
  company: Nullable(CustomerLink),
  contacts: Type.Array(CustomerLink),
  /** The facility (object) the order's goods go to; staff answers always carry it (null for none). */
  facility: Type.Optional(Nullable(FacilityRef)),
  sum: Type.Number(),
  budget: Type.Number(),
  cost_price: Type.Number(),
  profit: Type.Number(),
  currency: Type.String(),
  tags: Type.Array(Type.String()),
  stock_state: StockState,
  /** Positions may not change in the current stage (a blocking stage, or goods written off). */
  products_locked: Type.Boolean(),
  public: Type.Boolean(),
  archived: Type.Boolean(),
  /** Grows on every change; send it back with orders/update. */
  version: Type.Integer(),
  created_at: Type.String(),
  updated_at: Type.String(),
  last_change: Type.Optional(LastChange),
});
export type Order = Type.Static<typeof Order>;

export const OrderWithPositions = Type.Intersect([Order, Type.Object({ positions: Type.Array(OrderPosition) })]);
export type OrderWithPositions = Type.Static<typeof OrderWithPositions>;

export const OrderSortField = Type.Union([
  Type.Literal('id'),
  Type.Literal('name'),
  Type.Literal('created_at'),
  Type.Literal('updated_at'),
  Type.Literal('sum'),
  Type.Literal('profit'),
  Type.Literal('status_id'),
]);

export const OrderListRequest = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
    per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
    filter: Type.Optional(
      Type.Object(
        {
          search: Type.Optional(Type.String({ maxLength: 200 })),
          /** -1 (the synthetic 'All') or absent: every pipeline. */
          pipeline_id: Type.Optional(Type.Integer({ minimum: -1, maximum: 2_147_483_647 })),
          status_ids: Type.Optional(Type.Array(Id, { maxItems: 200 })),
          /** Leave out orders in final stages (success and unsuccessful; for CRM orders statuses 2–4). */
          hide_final: Type.Optional(Type.Boolean()),
          contact_id: Type.Optional(Id),
          company_id: Type.Optional(Id),
          user_id: Type.Optional(Id),
          /** 'local' (in a pipeline) or 'crm' (linked to a deal). */
          kind: Type.Optional(Type.Union([Type.Literal('local'), Type.Literal('crm')])),
          archived: Type.Optional(Type.Boolean()),
          created_from: Type.Optional(Type.String({ format: 'date-time' })),
          created_to: Type.Optional(Type.String({ format: 'date-time' })),
        },
        { additionalProperties: false },
      ),
    ),
    sort: Type.Optional(Type.Object({ field: OrderSortField, order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])) }, { additionalProperties: false })),
  },
  { additionalProperties: false },
);
export type OrderListRequest = Type.Static<typeof OrderListRequest>;

/** The orders screen's search counts its matches up to this many (orders/list answers total_capped past it). */
export const ORDER_SEARCH_TOTAL_CAP = 1000;

/**
 * A page's meta; total_capped: true when the orders screen's search stopped counting (total is then a lower bound:
 * there are more than `total` matches, and last_page is the next page that surely exists).
 */
export const OrderListMeta = Type.Object({ ...PageMeta.properties, total_capped: Type.Optional(Type.Boolean()) });
export type OrderListMeta = Type.Static<typeof OrderListMeta>;
export const OrderList = Type.Object({ data: Type.Array(Order), links: PageLinks, meta: OrderListMeta });
export type OrderList = Type.Static<typeof OrderList>;

export const OrderIdQuery = Type.Object({ order_id: Id });
export type OrderIdQuery = Type.Static<typeof OrderIdQuery>;

/** orders/add: a local order (pipeline and stage, default: the system pipeline's first stage) or one linked to a CRM deal (lead_id). */
export const OrderAddRequest = Type.Object(
  {
    name: Type.Optional(Name),
    pipeline_id: Type.Optional(Id),
    status_id: Type.Optional(Id),
    lead_id: Type.Optional(LeadId),
    status: Type.Optional(CrmStatus),
    contact_id: Type.Optional(Nullable(Id)),
    company_id: Type.Optional(Nullable(Id)),
    fields: Type.Optional(Values),
    tags: Type.Optional(Tags),
  },
  { additionalProperties: false },
);
export type OrderAddRequest = Type.Static<typeof OrderAddRequest>;

/** A change of one position inside orders/update. */
export const PositionChange = Type.Object(
  {
    id: Id,
    count: Type.Optional(Quantity),
    price: Type.Optional(Money),
    price_field: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    nds: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
    /** Values of the product's editable fields for this position only (merged over what it holds); the catalogue product keeps its own. */
    fields: Type.Optional(Values),
  },
  { additionalProperties: false },
);
export type PositionChange = Type.Static<typeof PositionChange>;

/**
 * orders/update. version is the one the caller read: an order changed since is refused with 409.
 * A status change goes through here (status_id for local orders, status for CRM-linked ones).
 * The client drops contacts and company from the payload (spec 2 §5); they are ignored if sent —
 * the customer is set with orders/client-update.
 */
export const OrderUpdateRequest = Type.Object(
  {
    id: Id,
    version: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
    name: Type.Optional(Name),
    pipeline_id: Type.Optional(Id),
    status_id: Type.Optional(Id),
    status: Type.Optional(CrmStatus),
    fields: Type.Optional(Values),
    tags: Type.Optional(Tags),
    user_id: Type.Optional(Nullable(Id)),
    /** The facility the goods go to (null removes it); an archived one cannot be newly chosen. */
    facility_id: Type.Optional(Nullable(Id)),
    positions: Type.Optional(Type.Array(PositionChange, { maxItems: 1000 })),
    contacts: Type.Optional(Type.Unknown()),
    company: Type.Optional(Type.Unknown()),
  },
  { additionalProperties: false },
);
export type OrderUpdateRequest = Type.Static<typeof OrderUpdateRequest>;

/** orders/client-update: the order's contact, company and facility (null removes). */
export const OrderClientUpdateRequest = Type.Object(
  { id: Id, contact_id: Type.Optional(Nullable(Id)), company_id: Type.Optional(Nullable(Id)), facility_id: Type.Optional(Nullable(Id)) },
  { additionalProperties: false },
);
export type OrderClientUpdateRequest = Type.Static<typeof OrderClientUpdateRequest>;

export const OrderDeleteRequest = Type.Object({ id: Id }, { additionalProperties: false });

/** orders/product/add (spec 2 §5): product identifier (`id%%%warehouseCode` or the plain id), quantity default 1. */
export const PositionAddRequest = Type.Object(
  {
    order_id: Id,
    product: Type.Union([Type.String({ minLength: 1, maxLength: 200 }), Id]),
    quantity: Type.Optional(Quantity),
    price_field: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  },
  { additionalProperties: false },
);
export type PositionAddRequest = Type.Static<typeof PositionAddRequest>;

export const PositionDeleteRequest = Type.Object({ id: Id, order_id: Type.Optional(Id) }, { additionalProperties: false });
export type PositionDeleteRequest = Type.Static<typeof PositionDeleteRequest>;

export const ProductsAutocompleteQuery = Type.Object({ q: Type.String({ maxLength: 200 }), leadId: Type.Optional(LeadId) });

/** A product offered for a deal, with its stock per warehouse (the identifier of each choice ready to send). */
export const DealProduct = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  article: Type.String(),
  type: Type.Union([Type.Literal('product'), Type.Literal('service')]),
  unit: Type.String(),
  category_id: Nullable(Type.Integer()),
  price: Type.Number(),
  currency: Type.String(),
  available: Nullable(Type.Number()),
  warehouses: Type.Array(Type.Object({ id: Type.Integer(), code: Type.String(), name: Type.String(), available: Type.Number(), identifier: Type.String() })),
  fields: Values,
  /** The price field (type 11) price and currency come from: the account's first; null when it has none. */
  price_field: Type.Optional(Nullable(Type.String())),
  /** Autocomplete with a leadId: how much of the product that deal's order already holds (0 when none). */
  in_order: Type.Optional(Type.Number()),
});
export type DealProduct = Type.Static<typeof DealProduct>;

export const FilteredProductsRequest = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
    per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
    category_id: Type.Optional(Nullable(Id)),
    search: Type.Optional(Type.String({ maxLength: 200 })),
    warehouse_id: Type.Optional(Id),
    in_stock: Type.Optional(Type.Boolean()),
    type: Type.Optional(Type.Union([Type.Literal('product'), Type.Literal('service')])),
    /** Field filters: code → the value to match (text contains; numbers and flags equal). */
    fields: Type.Optional(Type.Record(Type.String({ maxLength: 100 }), Type.Union([Type.String({ maxLength: 200 }), Type.Number(), Type.Boolean()]))),
  },
  { additionalProperties: false },
);
export type FilteredProductsRequest = Type.Static<typeof FilteredProductsRequest>;

export const DealProductList = Type.Object({ data: Type.Array(DealProduct), links: PageLinks, meta: PageMeta });
export type DealProductList = Type.Static<typeof DealProductList>;

/** orders/products/filtered/config: which product fields the deal's product filter offers, in order. */
export const FilteredConfig = Type.Object({ fields: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 100 }) }, { additionalProperties: false });
export type FilteredConfig = Type.Static<typeof FilteredConfig>;

export const OrderTableConfigRequest = Type.Object({ value: Type.Unknown() }, { additionalProperties: false });

export const RefundQuery = Type.Object({ id: Id });

/* ------------------------------------------------------------------ deal screen catalogue (orders/categories, orders/fields, …) */

/** orders/category/list: one category of the flat list (parents before their subcategories, siblings in sort order). */
export const CategoryListItem = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  parent_id: Nullable(Type.Integer()),
  image_url: Nullable(Type.String()),
  sort: Type.Integer(),
  /** Ids from the root down to this category. */
  levels: Type.Array(Type.Integer()),
});
export type CategoryListItem = Type.Static<typeof CategoryListItem>;
