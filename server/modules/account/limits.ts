import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { accounts, productCounts, tariffs } from '../../db/schema';
import { paymentRequired, unprocessable } from '../../http/errors';

/**
 * The tariff's limits (spec 2 §9), each checked here with its one refusal. No tariff (the trial) has no limits.
 * The modules that own what is counted pass the count as a function, called only when a limit applies, and call
 * these inside the transaction (and under the lock) that adds, so two adds cannot both take the last place.
 * Only the users limit answers 402, which the client reads as 'users exceeded'; the others answer 422.
 */

type Reader = Db | Tx;
type Count = () => Promise<number>;
type LimitColumn = 'usersLimit' | 'positionsLimit' | 'contactsLimit' | 'ordersPerMonth';

export const USERS_EXCEEDED = 'Attention! The number of users exceeded.';
export const IMPORT_EXPORT_NOT_INCLUDED = 'Import and export are not included in your tariff. Choose a larger tariff to use them.';

/** The limit of a tariff in one column, or null when there is no tariff (or it is gone). */
async function limitOf(tx: Reader, tariffId: number | null, column: LimitColumn): Promise<number | null> {
  if (!tariffId) return null;
  const [tariff] = await tx.select({ limit: tariffs[column] }).from(tariffs).where(eq(tariffs.id, tariffId));
  return tariff ? tariff.limit : null;
}

/** The limit of the account's current tariff, read in the transaction rather than from the session. */
async function accountLimitOf(tx: Reader, accountId: number, column: LimitColumn): Promise<number | null> {
  const [plan] = await tx.select({ limit: tariffs[column] }).from(accounts).innerJoin(tariffs, eq(tariffs.id, accounts.tariffId)).where(eq(accounts.id, accountId));
  return plan ? plan.limit : null;
}

/** One more seat (an enabled member, or an invitation that holds one) must fit the tariff's users; else 402. Call with the account row locked. */
export async function requireUserSeat(tx: Reader, tariffId: number | null, seatsTaken: Count): Promise<void> {
  const limit = await limitOf(tx, tariffId, 'usersLimit');
  if (limit !== null && (await seatsTaken()) >= limit) throw paymentRequired(USERS_EXCEEDED);
}

/** Products and services in use (archived ones do not count against the tariff), from the trigger-kept counts. */
export async function positionsInUse(db: Reader, accountId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<string | null>`sum(${productCounts.n})` })
    .from(productCounts)
    .where(and(eq(productCounts.accountId, accountId), eq(productCounts.archived, false)));
  return Number(row?.n ?? 0);
}

/** `adding` more positions must fit the tariff's positions. Call holding the account's catalogue lock. */
export async function requireFreePositions(tx: Reader, accountId: number, tariffId: number | null, adding: number): Promise<void> {
  if (adding <= 0) return;
  const limit = await limitOf(tx, tariffId, 'positionsLimit');
  if (limit === null) return;
  const used = await positionsInUse(tx, accountId);
  if (used + adding > limit) {
    throw unprocessable(`Your tariff allows ${limit} products and services. Archive some or choose a larger tariff.`, { limit, used });
  }
}

/** One more contact or company (archived ones do not count) must fit the tariff's contacts and companies. */
export async function requireCustomerPlace(tx: Reader, accountId: number, customersInUse: Count): Promise<void> {
  const limit = await accountLimitOf(tx, accountId, 'contactsLimit');
  if (limit === null) return;
  const used = await customersInUse();
  if (used + 1 > limit) throw unprocessable(`Your tariff allows ${limit} contacts and companies. Archive some or choose a larger tariff.`, { limit, used });
}

/** One more order this month must fit the tariff's orders per month. */
export async function requireMonthlyOrder(tx: Reader, accountId: number, ordersThisMonth: Count): Promise<void> {
  const limit = await accountLimitOf(tx, accountId, 'ordersPerMonth');
  if (limit === null) return;
  const used = await ordersThisMonth();
  if (used >= limit) throw unprocessable(`Your tariff allows ${limit} orders a month. Choose a larger tariff to add more.`, { limit, used });
}

/** Import and export depend on the tariff; the trial (no tariff yet) has them. */
export async function requireImportExport(db: Reader, tariffId: number | null): Promise<void> {
  if (tariffId === null) return;
  const [tariff] = await db.select({ allowed: tariffs.importExport }).from(tariffs).where(eq(tariffs.id, tariffId));
  if (tariff && !tariff.allowed) throw unprocessable(IMPORT_EXPORT_NOT_INCLUDED);
}
