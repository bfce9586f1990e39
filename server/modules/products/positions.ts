import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { productCounts, tariffs } from '../../db/schema';
import { unprocessable } from '../../http/errors';

/** Products and services of an account (not archived unless asked), from the trigger-kept counts. */
export async function countProducts(db: Db, accountId: number, options: { archived?: boolean; type?: 'product' | 'service' } = {}): Promise<number> {
  const [row] = await db
    .select({ n: sql<string | null>`sum(${productCounts.n})` })
    .from(productCounts)
    .where(
      and(
        eq(productCounts.accountId, accountId),
        eq(productCounts.archived, options.archived ?? false),
        ...(options.type ? [eq(productCounts.type, options.type)] : []),
      ),
    );
  return Number(row?.n ?? 0);
}

/**
 * The tariff's positions limit counts products and services in use (archived ones are not).
 * Refused with 422, not 402: the client reads 402 as 'users exceeded'. Call inside a transaction
 * that holds the account's catalogue lock, so two adds cannot both take the last position.
 */
export async function requireFreePositions(tx: Db, accountId: number, tariffId: number | null, adding: number): Promise<void> {
  if (!tariffId || adding <= 0) return;
  const [tariff] = await tx.select({ limit: tariffs.positionsLimit }).from(tariffs).where(eq(tariffs.id, tariffId));
  if (!tariff) return;
  const used = await countProducts(tx, accountId);
  if (used + adding > tariff.limit) {
    throw unprocessable(`Your tariff allows ${tariff.limit} products and services. Archive some or choose a larger tariff.`, { limit: tariff.limit, used });
  }
}
