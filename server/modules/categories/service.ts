import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Category, CategoryAddRequest, CategoryProps, CategoryUpdateRequest } from '../../../src/contract/catalogue';
import { hasRight, type Caller } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { categories, fields } from '../../db/schema';
import { badRequest, noRight, notFound } from '../../http/errors';

type CategoryRow = typeof categories.$inferSelect;

/** Editing the catalogue (categories, fields, products) needs the 'editing product' right. */
export function requireProductEditor(caller: Caller): void {
  if (!hasRight(caller, 'editingRemains')) throw noRight('You do not have the right to edit products');
}

async function rowsOf(db: Db, accountId: number): Promise<CategoryRow[]> {
  return db.select().from(categories).where(eq(categories.accountId, accountId)).orderBy(asc(categories.sort), asc(categories.name), asc(categories.id));
}

/** Ids from the root down to the category. */
function levelsOf(row: CategoryRow, byId: Map<number, CategoryRow>): number[] {
  const path: number[] = [];
  for (let current: CategoryRow | undefined = row; current && !path.includes(current.id); current = current.parentId === null ? undefined : byId.get(current.parentId)) {
    path.unshift(current.id);
  }
  return path;
}

/** category/list: the tree, each node with its subcategories. */
export async function listCategories(db: Db, accountId: number): Promise<Category[]> {
  const rows = await rowsOf(db, accountId);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const nodes = new Map<number, Category>(
    rows.map((row) => [row.id, { id: row.id, name: row.name, parent_id: row.parentId, image_url: row.imageUrl, sort: row.sort, levels: levelsOf(row, byId), subcategories: [] }]),
  );
  const roots: Category[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id)!;
    const parent = row.parentId === null ? undefined : nodes.get(row.parentId);
    if (parent) parent.subcategories.push(node);
    else roots.push(node);
  }
  return roots;
}

/** Per category: its levels and the ids of the fields assigned to it (the product card's field properties). */
export async function categoryProps(db: Db, accountId: number): Promise<CategoryProps[]> {
  const rows = await rowsOf(db, accountId);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const assigned = await db
    .select({ id: fields.id, categoryId: fields.categoryId })
    .from(fields)
    .where(and(eq(fields.accountId, accountId), eq(fields.entity, 'product')))
    .orderBy(asc(fields.sort), asc(fields.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    parent_id: row.parentId,
    levels: levelsOf(row, byId),
    fields_id_2: assigned.filter((field) => field.categoryId === row.id).map((field) => field.id),
  }));
}

async function categoryOf(db: Db, accountId: number, id: number): Promise<CategoryRow> {
  const [row] = await db.select().from(categories).where(and(eq(categories.accountId, accountId), eq(categories.id, id)));
  if (!row) throw notFound('No such category');
  return row;
}

export async function addCategory(db: Db, accountId: number, body: CategoryAddRequest): Promise<CategoryRow> {
  if (body.parent_id) await categoryOf(db, accountId, body.parent_id);
  const [row] = await db
    .insert(categories)
    .values({ accountId, name: body.name.trim(), parentId: body.parent_id ?? null, imageUrl: body.image_url ?? null })
    .returning();
  return row;
}

export async function updateCategory(db: Db, accountId: number, body: CategoryUpdateRequest): Promise<CategoryRow> {
  const current = await categoryOf(db, accountId, body.id);
  if (body.parent_id) {
    // A category cannot move under itself or one of its own subcategories.
    const rows = await rowsOf(db, accountId);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const parent = byId.get(body.parent_id);
    if (!parent) throw notFound('No such parent category');
    if (levelsOf(parent, byId).includes(body.id)) throw badRequest('A category cannot be moved into itself or its subcategories');
  }
  const changes = {
    ...(body.name !== undefined && { name: body.name.trim() }),
    ...(body.parent_id !== undefined && { parentId: body.parent_id }),
    ...(body.image_url !== undefined && { imageUrl: body.image_url }),
    ...(body.sort !== undefined && { sort: body.sort }),
  };
  if (!Object.keys(changes).length) return current;
  const [row] = await db.update(categories).set(changes).where(and(eq(categories.accountId, accountId), eq(categories.id, body.id))).returning();
  return row;
}

/**
 * Deleting a category moves its products' properties (its fields) to the root category and its
 * subcategories up to its parent (spec 2 §4), in one transaction.
 */
export async function deleteCategory(db: Db, accountId: number, id: number): Promise<{ success: true }> {
  const row = await categoryOf(db, accountId, id);
  await db.transaction(async (tx) => {
    await tx.update(fields).set({ categoryId: null }).where(and(eq(fields.accountId, accountId), eq(fields.categoryId, id)));
    await tx.update(categories).set({ parentId: row.parentId }).where(and(eq(categories.accountId, accountId), eq(categories.parentId, id)));
    await tx.delete(categories).where(and(eq(categories.accountId, accountId), inArray(categories.id, [id])));
  });
  return { success: true };
}
