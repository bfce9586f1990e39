import { and, count, desc, eq, isNull, like, type SQL } from 'drizzle-orm';
import type { IntegrationLogEntry, IntegrationLogLevel, IntegrationLogPage, IntegrationLogQuery, IntegrationScreenKind } from '../../../src/contract/integrationSync';
import type { Caller } from '../../auth/sessions';
import { requireAdmin } from '../../auth/rights';
import type { ServerConfig } from '../../config';
import type { Db } from '../../db/client';
import { integrationLog } from '../../db/schema';
import { conflict, notFound, unprocessable } from '../../http/errors';
import { startTask, type TaskTitle } from '../tasks/api';
import type { IntegrationSource } from './source';

export type TaskRetry = { type: string; payload: unknown } & TaskTitle;

export interface LogWrite {
  accountId: number;
  source: IntegrationSource;
  level: IntegrationLogLevel;
  action: string;
  message: string;
  details?: Record<string, unknown>;
  taskId?: number | null;
  /** The task that redoes this work, offered as 'Retry' on a failed entry; it keeps the title's code and params (taskTitle()). */
  retry?: TaskRetry;
}

/** Records what an integration did or what went wrong; the settings screen's log reads these. */
export async function logIntegration(db: Db, entry: LogWrite): Promise<number> {
  const [row] = await db
    .insert(integrationLog)
    .values({ accountId: entry.accountId, source: entry.source, level: entry.level, action: entry.action, message: entry.message, details: entry.details ?? null, taskId: entry.taskId ?? null, retry: entry.retry ?? null })
    .returning({ id: integrationLog.id });
  return row!.id;
}

function sourceFilter(kind: IntegrationScreenKind): SQL {
  // Kommo connections log as 'amocrm:<id>' too: one screen serves both.
  return kind === '1c' ? eq(integrationLog.source, '1c') : like(integrationLog.source, `${kind}:%`);
}

const toEntry = (row: typeof integrationLog.$inferSelect): IntegrationLogEntry => ({
  id: row.id,
  source: row.source,
  at: row.at.toISOString(),
  level: row.level as IntegrationLogLevel,
  action: row.action,
  message: row.message,
  details: row.details ?? null,
  task_id: row.taskId,
  can_retry: row.level === 'error' && row.retry !== null && row.retriedAt === null,
});

/** integrations/log: an integration's entries, newest first, a page at a time (admins only: it names CRM details). */
export async function listIntegrationLog(db: Db, caller: Caller, query: IntegrationLogQuery): Promise<IntegrationLogPage> {
  requireAdmin(caller);
  const perPage = query.per_page ?? 20;
  const page = query.page ?? 1;
  const where = and(eq(integrationLog.accountId, caller.account.id), sourceFilter(query.kind), query.level ? eq(integrationLog.level, query.level) : undefined);
  const [total] = await db.select({ n: count() }).from(integrationLog).where(where);
  const rows = await db
    .select()
    .from(integrationLog)
    .where(where)
    .orderBy(desc(integrationLog.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const n = total?.n ?? 0;
  return { data: rows.map(toEntry), meta: { current_page: page, last_page: Math.max(1, Math.ceil(n / perPage)), per_page: perPage, total: n } };
}

/** integrations/log/retry: starts a failed entry's task again, once (two clicks start one task); the run logs its own outcome. */
export async function retryIntegrationLog(db: Db, config: ServerConfig, caller: Caller, id: number): Promise<{ task_id: number }> {
  requireAdmin(caller);
  const mine = and(eq(integrationLog.accountId, caller.account.id), eq(integrationLog.id, id));
  const [row] = await db.select().from(integrationLog).where(mine);
  if (!row) throw notFound('Log entry not found');
  if (row.level !== 'error' || !row.retry) throw unprocessable('This entry has nothing to retry');
  const [taken] = await db
    .update(integrationLog)
    .set({ retriedAt: new Date() })
    .where(and(mine, isNull(integrationLog.retriedAt)))
    .returning({ id: integrationLog.id });
  if (!taken) throw conflict('This entry was already retried');
  const { type, payload, ...title } = row.retry;
  const task = await startTask(db, config, { accountId: caller.account.id, userId: caller.user.id, type, ...title, payload });
  return { task_id: task.id };
}
