import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { categories } from '../../db/schema';

/**
 * Categories an import names by path ('Tools / Hand tools') that are not in the tree yet, created level by level
 * under their parents. Call holding the catalogue lock (lockCatalogue), with the tree as it was read under it.
 */
export async function createCategoryPaths(tx: Tx, accountId: number, paths: ReadonlyMap<string, readonly string[]>, existing: Map<string, number>): Promise<Map<string, number>> {
  const ids = new Map(existing);
  // Parents before children: a shorter path is created first.
  const levelsOf = [...paths.values()].sort((a, b) => a.length - b.length);
  for (const levels of levelsOf) {
    let parentId: number | null = null;
    for (let depth = 1; depth <= levels.length; depth += 1) {
      const key = levels
        .slice(0, depth)
        .map((level) => level.trim().toLowerCase())
        .join('/');
      let id = ids.get(key);
      if (id === undefined) {
        const [row]: { id: number }[] = await tx
          .insert(categories)
          .values({
            accountId,
            name: levels[depth - 1].trim(),
            parentId,
            sort: sql`(select coalesce(max(sort), -1) + 1 from ${categories} where account_id = ${accountId} and parent_id is not distinct from ${parentId})`,
          })
          .returning({ id: categories.id });
        id = row.id;
        ids.set(key, id);
      }
      parentId = id;
    }
  }
  return ids;
}
