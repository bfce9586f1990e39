import { sql } from 'drizzle-orm';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { makeBaseDataDir, startFromBase } from '../../server/db/baseDataDir';
import { openDatabase } from '../../server/db/client';
import { migrationsApplied } from '../../server/db/migrationState';

/** A fresh data folder starts as a copy of the build's migrated base, never over data and never from a stale base (issue 20 §2). */
describe('start path: a fresh data folder from the prebuilt base', () => {
  const folder = mkdtempSync(join(tmpdir(), 'stockroom-base-test-'));
  const baseDir = join(folder, 'base');
  const config = loadConfig(process.env, { databaseUrl: null, dataDir: join(folder, 'data') });
  beforeAll(async () => {
    expect(await makeBaseDataDir(baseDir, config.migrationsDir)).toBe(true);
  }, 60_000);
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('rule: a base of the same migrations is not made again', async () => {
    expect(await makeBaseDataDir(baseDir, config.migrationsDir)).toBe(false);
  });

  it('rule: a fresh data folder opens migrated from the base, and a folder with data is never replaced', async () => {
    const database = await openDatabase({ ...config, baseDataDir: baseDir });
    try {
      expect(await migrationsApplied(database.db, config.migrationsDir)).toBe(true);
      await database.db.execute(sql`create table kept_by_restart (id int)`);
    } finally {
      await database.close();
    }
    expect(startFromBase(join(config.dataDir, 'pglite'), baseDir, config.migrationsDir)).toBe(false);
    const reopened = await openDatabase({ ...config, baseDataDir: baseDir });
    try {
      const result = (await reopened.db.execute(sql`select to_regclass('kept_by_restart') is not null as kept`)) as unknown as { rows: { kept: boolean }[] };
      expect(result.rows[0].kept).toBe(true);
    } finally {
      await reopened.close();
    }
  });

  it('rule: a base made from other migrations is not used', () => {
    writeFileSync(join(baseDir, 'stockroom-base.json'), JSON.stringify({ key: 'made from an older migration folder' }));
    expect(startFromBase(join(folder, 'other', 'pglite'), baseDir, config.migrationsDir)).toBe(false);
  });
});
