import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { migrationsApplied } from '../../server/db/migrationState';

/** A restart skips the migrator only when the database already holds every migration of the journal (issue 20 §2). */
describe('start path: migrations only when needed', () => {
  it('rule: a fresh database needs the migrations, a migrated one does not, and one a migration behind does again', async () => {
    const config = loadConfig(process.env, { dataDir: 'memory://', databaseUrl: null });
    const database = await openDatabase(config);
    try {
      expect(await migrationsApplied(database.db, config.migrationsDir)).toBe(false);
      await database.migrate();
      expect(await migrationsApplied(database.db, config.migrationsDir)).toBe(true);
      // As if the newest migration had not been applied: the next start must run the migrator.
      await database.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`);
      expect(await migrationsApplied(database.db, config.migrationsDir)).toBe(false);
    } finally {
      await database.close();
    }
  });
});
