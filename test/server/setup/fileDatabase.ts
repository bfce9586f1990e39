import { randomUUID } from 'node:crypto';
import { afterAll, inject } from 'vitest';
import { databaseUrl, fileDatabaseName, onServer } from './databases';

// On PostgreSQL this file's own database, cloned from the run's migrated template (globalDatabases.ts), before the
// test file is imported: everything it reads DATABASE_URL for (the harness, spawned servers, direct clients) uses it.
// The server's own URL is kept apart: a file that failed before its afterAll must not leave the next one its database.
// Registered before the file's own hooks, the afterAll runs after them (vitest runs after-hooks as a stack), when the
// file's servers are closed. Not WITH (FORCE): a connection still closing would get a FATAL error in this worker, an
// unhandled error that fails the run; PostgreSQL waits up to 5 s for them to go, and a database still in use then is
// dropped by the global teardown.
// (process.env keeps strings: an unset DATABASE_URL must not become 'undefined'.)
if (process.env.DATABASE_URL && !process.env.TEST_DATABASE_SERVER) process.env.TEST_DATABASE_SERVER = process.env.DATABASE_URL;
const serverUrl = process.env.TEST_DATABASE_SERVER;
if (serverUrl) {
  const template = inject('testDatabaseTemplate');
  const database = fileDatabaseName(template, randomUUID().replaceAll('-', '').slice(0, 12));
  await onServer(serverUrl, (client) => client.query(`create database "${database}" template "${template}"`));
  process.env.DATABASE_URL = databaseUrl(serverUrl, database);
  afterAll(async () => {
    process.env.DATABASE_URL = serverUrl;
    await onServer(serverUrl, (client) => client.query(`drop database if exists "${database}"`)).catch(() => undefined);
  });
}
