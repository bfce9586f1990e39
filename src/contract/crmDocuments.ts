import Type from 'typebox';
import { Nullable } from './common';

/**
 * Issue 18 §5 'Document settings' of a CRM connection (amoCRM/Kommo or Bitrix24), and issue 15's autogeneration at a
 * CRM stage: per template, whether its documents are attached to the linked deal, and the CRM-linked status
 * (0 opened, 1 reserved, 2 success, 3 unsuccessful, 4 deleted) at which it is made; null: not made automatically.
 */
export const CrmStatusValue = Type.Integer({ minimum: 0, maximum: 4 });

export const CrmDocumentRule = Type.Object({
  template_id: Type.Integer({ minimum: 1 }),
  attach: Type.Boolean(),
  generate_at: Nullable(CrmStatusValue),
});
export type CrmDocumentRule = Type.Static<typeof CrmDocumentRule>;

/** Which screen asks: amoCRM (with Kommo) or Bitrix24. */
export const CrmDocumentsKind = Type.Union([Type.Literal('amocrm'), Type.Literal('bitrix24')]);
export type CrmDocumentsKind = Type.Static<typeof CrmDocumentsKind>;

export const CrmDocumentsQuery = Type.Object({ kind: CrmDocumentsKind });

/** The tab's content: the account's templates to choose from, and each connection of the kind with its rules. */
export const CrmDocumentsSettings = Type.Object({
  templates: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), type: Type.String() })),
  connections: Type.Array(Type.Object({ connection_id: Type.Integer(), origin: Type.String(), rules: Type.Array(CrmDocumentRule) })),
});
export type CrmDocumentsSettings = Type.Static<typeof CrmDocumentsSettings>;

export const CrmDocumentsUpdate = Type.Object({
  connection_id: Type.Integer({ minimum: 1 }),
  rules: Type.Array(CrmDocumentRule, { maxItems: 200 }),
});
export type CrmDocumentsUpdate = Type.Static<typeof CrmDocumentsUpdate>;
