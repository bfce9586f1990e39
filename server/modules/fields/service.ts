import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { FieldType as Code } from '../../../src/domain/fieldTypes';
import type { FieldAddRequest, FieldDefinition, FieldListQuery, FieldType, FieldUpdateRequest } from '../../../src/contract/catalogue';
import type { Db } from '../../db/client';
import { categories, fields } from '../../db/schema';
import { badRequest, conflict, noRight, notFound } from '../../http/errors';

type FieldRow = typeof fields.$inferSelect;

/** The field types of spec 2 §3, with English names (the interface translates them). */
export const FIELD_TYPES: readonly FieldType[] = [
  { id: Code.integer, code: 'integer', name: 'Integer' },
  { id: Code.float, code: 'float', name: 'Float' },
  { id: Code.string, code: 'string', name: 'String' },
  { id: Code.text, code: 'text', name: 'Long text' },
  { id: Code.select, code: 'select', name: 'Single selector' },
  { id: Code.multiselect, code: 'multiselect', name: 'Multi selector' },
  { id: Code.date, code: 'date', name: 'Date' },
  { id: Code.datetime, code: 'datetime', name: 'Date and time' },
  { id: Code.flag, code: 'flag', name: 'Flag' },
  { id: Code.price, code: 'price', name: 'Price' },
  { id: Code.stock, code: 'stock', name: 'Stock' },
  { id: Code.images, code: 'images', name: 'Image carousel' },
];
const KNOWN_TYPES = new Set(FIELD_TYPES.map((type) => type.id));
const SELECT_TYPES = new Set<number>([Code.select, Code.multiselect]);

export function toField(row: FieldRow): FieldDefinition {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    type: row.type,
    category: row.categoryId,
    sort: row.sort,
    is_system: row.isSystem,
    is_virtual: row.isVirtual,
    component: row.component,
    config: { ...row.config, sort: row.sort },
    data: row.data,
    lead_config: row.leadConfig,
    created_at: row.createdAt.toISOString(),
  };
}

/** A code from a name: lower-case Latin letters, digits and underscores (Cyrillic is transliterated). */
export function codeFromName(name: string): string {
  const map: Record<string, string> = { а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'e', ж: 'zh', з: 'z', и: 'i', й: 'y', к: 'k', л: 'l', м: 'm', н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'h', ц: 'c', ч: 'ch', ш: 'sh', щ: 'sch', ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya' };
  const latin = [...name.toLowerCase()].map((char) => map[char] ?? char).join('');
  const code = latin.replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '');
  return /^[a-z]/.test(code) ? code.slice(0, 50) : `field_${code}`.slice(0, 50);
}

async function requireCategory(db: Db, accountId: number, categoryId: number | null | undefined): Promise<void> {
  if (categoryId === null || categoryId === undefined) return;
  const [row] = await db.select({ id: categories.id }).from(categories).where(and(eq(categories.accountId, accountId), eq(categories.id, categoryId)));
  if (!row) throw badRequest('No such category');
}

async function fieldOf(db: Db, accountId: number, id: number): Promise<FieldRow> {
  const [row] = await db.select().from(fields).where(and(eq(fields.accountId, accountId), eq(fields.entity, 'product'), eq(fields.id, id)));
  if (!row) throw notFound('No such field');
  return row;
}

/** The ids of a category and all its ancestors (with_parents=1). */
async function categoryChain(db: Db, accountId: number, categoryId: number): Promise<number[]> {
  const rows = await db.select({ id: categories.id, parentId: categories.parentId }).from(categories).where(eq(categories.accountId, accountId));
  const parent = new Map(rows.map((row) => [row.id, row.parentId]));
  if (!parent.has(categoryId)) throw badRequest('No such category');
  const chain: number[] = [];
  for (let id: number | null | undefined = categoryId; id !== null && id !== undefined && !chain.includes(id); id = parent.get(id)) chain.push(id);
  return chain;
}

/** field/list: all product fields, or those of one category (and its ancestors and the root with with_parents=1). */
export async function listFields(db: Db, accountId: number, query: FieldListQuery): Promise<FieldDefinition[]> {
  const own = and(eq(fields.accountId, accountId), eq(fields.entity, 'product'));
  let where = own;
  if (query.category_id !== undefined) {
    const ids = query.with_parents === 1 ? await categoryChain(db, accountId, query.category_id) : [query.category_id];
    if (query.with_parents !== 1) await requireCategory(db, accountId, query.category_id);
    where = and(own, query.with_parents === 1 ? or(inArray(fields.categoryId, ids), isNull(fields.categoryId)) : eq(fields.categoryId, query.category_id));
  }
  const order = query.sort === 'created' ? [asc(fields.createdAt), asc(fields.id)] : [asc(fields.sort), asc(fields.id)];
  return (await db.select().from(fields).where(where).orderBy(...order)).map(toField);
}

export async function addField(db: Db, accountId: number, body: FieldAddRequest): Promise<FieldDefinition> {
  if (!KNOWN_TYPES.has(body.type)) throw badRequest(`Unknown field type ${body.type}`);
  await requireCategory(db, accountId, body.category_id);
  const code = body.code ?? codeFromName(body.name);
  const [taken] = await db.select({ id: fields.id }).from(fields).where(and(eq(fields.accountId, accountId), eq(fields.entity, 'product'), eq(fields.code, code)));
  if (taken) throw conflict(`A field with the code ${code} already exists`);
  const [{ next }] = await db
    .select({ next: sql<number>`coalesce(max(${fields.sort}), -1) + 1` })
    .from(fields)
    .where(and(eq(fields.accountId, accountId), eq(fields.entity, 'product')));
  const [row] = await db
    .insert(fields)
    .values({
      accountId,
      code,
      name: body.name.trim(),
      type: body.type,
      categoryId: body.category_id ?? null,
      sort: Number(next),
      component: body.component ?? defaultComponent(body.type),
      config: body.config ?? {},
      data: SELECT_TYPES.has(body.type) ? (body.data ?? []) : [],
      leadConfig: body.lead_config ?? { visible: 1, public_order_visible: 0, editable: 1 },
    })
    .returning();
  return toField(row);
}

/** The card component a type is edited with (the shell maps these to its controls). */
function defaultComponent(type: number): string {
  const components: Record<number, string> = { 1: 'number', 2: 'decimal', 3: 'text', 4: 'textarea', 5: 'select', 6: 'multiselect', 7: 'date', 8: 'datetime', 9: 'checkbox', 11: 'price', 13: 'stock', 15: 'carousel' };
  return components[type] ?? 'text';
}

export async function updateField(db: Db, accountId: number, body: FieldUpdateRequest): Promise<FieldDefinition> {
  const current = await fieldOf(db, accountId, body.id);
  if (body.category_id !== undefined) await requireCategory(db, accountId, body.category_id);
  if (current.isSystem && (body.category_id !== undefined || body.data !== undefined)) throw noRight('A system field can only be renamed and shown or hidden');
  const changes = {
    ...(body.name !== undefined && { name: body.name.trim() }),
    ...(body.category_id !== undefined && { categoryId: body.category_id }),
    ...(body.component !== undefined && { component: body.component }),
    ...(body.config !== undefined && { config: body.config }),
    ...(body.data !== undefined && SELECT_TYPES.has(current.type) && { data: body.data }),
    ...(body.lead_config !== undefined && { leadConfig: { ...current.leadConfig, ...body.lead_config } }),
  };
  if (!Object.keys(changes).length) return toField(current);
  const [row] = await db.update(fields).set(changes).where(and(eq(fields.accountId, accountId), eq(fields.id, body.id))).returning();
  return toField(row);
}

export async function deleteField(db: Db, accountId: number, id: number): Promise<{ success: true }> {
  const current = await fieldOf(db, accountId, id);
  if (current.isSystem) throw noRight('A system field cannot be deleted');
  await db.delete(fields).where(and(eq(fields.accountId, accountId), eq(fields.id, id)));
  return { success: true };
}

/** field/update-sort: the given ids take positions 0, 1, 2… in that order. */
export async function sortFields(db: Db, accountId: number, ids: number[]): Promise<{ success: true }> {
  const found = await db
    .select({ id: fields.id })
    .from(fields)
    .where(and(eq(fields.accountId, accountId), eq(fields.entity, 'product'), inArray(fields.id, ids)));
  if (found.length !== ids.length) throw badRequest('Some of the fields do not exist');
  await db.transaction(async (tx) => {
    for (const [position, id] of ids.entries()) await tx.update(fields).set({ sort: position }).where(and(eq(fields.accountId, accountId), eq(fields.id, id)));
  });
  return { success: true };
}
