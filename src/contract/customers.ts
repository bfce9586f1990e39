import Type from 'typebox';
import { Nullable, PageLinks, PageMeta } from './common';
import { Id, FieldOption, LeadConfigInput } from './catalogue';

/**
 * Contacts and companies (spec 2 §3, §5, §7): the customers of an account, their links to each
 * other, their own field definitions (entity 'contact' / 'company') and their order history.
 * Texts have no minLength here: an empty name is answered by the server with the interface text
 * 'Empty field' (and `fields.name`), not with a schema message the client cannot place by an input.
 */

export const CUSTOMER_RATING_MAX = 5;

const customerColumns = {
  name: Type.String({ maxLength: 300 }),
  email: Type.String({ maxLength: 320 }),
  phone: Type.String({ maxLength: 60 }),
  rating: Type.Integer({ minimum: 0, maximum: CUSTOMER_RATING_MAX }),
  /** A link to the customer elsewhere (a CRM card, a site). */
  link: Type.String({ maxLength: 2000 }),
  /** Values of the account's contact or company fields, by field code (a bound keeps the code lookup within the database's parameter limit). */
  values: Type.Record(Type.String({ maxLength: 60 }), Type.Unknown(), { maxProperties: 1000 }),
  tags: Type.Array(Type.String({ minLength: 1, maxLength: 60 }), { maxItems: 50 }),
  archived: Type.Boolean(),
};

/**
 * The accounting binding of a company: tax id, reason code, state registration number, bank account name,
 * correspondent account, bank id code, payment account. The tax id is `tax_number`, not `tax_id`: these are
 * texts, and a key ending in _id names a row everywhere else in the API.
 */
const companyAccounting = {
  tax_number: Type.String({ maxLength: 40 }),
  reason_code: Type.String({ maxLength: 40 }),
  registration_number: Type.String({ maxLength: 40 }),
  bank_name: Type.String({ maxLength: 300 }),
  correspondent_account: Type.String({ maxLength: 40 }),
  bank_code: Type.String({ maxLength: 40 }),
  payment_account: Type.String({ maxLength: 40 }),
};

export const COMPANY_ACCOUNTING_KEYS = ['tax_number', 'reason_code', 'registration_number', 'bank_name', 'correspondent_account', 'bank_code', 'payment_account'] as const;
export type CompanyAccountingKey = (typeof COMPANY_ACCOUNTING_KEYS)[number];

const contactInput = {
  name: Type.Optional(customerColumns.name),
  email: Type.Optional(customerColumns.email),
  phone: Type.Optional(customerColumns.phone),
  rating: Type.Optional(customerColumns.rating),
  link: Type.Optional(customerColumns.link),
  values: Type.Optional(customerColumns.values),
  tags: Type.Optional(customerColumns.tags),
  archived: Type.Optional(customerColumns.archived),
};

const companyInput = {
  ...contactInput,
  tax_number: Type.Optional(companyAccounting.tax_number),
  reason_code: Type.Optional(companyAccounting.reason_code),
  registration_number: Type.Optional(companyAccounting.registration_number),
  bank_name: Type.Optional(companyAccounting.bank_name),
  correspondent_account: Type.Optional(companyAccounting.correspondent_account),
  bank_code: Type.Optional(companyAccounting.bank_code),
  payment_account: Type.Optional(companyAccounting.payment_account),
};

/** contact/add: name is required (checked by the server: 'Empty field'), the rest optional. */
export const ContactAddRequest = Type.Object(contactInput, { additionalProperties: false });
export type ContactAddRequest = Type.Static<typeof ContactAddRequest>;
/** contact/update: only the given keys change; values are merged over the stored ones. */
export const ContactUpdateRequest = Type.Object({ id: Id, ...contactInput }, { additionalProperties: false });
export type ContactUpdateRequest = Type.Static<typeof ContactUpdateRequest>;
export const CompanyAddRequest = Type.Object(companyInput, { additionalProperties: false });
export type CompanyAddRequest = Type.Static<typeof CompanyAddRequest>;
export const CompanyUpdateRequest = Type.Object({ id: Id, ...companyInput }, { additionalProperties: false });
export type CompanyUpdateRequest = Type.Static<typeof CompanyUpdateRequest>;

/** A linked contact or company as shown beside the other. */
export const CustomerRef = Type.Object({ id: Type.Integer(), name: Type.String() });
export type CustomerRef = Type.Static<typeof CustomerRef>;

const customerAnswer = {
  id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  phone: Type.String(),
  rating: Type.Integer(),
  link: Type.String(),
  values: Type.Record(Type.String(), Type.Unknown()),
  tags: Type.Array(Type.String()),
  archived: Type.Boolean(),
  created_at: Type.String(),
  updated_at: Type.String(),
};

export const Contact = Type.Object({ ...customerAnswer, companies: Type.Array(CustomerRef) });
export type Contact = Type.Static<typeof Contact>;
export const Company = Type.Object({ ...customerAnswer, ...companyAccounting, contacts: Type.Array(CustomerRef) });
export type Company = Type.Static<typeof Company>;

const listSort = Type.Object(
  {
    field: Type.Union([Type.Literal('name'), Type.Literal('created_at'), Type.Literal('updated_at'), Type.Literal('rating'), Type.Literal('id')]),
    order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
  },
  { additionalProperties: false },
);

const listFilter = {
  /** Part of the name, e-mail or phone (and tax id for companies). */
  search: Type.Optional(Type.String({ maxLength: 200 })),
  /** The archive tab: true; the list: false (the default). */
  archived: Type.Optional(Type.Boolean()),
  /** Customers with any of these tags. */
  tags: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 60 }), { maxItems: 50 })),
  rating: Type.Optional(Type.Integer({ minimum: 0, maximum: CUSTOMER_RATING_MAX })),
};

const pageParts = { page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })), per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })) };

/** contact/list: page, filter, sort → data, links, meta (defaults: page 1, empty filter and sort). */
export const ContactListRequest = Type.Object(
  {
    ...pageParts,
    filter: Type.Optional(Type.Object({ ...listFilter, company_id: Type.Optional(Id) }, { additionalProperties: false })),
    sort: Type.Optional(listSort),
  },
  { additionalProperties: false },
);
export type ContactListRequest = Type.Static<typeof ContactListRequest>;
export const CompanyListRequest = Type.Object(
  {
    ...pageParts,
    filter: Type.Optional(Type.Object({ ...listFilter, contact_id: Type.Optional(Id) }, { additionalProperties: false })),
    sort: Type.Optional(listSort),
  },
  { additionalProperties: false },
);
export type CompanyListRequest = Type.Static<typeof CompanyListRequest>;

export const ContactList = Type.Object({ data: Type.Array(Contact), links: PageLinks, meta: PageMeta });
export type ContactList = Type.Static<typeof ContactList>;
export const CompanyList = Type.Object({ data: Type.Array(Company), links: PageLinks, meta: PageMeta });
export type CompanyList = Type.Static<typeof CompanyList>;

/** contact/companies/link and unlink, company/contacts/link and unlink. */
export const CustomerLinkRequest = Type.Object({ contact_id: Id, company_id: Id }, { additionalProperties: false });
export type CustomerLinkRequest = Type.Static<typeof CustomerLinkRequest>;

export const CustomerIdQuery = Type.Object({ id: Id });
export type CustomerIdQuery = Type.Static<typeof CustomerIdQuery>;

/** An order in a contact's or company's history. */
export const CustomerOrder = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  sum: Type.Number(),
  /** Local orders: the pipeline stage and its name; CRM-linked orders: crm_status (0 opened … 4 deleted). */
  status_id: Nullable(Type.Integer()),
  status: Nullable(Type.String()),
  lead_id: Nullable(Type.Integer()),
  crm_status: Nullable(Type.Integer()),
  archived: Type.Boolean(),
  created_at: Type.String(),
});
export type CustomerOrder = Type.Static<typeof CustomerOrder>;
export const CustomerOrdersQuery = Type.Object({ id: Id, ...pageParts });
export type CustomerOrdersQuery = Type.Static<typeof CustomerOrdersQuery>;
export const CustomerOrderList = Type.Object({ data: Type.Array(CustomerOrder), links: PageLinks, meta: PageMeta });
export type CustomerOrderList = Type.Static<typeof CustomerOrderList>;

export const CustomerAutocompleteQuery = Type.Object({ query: Type.String({ maxLength: 200 }) });
export type CustomerAutocompleteQuery = Type.Static<typeof CustomerAutocompleteQuery>;
export const CustomerAutocompleteItem = Type.Object({ id: Type.Integer(), name: Type.String(), email: Type.String(), phone: Type.String(), tax_number: Type.Optional(Type.String()) });
export type CustomerAutocompleteItem = Type.Static<typeof CustomerAutocompleteItem>;

/** Field definitions of contacts and companies: like product fields, without categories; image carousels (15) are refused. */
export const CustomerFieldListQuery = Type.Object({ sort: Type.Optional(Type.Literal('created')) });
export type CustomerFieldListQuery = Type.Static<typeof CustomerFieldListQuery>;

export const CustomerFieldAddRequest = Type.Object(
  {
    name: Type.String({ maxLength: 120 }),
    type: Type.Integer({ minimum: 1, maximum: 15 }),
    code: Type.Optional(Type.String({ minLength: 1, maxLength: 60, pattern: '^[a-z][a-z0-9_]*$' })),
    component: Type.Optional(Nullable(Type.String({ maxLength: 60 }))),
    config: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    data: Type.Optional(Type.Array(FieldOption, { maxItems: 1000 })),
    lead_config: Type.Optional(LeadConfigInput),
  },
  { additionalProperties: false },
);
export type CustomerFieldAddRequest = Type.Static<typeof CustomerFieldAddRequest>;

export const CustomerFieldUpdateRequest = Type.Object(
  {
    id: Id,
    name: Type.Optional(Type.String({ maxLength: 120 })),
    component: Type.Optional(Nullable(Type.String({ maxLength: 60 }))),
    config: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    data: Type.Optional(Type.Array(FieldOption, { maxItems: 1000 })),
    lead_config: Type.Optional(LeadConfigInput),
  },
  { additionalProperties: false },
);
export type CustomerFieldUpdateRequest = Type.Static<typeof CustomerFieldUpdateRequest>;
