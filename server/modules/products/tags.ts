import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { products } from '../../db/schema';

export const TAG_SUGGESTION_LIMIT = 500;

/** product/tags: every tag the account's products carry, once each, alphabetically: the editor's suggestions. */
export async function productTagList(db: Db, accountId: number): Promise<string[]> {
  const tag = sql<string>`jsonb_array_elements_text(${products.tags})`.as('tag');
  const inner = db.select({ tag }).from(products).where(eq(products.accountId, accountId)).as('product_tags');
  const rows = await db.selectDistinct({ tag: inner.tag }).from(inner).orderBy(asc(inner.tag)).limit(TAG_SUGGESTION_LIMIT);
  return rows.map((row) => row.tag);
}
