import { and, asc, eq, sql } from 'drizzle-orm';
import type { ImportSettings, ImportTemplate } from '../../../src/contract/import';
import type { Db } from '../../db/client';
import { importTemplates } from '../../db/schema';
import { importRefusal } from './messages';

/** Import templates (spec §5): saved under a name, replaced when saved again under it; an empty name saves nothing. */

type TemplateRow = typeof importTemplates.$inferSelect;

const toTemplate = (row: TemplateRow): ImportTemplate => ({ id: row.id, name: row.name, settings: row.settings as ImportSettings, updated_at: row.updatedAt.toISOString() });

export async function listTemplates(db: Db, accountId: number): Promise<ImportTemplate[]> {
  const rows = await db.select().from(importTemplates).where(eq(importTemplates.accountId, accountId)).orderBy(asc(importTemplates.name), asc(importTemplates.id));
  return rows.map(toTemplate);
}

export async function saveTemplate(db: Db, accountId: number, name: string | undefined, settings: ImportSettings): Promise<ImportTemplate | null> {
  const trimmed = name?.trim() ?? '';
  if (!trimmed) return null;
  const [row] = await db
    .insert(importTemplates)
    .values({ accountId, name: trimmed, settings })
    .onConflictDoUpdate({ target: [importTemplates.accountId, importTemplates.name], set: { settings, updatedAt: sql`now()` } })
    .returning();
  return toTemplate(row);
}

export async function deleteTemplate(db: Db, accountId: number, id: number): Promise<{ success: true }> {
  const deleted = await db
    .delete(importTemplates)
    .where(and(eq(importTemplates.accountId, accountId), eq(importTemplates.id, id)))
    .returning({ id: importTemplates.id });
  if (!deleted.length) throw importRefusal('importNoSuchTemplate', undefined, 404);
  return { success: true };
}
