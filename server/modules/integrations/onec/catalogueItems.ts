import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { FieldType } from '../../../../src/domain/fieldTypes';
import type { Tx } from '../../../db/client';
import { accounts, catalogLinks, categories, fields, onecLinks, products } from '../../../db/schema';
import { requireFreePositions } from '../../account/limits';
import { type ImportedProduct, insertImportedProducts, updateImportedProducts } from '../../products/importRows';
import { type ComparisonMode, comparisonKey } from '../catalogMatch';
import { ACCOUNTING_SOURCE } from '../source';
import { textsIn } from './valueLists';
import { childrenOf, textOf, type XmlNode } from './xmlItems';

/**
 * import.xml's items applied inside one step's transaction: Группы → categories, Свойства → product fields, Товары →
 * products. Each is found again by its 1C Ид (onec_links, catalog_links), so a repeated exchange updates rather than
 * adds; a product not linked yet is compared with ours by the settings' comparison mode before one is added.
 */

export interface StepCounts {
  [key: string]: number;
}

const bump = (counts: StepCounts, key: string, by = 1) => {
  counts[key] = (counts[key] ?? 0) + by;
};

async function linksOf(tx: Tx, accountId: number, kind: 'group' | 'property'): Promise<Map<string, string>> {
  const rows = await tx.select().from(onecLinks).where(and(eq(onecLinks.accountId, accountId), eq(onecLinks.kind, kind)));
  return new Map(rows.map((row) => [row.externalId, row.target]));
}

/** The group tree: each group is created under its parent once, and renamed when 1C renames it. */
export async function applyGroups(tx: Tx, accountId: number, node: XmlNode, counts: StepCounts): Promise<void> {
  const known = await linksOf(tx, accountId, 'group');
  const walk = async (parent: XmlNode, parentId: number | null): Promise<void> => {
    for (const group of childrenOf(parent, 'Группа')) {
      const id = textOf(group, 'Ид');
      const name = textOf(group, 'Наименование') || id;
      if (!id) continue;
      let categoryId = known.has(id) ? Number(known.get(id)) : null;
      if (categoryId !== null) {
        await tx.update(categories).set({ name, parentId }).where(and(eq(categories.accountId, accountId), eq(categories.id, categoryId)));
        bump(counts, 'groups_updated');
      } else {
        const [row] = await tx.insert(categories).values({ accountId, name, parentId }).returning({ id: categories.id });
        categoryId = row!.id;
        await tx.insert(onecLinks).values({ accountId, kind: 'group', externalId: id, target: String(categoryId) });
        known.set(id, String(categoryId));
        bump(counts, 'groups_added');
      }
      for (const children of childrenOf(group, 'Группы')) await walk(children, categoryId);
    }
  };
  await walk(node, null);
}

/** A 1C property becomes a text field of products; its code is made from the Ид, so it is the same on every exchange. */
export async function applyProperty(tx: Tx, accountId: number, node: XmlNode, counts: StepCounts): Promise<void> {
  const id = textOf(node, 'Ид');
  if (!id) return;
  const name = (textOf(node, 'Наименование') || id).slice(0, 200);
  const known = await tx
    .select()
    .from(onecLinks)
    .where(and(eq(onecLinks.accountId, accountId), eq(onecLinks.kind, 'property'), eq(onecLinks.externalId, id)));
  if (known.length) {
    await tx
      .update(fields)
      .set({ name })
      .where(and(eq(fields.accountId, accountId), eq(fields.entity, 'product'), eq(fields.code, known[0]!.target)));
    bump(counts, 'properties_updated');
    return;
  }
  const code = `onec_${createHash('sha256').update(id).digest('hex').slice(0, 12)}`;
  await tx.insert(fields).values({ accountId, entity: 'product', code, name, type: FieldType.string, sort: 1000 }).onConflictDoNothing();
  await tx.insert(onecLinks).values({ accountId, kind: 'property', externalId: id, target: code });
  bump(counts, 'properties_added');
}

interface Incoming {
  id: string;
  name: string;
  article: string;
  description: string;
  unit: string;
  groupId: string;
  properties: Record<string, string>;
}

function incomingOf(node: XmlNode): Incoming | null {
  const id = textOf(node, 'Ид').split('#')[0]!;
  const name = textOf(node, 'Наименование');
  if (!id || !name) return null;
  const unitNode = childrenOf(node, 'БазоваяЕдиница')[0];
  const properties: Record<string, string> = {};
  for (const value of childrenOf(node, 'ЗначенияСвойств/ЗначенияСвойства')) {
    const propertyId = textOf(value, 'Ид');
    if (propertyId) properties[propertyId] = textOf(value, 'Значение');
  }
  return {
    id,
    name: name.slice(0, 500),
    article: textOf(node, 'Артикул').slice(0, 200),
    description: textOf(node, 'Описание'),
    unit: (unitNode?.attributes.НаименованиеПолное || unitNode?.text.trim() || 'pcs').slice(0, 50),
    groupId: textOf(node, 'Группы/Ид'),
    properties,
  };
}

export interface ProductStep {
  comparison: ComparisonMode;
}

/** A step's products, in a few statements: linked ones updated, the rest matched by the comparison or added and linked. */
export async function applyProducts(tx: Tx, accountId: number, nodes: readonly XmlNode[], step: ProductStep, counts: StepCounts): Promise<void> {
  const byId = new Map<string, Incoming>();
  for (const node of nodes) {
    const item = incomingOf(node);
    if (item) byId.set(item.id, item);
    else bump(counts, 'products_skipped');
  }
  if (!byId.size) return;
  const groups = await linksOf(tx, accountId, 'group');
  const propertyCodes = await linksOf(tx, accountId, 'property');
  const linked = new Map<string, number>();
  const ids = [...byId.keys()];
  const links = await tx
    .select({ productId: catalogLinks.productId, externalId: catalogLinks.externalId })
    .from(catalogLinks)
    .where(and(eq(catalogLinks.accountId, accountId), eq(catalogLinks.source, ACCOUNTING_SOURCE), inArray(catalogLinks.externalId, textsIn(ids))));
  for (const link of links) linked.set(link.externalId, link.productId);

  // Not linked yet: the comparison finds the same product among ours that no 1C product claims.
  const unlinked = ids.filter((id) => !linked.has(id));
  if (unlinked.length && step.comparison !== 'none') {
    const names = [...new Set(unlinked.map((id) => byId.get(id)!.name.trim().toLowerCase()))];
    const candidates = await tx
      .select({ id: products.id, name: products.name, article: products.article })
      .from(products)
      .where(
        and(
          eq(products.accountId, accountId),
          eq(products.archived, false),
          inArray(sql`lower(trim(${products.name}))`, textsIn(names)),
          sql`not exists (select 1 from ${catalogLinks} l where l.account_id = ${accountId} and l.source = ${ACCOUNTING_SOURCE} and l.product_id = ${products.id})`,
        ),
      );
    const ours = new Map<string, number>();
    for (const candidate of candidates) {
      const key = comparisonKey(step.comparison, { name: candidate.name, article: candidate.article });
      if (key !== null && !ours.has(key)) ours.set(key, candidate.id);
    }
    const taken = new Set<number>();
    for (const id of unlinked) {
      const item = byId.get(id)!;
      const key = comparisonKey(step.comparison, { name: item.name, article: item.article });
      const match = key === null ? undefined : ours.get(key);
      if (match !== undefined && !taken.has(match)) {
        linked.set(id, match);
        taken.add(match);
        bump(counts, 'products_matched');
      }
    }
  }

  const rowOf = (item: Incoming, values: Record<string, unknown>, tags: string[]): ImportedProduct => {
    const next = { ...values };
    for (const [propertyId, value] of Object.entries(item.properties)) {
      const code = propertyCodes.get(propertyId);
      if (code) next[code] = value;
    }
    const category = groups.get(item.groupId);
    return { name: item.name, article: item.article, unit: item.unit, type: 'product', categoryId: category === undefined ? null : Number(category), tags, values: next };
  };

  const existingIds = [...new Set(linked.values())];
  const existing = existingIds.length ? await tx.select().from(products).where(and(eq(products.accountId, accountId), inArray(products.id, existingIds))) : [];
  const rowsById = new Map(existing.map((row) => [row.id, row]));
  const updates: (ImportedProduct & { id: number })[] = [];
  const inserts: { externalId: string; row: ImportedProduct }[] = [];
  for (const item of byId.values()) {
    const productId = linked.get(item.id);
    const current = productId === undefined ? undefined : rowsById.get(productId);
    if (current) {
      const row = rowOf(item, current.values, current.tags);
      // A product 1C files in no group we know keeps the category it has here.
      updates.push({ ...row, categoryId: row.categoryId ?? current.categoryId, id: current.id });
    } else {
      inserts.push({ externalId: item.id, row: rowOf(item, {}, []) });
    }
  }
  if (updates.length) await updateImportedProducts(tx, accountId, updates);
  bump(counts, 'products_updated', updates.length);
  if (inserts.length) {
    const [account] = await tx.select({ tariffId: accounts.tariffId }).from(accounts).where(eq(accounts.id, accountId));
    await requireFreePositions(tx, accountId, account?.tariffId ?? null, inserts.length);
    const newIds = await insertImportedProducts(
      tx,
      accountId,
      inserts.map((insert) => insert.row),
    );
    for (const [index, insert] of inserts.entries()) linked.set(insert.externalId, newIds[index]!);
    bump(counts, 'products_added', inserts.length);
  }
  const wasLinked = new Set(links.map((link) => link.externalId));
  const fresh = ids.filter((id) => !wasLinked.has(id));
  if (fresh.length) {
    await tx
      .insert(catalogLinks)
      .values(fresh.map((externalId) => ({ accountId, source: ACCOUNTING_SOURCE, externalId, productId: linked.get(externalId)! })))
      .onConflictDoNothing();
  }
}
