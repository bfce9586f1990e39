import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import type { ServerConfig } from '../config';
import * as schema from './schema';

/** The drizzle database, whichever driver is under it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A transaction of that database: what every write inside `db.transaction` / `inTransaction` is handed. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'pg';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/** Opens PostgreSQL when DATABASE_URL is set, else the embedded PGlite (in dataDir, or in memory). */
export async function openDatabase(config: Pick<ServerConfig, 'databaseUrl' | 'dataDir' | 'migrationsDir'>): Promise<Database> {
  const migrationsFolder = config.migrationsDir;
  if (config.databaseUrl) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10 });
    const db = drizzlePg(pool, { schema });
    return {
      db: db as unknown as Db,
      kind: 'pg',
      migrate: () => migratePg(db, { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  const inMemory = config.dataDir.startsWith('memory://');
  if (!inMemory) mkdirSync(config.dataDir, { recursive: true });
  const client = await PGlite.create(inMemory ? undefined : join(config.dataDir, 'pglite'), { extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  };
}
