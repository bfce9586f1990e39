import type { Db } from '../../../server/db/client';

/** Transaction control, which PGlite's driver sends itself and node-postgres's through the logger: left out on both. */
const CONTROL = /^\s*(begin|commit|rollback|savepoint|release savepoint)\b/i;

/**
 * Counts the SQL statements drizzle sends on `db` and every transaction opened on it while `work` runs, by putting a
 * logger into the session drizzle builds transactions from (every statement is logged before it is sent). The
 * statements of the notifier's own pool queries (pg_notify) bypass drizzle and are not counted.
 */
export async function countStatements<T>(db: Db, work: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  // drizzle's session is internal; its logger is read when a query or transaction is prepared.
  const session = (db as unknown as { session: { logger: unknown; options: { logger?: unknown } } }).session;
  const statements: string[] = [];
  const logger = { logQuery: (query: string) => void (CONTROL.test(query) ? undefined : statements.push(query)) };
  const saved = { logger: session.logger, options: session.options.logger };
  session.logger = logger;
  session.options.logger = logger;
  try {
    return { result: await work(), statements };
  } finally {
    session.logger = saved.logger;
    session.options.logger = saved.options;
  }
}
