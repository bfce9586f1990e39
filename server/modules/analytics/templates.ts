import { and, asc, eq, sql } from 'drizzle-orm';
import type { AnalyticsTemplate, ReportType, TemplateSaveRequest, TemplateSettings } from '../../../src/contract/analytics';
import type { Db } from '../../db/client';
import { analyticsTemplates } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import { checkFilter } from './filters';

/** Report templates (issue 16 §2): a report's settings under a name, per account; saving under a name again replaces it. */

type TemplateRow = typeof analyticsTemplates.$inferSelect;

export const TEMPLATE_NAME_EMPTY = 'The template needs a name';

const toTemplate = (row: TemplateRow): AnalyticsTemplate => ({ id: row.id, name: row.name, report: row.report as ReportType, settings: row.settings as TemplateSettings, updated_at: row.updatedAt.toISOString() });

export async function listTemplates(db: Db, accountId: number): Promise<AnalyticsTemplate[]> {
  const rows = await db.select().from(analyticsTemplates).where(eq(analyticsTemplates.accountId, accountId)).orderBy(asc(analyticsTemplates.name), asc(analyticsTemplates.id));
  return rows.map(toTemplate);
}

export async function saveTemplate(db: Db, accountId: number, body: TemplateSaveRequest): Promise<AnalyticsTemplate> {
  const name = body.name.trim();
  if (!name) throw badRequest(TEMPLATE_NAME_EMPTY, { fields: { name: TEMPLATE_NAME_EMPTY } });
  // A template naming another account's ids (or an inverted period) would only fail when opened: refused now.
  await checkFilter(db, accountId, body.settings.filter ?? {});
  const [row] = await db
    .insert(analyticsTemplates)
    .values({ accountId, name, report: body.report, settings: body.settings })
    .onConflictDoUpdate({ target: [analyticsTemplates.accountId, analyticsTemplates.name], set: { report: body.report, settings: body.settings, updatedAt: sql`now()` } })
    .returning();
  return toTemplate(row);
}

export async function getTemplate(db: Db, accountId: number, id: number): Promise<AnalyticsTemplate> {
  const [row] = await db.select().from(analyticsTemplates).where(and(eq(analyticsTemplates.accountId, accountId), eq(analyticsTemplates.id, id)));
  if (!row) throw notFound('No such template');
  return toTemplate(row);
}

export async function deleteTemplate(db: Db, accountId: number, id: number): Promise<{ success: true }> {
  const deleted = await db
    .delete(analyticsTemplates)
    .where(and(eq(analyticsTemplates.accountId, accountId), eq(analyticsTemplates.id, id)))
    .returning({ id: analyticsTemplates.id });
  if (!deleted.length) throw notFound('No such template');
  return { success: true };
}
