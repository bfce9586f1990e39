import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { products } from '../../db/schema';

/**
 * Products written by an import, many at a time inside the import's one transaction (issue 14 §3). The import has
 * already read and checked every value, taken the catalogue lock and checked the tariff's positions for all the
 * rows at once, so these only write: a row at a time would be 100,000 round trips.
 */

export interface ImportedProduct {
  name: string;
  article: string;
  unit: string;
  type: 'product' | 'service';
  categoryId: number | null;
  tags: string[];
  values: Record<string, unknown>;
}

/** Rows per statement: each statement's rows travel as one JSON parameter, built and parsed far faster than 8 parameters a row. */
const CHUNK = 2500;

/** The rows of a raw query: both drivers (PGlite, node-postgres) answer them under rows. */

/**
 * Inserts the products and answers their ids in the same order. The rows are inserted in the JSON's order, so the
 * serial ids they take rise in that order (sorted, whatever order RETURNING lists them in).
 */
export async function insertImportedProducts(tx: Tx, accountId: number, rows: readonly ImportedProduct[]): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += CHUNK) {
    const chunk = rows.slice(start, start + CHUNK);
    const data = JSON.stringify(chunk.map((row) => [row.name, row.article, row.unit, row.type, row.categoryId, row.tags, row.values]));
    const inserted = await rowsOf<{ id: number }>(
      tx,
      sql`insert into ${products} (account_id, name, article, unit, type, category_id, tags, values)
        select ${accountId}, d.v ->> 0, d.v ->> 1, d.v ->> 2, d.v ->> 3, (d.v ->> 4)::int, d.v -> 5, d.v -> 6
        from jsonb_array_elements(${data}::jsonb) with ordinality as d(v, n) order by d.n
        returning id`,
    );
    ids.push(...inserted.map((row) => Number(row.id)).sort((a, b) => a - b));
  }
  return ids;
}

/** Writes the products' new values over the stored ones (the whole row as the import planned it). */
export async function updateImportedProducts(tx: Tx, accountId: number, rows: readonly (ImportedProduct & { id: number })[]): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK) {
    const chunk = rows.slice(start, start + CHUNK);
    const data = JSON.stringify(chunk.map((row) => ({ id: row.id, name: row.name, article: row.article, unit: row.unit, type: row.type, category_id: row.categoryId, tags: row.tags, values: row.values })));
    await tx.execute(sql`
      update ${products} p set name = d.name, article = d.article, unit = d.unit, type = d.type, category_id = d.category_id,
        tags = d.tags, values = d.values, updated_at = greatest(now(), p.updated_at + interval '1 millisecond')
      from jsonb_to_recordset(${data}::jsonb) as d(id int, name text, article text, unit text, type text, category_id int, tags jsonb, values jsonb)
      where p.id = d.id and p.account_id = ${accountId}`);
  }
}
