import type { Db } from './client';

/**
 * What `build` makes of a database, made once per database and kept while the database lives: the hot calls'
 * drizzle queries, prepared with placeholders, so their SQL is not built again on every call.
 */
export function oncePerDatabase<T>(build: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<Db, T>();
  return (db) => {
    if (!made.has(db)) made.set(db, build(db));
    return made.get(db) as T;
  };
}
