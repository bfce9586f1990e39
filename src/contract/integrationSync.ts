import Type from 'typebox';
import { Id } from './catalogue';
import { Nullable } from './common';

/**
 * What the three integration screens share (issue 18): which integration a screen is, the comparison modes of a
 * catalogue sync (spec §5), and the log of syncs and errors with its retry.
 */
export const IntegrationScreenKind = Type.Union([Type.Literal('amocrm'), Type.Literal('bitrix24'), Type.Literal('1c')]);
export type IntegrationScreenKind = Type.Static<typeof IntegrationScreenKind>;

/** none: add without a duplicate search; name; name and article; name, article and batch. */
export const ComparisonMode = Type.Union([Type.Literal('none'), Type.Literal('name'), Type.Literal('name_article'), Type.Literal('name_article_batch')]);
export type ComparisonMode = Type.Static<typeof ComparisonMode>;

export const IntegrationLogLevel = Type.Union([Type.Literal('info'), Type.Literal('warning'), Type.Literal('error')]);
export type IntegrationLogLevel = Type.Static<typeof IntegrationLogLevel>;

export const IntegrationLogEntry = Type.Object({
  id: Type.Integer(),
  source: Type.String(),
  at: Type.String(),
  level: IntegrationLogLevel,
  action: Type.String(),
  message: Type.String(),
  details: Nullable(Type.Record(Type.String(), Type.Unknown())),
  task_id: Nullable(Type.Integer()),
  /** A failed entry the user may run again (its task is started anew); false once retried. */
  can_retry: Type.Boolean(),
});
export type IntegrationLogEntry = Type.Static<typeof IntegrationLogEntry>;

export const IntegrationLogQuery = Type.Object({
  kind: IntegrationScreenKind,
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  level: Type.Optional(IntegrationLogLevel),
});
export type IntegrationLogQuery = Type.Static<typeof IntegrationLogQuery>;

export const IntegrationLogPage = Type.Object({
  data: Type.Array(IntegrationLogEntry),
  meta: Type.Object({ current_page: Type.Integer(), last_page: Type.Integer(), per_page: Type.Integer(), total: Type.Integer() }),
});
export type IntegrationLogPage = Type.Static<typeof IntegrationLogPage>;

export const IntegrationRetryRequest = Type.Object({ id: Id });
export type IntegrationRetryRequest = Type.Static<typeof IntegrationRetryRequest>;
export const IntegrationRetryAnswer = Type.Object({ task_id: Type.Integer() });
export type IntegrationRetryAnswer = Type.Static<typeof IntegrationRetryAnswer>;
