import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { crmDeals, integrationConnections } from '../../../db/schema';
import { crmSource } from '../source';
import { CRM_KINDS, type CrmConnectionRow } from './settings';

/**
 * The CRM connections a linked order belongs to: the one whose deal row names the order (the Deals screen's), else —
 * before the first sync kept a row, e.g. the order was just made for the deal — every CRM connection of the account.
 */
export async function connectionsOfOrder(db: Db, accountId: number, orderId: number): Promise<CrmConnectionRow[]> {
  const all = await db
    .select()
    .from(integrationConnections)
    .where(and(eq(integrationConnections.accountId, accountId), inArray(integrationConnections.kind, [...CRM_KINDS])))
    .orderBy(integrationConnections.id);
  const deals = await db.select({ source: crmDeals.source }).from(crmDeals).where(and(eq(crmDeals.accountId, accountId), eq(crmDeals.orderId, orderId)));
  const sources = new Set(deals.map((deal) => deal.source));
  const named = all.filter((row) => sources.has(crmSource(row.kind as (typeof CRM_KINDS)[number], row.id)));
  return named.length ? named : all;
}
