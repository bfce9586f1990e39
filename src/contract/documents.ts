import Type from 'typebox';
import { Id } from './catalogue';
import { Nullable } from './common';

/**
 * Documents from templates (issue 15; spec 2 §3 Document and Document template, §7 Documents, orders/doc/*,
 * public-order/doc/*): templates are docx files with placeholders; generated documents are order files
 * (kind 'generated') numbered per account and type.
 */

/** The largest template document/add and document/update accept (bytes). */
export const TEMPLATE_MAX_BYTES = 30 * 1024 * 1024;

export const TEMPLATE_TYPES = ['invoice', 'quote', 'delivery_note', 'contract', 'other'] as const;
export const TemplateType = Type.Union([Type.Literal('invoice'), Type.Literal('quote'), Type.Literal('delivery_note'), Type.Literal('contract'), Type.Literal('other')]);
export type TemplateType = (typeof TEMPLATE_TYPES)[number];

export const DownloadType = Type.Union([Type.Literal('docx'), Type.Literal('pdf')]);
export type DownloadType = Type.Static<typeof DownloadType>;

export const Orientation = Type.Union([Type.Literal('portrait'), Type.Literal('landscape')]);
export type Orientation = Type.Static<typeof Orientation>;

export const DocumentTemplate = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  type: TemplateType,
  download_type: DownloadType,
  orientation: Orientation,
  /** The pipeline stage at which the document is made automatically. */
  autogen_status_id: Nullable(Type.Integer()),
  public_visible: Type.Boolean(),
  /** A built-in template ('invoice.en', ...) until a file of the account's own replaces it. */
  builtin: Nullable(Type.String()),
  file_name: Type.String(),
  file_size: Type.Integer(),
  updated_at: Type.String(),
});
export type DocumentTemplate = Type.Static<typeof DocumentTemplate>;
export const DocumentTemplateList = Type.Array(DocumentTemplate);

/**
 * document/add and document/update are multipart/form-data: these text fields and, for add (optional for
 * update: it replaces the file), one docx file of at most TEMPLATE_MAX_BYTES. Booleans are '1' or '0'.
 */
export interface DocumentTemplateFields {
  id?: number;
  name?: string;
  type?: TemplateType;
  download_type?: DownloadType;
  orientation?: Orientation;
  /** '' clears it. */
  autogen_status_id?: number | '';
  public_visible?: '0' | '1';
}

export const TemplateIdQuery = Type.Object({ id: Id });
export type TemplateIdQuery = Type.Static<typeof TemplateIdQuery>;

/** One placeholder of document/refresh-fields: what to paste into the template, and what it holds. */
/** name: a locale key (documents.placeholders.*) for the built-in fields; the field's own name for a custom order field (custom true). */
export const TemplatePlaceholder = Type.Object({ placeholder: Type.String(), key: Type.String(), name: Type.String(), custom: Type.Boolean() });
export const TemplateFieldGroup = Type.Object({
  group: Type.String(),
  /** For loops: the tags that open and close it ({#positions} … {/positions}). */
  loop: Nullable(Type.Object({ open: Type.String(), close: Type.String() })),
  fields: Type.Array(TemplatePlaceholder),
});
export const TemplateFieldCatalogue = Type.Array(TemplateFieldGroup);
export type TemplateFieldCatalogue = Type.Static<typeof TemplateFieldCatalogue>;

/** orders/doc/generate: a template for an order; regenerate replaces the last document of that template on the order. */
export const GenerateRequest = Type.Object({ order_id: Id, template_id: Id, regenerate: Type.Optional(Type.Boolean()) });
export type GenerateRequest = Type.Static<typeof GenerateRequest>;

/** A generated document as the order's documents tab and the registry show it. */
export const GeneratedDocument = Type.Object({
  id: Type.Integer(),
  order_id: Type.Integer(),
  name: Type.String(),
  mime: Type.String(),
  size: Type.Integer(),
  template_id: Nullable(Type.Integer()),
  template_name: Type.String(),
  type: Type.String(),
  number: Type.Integer(),
  format: DownloadType,
  /** 'formed' | 'auto' | 'public' */
  status: Type.String(),
  user_id: Nullable(Type.Integer()),
  user_name: Nullable(Type.String()),
  lead_name: Type.String(),
  company_name: Nullable(Type.String()),
  contact_name: Nullable(Type.String()),
  public_visible: Type.Boolean(),
  created_at: Type.String(),
});
export type GeneratedDocument = Type.Static<typeof GeneratedDocument>;

/** A generation that fell back to docx (LibreOffice missing or failing): the document and why. */
export const GenerateAnswer = Type.Object({ document: GeneratedDocument, notice: Nullable(Type.String()) });
export type GenerateAnswer = Type.Static<typeof GenerateAnswer>;

/** An autogeneration of the order that failed: shown on the order until the document is made. */
export const AutogenerationFailure = Type.Object({ template_id: Type.Integer(), template_name: Type.String(), status_id: Type.Integer(), error: Type.String(), created_at: Type.String() });
export const AutogenerationFailureList = Type.Array(AutogenerationFailure);

/** document/registry: filters (empty values dropped, spec 2 §5), search, paging and sort. */
export const RegistryRequest = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
  search: Type.Optional(Type.String({ maxLength: 200 })),
  sort: Type.Optional(Type.Union([Type.Literal('created_at'), Type.Literal('name'), Type.Literal('lead_name'), Type.Literal('template_name'), Type.Literal('number')])),
  direction: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
  filter: Type.Optional(
    Type.Object({
      from: Type.Optional(Type.Union([Type.String({ maxLength: 40 }), Type.Null()])),
      to: Type.Optional(Type.Union([Type.String({ maxLength: 40 }), Type.Null()])),
      template_id: Type.Optional(Type.Union([Id, Type.Null(), Type.Literal('')])),
      status: Type.Optional(Type.Union([Type.String({ maxLength: 20 }), Type.Null()])),
      user_id: Type.Optional(Type.Union([Id, Type.Null(), Type.Literal('')])),
      company_id: Type.Optional(Type.Union([Id, Type.Null(), Type.Literal('')])),
      contact_id: Type.Optional(Type.Union([Id, Type.Null(), Type.Literal('')])),
    }),
  ),
});
export type RegistryRequest = Type.Static<typeof RegistryRequest>;
export const RegistryPage = Type.Object({ data: Type.Array(GeneratedDocument), total: Type.Integer(), page: Type.Integer(), per_page: Type.Integer() });
export type RegistryPage = Type.Static<typeof RegistryPage>;

/** document/registry/zip: the documents to download in one zip (at most 200). */
export const RegistryZipRequest = Type.Object({ ids: Type.Array(Id, { minItems: 1, maxItems: 200 }) });

/** document/settings: the language documents are written in and the seller's requisites ({seller.*}). */
export const SELLER_FIELDS = ['name', 'tax_id', 'reason_code', 'registration_number', 'address', 'phone', 'bank_name', 'bank_code', 'correspondent_account', 'payment_account', 'director'] as const;
export const DocumentSettings = Type.Object({
  lang: Type.Union([Type.Literal('en'), Type.Literal('ru')]),
  requisites: Type.Record(Type.String({ maxLength: 40 }), Type.String({ maxLength: 500 })),
});
export type DocumentSettings = Type.Static<typeof DocumentSettings>;
