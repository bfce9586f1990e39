import Type from 'typebox';
import { Id } from './catalogue';
import { Nullable, PageLinks, PageMeta } from './common';
import { CustomerOrder, CustomerRef } from './customers';

/**
 * Facilities (objects, issue 13 §6): the places an account's goods go — a customer's sites. Listed, searched
 * and archived like customers; an order and a write-off can name one, and a facility's page shows those orders
 * and the goods delivered there. The name has no minLength: an empty one is answered 'Empty field' with
 * `fields.name`, as customers are, so the client can show it by its input.
 */

const facilityTexts = {
  name: Type.String({ maxLength: 300 }),
  address: Type.String({ maxLength: 1000 }),
  notes: Type.String({ maxLength: 5000 }),
};

const facilityInput = {
  name: Type.Optional(facilityTexts.name),
  address: Type.Optional(facilityTexts.address),
  /** A company and a contact of the same account; null removes one. */
  company_id: Type.Optional(Nullable(Id)),
  contact_id: Type.Optional(Nullable(Id)),
  notes: Type.Optional(facilityTexts.notes),
};

/** facility/add: name required (checked by the server), the rest optional. A facility starts unarchived. */
export const FacilityAddRequest = Type.Object(facilityInput, { additionalProperties: false });
export type FacilityAddRequest = Type.Static<typeof FacilityAddRequest>;
/** facility/update: only the given keys change. */
export const FacilityUpdateRequest = Type.Object({ id: Id, ...facilityInput }, { additionalProperties: false });
export type FacilityUpdateRequest = Type.Static<typeof FacilityUpdateRequest>;

/** facility/archive, facility/unarchive. */
export const FacilityIdRequest = Type.Object({ id: Id }, { additionalProperties: false });
export type FacilityIdRequest = Type.Static<typeof FacilityIdRequest>;
export const FacilityIdQuery = Type.Object({ id: Id });
export type FacilityIdQuery = Type.Static<typeof FacilityIdQuery>;

export const Facility = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  address: Type.String(),
  company: Nullable(CustomerRef),
  contact: Nullable(CustomerRef),
  notes: Type.String(),
  archived: Type.Boolean(),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type Facility = Type.Static<typeof Facility>;

/** A facility as an order names it. */
export const FacilityRef = Type.Object({ id: Type.Integer(), name: Type.String(), address: Type.String(), archived: Type.Boolean() });
export type FacilityRef = Type.Static<typeof FacilityRef>;

const pageParts = { page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })), per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })) };

/** facility/list: page, filter (part of the name or address; archived — false unless asked), sort → data, links, meta. */
export const FacilityListRequest = Type.Object(
  {
    ...pageParts,
    filter: Type.Optional(
      Type.Object({ search: Type.Optional(Type.String({ maxLength: 200 })), archived: Type.Optional(Type.Boolean()), company_id: Type.Optional(Id) }, { additionalProperties: false }),
    ),
    sort: Type.Optional(
      Type.Object(
        {
          field: Type.Union([Type.Literal('name'), Type.Literal('created_at'), Type.Literal('id')]),
          order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type FacilityListRequest = Type.Static<typeof FacilityListRequest>;
export const FacilityList = Type.Object({ data: Type.Array(Facility), links: PageLinks, meta: PageMeta });
export type FacilityList = Type.Static<typeof FacilityList>;

/** facility/orders: the orders naming the facility, newest first (the shape of a customer's order history). */
export const FacilityPageQuery = Type.Object({ id: Id, ...pageParts });
export type FacilityPageQuery = Type.Static<typeof FacilityPageQuery>;
export const FacilityOrderList = Type.Object({ data: Type.Array(CustomerOrder), links: PageLinks, meta: PageMeta });
export type FacilityOrderList = Type.Static<typeof FacilityOrderList>;

/**
 * A line of goods delivered to the facility: a written-off position of an order naming it (valued at the
 * order's price) or a write-off naming it (valued at the batch's cost, as the ledger values it).
 */
export const FacilityGoodsLine = Type.Object({
  source: Type.Union([Type.Literal('order'), Type.Literal('write_off')]),
  order_id: Nullable(Type.Integer()),
  order_name: Nullable(Type.String()),
  product_id: Type.Integer(),
  name: Type.String(),
  article: Type.String(),
  quantity: Type.Number(),
  price: Type.Number(),
  sum: Type.Number(),
  date: Type.String(),
});
export type FacilityGoodsLine = Type.Static<typeof FacilityGoodsLine>;
/** facility/goods: a page of lines, newest first, and the totals of all of them. */
export const FacilityGoods = Type.Object({
  data: Type.Array(FacilityGoodsLine),
  totals: Type.Object({ quantity: Type.Number(), sum: Type.Number() }),
  links: PageLinks,
  meta: PageMeta,
});
export type FacilityGoods = Type.Static<typeof FacilityGoods>;
