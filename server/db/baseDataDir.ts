import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * A migrated, empty PGlite data folder made at build time (build.mjs → dist/pglite-base): a fresh data folder
 * starts as a copy of it instead of running PGlite's initdb (about 3 s of CPU) and the 30-odd migrations
 * (about 0.9 s) on the user's first start (issue 20 §2). A copy of the folder rather than PGlite's
 * loadDataDir tarball: the tarball is unpacked through PGlite's in-memory file system and cost 1.1–1.8 s of
 * CPU here, a file copy and an ordinary open about 0.6 s.
 */

const STAMP = 'stockroom-base.json';

function pgliteVersion(): string {
  // The package's exports hide its package.json: walk up from its entry.
  let dir = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir);
  return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

/** What the base was made from: every migration file and PGlite's version. A base with another key is not used. */
export function baseDataDirKey(migrationsFolder: string): string {
  const hash = createHash('sha256').update(pgliteVersion());
  for (const name of readdirSync(migrationsFolder).filter((file) => file.endsWith('.sql')).sort()) {
    hash.update(name).update(readFileSync(join(migrationsFolder, name)));
  }
  hash.update(readFileSync(join(migrationsFolder, 'meta', '_journal.json')));
  return hash.digest('hex');
}

function stampOf(baseDir: string): string | null {
  try {
    return (JSON.parse(readFileSync(join(baseDir, STAMP), 'utf8')) as { key: string }).key;
  } catch {
    return null;
  }
}

/** Makes the base in `baseDir` unless one with the same key is there already; returns whether it made one. */
export async function makeBaseDataDir(baseDir: string, migrationsFolder: string): Promise<boolean> {
  const key = baseDataDirKey(migrationsFolder);
  if (stampOf(baseDir) === key) return false;
  const building = `${baseDir}.tmp-${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  mkdirSync(building, { recursive: true });
  const client = await PGlite.create(join(building, 'pglite'), { extensions: { pg_trgm } });
  try {
    await migrate(drizzle(client), { migrationsFolder });
  } finally {
    await client.close();
  }
  // The stamp last, the swap whole: a build stopped half-way leaves no base that looks finished.
  writeFileSync(join(building, STAMP), JSON.stringify({ key }));
  rmSync(baseDir, { recursive: true, force: true });
  renameSync(building, baseDir);
  return true;
}

/**
 * Before PGlite opens `pgliteDir`: when that folder holds no database yet and a base made from the same
 * migrations is at `baseDir`, copies the base there. Copied under another name and renamed, so a start killed
 * mid-copy leaves no half database behind. Returns whether it copied.
 */
export function startFromBase(pgliteDir: string, baseDir: string | undefined, migrationsFolder: string): boolean {
  if (!baseDir || existsSync(join(pgliteDir, 'PG_VERSION'))) return false;
  if (!existsSync(join(baseDir, STAMP)) || stampOf(baseDir) !== baseDataDirKey(migrationsFolder)) return false;
  // An empty leftover folder (a start that failed before initdb wrote anything) is replaced.
  if (existsSync(pgliteDir) && readdirSync(pgliteDir).length > 0) return false;
  rmSync(pgliteDir, { recursive: true, force: true });
  const copying = `${pgliteDir}.tmp-${process.pid}`;
  rmSync(copying, { recursive: true, force: true });
  cpSync(join(baseDir, 'pglite'), copying, { recursive: true });
  renameSync(copying, pgliteDir);
  return true;
}
