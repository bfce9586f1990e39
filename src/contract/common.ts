import Type from 'typebox';

/**
 * Contracts are TypeBox schemas: the server validates with them, the clients import only their
 * static types (`import type`), so no schema code reaches the browser bundles.
 */

/**
 * A value or null. Null comes first: the server's validator coerces types (query strings are text),
 * and with the value first it would turn a JSON null into "" instead of keeping it null.
 */
export const Nullable = <T extends Type.TSchema>(schema: T) => Type.Union([Type.Null(), schema]);

export const ErrorBody = Type.Object({ error: Type.String() }, { additionalProperties: true });
export type ErrorBody = Type.Static<typeof ErrorBody>;

export const SuccessFlag = Type.Object(
  { success: Type.Boolean(), message: Type.Optional(Type.String()), error: Type.Optional(Type.String()) },
  { additionalProperties: true },
);
export type SuccessFlag = Type.Static<typeof SuccessFlag>;

export const PageLinks = Type.Object({
  first: Type.Union([Type.String(), Type.Null()]),
  prev: Type.Union([Type.String(), Type.Null()]),
  next: Type.Union([Type.String(), Type.Null()]),
  last: Type.Union([Type.String(), Type.Null()]),
});
export type PageLinks = Type.Static<typeof PageLinks>;

export const PageMeta = Type.Object({
  current_page: Type.Integer(),
  last_page: Type.Optional(Type.Integer()),
  per_page: Type.Optional(Type.Integer()),
  total: Type.Optional(Type.Integer()),
});
export type PageMeta = Type.Static<typeof PageMeta>;

/** A paged list answer: data, links, meta (product/list, contact/list, company/list, widget lists). */
export interface Paged<T> {
  data: T[];
  links: PageLinks;
  meta: PageMeta;
}

export const PageRequest = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
  filter: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  sort: Type.Optional(Type.Union([Type.String(), Type.Record(Type.String(), Type.Union([Type.Literal('asc'), Type.Literal('desc')]))])),
});
export type PageRequest = Type.Static<typeof PageRequest>;

/**
 * The documented maximum of a price or cost (one billion in the price's currency): a position's price
 * column holds 12 digits before the point, and a price times a quantity must still fit an order's sum.
 */
export const MAX_PRICE = 1_000_000_000;

/** The order a stock ledger row was written for, and the order's name when it was: the screens say "Order N: name" in the user's language. */
export const LedgerOrder = Type.Object({ id: Type.Integer(), name: Type.String() });
export type LedgerOrder = Type.Static<typeof LedgerOrder>;
