import Type from 'typebox';
import { Category, CategoryProps, Id } from './catalogue';
import { Nullable, PageLinks, PageMeta } from './common';
import { OrderFile } from './orderDocuments';
import { DealProduct, FilteredProductsRequest, Order, OrderListRequest, OrderPosition, OrderUpdateRequest, PositionAddRequest, PositionChange, PositionDeleteRequest } from './orders';

/**
 * The public-order area (spec 2 §7 "Public order"): outside customers of an account open orders shared
 * with them, by a link (a link token exchanged for a session) or with their own login. Their calls go to
 * public-order/… with the public token; staff share orders and manage public customers under orders/public/….
 */

const Tags = Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 100, uniqueItems: true });
const Email = Type.String({ minLength: 3, maxLength: 254 });
const Phone = Type.String({ maxLength: 40 });
const PersonName = Type.String({ maxLength: 200 });
const Password = Type.String({ minLength: 6, maxLength: 200 });
const LinkToken = Type.String({ minLength: 1, maxLength: 200 });

/* ------------------------------------------------------------------ sessions */

/** GET public-order/token/get?public_token=… — exchanges a link's public token for a session token. */
export const PublicTokenExchangeRequest = Type.Object({ public_token: LinkToken });
export type PublicTokenExchangeRequest = Type.Static<typeof PublicTokenExchangeRequest>;
export const PublicTokenExchangeResponse = Type.Object({ token: Type.String(), order_id: Type.Integer() });
export type PublicTokenExchangeResponse = Type.Static<typeof PublicTokenExchangeResponse>;

/**
 * GET public-order/token/get-public?public_token=… — what a link opens, without opening a session: the
 * order, the seller, and whether the link was made for a customer who can also sign in with a password.
 */
export const PublicLinkInfo = Type.Object({
  order_id: Type.Integer(),
  order_name: Type.String(),
  account_name: Type.String(),
  /** The link was made for a particular customer. */
  for_customer: Type.Boolean(),
  /** That customer has a password: signing in shows all of their orders, not only this one. */
  customer_can_sign_in: Type.Boolean(),
});
export type PublicLinkInfo = Type.Static<typeof PublicLinkInfo>;

/**
 * POST public-order/auth/login — a public customer signs in with their e-mail and password. A customer
 * e-mail belongs to one seller's account; when the same e-mail and password fit several, account_id chooses.
 */
export const PublicLoginRequest = Type.Object(
  { login: Email, password: Type.String({ minLength: 1, maxLength: 200 }), account_id: Type.Optional(Id) },
  { additionalProperties: false },
);
export type PublicLoginRequest = Type.Static<typeof PublicLoginRequest>;
export const PublicLoginResponse = Type.Object({
  success: Type.Boolean(),
  access_token: Type.Optional(Type.String()),
  error: Type.Optional(Type.String()),
  /** When the login fits several sellers: choose one and sign in again with its account_id. */
  accounts: Type.Optional(Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() }))),
});
export type PublicLoginResponse = Type.Static<typeof PublicLoginResponse>;

/**
 * POST public-order/auth/password/request — a customer without a password (or who forgot it) asks for a code
 * at their e-mail. Always answers success, so it does not tell which e-mails are customers; account_id limits
 * it to one seller when the e-mail is a customer of several.
 */
export const PublicPasswordCodeRequest = Type.Object({ email: Email, account_id: Type.Optional(Id) }, { additionalProperties: false });
export type PublicPasswordCodeRequest = Type.Static<typeof PublicPasswordCodeRequest>;

/** POST public-order/auth/password/set — the code from that e-mail and the new password; other sign-in sessions end. */
export const PublicPasswordSetRequest = Type.Object(
  { email: Email, code: Type.String({ minLength: 1, maxLength: 20 }), password: Password, account_id: Type.Optional(Id) },
  { additionalProperties: false },
);
export type PublicPasswordSetRequest = Type.Static<typeof PublicPasswordSetRequest>;
export const PublicPasswordAnswer = Type.Object({ success: Type.Boolean() });
export type PublicPasswordAnswer = Type.Static<typeof PublicPasswordAnswer>;

/* ------------------------------------------------------------------ profile and config */

export const PublicProfile = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  /** Whether a password is set (a customer without one can only open links). */
  has_password: Type.Boolean(),
});
export type PublicProfile = Type.Static<typeof PublicProfile>;

/**
 * POST public-order/profile: name and phone; a password with its confirmation. Only a customer's own sign-in
 * may change the password, with the current one; a session opened from a link may not set one (the first
 * password goes through the customer's e-mail: public-order/auth/password/*).
 */
export const PublicProfileUpdateRequest = Type.Object(
  {
    name: Type.Optional(PersonName),
    phone: Type.Optional(Nullable(Phone)),
    password: Type.Optional(Password),
    password_confirm: Type.Optional(Type.String({ maxLength: 200 })),
    current_password: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
export type PublicProfileUpdateRequest = Type.Static<typeof PublicProfileUpdateRequest>;

/** GET public-order/config (public account/config): the seller and the signed-in customer, if any. */
export const PublicConfig = Type.Object({
  account: Type.Object({ id: Type.Integer(), name: Type.String(), is_kommo: Type.Boolean(), currency: Type.String() }),
  user: Nullable(PublicProfile),
  session: Type.Object({
    /** 'customer': signed in with a password (every order shared with the customer); 'link': one order from a link. */
    kind: Type.Union([Type.Literal('customer'), Type.Literal('link')]),
    order_id: Nullable(Type.Integer()),
  }),
});
export type PublicConfig = Type.Static<typeof PublicConfig>;

/* ------------------------------------------------------------------ orders */

/** Stock as a public customer sees it: no counts, only whether the goods are there (null for services). */
export const PublicAvailability = Nullable(Type.Union([Type.Literal('in_stock'), Type.Literal('on_order')]));
export type PublicAvailability = Type.Static<typeof PublicAvailability>;

const {
  cost_price: _positionCost,
  available: _available,
  reserved: _reserved,
  written_off: _writtenOff,
  warehouse_id: _warehouseId,
  warehouse_code: _warehouseCode,
  warehouse_name: _warehouseName,
  identifier: _identifier,
  ...positionProperties
} = OrderPosition.properties;
/**
 * A position as a public customer sees it: no cost price, no stock counts, no warehouse (its identifier names one);
 * product fields hidden from public orders left out. availability: 'in_stock' when the warehouse can give the position's count, else 'on_order';
 * max_count: the staff's cap per position (null: none). The server also refuses more than is available.
 */
export const PublicOrderPosition = Type.Object({ ...positionProperties, availability: PublicAvailability, max_count: Nullable(Type.Number()) });
export type PublicOrderPosition = Type.Static<typeof PublicOrderPosition>;

const {
  cost_price: _orderCost,
  profit: _profit,
  user_id: _userId,
  user_name: _userName,
  company: _company,
  contacts: _contacts,
  tags: _tags,
  lead_id: _leadId,
  archived: _archived,
  public: _public,
  facility: _facility,
  last_change: _lastChange,
  stock_state: _stockState,
  ...orderProperties
} = Order.properties;

/** An order as a public customer sees it: no costs, profit, stock state, staff, CRM or client data; hidden order fields left out. */
export const PublicOrder = Type.Object({
  ...orderProperties,
  /** The customer may still change the positions (not in a stage that blocks products, goods not gone). */
  active: Type.Boolean(),
});
export type PublicOrder = Type.Static<typeof PublicOrder>;

export const PublicOrderWithPositions = Type.Object({ ...PublicOrder.properties, positions: Type.Array(PublicOrderPosition) });
export type PublicOrderWithPositions = Type.Static<typeof PublicOrderWithPositions>;

/** Entry of the public order list (spec 1 §3): id, name, active — with the rest of the public order. */
export type PublicOrderListEntry = PublicOrder;

/** Paging of the public lists, as orders/list takes it. */
const { page: listPage, per_page: listPerPage } = OrderListRequest.properties;
const Search = Type.Optional(Type.String({ maxLength: 200 }));

export const PublicOrderListRequest = Type.Object({ page: listPage, per_page: listPerPage, search: Search }, { additionalProperties: false });
export type PublicOrderListRequest = Type.Static<typeof PublicOrderListRequest>;
export const PublicOrderList = Type.Object({ data: Type.Array(PublicOrder), links: PageLinks, meta: PageMeta });
export type PublicOrderList = Type.Static<typeof PublicOrderList>;

export const PublicOrderIdQuery = Type.Object({ order_id: Id });
export type PublicOrderIdQuery = Type.Static<typeof PublicOrderIdQuery>;

/**
 * A position change in public-order/order/update: the quantity. Price, price type and VAT are read-only in
 * public mode (spec 1 §5): sending them unchanged is allowed (a client may send whole positions), a change is refused.
 */
export const PublicPositionChange = PositionChange;

/**
 * POST public-order/order/update (spec 2 §5: positions and a numeric order_id). Order field values may be
 * sent for fields that are public-visible and editable. version is optional: when sent, an order changed
 * since is refused with 409 as for staff.
 */
export const PublicOrderUpdateRequest = Type.Object(
  {
    order_id: Id,
    version: Type.Optional(OrderUpdateRequest.properties.version),
    positions: Type.Optional(Type.Array(PublicPositionChange, { maxItems: 1000 })),
    fields: Type.Optional(Type.Record(Type.String({ maxLength: 100 }), Type.Unknown())),
  },
  { additionalProperties: false },
);
export type PublicOrderUpdateRequest = Type.Static<typeof PublicOrderUpdateRequest>;

/** POST public-order/order/position/add: a product identifier (`id%%%warehouseCode` or the plain id), quantity default 1; the price type is the default one. */
export const PublicPositionAddRequest = Type.Omit(PositionAddRequest, ['price_field'], { additionalProperties: false });
export type PublicPositionAddRequest = Type.Static<typeof PublicPositionAddRequest>;

export const PublicPositionDeleteRequest = PositionDeleteRequest;
export type PublicPositionDeleteRequest = Type.Static<typeof PublicPositionDeleteRequest>;

/** A file of a shared order as the customer sees it: not which staff member uploaded or generated it. */
export const PublicOrderFile = Type.Omit(OrderFile, ['user_id', 'user_name']);
export type PublicOrderFile = Type.Static<typeof PublicOrderFile>;
export const PublicOrderFileList = Type.Array(PublicOrderFile);

/* ------------------------------------------------------------------ catalogue */

const { price_field: _priceField, in_order: _inOrder, available: _productAvailable, warehouses: _warehouses, ...dealProductProperties } = DealProduct.properties;
/**
 * A product offered to a public customer, as a deal offers it without the price field, stock counts or warehouses:
 * price of the default price type, whether it is in stock (null for services), public-visible fields. Adding it by
 * its plain id, the server picks the warehouse that can give the quantity.
 */
export const PublicProduct = Type.Object({
  ...dealProductProperties,
  availability: PublicAvailability,
  fields: Type.Record(Type.String(), Type.Unknown()),
});
export type PublicProduct = Type.Static<typeof PublicProduct>;

const { search: productSearch, page: productPage, per_page: productPerPage } = FilteredProductsRequest.properties;
/** public-order/categories/list's products: searched and paged as the deal's product list (orders/products/filtered). */
export const PublicCatalogueQuery = Type.Object({ category_id: Type.Optional(Id), search: productSearch, page: productPage, per_page: productPerPage });
export type PublicCatalogueQuery = Type.Static<typeof PublicCatalogueQuery>;

/**
 * GET public-order/categories/list (public category/list, "separate category data" of spec 1 §6): the category
 * tree, the card properties per category (fields_id_2 only public-visible fields), and a page of the products
 * this customer may see (of a category and its subcategories when category_id is given).
 */
export const PublicCatalogue = Type.Object({
  categories: Type.Array(Category),
  properties: Type.Array(CategoryProps),
  products: Type.Object({ data: Type.Array(PublicProduct), links: PageLinks, meta: PageMeta }),
});
export type PublicCatalogue = Type.Static<typeof PublicCatalogue>;

/** GET public-order/fields/list: the public-visible fields of products (default) or of orders. */
export const PublicFieldListQuery = Type.Object({
  entity: Type.Optional(Type.Union([Type.Literal('product'), Type.Literal('order')])),
  category_id: Type.Optional(Id),
  with_parents: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
});
export type PublicFieldListQuery = Type.Static<typeof PublicFieldListQuery>;

/* ------------------------------------------------------------------ staff: sharing and public customers */

export const PublicCustomer = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  tags: Type.Array(Type.String()),
  has_password: Type.Boolean(),
  created_at: Type.String(),
  /** A disabled customer cannot sign in; their sessions ended when they were disabled. */
  disabled: Type.Optional(Type.Boolean()),
  /** The orders shared with them (list answers). */
  orders: Type.Optional(Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() }))),
});
export type PublicCustomer = Type.Static<typeof PublicCustomer>;

/**
 * POST orders/public/link: makes an order public. With customer_id, or an e-mail (the customer is found by it,
 * or added with the name), the link is made for that customer; without, it is an anonymous link. Linking again
 * for the same customer answers the existing link.
 */
export const PublicLinkRequest = Type.Object(
  { order_id: Id, customer_id: Type.Optional(Id), email: Type.Optional(Email), name: Type.Optional(PersonName) },
  { additionalProperties: false },
);
export type PublicLinkRequest = Type.Static<typeof PublicLinkRequest>;

export const OrderShare = Type.Object({
  id: Type.Integer(),
  order_id: Type.Integer(),
  customer: Nullable(Type.Object({ id: Type.Integer(), name: Type.String(), email: Nullable(Type.String()) })),
  /** The link token (public_token of the link). */
  link_token: Type.String(),
  /** The shell's address of the public order: `/#/publicOrder?order_id=…&public_token=…`. */
  path: Type.String(),
  created_at: Type.String(),
});
export type OrderShare = Type.Static<typeof OrderShare>;

/** POST orders/public/unlink: one share (share_id), the customer's share (customer_id), or every share of the order. */
export const PublicUnlinkRequest = Type.Object(
  { order_id: Id, share_id: Type.Optional(Id), customer_id: Type.Optional(Id) },
  { additionalProperties: false },
);
export type PublicUnlinkRequest = Type.Static<typeof PublicUnlinkRequest>;

export const PublicCustomerListQuery = Type.Object({ search: Search, page: listPage, per_page: listPerPage });
export type PublicCustomerListQuery = Type.Static<typeof PublicCustomerListQuery>;
export const PublicCustomerList = Type.Object({ data: Type.Array(PublicCustomer), links: PageLinks, meta: PageMeta });
export type PublicCustomerList = Type.Static<typeof PublicCustomerList>;

const customerInput = { name: Type.Optional(PersonName), email: Type.Optional(Nullable(Email)), phone: Type.Optional(Nullable(Phone)), tags: Type.Optional(Tags), password: Type.Optional(Password) };
export const PublicCustomerAddRequest = Type.Object(customerInput, { additionalProperties: false });
export type PublicCustomerAddRequest = Type.Static<typeof PublicCustomerAddRequest>;
export const PublicCustomerUpdateRequest = Type.Object({ id: Id, ...customerInput }, { additionalProperties: false });
export type PublicCustomerUpdateRequest = Type.Static<typeof PublicCustomerUpdateRequest>;
export const PublicCustomerDeleteRequest = Type.Object({ id: Id }, { additionalProperties: false });

/**
 * orders/public/settings: which products public customers see (spec 2 §9 business-process scenarios), and the
 * caps on what they may order: units per position and units per order (null: no cap). A public add or change
 * above a cap, or above what is available, is refused whole.
 */
export const ProductVisibility = Type.Union([Type.Literal('all'), Type.Literal('tagged'), Type.Literal('tagged_or_untagged')]);
export type ProductVisibility = Type.Static<typeof ProductVisibility>;
// In thousandths, as quantities are kept, and at least one: a finer cap (0.0001, 5e-324) would be stored as 0.
const CountCap = Nullable(Type.Number({ minimum: 0.001, maximum: 1_000_000_000, multipleOf: 0.001 }));
export const PublicSettings = Type.Object({ product_visibility: ProductVisibility, max_count_per_position: CountCap, max_count_per_order: CountCap });
export type PublicSettings = Type.Static<typeof PublicSettings>;
/** Only what is sent changes. */
export const PublicSettingsRequest = Type.Object(
  { product_visibility: Type.Optional(ProductVisibility), max_count_per_position: Type.Optional(CountCap), max_count_per_order: Type.Optional(CountCap) },
  { additionalProperties: false },
);
export type PublicSettingsRequest = Type.Static<typeof PublicSettingsRequest>;
