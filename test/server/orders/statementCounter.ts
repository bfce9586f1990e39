import type { Db } from '../../../server/db/client';

/** Transaction control, which PGlite's driver sends itself and node-postgres's through the logger: left out on both. */
const CONTROL = /^\s*(begin|commit|rollback|savepoint|release savepoint)\b/i;

type Logger = { logQuery: (query: string, params: unknown[]) => void };

/**
 * Counts the SQL statements drizzle sends on `db` and every transaction opened on it while `work` runs, through the
 * logger of drizzle's session (every statement is logged before it is sent). The session's own logger object is
 * given the counting method, not replaced: a prepared query (positionTarget.ts) keeps the logger it was prepared
 * with and logs there on every run. Transactions build their sessions from the options' logger, set to it too.
 * The statements of the notifier's own pool queries (pg_notify) bypass drizzle and are not counted.
 */
export async function countStatements<T>(db: Db, work: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  // drizzle's session is internal; its logger is read when a query or transaction is prepared.
  const session = (db as unknown as { session: { logger: Logger; options: { logger?: unknown } } }).session;
  const statements: string[] = [];
  const logger = session.logger;
  const own = Object.hasOwn(logger, 'logQuery') ? logger.logQuery : undefined;
  const savedOption = session.options.logger;
  logger.logQuery = (query: string) => void (CONTROL.test(query) ? undefined : statements.push(query));
  session.options.logger = logger;
  try {
    return { result: await work(), statements };
  } finally {
    if (own) logger.logQuery = own;
    else delete (logger as Partial<Logger>).logQuery;
    session.options.logger = savedOption;
  }
}
