import Type from 'typebox';
import { FieldDefinition, Id } from './catalogue';
import { Nullable, PageLinks, PageMeta } from './common';
import { CategoryListItem, DealProduct, FilteredProductsRequest, LeadId, OrderPosition, OrderWithPositions } from './orders';
import { Warehouse } from './stock';

/**
 * Calls of the CRM-side widget host (spec 2 §7 "Deal widget and order products"), served under
 * /integration/widget/… and, for Bitrix24, the same handlers under /integration/bitrix/widget/….
 * Query names follow the client: leadId and productId in camel case, category_id, page and per_page.
 */

/** Paging as the deal's product list (orders/products/filtered) takes it. */
const { page, per_page } = FilteredProductsRequest.properties;

/** widget/products and widget/products-v2: one page of a category's products (20 per page, page 1 by default). */
export const WidgetProductsQuery = Type.Object({ category_id: Type.Optional(Id), page, per_page });
export type WidgetProductsQuery = Type.Static<typeof WidgetProductsQuery>;

/**
 * widget/products-v2: one level of the catalogue — the products placed directly in the category (at
 * the root when no category_id) and its direct subcategories, so the widget can draw folders and goods.
 */
export const WidgetProductListV2 = Type.Object({ data: Type.Array(DealProduct), links: PageLinks, meta: PageMeta, categories: Type.Array(CategoryListItem) });
export type WidgetProductListV2 = Type.Static<typeof WidgetProductListV2>;

/**
 * widget/products/filtered: the positions of the order linked to a deal. Without a staff token the
 * request must be signed: amoCRM's X-Auth-Token header, or account + ts (Unix seconds) + sig (hex
 * HMAC-SHA256 of `<leadId>.<ts>` with the account's widget key).
 */
export const WidgetLeadQuery = Type.Object({
  leadId: LeadId,
  page,
  per_page,
  account: Type.Optional(Id),
  ts: Type.Optional(Type.Integer({ minimum: 0, maximum: 99_999_999_999 })),
  sig: Type.Optional(Type.String({ minLength: 1, maxLength: 128, pattern: '^[0-9a-fA-F]+$' })),
});
export type WidgetLeadQuery = Type.Static<typeof WidgetLeadQuery>;

/** A position as shown without a token: what the deal holds, and nothing of cost prices, stock or product field values. */
export const WidgetLeadPosition = Type.Pick(OrderPosition, [
  'id',
  'product_id',
  'identifier',
  'name',
  'article',
  'type',
  'unit',
  'warehouse_code',
  'warehouse_name',
  'price',
  'currency',
  'count',
  'sum',
]);
export type WidgetLeadPosition = Type.Static<typeof WidgetLeadPosition>;

export const WidgetLeadProducts = Type.Object({ data: Type.Array(WidgetLeadPosition), links: PageLinks, meta: PageMeta });
export type WidgetLeadProducts = Type.Static<typeof WidgetLeadProducts>;

/** widget/autocomplete: an empty, blank or missing q answers an empty list. */
export const WidgetAutocompleteQuery = Type.Object({ q: Type.Optional(Type.String({ maxLength: 200 })) });
export type WidgetAutocompleteQuery = Type.Static<typeof WidgetAutocompleteQuery>;

/** widget/add-product: productId is `id%%%warehouseCode` for goods from a chosen warehouse, the plain id otherwise (URL-encoded). */
export const WidgetAddProductQuery = Type.Object({
  productId: Type.String({ minLength: 1, maxLength: 200 }),
  leadId: LeadId,
  quantity: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1_000_000_000 })),
});
export type WidgetAddProductQuery = Type.Static<typeof WidgetAddProductQuery>;

export const WidgetAddProductAnswer = Type.Object({ success: Type.Boolean(), order: OrderWithPositions });
export type WidgetAddProductAnswer = Type.Static<typeof WidgetAddProductAnswer>;

/**
 * widget/get-products: the deal's positions as an HTML fragment for the CRM card; every value in it is HTML-escaped.
 * lang: the CRM's language, which the widget shows (issue 19); without it the user's own.
 */
export const WidgetLeadIdQuery = Type.Object({ leadId: LeadId, lang: Type.Optional(Type.Union([Type.Literal('en'), Type.Literal('ru')])) });
export type WidgetLeadIdQuery = Type.Static<typeof WidgetLeadIdQuery>;

export const WidgetProductsHtml = Type.Object({ success: Type.Boolean(), data: Type.Object({ html: Type.String() }) });
export type WidgetProductsHtml = Type.Static<typeof WidgetProductsHtml>;

/** widget/config: what the widget needs to draw itself for a deal and a category. */
export const WidgetConfigQuery = Type.Object({ category_id: Type.Optional(Id), leadId: Type.Optional(LeadId) });
export type WidgetConfigQuery = Type.Static<typeof WidgetConfigQuery>;

export const WidgetConfig = Type.Object({
  lead_id: Nullable(Type.Integer()),
  /** The order linked to the deal, null until the first product is added. */
  order_id: Nullable(Type.Integer()),
  /** The order's positions may not change at its stage (or its goods are gone). */
  products_locked: Type.Boolean(),
  /** The add button stays disabled: products locked, or the user may not change orders. */
  disable_add: Type.Boolean(),
  per_page: Type.Integer(),
  currency: Type.String(),
  category: Nullable(CategoryListItem),
  subcategories: Type.Array(CategoryListItem),
  /** Product fields shown in the widget (lead_config.visible > 0): those of the category and the levels above it, or all without a category. */
  fields: Type.Array(FieldDefinition),
  /** The price types to choose from: visible price fields (type 11). */
  price_fields: Type.Array(Type.Object({ code: Type.String(), name: Type.String() })),
  warehouses: Type.Array(Warehouse),
});
export type WidgetConfig = Type.Static<typeof WidgetConfig>;
