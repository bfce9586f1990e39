import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { catalogLinks, categories, products } from '../../db/schema';
import { insertImportedProducts, updateImportedProducts } from '../products/importRows';
import { compareGroups, matchCatalog, type ComparisonMode } from './catalogMatch';
import type { IntegrationSource } from './source';

/**
 * A catalogue sync's two halves, shared by every CRM (amoCRM now, Bitrix24 next) and the accounting exchange.
 * In: an outside catalogue applied to our products — an item linked before (catalog_links) updates its product; a new
 * one is matched by the chosen comparison mode (spec §5) or added; a key several items or products share is reported,
 * never guessed. Out: our products read in id order, a chunk at a time, with the outside id each is linked to.
 */
export interface IncomingProduct {
  externalId: string;
  name: string;
  article?: string | null;
  batch?: string | null;
  /** The outside catalogue's group: must name one of our categories. */
  group?: string | null;
}

export interface IncomingResult {
  added: number;
  updated: number;
  /** Keys shared by several incoming items (duplicates in the outside catalogue) or several of our products. */
  ambiguous: { key: string; names: string[]; productIds: number[] }[];
  /** Set when the sync was refused before any write: groups the outside catalogue has and our categories lack. */
  missingCategories: string[];
}

export const GROUPS_MUST_MATCH = 'The group list must match the category list';

/** Rows per read of our products and per write transaction. */
const CHUNK = 1000;

interface Ours {
  id: number;
  name: string;
  article: string;
}

/** Our products not yet linked to this source, read in id order a chunk at a time, as light rows for matching. */
async function unlinkedProducts(db: Db, accountId: number, source: IntegrationSource): Promise<Ours[]> {
  const out: Ours[] = [];
  let after = 0;
  for (;;) {
    const rows = await db
      .select({ id: products.id, name: products.name, article: products.article })
      .from(products)
      .where(
        and(
          eq(products.accountId, accountId),
          eq(products.archived, false),
          gt(products.id, after),
          sql`not exists (select 1 from ${catalogLinks} l where l.account_id = ${accountId} and l.source = ${source} and l.product_id = ${products.id})`,
        ),
      )
      .orderBy(asc(products.id))
      .limit(CHUNK);
    out.push(...rows);
    if (rows.length < CHUNK) return out;
    after = rows[rows.length - 1]!.id;
  }
}

async function categoryIds(db: Db, accountId: number): Promise<Map<string, number>> {
  const rows = await db.select({ id: categories.id, name: categories.name }).from(categories).where(eq(categories.accountId, accountId));
  return new Map(rows.map((row) => [row.name.normalize('NFKC').trim().toLowerCase(), row.id]));
}

export async function applyIncomingCatalog(
  db: Db,
  options: { accountId: number; source: IntegrationSource; mode: ComparisonMode; items: readonly IncomingProduct[]; progress?: (done: number, total: number) => Promise<void> },
): Promise<IncomingResult> {
  const { accountId, source, mode, items } = options;
  const result: IncomingResult = { added: 0, updated: 0, ambiguous: [], missingCategories: [] };
  const cats = await categoryIds(db, accountId);
  const groups = [...new Set(items.map((item) => item.group?.trim()).filter((group): group is string => !!group))];
  if (groups.length) {
    const { missingHere } = compareGroups(groups, [...cats.keys()]);
    if (missingHere.length) return { ...result, missingCategories: missingHere };
  }
  const categoryOf = (item: IncomingProduct) => (item.group ? (cats.get(item.group.normalize('NFKC').trim().toLowerCase()) ?? null) : null);

  // Items linked before update their product, whatever the mode.
  const linked = new Map<string, number>();
  for (let start = 0; start < items.length; start += CHUNK) {
    const ids = items.slice(start, start + CHUNK).map((item) => item.externalId);
    const rows = await db
      .select({ externalId: catalogLinks.externalId, productId: catalogLinks.productId })
      .from(catalogLinks)
      .where(and(eq(catalogLinks.accountId, accountId), eq(catalogLinks.source, source), inArray(catalogLinks.externalId, ids)));
    for (const row of rows) linked.set(row.externalId, row.productId);
  }
  const fresh = items.filter((item) => !linked.has(item.externalId));
  const match = matchCatalog(mode, fresh.length ? await unlinkedProducts(db, accountId, source) : [], fresh, {
    ours: (product) => ({ name: product.name, article: product.article }),
    theirs: (item) => item,
  });
  for (const entry of match.ambiguous) result.ambiguous.push({ key: entry.key.split('\u0001').join(' / '), names: entry.theirs.map((item) => item.name), productIds: entry.ours.map((product) => product.id) });

  const updates: { productId: number; item: IncomingProduct }[] = [...items.filter((item) => linked.has(item.externalId)).map((item) => ({ productId: linked.get(item.externalId)!, item })), ...match.pairs.map((pair) => ({ productId: pair.ours.id, item: pair.theirs }))];
  const additions = match.unmatched;
  const total = updates.length + additions.length;
  let done = 0;

  for (let start = 0; start < updates.length; start += CHUNK) {
    const chunk = updates.slice(start, start + CHUNK);
    await db.transaction(async (tx) => {
      const current = await tx
        .select()
        .from(products)
        .where(and(eq(products.accountId, accountId), inArray(products.id, chunk.map((entry) => entry.productId))));
      const byId = new Map(current.map((row) => [row.id, row]));
      const rows = chunk.flatMap(({ productId, item }) => {
        const row = byId.get(productId);
        if (!row) return [];
        return [{ id: row.id, name: item.name, article: item.article ?? row.article, unit: row.unit, type: row.type as 'product' | 'service', categoryId: categoryOf(item) ?? row.categoryId, tags: row.tags, values: row.values }];
      });
      await updateImportedProducts(tx, accountId, rows);
      const links = chunk.map(({ productId, item }) => ({ accountId, source, productId, externalId: item.externalId }));
      await tx
        .insert(catalogLinks)
        .values(links)
        .onConflictDoUpdate({ target: [catalogLinks.accountId, catalogLinks.source, catalogLinks.externalId], set: { syncedAt: new Date() } });
    });
    result.updated += chunk.length;
    done += chunk.length;
    await options.progress?.(done, total);
  }

  for (let start = 0; start < additions.length; start += CHUNK) {
    const chunk = additions.slice(start, start + CHUNK);
    await db.transaction(async (tx) => {
      const ids = await insertImportedProducts(
        tx,
        accountId,
        chunk.map((item) => ({ name: item.name, article: item.article ?? '', unit: 'pcs', type: 'product' as const, categoryId: categoryOf(item), tags: [], values: {} })),
      );
      await tx.insert(catalogLinks).values(chunk.map((item, index) => ({ accountId, source, productId: ids[index]!, externalId: item.externalId })));
    });
    result.added += chunk.length;
    done += chunk.length;
    await options.progress?.(done, total);
  }
  return result;
}

export interface OutgoingProduct {
  id: number;
  name: string;
  article: string;
  category: string | null;
  /** The outside id this product is linked to, or null: the outside catalogue does not have it yet. */
  externalId: string | null;
}

/** Our products for an outgoing sync, in id order, `size` at a time (never the whole table in memory). */
export async function* outgoingProducts(db: Db, accountId: number, source: IntegrationSource, size = 250): AsyncGenerator<OutgoingProduct[]> {
  let after = 0;
  for (;;) {
    const rows = await db
      .select({ id: products.id, name: products.name, article: products.article, category: categories.name, externalId: catalogLinks.externalId })
      .from(products)
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .leftJoin(catalogLinks, and(eq(catalogLinks.accountId, accountId), eq(catalogLinks.source, source), eq(catalogLinks.productId, products.id)))
      .where(and(eq(products.accountId, accountId), eq(products.archived, false), gt(products.id, after)))
      .orderBy(asc(products.id))
      .limit(size);
    if (rows.length) yield rows;
    if (rows.length < size) return;
    after = rows[rows.length - 1]!.id;
  }
}

/** Records which outside id each product now is (after the outside catalogue created them). */
export async function linkProducts(db: Db, accountId: number, source: IntegrationSource, links: readonly { productId: number; externalId: string }[]): Promise<void> {
  if (!links.length) return;
  await db
    .insert(catalogLinks)
    .values(links.map((link) => ({ accountId, source, productId: link.productId, externalId: link.externalId })))
    .onConflictDoUpdate({ target: [catalogLinks.accountId, catalogLinks.source, catalogLinks.externalId], set: { syncedAt: new Date() } });
}

