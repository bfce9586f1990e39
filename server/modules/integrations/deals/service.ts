import { and, count, desc, eq, ilike, isNotNull, like, or, type SQL } from 'drizzle-orm';
import type { DealCrm, DealPage, DealListQuery } from '../../../../src/contract/deals';
import type { Caller } from '../../../auth/sessions';
import type { Db } from '../../../db/client';
import { crmDeals, orders } from '../../../db/schema';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * deals/list: the account's known CRM deals, newest sync first, a page at a time. The order is joined within the same
 * account only, so a deal row can never name another account's order.
 */
export async function listDeals(db: Db, caller: Caller, query: DealListQuery): Promise<DealPage> {
  const perPage = query.per_page ?? 20;
  const page = query.page ?? 1;
  const search = query.search?.trim();
  const conditions: (SQL | undefined)[] = [eq(crmDeals.accountId, caller.account.id)];
  if (query.crm) conditions.push(like(crmDeals.source, `${query.crm}:%`));
  if (query.problems) conditions.push(isNotNull(crmDeals.problem));
  if (search) conditions.push(or(ilike(crmDeals.name, `%${escapeLike(search)}%`), eq(crmDeals.externalId, search)));
  const where = and(...conditions);
  const [total] = await db.select({ n: count() }).from(crmDeals).where(where);
  const rows = await db
    .select({ deal: crmDeals, orderName: orders.name })
    .from(crmDeals)
    .leftJoin(orders, and(eq(orders.id, crmDeals.orderId), eq(orders.accountId, crmDeals.accountId)))
    .where(where)
    .orderBy(desc(crmDeals.lastSyncAt), desc(crmDeals.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const n = total?.n ?? 0;
  return {
    data: rows.map(({ deal, orderName }) => ({
      id: deal.id,
      crm: deal.source.split(':')[0] as DealCrm,
      external_id: deal.externalId,
      name: deal.name,
      stage: deal.stage,
      stage_name: deal.stageName,
      order_id: orderName === null ? null : deal.orderId,
      order_name: orderName,
      sum: deal.sum === null ? null : Number(deal.sum),
      last_sync_at: deal.lastSyncAt?.toISOString() ?? null,
      problem: deal.problem,
    })),
    meta: { current_page: page, last_page: Math.max(1, Math.ceil(n / perPage)), per_page: perPage, total: n },
  };
}
