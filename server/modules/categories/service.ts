import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Category, CategoryAddRequest, CategoryProps, CategoryUpdateRequest } from '../../../src/contract/catalogue';
import type { Db } from '../../db/client';
import { categories, fields, products } from '../../db/schema';
import { refusal } from '../../http/refusal';

type CategoryRow = typeof categories.$inferSelect;

/** The advisory-lock namespace of an account's catalogue structure (ASCII 'catl'). */
const CATALOGUE_LOCK = 0x6361746c;

/**
 * Serialises changes to one account's category tree and field assignments until the transaction
 * ends: two moves cannot make a cycle together, and a field cannot be put into a category that is
 * being deleted. Other accounts are not held up.
 */
export async function lockCatalogue(tx: Db, accountId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${CATALOGUE_LOCK}::int4, ${accountId}::int4)`);
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

async function categoryOf(db: Db, accountId: number, id: number): Promise<CategoryRow> {
  const [row] = await db.select().from(categories).where(and(eq(categories.accountId, accountId), eq(categories.id, id)));
  if (!row) throw refusal(404, 'noSuchCategory');
  return row;
}

/** A category of the account, or 404 (another account's category does not exist for the caller). Null and undefined: the root. */
export async function requireCategory(db: Db, accountId: number, categoryId: number | null | undefined): Promise<void> {
  if (categoryId === null || categoryId === undefined) return;
  await categoryOf(db, accountId, categoryId);
}

/** The ids of a category and all its ancestors (field/list with_parents=1). */
export async function categoryChain(db: Db, accountId: number, categoryId: number): Promise<number[]> {
  const rows = await rowsOf(db, accountId);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const row = byId.get(categoryId);
  if (!row) throw refusal(404, 'noSuchCategory');
  return levelsOf(row, byId);
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

/** Rows parents first, each followed by its subcategories (siblings in sort order); rows the walk cannot reach come last. */
function inTreeOrder(rows: CategoryRow[]): CategoryRow[] {
  const ids = new Set(rows.map((row) => row.id));
  const children = new Map<number | null, CategoryRow[]>();
  for (const row of rows) {
    const parent = row.parentId !== null && ids.has(row.parentId) ? row.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), row]);
  }
  const ordered: CategoryRow[] = [];
  const seen = new Set<number>();
  const visit = (row: CategoryRow) => {
    if (seen.has(row.id)) return;
    seen.add(row.id);
    ordered.push(row);
    for (const child of children.get(row.id) ?? []) visit(child);
  };
  for (const row of children.get(null) ?? []) visit(row);
  for (const row of rows) visit(row);
  return ordered;
}

/**
 * field/categories (get_fields_properties): per category its levels (the ids from the root down to
 * it) and fields_id_2, the fields it carries — its own and the root's, which apply everywhere. The
 * product card follows the levels (categoryFieldIds in src/domain/productCard), so a category's card
 * shows the fields of every level above it as well: the same set as field/list with_parents=1.
 */
export async function categoryProps(db: Db, accountId: number): Promise<CategoryProps[]> {
  const rows = await rowsOf(db, accountId);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const assigned = await db
    .select({ id: fields.id, categoryId: fields.categoryId })
    .from(fields)
    .where(and(eq(fields.accountId, accountId), eq(fields.entity, 'product')))
    .orderBy(asc(fields.sort), asc(fields.id));
  return inTreeOrder(rows).map((row) => ({
    id: row.id,
    name: row.name,
    parent_id: row.parentId,
    levels: levelsOf(row, byId),
    fields_id_2: assigned.filter((field) => field.categoryId === row.id || field.categoryId === null).map((field) => field.id),
  }));
}

function nameOf(text: string): string {
  const name = text.trim();
  if (!name) throw refusal(400, 'categoryNameEmpty');
  return name;
}

/** The next sort position among the children of a parent (null: the top level). */
async function nextSort(tx: Db, accountId: number, parentId: number | null): Promise<number> {
  const [{ next }] = await tx
    .select({ next: sql<number>`coalesce(max(${categories.sort}), -1) + 1` })
    .from(categories)
    .where(and(eq(categories.accountId, accountId), parentId === null ? isNull(categories.parentId) : eq(categories.parentId, parentId)));
  return Number(next);
}

/** category/add: a new category goes last among its siblings. */
export async function addCategory(db: Db, accountId: number, body: CategoryAddRequest): Promise<CategoryRow> {
  const name = nameOf(body.name);
  return db.transaction(async (tx) => {
    await lockCatalogue(tx, accountId);
    const parentId = body.parent_id ?? null;
    if (parentId !== null) await categoryOf(tx, accountId, parentId);
    const [row] = await tx
      .insert(categories)
      .values({ accountId, name, parentId, imageUrl: body.image_url ?? null, sort: await nextSort(tx, accountId, parentId) })
      .returning();
    return row;
  });
}

export async function updateCategory(db: Db, accountId: number, body: CategoryUpdateRequest): Promise<CategoryRow> {
  const changes = {
    ...(body.name !== undefined && { name: nameOf(body.name) }),
    ...(body.parent_id !== undefined && { parentId: body.parent_id }),
    ...(body.image_url !== undefined && { imageUrl: body.image_url }),
    ...(body.sort !== undefined && { sort: body.sort }),
  };
  return db.transaction(async (tx) => {
    await lockCatalogue(tx, accountId);
    const current = await categoryOf(tx, accountId, body.id);
    if (body.parent_id) {
      // A category cannot move under itself or one of its own subcategories.
      const rows = await rowsOf(tx, accountId);
      const byId = new Map(rows.map((row) => [row.id, row]));
      const parent = byId.get(body.parent_id);
      if (!parent) throw refusal(404, 'noSuchParentCategory');
      if (levelsOf(parent, byId).includes(body.id)) throw refusal(400, 'categoryIntoItself');
    }
    if (!Object.keys(changes).length) return current;
    const [row] = await tx.update(categories).set(changes).where(and(eq(categories.accountId, accountId), eq(categories.id, body.id))).returning();
    return row;
  });
}

/**
 * category/delete (spec 2 §4): its products' properties (the fields it carried) move to the root
 * category, so every value stays readable; its subcategories and its products move up to its
 * parent. One transaction.
 */
export async function deleteCategory(db: Db, accountId: number, id: number): Promise<{ success: true }> {
  await db.transaction(async (tx) => {
    await lockCatalogue(tx, accountId);
    const row = await categoryOf(tx, accountId, id);
    await tx.update(fields).set({ categoryId: null }).where(and(eq(fields.accountId, accountId), eq(fields.categoryId, id)));
    await tx.update(categories).set({ parentId: row.parentId }).where(and(eq(categories.accountId, accountId), eq(categories.parentId, id)));
    await tx.update(products).set({ categoryId: row.parentId, updatedAt: new Date() }).where(and(eq(products.accountId, accountId), eq(products.categoryId, id)));
    await tx.delete(categories).where(and(eq(categories.accountId, accountId), eq(categories.id, id)));
  });
  return { success: true };
}
