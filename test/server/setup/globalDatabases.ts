import { randomUUID } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../../../server/config';
import { openDatabase } from '../../../server/db/client';
import { ensureTariffs } from '../../../server/seeds/seed';
import { databaseUrl, onServer, templateName } from './databases';

/**
 * The server suite's global setup: on PostgreSQL, the run's template that every test file's database is cloned from
 * (databases.ts), migrated once with the tariffs. At the end the template and whatever file databases are left (one
 * a connection still held when its file ended) are dropped WITH (FORCE): no worker is left to hear of it. On PGlite,
 * nothing.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return undefined;
  const template = templateName(randomUUID().replaceAll('-', '').slice(0, 12));
  await onServer(serverUrl, (client) => client.query(`create database "${template}"`));
  const config = loadConfig({ ...process.env, DATABASE_URL: databaseUrl(serverUrl, template) }, { dataDir: 'memory://', logLevel: 'silent' });
  const database = await openDatabase(config);
  try {
    await database.migrate();
    await ensureTariffs(database.db);
  } finally {
    await database.close();
  }
  project.provide('testDatabaseTemplate', template);
  return () =>
    onServer(serverUrl, async (client) => {
      const { rows } = await client.query<{ datname: string }>('select datname from pg_database where starts_with(datname, $1) order by datname = $1', [template]);
      for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`);
    });
}
