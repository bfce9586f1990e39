import { and, desc, eq } from 'drizzle-orm';
import type { InvoiceRecord, TariffMeters } from '../../../src/contract/business';
import { requireAdmin } from '../../auth/rights';
import type { Caller } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { accounts, invoiceRequests, tariffs } from '../../db/schema';
import { customersInUse, enabledMembers, ordersThisMonth, positionsInUse } from '../account/limits';
import type { InvoiceFacts } from './invoiceDocument';
import { refusal } from '../../http/refusal';

export const NO_SUCH_TARIFF = 'No such tariff';
export const NO_SUCH_INVOICE = 'No such invoice';

/** tariffs/meters: what the account uses against each limit of its current plan (allowed null: no plan, the trial). */
export async function tariffMeters(db: Db, accountId: number): Promise<TariffMeters> {
  const [row] = await db.select({ plan: tariffs }).from(accounts).leftJoin(tariffs, eq(tariffs.id, accounts.tariffId)).where(eq(accounts.id, accountId));
  const plan = row?.plan ?? null;
  const [users, positions, customers, monthOrders] = await Promise.all([
    enabledMembers(db, accountId),
    positionsInUse(db, accountId),
    customersInUse(db, accountId),
    ordersThisMonth(db, accountId),
  ]);
  return {
    users: { used: users, allowed: plan?.usersLimit ?? null },
    positions: { used: positions, allowed: plan?.positionsLimit ?? null },
    contacts_companies: { used: customers, allowed: plan?.contactsLimit ?? null },
    orders_per_month: { used: monthOrders, allowed: plan?.ordersPerMonth ?? null },
  };
}

async function tariffOf(db: Db, id: number) {
  const [plan] = await db.select().from(tariffs).where(eq(tariffs.id, id));
  if (!plan) throw refusal(404, 'noSuchTariff');
  return plan;
}

const toRecord = (row: typeof invoiceRequests.$inferSelect): InvoiceRecord => ({
  id: row.id,
  tariff_id: row.tariffId,
  quantity: row.quantity,
  amount: Number(row.amount),
  created_at: row.createdAt.toISOString(),
});

/** tariffs/invoice: records an admin's request for a plan; a per-user plan bills the enabled members (at least one). */
export async function requestInvoice(db: Db, caller: Caller, tariffId: number): Promise<InvoiceRecord> {
  requireAdmin(caller);
  const plan = await tariffOf(db, tariffId);
  const quantity = plan.period === 'user' ? Math.max(1, await enabledMembers(db, caller.account.id)) : 1;
  const amount = (Number(plan.price) * quantity).toFixed(2);
  const [row] = await db.insert(invoiceRequests).values({ accountId: caller.account.id, tariffId: plan.id, userId: caller.user.id, quantity, amount }).returning();
  return toRecord(row);
}

export async function listInvoices(db: Db, accountId: number): Promise<InvoiceRecord[]> {
  const rows = await db.select().from(invoiceRequests).where(eq(invoiceRequests.accountId, accountId)).orderBy(desc(invoiceRequests.id)).limit(50);
  return rows.map(toRecord);
}

/** The facts of one of the account's invoices, for the invoice document. */
export async function invoiceFacts(db: Db, caller: Caller, id: number): Promise<InvoiceFacts> {
  requireAdmin(caller);
  const [row] = await db
    .select({ invoice: invoiceRequests, plan: tariffs })
    .from(invoiceRequests)
    .innerJoin(tariffs, eq(tariffs.id, invoiceRequests.tariffId))
    .where(and(eq(invoiceRequests.accountId, caller.account.id), eq(invoiceRequests.id, id)));
  if (!row) throw refusal(404, 'noSuchInvoice');
  return {
    number: row.invoice.id,
    date: row.invoice.createdAt,
    account: { id: caller.account.id, name: caller.account.name },
    plan: { name: row.plan.name, period: row.plan.period, price: Number(row.plan.price) },
    quantity: row.invoice.quantity,
    amount: Number(row.invoice.amount),
  };
}
