import { and, asc, eq, sql } from 'drizzle-orm';
import type { TagChange, TagUsage } from '../../../src/contract/business';
import type { Db } from '../../db/client';
import { products, publicCustomers } from '../../db/schema';
import { refusal } from '../../http/refusal';

/**
 * The account's tags (spec 2 §3 Tag and scenario). A tag is not a row of its own: it lives on products and public
 * customers (their tags decide what a customer is offered, publicOrder/catalogue.ts), so the list is gathered from
 * both, and a rename or delete rewrites both in one transaction.
 */

type Tagged = typeof products | typeof publicCustomers;

async function countsOf(db: Db, table: Tagged, accountId: number): Promise<Map<string, number>> {
  const tag = sql<string>`jsonb_array_elements_text(${table.tags})`.as('tag');
  const inner = db.select({ tag }).from(table).where(eq(table.accountId, accountId)).as('tagged');
  const rows = await db
    .select({ tag: inner.tag, n: sql<string>`count(*)` })
    .from(inner)
    .groupBy(inner.tag)
    .orderBy(asc(inner.tag));
  return new Map(rows.map((row) => [row.tag, Number(row.n)]));
}

/** business/tags: every tag, alphabetically, with the number of products and customers carrying it. */
export async function listTags(db: Db, accountId: number): Promise<TagUsage[]> {
  const [onProducts, onCustomers] = await Promise.all([countsOf(db, products, accountId), countsOf(db, publicCustomers, accountId)]);
  const tags = [...new Set([...onProducts.keys(), ...onCustomers.keys()])].sort((a, b) => a.localeCompare(b));
  return tags.map((tag) => ({ tag, products: onProducts.get(tag) ?? 0, customers: onCustomers.get(tag) ?? 0 }));
}

/** The new tags of a row carrying `from`: without it, with `to` added once (a row that had both keeps one). */
const replaced = (table: Tagged, from: string, to: string | null) =>
  to === null
    ? sql`${table.tags} - ${from}::text`
    : sql`case when ${table.tags} ? ${to}::text then ${table.tags} - ${from}::text else (${table.tags} - ${from}::text) || jsonb_build_array(${to}::text) end`;

async function rewrite(db: Db, accountId: number, from: string, to: string | null): Promise<TagChange> {
  return db.transaction(async (tx) => {
    const carrying = (table: Tagged) => and(eq(table.accountId, accountId), sql`${table.tags} ? ${from}::text`);
    const changedProducts = await tx
      .update(products)
      .set({ tags: replaced(products, from, to), updatedAt: new Date() })
      .where(carrying(products))
      .returning({ id: products.id });
    const changedCustomers = await tx
      .update(publicCustomers)
      .set({ tags: replaced(publicCustomers, from, to) })
      .where(carrying(publicCustomers))
      .returning({ id: publicCustomers.id });
    return { products: changedProducts.length, customers: changedCustomers.length };
  });
}

export async function renameTag(db: Db, accountId: number, tag: string, to: string): Promise<TagChange> {
  const from = tag.trim();
  const name = to.trim();
  if (!name) throw refusal(400, 'emptyField', undefined, { fields: { to: 'Empty field' } });
  if (name === from) return { products: 0, customers: 0 };
  return rewrite(db, accountId, from, name);
}

export async function deleteTag(db: Db, accountId: number, tag: string): Promise<TagChange> {
  return rewrite(db, accountId, tag.trim(), null);
}
