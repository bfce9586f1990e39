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
import { migrationsApplied } from './migrationState';
import { startFromBase } from './baseDataDir';
import { PreparingClient } from './preparedStatements';
import * as schema from './schema';
import { inProcessNotifier, pgNotifier, type Notifier } from '../platform/notify';

/** The drizzle database, whichever driver is under it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A transaction of that database: what every write inside `db.transaction` / `inTransaction` is handed. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  /** The primary: every write, every stock read, everything that must see its own writes. */
  db: Db;
  /**
   * Reads that tolerate a replica's lag (analytics, lists a user refreshes): the pool of READ_DATABASE_URL, or
   * the primary's when there is none. Never for a read that decides a write (stock, limits, rights).
   */
  readDb: Db;
  /** Cross-process signals (server/platform/notify.ts). */
  notifier: Notifier;
  kind: 'pglite' | 'pg';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

type PoolConfig = Pick<ServerConfig, 'databaseUrl' | 'dataDir' | 'migrationsDir'> & Partial<Pick<ServerConfig, 'readDatabaseUrl' | 'listenDatabaseUrl' | 'dbPoolMax' | 'readPoolMax' | 'baseDataDir'>>;

/** Opens PostgreSQL when DATABASE_URL is set, else the embedded PGlite (in dataDir, or in memory). */
export async function openDatabase(config: PoolConfig, options: { notifier?: boolean } = {}): Promise<Database> {
  const migrationsFolder = config.migrationsDir;
  if (config.databaseUrl) {
    // Pools are per process: N processes hold up to N × (DB_POOL_MAX + READ_DB_POOL_MAX) + N listener connections.
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: config.dbPoolMax ?? 10, Client: PreparingClient });
    const readPool = config.readDatabaseUrl ? new pg.Pool({ connectionString: config.readDatabaseUrl, max: config.readPoolMax ?? 10, Client: PreparingClient }) : null;
    const db = drizzlePg(pool, { schema });
    const notifier =
      options.notifier === false
        ? inProcessNotifier()
        : await pgNotifier({
            listenUrl: config.listenDatabaseUrl ?? config.databaseUrl,
            onError: (error, what) => console.error(`${what}: ${String((error as Error)?.message ?? error)}`),
          });
    return {
      db: db as unknown as Db,
      readDb: (readPool ? drizzlePg(readPool, { schema }) : db) as unknown as Db,
      notifier,
      kind: 'pg',
      migrate: async () => {
        if (!(await migrationsApplied(db, migrationsFolder))) await migratePg(db, { migrationsFolder });
      },
      close: async () => {
        await notifier.close();
        await Promise.all([pool.end(), readPool?.end()]);
      },
    };
  }
  const inMemory = config.dataDir.startsWith('memory://');
  if (!inMemory) mkdirSync(config.dataDir, { recursive: true });
  const pgliteDir = inMemory ? undefined : join(config.dataDir, 'pglite');
  // A fresh data folder starts from the build's migrated base (server/db/baseDataDir.ts), not from initdb.
  if (pgliteDir) startFromBase(pgliteDir, config.baseDataDir, migrationsFolder);
  const client = await PGlite.create(pgliteDir, { extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema });
  const notifier = inProcessNotifier();
  return {
    db: db as unknown as Db,
    readDb: db as unknown as Db,
    notifier,
    kind: 'pglite',
    migrate: async () => {
      if (!(await migrationsApplied(db, migrationsFolder))) await migratePglite(db, { migrationsFolder });
    },
    close: async () => {
      await notifier.close();
      await client.close();
    },
  };
}
