import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as schema from '../../server/db/schema';

/**
 * Only server/modules/stock writes stock (ARCHITECTURE.md; issue 13 §1): batches, the ledger (movements) and the
 * reservations (position_batches). test/dependency-cruiser.cjs keeps other modules to the stock module's api.ts;
 * this scan catches what imports cannot: a write to those tables anywhere else in the server code.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const OWNER = 'server/modules/stock/';
/** The application's code; test fixtures and the benchmark's bulk load write stock directly on purpose. */
const SCANNED = ['server', 'scripts'];

/** stock_sums is kept by the database's triggers on batches (migration stock_sums): no code writes it, here or in the stock module. */
const STOCK_TABLES = {
  batches: schema.batches,
  movements: schema.movements,
  positionBatches: schema.positionBatches,
  stockDocuments: schema.stockDocuments,
  transitLines: schema.transitLines,
  stockSums: schema.stockSums,
} satisfies Record<string, PgTable>;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Drizzle calls on the table's export (`.insert(batches)`), SQL templates on it (`update ${batches}`) and SQL naming it (`delete from position_batches`). */
function writePatterns(): { table: string; pattern: RegExp }[] {
  return Object.entries(STOCK_TABLES).flatMap(([exported, table]) => {
    const name = getTableConfig(table).name;
    return [
      { table: name, pattern: new RegExp(`\\.(insert|update|delete)\\(\\s*(schema\\.)?${escapeRegExp(exported)}\\s*\\)`) },
      { table: name, pattern: new RegExp(`\\b(insert\\s+into|update|delete\\s+from)\\s+\\$\\{\\s*(schema\\.)?${escapeRegExp(exported)}\\s*\\}`, 'i') },
      { table: name, pattern: new RegExp(`\\b(insert\\s+into|update|delete\\s+from)\\s+"?${escapeRegExp(name)}"?(\\s|\\(|$)`, 'i') },
    ];
  });
}

/** Comments say why, and may name a write; only code counts. */
const withoutComments = (source: string) => source.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, '')).replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

/** The stock-table writes in one file's source, as 'line: table'. */
function stockWrites(source: string): string[] {
  const lines = withoutComments(source).split('\n');
  const patterns = writePatterns();
  return lines.flatMap((line, index) => patterns.filter(({ pattern }) => pattern.test(line)).map(({ table }) => `${index + 1}: ${table}`));
}

function codeFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'migrations' ? [] : codeFiles(path);
    return /\.(ts|tsx|mjs|cjs|js)$/.test(entry.name) ? [path] : [];
  });
}

describe('only the inventory module writes stock', () => {
  it('rule: no code outside server/modules/stock inserts into, updates or deletes from batches, movements, position_batches or the kept stock_sums', () => {
    const outside = SCANNED.flatMap((folder) => codeFiles(join(root, folder)))
      .map((path) => relative(root, path).split('\\').join('/'))
      .filter((path) => !path.startsWith(OWNER));
    expect(outside.length).toBeGreaterThan(50);
    const found = outside.flatMap((path) => stockWrites(readFileSync(join(root, path), 'utf8')).map((hit) => `${path}:${hit}`));
    expect(found).toEqual([]);
  });

  it('the inventory module itself is seen writing each of the three tables (the scan looks where the writes are)', () => {
    const inside = codeFiles(join(root, OWNER)).flatMap((path) => stockWrites(readFileSync(path, 'utf8')));
    for (const table of ['batches', 'movements', 'position_batches']) expect(inside.some((hit) => hit.endsWith(`: ${table}`)), table).toBe(true);
  });

  it('the scan bites: drizzle writes, SQL templates and plain SQL on each table are found; reads and comments are not', () => {
    expect(stockWrites('await tx.insert(movements).values(row);')).toEqual(['1: movements']);
    expect(stockWrites('await tx\n  .update(batches)\n  .set({ count });')).toEqual(['2: batches']);
    expect(stockWrites('await db.delete( schema.positionBatches ).where(x);')).toEqual(['1: position_batches']);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the scanned source text itself holds a template placeholder
    expect(stockWrites('await tx.execute(sql`update ${batches} set reserve = 0`);')).toEqual(['1: batches']);
    expect(stockWrites('await tx.execute(sql`INSERT INTO position_batches (position_id) values (1)`);')).toEqual(['1: position_batches']);
    expect(stockWrites('await db.execute(sql`delete from "movements" where id = 1`);')).toEqual(['1: movements']);
    expect(stockWrites('await tx.update(stockSums).set({ count: 0 });')).toEqual(['1: stock_sums']);
    expect(stockWrites('await tx.select().from(batches).for("update");')).toEqual([]);
    expect(stockWrites('// a comment may say: update batches\n/* or insert into movements */')).toEqual([]);
    expect(stockWrites('/**\n * a comment\n */\nawait tx.insert(batches);')).toEqual(['4: batches']);
  });
});
