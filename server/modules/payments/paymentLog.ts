import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { PaymentLogEntry, PaymentLogPage, PaymentLogQuery, PaymentProvider } from '../../../src/contract/payments';
import { requireAdmin } from '../../auth/rights';
import type { Caller } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { integrationLog } from '../../db/schema';

/** The providers log under their own names (logIntegration source), so their entries are the payments log. */
const PROVIDERS: readonly PaymentProvider[] = ['yookassa', 'stripe'];

const RESULT_OF: Record<string, PaymentLogEntry['result']> = { info: 'ok', warning: 'refused', error: 'failed' };

const text = (value: unknown) => (typeof value === 'string' && value.length <= 64 ? value : null);

function toEntry(row: typeof integrationLog.$inferSelect): PaymentLogEntry {
  const details = row.details ?? {};
  const orderId = Number(details.order_id);
  return {
    id: row.id,
    at: row.at.toISOString(),
    order_id: Number.isInteger(orderId) && orderId > 0 ? orderId : null,
    provider: row.source as PaymentProvider,
    // A notification names its own event; our own calls (payment-create, payment-test) are named by their action.
    event: text(details.event) ?? row.action,
    amount: text(details.amount),
    currency: text(details.currency),
    result: RESULT_OF[row.level] ?? 'failed',
    message: row.message,
  };
}

/**
 * payments/log (admins: it names orders, amounts and provider ids): payment attempts, connection tests and provider
 * notifications, newest first, a page at a time. One index range on integration_log (account_id, source, id).
 */
export async function listPaymentLog(db: Db, caller: Caller, query: PaymentLogQuery): Promise<PaymentLogPage> {
  requireAdmin(caller);
  const perPage = query.per_page ?? 20;
  const page = query.page ?? 1;
  const where = and(eq(integrationLog.accountId, caller.account.id), inArray(integrationLog.source, [...PROVIDERS]));
  const [[total], rows] = await Promise.all([
    db.select({ n: count() }).from(integrationLog).where(where),
    db
      .select()
      .from(integrationLog)
      .where(where)
      .orderBy(desc(integrationLog.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
  ]);
  const n = Number(total?.n ?? 0);
  return { data: rows.map(toEntry), meta: { current_page: page, last_page: Math.max(1, Math.ceil(n / perPage)), per_page: perPage, total: n } };
}
