import { eq } from 'drizzle-orm';
import { requireAdmin } from '../../auth/rights';
import type { Caller } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { accounts, tariffs } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { customersInUse, enabledMembers, ordersThisMonth, positionsInUse } from '../account/limits';
import { refusal } from '../../http/refusal';

export const PLAN_IS_PAID = 'This plan is paid: request an invoice for it; it is connected once the invoice is paid';

/** The limits a plan is checked against before the account moves onto it, with what counts each one. */
type Reader = Parameters<typeof enabledMembers>[0];
const LIMITS: readonly { column: 'usersLimit' | 'positionsLimit' | 'contactsLimit' | 'ordersPerMonth'; code: string; what: string; used(db: Reader, accountId: number): Promise<number> }[] = [
  { column: 'usersLimit', code: 'planTooSmallUsers', what: 'users', used: enabledMembers },
  { column: 'positionsLimit', code: 'planTooSmallPositions', what: 'products and services', used: positionsInUse },
  { column: 'contactsLimit', code: 'planTooSmallCustomers', what: 'contacts and companies', used: customersInUse },
  { column: 'ordersPerMonth', code: 'planTooSmallOrders', what: 'orders this month', used: (db, accountId) => ordersThisMonth(db, accountId) },
];

/**
 * tariffs/connect, the tariffs screen's 'connect' (spec 2 §4 button states): a free plan is connected at once, with
 * no payment; a paid plan is paid through its invoice (tariffs/invoice), since the app takes no payment itself. The
 * account must already fit the plan's limits, else the refusal names the limit, the figures and the plan, and the
 * plan stays as it was. The account row is locked while it is checked and moved, so two connects land one by one.
 */
export async function connectPlan(db: Db, caller: Caller, tariffId: number): Promise<{ tariff_id: number }> {
  requireAdmin(caller);
  return db.transaction(async (tx) => {
    const [plan] = await tx.select().from(tariffs).where(eq(tariffs.id, tariffId));
    if (!plan) throw refusal(404, 'noSuchTariff');
    if (Number(plan.price) !== 0) throw new HttpError(422, PLAN_IS_PAID, { code: 'planIsPaid' });
    await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, caller.account.id)).for('update');
    for (const limit of LIMITS) {
      const allowed = plan[limit.column];
      const used = await limit.used(tx, caller.account.id);
      if (used > allowed) {
        throw new HttpError(422, `The ${plan.name} plan allows ${allowed} ${limit.what}; the account has ${used}. Archive or disable some first, or choose a larger plan.`, {
          code: limit.code,
          params: { plan: plan.name, allowed, used },
        });
      }
    }
    await tx.update(accounts).set({ tariffId: plan.id }).where(eq(accounts.id, caller.account.id));
    return { tariff_id: plan.id };
  });
}
