import { type SQL, sql } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Whether the database already holds every migration of the folder, by the same test drizzle's migrator makes
 * (the newest applied migration is not older than the journal's last entry), in one query: a restart then skips
 * the migrator's schema creation, its table lock and its reading of every SQL file. Any doubt answers false.
 */
export async function migrationsApplied(db: { execute(query: SQL): PromiseLike<unknown> }, migrationsFolder: string): Promise<boolean> {
  try {
    const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
    const last = journal.entries.at(-1)?.when;
    if (last === undefined) return false;
    const result = (await db.execute(sql`select max(created_at) as newest from drizzle.__drizzle_migrations`)) as unknown as { rows: { newest: string | number | null }[] };
    const newest = result.rows[0]?.newest;
    return newest !== null && newest !== undefined && Number(newest) >= last;
  } catch {
    return false;
  }
}
