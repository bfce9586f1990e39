import { and, count, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { accounts, companies, contacts, memberships, orders, productCounts, tariffs } from '../../db/schema';
import { refusal } from '../../http/refusal';

/**
 * The tariff's limits (spec 2 §9), each checked here with its one refusal. No tariff (the trial) has no limits.
 * The modules that own what is counted pass the count as a function, called only when a limit applies, and call
 * these inside the transaction (and under the lock) that adds, so two adds cannot both take the last place.
 * Only the users limit answers 402, which the client reads as 'users exceeded'; the others answer 422 with a text
 * naming the limit and the plan, and the figures (limit, used, plan) for the screen.
 */

type Reader = Db | Tx;
type Count = () => Promise<number>;
type LimitColumn = 'usersLimit' | 'positionsLimit' | 'contactsLimit' | 'ordersPerMonth';

export const USERS_EXCEEDED = 'Attention! The number of users exceeded.';
export const importExportNotIncluded = (plan: string) => `Import and export are not included in the ${plan} plan. Choose a larger tariff to use them.`;

interface PlanLimit {
  limit: number;
  plan: string;
}

/** The limit of a tariff in one column with the tariff's name, or null when there is no tariff (or it is gone). */
async function limitOf(tx: Reader, tariffId: number | null, column: LimitColumn): Promise<PlanLimit | null> {
  if (!tariffId) return null;
  const [tariff] = await tx.select({ limit: tariffs[column], plan: tariffs.name }).from(tariffs).where(eq(tariffs.id, tariffId));
  return tariff ?? null;
}

/** The limit of the account's current tariff, read in the transaction rather than from the session. */
async function accountLimitOf(tx: Reader, accountId: number, column: LimitColumn): Promise<PlanLimit | null> {
  const [plan] = await tx
    .select({ limit: tariffs[column], plan: tariffs.name })
    .from(accounts)
    .innerJoin(tariffs, eq(tariffs.id, accounts.tariffId))
    .where(eq(accounts.id, accountId));
  return plan ?? null;
}

/** A refusal that names the limit, its figures and the plan, so the user knows what to archive or which plan to leave. */
function overLimit(code: 'limitPositions' | 'limitCustomers' | 'limitOrders', { limit, plan }: PlanLimit, used: number) {
  return refusal(422, code, { limit, used, plan }, { limit, used, plan });
}

/** One more seat (an enabled member, or an invitation that holds one) must fit the tariff's users; else 402. Call with the account row locked. */
export async function requireUserSeat(tx: Reader, tariffId: number | null, seatsTaken: Count): Promise<void> {
  const plan = await limitOf(tx, tariffId, 'usersLimit');
  if (plan !== null && (await seatsTaken()) >= plan.limit) throw refusal(402, 'usersExceeded');
}

/** Products and services in use (archived ones do not count against the tariff), from the trigger-kept counts. */
export async function positionsInUse(db: Reader, accountId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<string | null>`sum(${productCounts.n})` })
    .from(productCounts)
    .where(and(eq(productCounts.accountId, accountId), eq(productCounts.archived, false)));
  return Number(row?.n ?? 0);
}

/** Contacts and companies in use (archived ones do not count), together: the tariff limits them together. */
export async function customersInUse(db: Reader, accountId: number): Promise<number> {
  const counted = (table: typeof contacts | typeof companies) => db.select({ n: count() }).from(table).where(and(eq(table.accountId, accountId), eq(table.archived, false)));
  const [[people], [firms]] = await Promise.all([counted(contacts), counted(companies)]);
  return Number(people.n) + Number(firms.n);
}

/** Orders added this calendar month (UTC): the tariff's orders per month. */
export async function ordersThisMonth(db: Reader, accountId: number, now = new Date()): Promise<number> {
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  const [{ used }] = await db
    .select({ used: count() })
    .from(orders)
    .where(and(eq(orders.accountId, accountId), gte(orders.createdAt, monthStart), lt(orders.createdAt, nextMonth)));
  return Number(used);
}

/** Enabled members: the seats the tariff's users count. */
export async function enabledMembers(db: Reader, accountId: number): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(memberships)
    .where(and(eq(memberships.accountId, accountId), eq(memberships.status, 'enabled')));
  return Number(n);
}

/** `adding` more positions must fit the tariff's positions. Call holding the account's catalogue lock. */
export async function requireFreePositions(tx: Reader, accountId: number, tariffId: number | null, adding: number): Promise<void> {
  if (adding <= 0) return;
  const plan = await limitOf(tx, tariffId, 'positionsLimit');
  if (plan === null) return;
  const used = await positionsInUse(tx, accountId);
  if (used + adding > plan.limit) throw overLimit('limitPositions', plan, used);
}

/** One more contact or company (archived ones do not count) must fit the tariff's contacts and companies. */
export async function requireCustomerPlace(tx: Reader, accountId: number, customersInUse: Count): Promise<void> {
  const plan = await accountLimitOf(tx, accountId, 'contactsLimit');
  if (plan === null) return;
  const used = await customersInUse();
  if (used + 1 > plan.limit) throw overLimit('limitCustomers', plan, used);
}

/** One more order this month must fit the tariff's orders per month. */
export async function requireMonthlyOrder(tx: Reader, accountId: number, ordersThisMonth: Count): Promise<void> {
  const plan = await accountLimitOf(tx, accountId, 'ordersPerMonth');
  if (plan === null) return;
  const used = await ordersThisMonth();
  if (used >= plan.limit) throw overLimit('limitOrders', plan, used);
}

/** Import and export depend on the tariff; the trial (no tariff yet) has them. */
export async function requireImportExport(db: Reader, tariffId: number | null): Promise<void> {
  if (tariffId === null) return;
  const [tariff] = await db.select({ allowed: tariffs.importExport, plan: tariffs.name }).from(tariffs).where(eq(tariffs.id, tariffId));
  if (tariff && !tariff.allowed) throw refusal(422, 'importExportNotIncluded', { plan: tariff.plan }, { plan: tariff.plan });
}
