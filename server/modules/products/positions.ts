import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { productCounts } from '../../db/schema';

/** Products and services of an account (not archived unless asked), from the trigger-kept counts; what the tariff counts is account/limits' positionsInUse. */
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

