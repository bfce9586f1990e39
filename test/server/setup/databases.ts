import pg from 'pg';

/**
 * On PostgreSQL (DATABASE_URL set) every server test file runs on a database of its own, cloned from one migrated
 * template: files can then run side by side (vitest.config.ts), and a file never meets what an earlier one left
 * behind (queued background jobs, accounts, kept rows). `DATABASE_URL` names a database on the server to work from;
 * the run's template and its files' databases are made beside it, named after the run (so two runs on one server
 * keep apart), and dropped at the end.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's template database (globalDatabases.ts); its files' databases are named after it. */
    testDatabaseTemplate: string;
  }
}

/** The run's template: every name of the run starts with it. */
export const templateName = (run: string) => `stockroom_test_${run}`;
/** A file's database, named after the run's template. */
export const fileDatabaseName = (template: string, file: string) => `${template}_file_${file}`;

/** The URL of another database on the same server. */
export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Runs statements on the server (CREATE and DROP DATABASE cannot run in a transaction). */
export async function onServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
