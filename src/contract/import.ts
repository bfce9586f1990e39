import Type from 'typebox';
import { Id } from './catalogue';
import { Nullable } from './common';

/**
 * Product import and export (issue 14 §3–§4): product/import/preprocessing (the file → its header, first rows and a
 * proposed mapping), product/import/dry-run (what Start would do, nothing written), product/import/start (a task),
 * account/import-fields, account/import-templates, product/export/xlsx.
 */

/**
 * What a column can be imported into: a built-in key (name, article, batch, category, unit, type, cost_price, vat,
 * tags, quantity — into the chosen warehouse), `price:<code>` (a price type), `stock:<warehouse id>` or
 * `field:<code>` (a custom product field).
 */
export const ImportFieldKey = Type.String({ minLength: 1, maxLength: 80, pattern: '^(name|article|batch|category|unit|type|cost_price|vat|tags|quantity|price:[A-Za-z0-9_-]{1,60}|stock:[0-9]{1,10}|field:[A-Za-z0-9_-]{1,60})$' });
export type ImportFieldKey = Type.Static<typeof ImportFieldKey>;

/** How a field's cells are read: text as it is, a number, a date, a list (tags), a category path. */
export const ImportFieldKind = Type.Union([Type.Literal('text'), Type.Literal('number'), Type.Literal('date'), Type.Literal('flag'), Type.Literal('list'), Type.Literal('category')]);
export type ImportFieldKind = Type.Static<typeof ImportFieldKind>;

export const ImportField = Type.Object({ key: Type.String(), name: Type.String(), kind: ImportFieldKind });
export type ImportField = Type.Static<typeof ImportField>;

export const IMPORT_MODES = ['add', 'update', 'add_update'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];
/** Duplicate comparison: which columns find the product a row updates; none adds every row without a search. */
export const IMPORT_COMPARISONS = ['name', 'name_article', 'name_article_batch', 'none'] as const;
export type ImportComparison = (typeof IMPORT_COMPARISONS)[number];

export const ImportColumn = Type.Object(
  {
    /** 0-based column of the file. */
    column: Type.Integer({ minimum: 0, maximum: 499 }),
    /** The column's header, so a template finds the column again in another file. */
    header: Type.String({ maxLength: 200 }),
    field: Nullable(ImportFieldKey),
  },
  { additionalProperties: false },
);
export type ImportColumn = Type.Static<typeof ImportColumn>;

export const ImportSettings = Type.Object(
  {
    mapping: Type.Array(ImportColumn, { maxItems: 500 }),
    /** Fields not written even when a column is mapped to them (a template keeps both). */
    excluded: Type.Optional(Type.Array(ImportFieldKey, { maxItems: 200 })),
    mode: Type.Union([Type.Literal('add'), Type.Literal('update'), Type.Literal('add_update')]),
    compare: Type.Union([Type.Literal('name'), Type.Literal('name_article'), Type.Literal('name_article_batch'), Type.Literal('none')]),
    /** Where the 'quantity' column arrives (null: the main warehouse). */
    warehouse_id: Type.Optional(Nullable(Id)),
    /** Rows whose quantities are not above zero are skipped. */
    only_positive: Type.Optional(Type.Boolean()),
    /** Import the good rows even when some are wrong (by default one wrong row stops the import: nothing is written). */
    skip_wrong: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type ImportSettings = Type.Static<typeof ImportSettings>;

export const ImportPreprocessing = Type.Object({
  upload_id: Type.String(),
  file_name: Type.String(),
  headers: Type.Array(Type.String()),
  /** The first data rows as text, for the mapping table's preview. */
  rows: Type.Array(Type.Array(Type.String())),
  /** The proposed field of each column (null: not imported). */
  mapping: Type.Array(ImportColumn),
  fields: Type.Array(ImportField),
});
export type ImportPreprocessing = Type.Static<typeof ImportPreprocessing>;

export const ImportRequest = Type.Object(
  {
    upload_id: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
    settings: ImportSettings,
    /** Saves the settings as a template under this name; empty or missing: not saved. */
    template_name: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: false },
);
export type ImportRequest = Type.Static<typeof ImportRequest>;

/** `message` is the English text; `code` (serverErrors.<code>) and `params` let the shell say it in the user's language. */
export const WrongRow = Type.Object({
  row: Type.Integer(),
  column: Type.String(),
  message: Type.String(),
  code: Type.Optional(Type.String()),
  params: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]))),
});
export type WrongRow = Type.Static<typeof WrongRow>;

export const ImportCounts = Type.Object({
  rows: Type.Integer(),
  added: Type.Integer(),
  /** Existing products a row changes. */
  updated: Type.Integer(),
  /** Existing products a row names with nothing to change. */
  unchanged: Type.Integer(),
  skipped: Type.Integer(),
  wrong: Type.Integer(),
});
export type ImportCounts = Type.Static<typeof ImportCounts>;

/** The dry run: the counts and the first wrong rows (all of them are in the report of the real run). */
export const ImportDryRun = Type.Object({ counts: ImportCounts, wrong_rows: Type.Array(WrongRow) });
export type ImportDryRun = Type.Static<typeof ImportDryRun>;

export const ImportTemplate = Type.Object({ id: Type.Integer(), name: Type.String(), settings: ImportSettings, updated_at: Type.String() });
export type ImportTemplate = Type.Static<typeof ImportTemplate>;

export const ImportStarted = Type.Object({ task_id: Type.Integer(), template: Nullable(ImportTemplate) });
export type ImportStarted = Type.Static<typeof ImportStarted>;

/** An export too big to answer at once (product/stock-export, product/export/xlsx): 202 and the task whose result is the file. */
export const ExportStarted = Type.Object({ task_id: Type.Integer() });
export type ExportStarted = Type.Static<typeof ExportStarted>;
