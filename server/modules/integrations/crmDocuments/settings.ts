import { and, eq, inArray, sql } from 'drizzle-orm';
import type { CrmDocumentRule, CrmDocumentsKind, CrmDocumentsSettings, CrmDocumentsUpdate } from '../../../../src/contract/crmDocuments';
import type { Caller } from '../../../auth/sessions';
import { requireAdmin } from '../../../auth/rights';
import type { Db } from '../../../db/client';
import { documentTemplates, integrationConnections } from '../../../db/schema';
import { badRequest, notFound } from '../../../http/errors';
import { listTemplates } from '../../documents/templates';

/**
 * The Document settings tab of a CRM connection: the rules live in the connection's settings jsonb under `documents`,
 * beside what the General and Sync panels keep there; each save replaces only that key, in one statement, so a save of
 * another panel at the same moment loses nothing.
 */
export const CRM_KINDS = ['amocrm', 'kommo', 'bitrix24'] as const;

export type CrmConnectionRow = typeof integrationConnections.$inferSelect;

export const rulesOf = (row: Pick<CrmConnectionRow, 'settings'>): CrmDocumentRule[] => {
  const stored = (row.settings ?? {}) as { documents?: CrmDocumentRule[] };
  return Array.isArray(stored.documents) ? stored.documents : [];
};

export async function crmConnection(db: Db, accountId: number, id: number): Promise<CrmConnectionRow> {
  const [row] = await db
    .select()
    .from(integrationConnections)
    .where(and(eq(integrationConnections.accountId, accountId), eq(integrationConnections.id, id), inArray(integrationConnections.kind, [...CRM_KINDS])));
  if (!row) throw notFound('No such CRM connection');
  return row;
}

const kindsOf = (kind: CrmDocumentsKind) => (kind === 'bitrix24' ? ['bitrix24'] : ['amocrm', 'kommo']);

export async function crmDocumentSettings(db: Db, caller: Caller, kind: CrmDocumentsKind): Promise<CrmDocumentsSettings> {
  requireAdmin(caller);
  const rows = await db
    .select()
    .from(integrationConnections)
    .where(and(eq(integrationConnections.accountId, caller.account.id), inArray(integrationConnections.kind, kindsOf(kind))))
    .orderBy(integrationConnections.id);
  const templates = await listTemplates(db, caller.account.id);
  const known = new Set(templates.map((template) => template.id));
  return {
    templates: templates.map((template) => ({ id: template.id, name: template.name, type: template.type })),
    // A deleted template's rule is left out: it can neither attach nor be made.
    connections: rows.map((row) => ({ connection_id: row.id, origin: row.origin, rules: rulesOf(row).filter((rule) => known.has(rule.template_id)) })),
  };
}

/** Saves the rules after checking them: every template must be the account's, each named once; a rule that does nothing is dropped. */
export async function updateCrmDocumentSettings(db: Db, caller: Caller, update: CrmDocumentsUpdate): Promise<CrmDocumentsSettings> {
  requireAdmin(caller);
  const row = await crmConnection(db, caller.account.id, update.connection_id);
  const ids = update.rules.map((rule) => rule.template_id);
  const twice = ids.filter((id, index) => ids.indexOf(id) !== index);
  if (twice.length) throw badRequest(`A template is named more than once: ${[...new Set(twice)].join(', ')}`, { templates: [...new Set(twice)] });
  const found = ids.length ? await db.select({ id: documentTemplates.id }).from(documentTemplates).where(and(eq(documentTemplates.accountId, caller.account.id), inArray(documentTemplates.id, ids))) : [];
  const unknown = ids.filter((id) => !found.some((template) => template.id === id));
  if (unknown.length) throw badRequest(`No such template: ${unknown.join(', ')}`, { templates: unknown });
  const rules = update.rules.filter((rule) => rule.attach || rule.generate_at !== null).map((rule) => ({ template_id: rule.template_id, attach: rule.attach, generate_at: rule.generate_at }));
  await db
    .update(integrationConnections)
    .set({ settings: sql`${integrationConnections.settings} || jsonb_build_object('documents', ${JSON.stringify(rules)}::jsonb)` })
    .where(eq(integrationConnections.id, row.id));
  return crmDocumentSettings(db, caller, row.kind === 'bitrix24' ? 'bitrix24' : 'amocrm');
}
