import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, crmDeals, orders } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { addOrder, updateOrder } from '../orders/service';

/**
 * What every CRM's stage sync does with its deal once the stage is mapped: move the linked order to the crm_status
 * (0 opened, 1 reserved, 2 success, 3 unsuccessful, 4 deleted) through the orders service — which reserves and writes
 * off, and moves stock only when the state changes, so a repeated move is harmless — and keep the deal's row for the
 * Deals screen. Shared by the Bitrix24 and amoCRM syncs so both keep one behaviour.
 */
export type CrmStatus = 0 | 1 | 2 | 3 | 4;

export type LinkedOrder = typeof orders.$inferSelect;

export async function linkedOrder(db: Db, accountId: number, leadId: number): Promise<LinkedOrder | null> {
  const [order] = await db.select().from(orders).where(and(eq(orders.accountId, accountId), eq(orders.leadId, leadId)));
  return order ?? null;
}

async function actorOf(db: Db, accountId: number, userId: number) {
  const [account] = await db.select().from(accounts).where(eq(accounts.id, accountId));
  return { accountId, account: account!, userId, isKommo: account!.isKommo, public: false };
}

/** A new deal's order, already at the deal's crm_status (the orders service reserves for it). */
export async function createLinkedOrder(db: Db, accountId: number, userId: number, leadId: number, name: string, status: CrmStatus): Promise<LinkedOrder> {
  try {
    await addOrder(db, await actorOf(db, accountId, userId), { lead_id: leadId, status, ...(name ? { name } : {}) });
  } catch (error) {
    // Two deliveries for one new deal raced: the other made the order; this one moves it like any linked order.
    if (!(error instanceof HttpError) || error.status !== 409) throw error;
  }
  return (await linkedOrder(db, accountId, leadId))!;
}

/** Moves the order to `target`; answers whether it moved, or why the order's own rules refused (the deal shows it). */
export async function moveLinkedOrder(db: Db, accountId: number, userId: number, order: LinkedOrder, target: CrmStatus): Promise<{ moved: boolean; problem: string | null }> {
  if (order.crmStatus === target) return { moved: false, problem: null };
  const actor = await actorOf(db, accountId, userId);
  for (let version = order.version, attempt = 0; ; attempt++) {
    try {
      await updateOrder(db, actor, { id: order.id, version, status: target });
      return { moved: true, problem: null };
    } catch (error) {
      if (!(error instanceof HttpError) || error.status >= 500) throw error;
      // Someone saved the order meanwhile: the stage still wins, on the version they left.
      if (error.status === 409 && attempt < 3) {
        version = Number(error.extra.version ?? version);
        continue;
      }
      // The order's own rules refused the move (e.g. not enough stock to reserve).
      return { moved: false, problem: error.message };
    }
  }
}

export interface KeptDeal {
  orderId: number | null;
  name: string;
  stage: string;
  stageName: string | null;
  sum: string | null;
  problem: string | null;
}

/** The deal's row on the Deals screen, one per (source, external id). */
export async function keepCrmDeal(db: Db, accountId: number, source: string, externalId: string, deal: KeptDeal): Promise<void> {
  const row = { ...deal, lastSyncAt: new Date() };
  await db
    .insert(crmDeals)
    .values({ accountId, source, externalId, ...row })
    .onConflictDoUpdate({ target: [crmDeals.accountId, crmDeals.source, crmDeals.externalId], set: row });
}
