import { eq } from 'drizzle-orm';
import type { Caller } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { products } from '../../db/schema';
import { refusal, refusalText } from '../../http/refusal';
import { inTransaction } from '../../http/transaction';
import { lockCatalogue } from '../categories/service';
import { lockProducts } from '../stock/api';
import { nextStamp } from './freshness';

export const NO_SUCH_PRODUCTS = refusalText('noSuchProducts');

/**
 * product/archive-many: the stock screen's selection archived in one transaction, all or nothing — one id that is
 * unknown or another account's refuses the whole call (404, its ids in `missing`) and nothing is archived. Each
 * product gets a new freshness stamp, so an editor still open on it saves into a 409, as after product/archive.
 */
export async function archiveMany(db: Db, caller: Caller, ids: readonly number[]): Promise<{ archived: number }> {
  const accountId = caller.account.id;
  const wanted = [...new Set(ids)];
  return inTransaction(db, async (tx) => {
    // The same locks, in the same order, as product/archive takes for one product.
    await lockCatalogue(tx, accountId);
    const locked = await lockProducts(tx, accountId, wanted);
    const missing = wanted.filter((id) => !locked.has(id));
    if (missing.length) throw refusal(404, 'noSuchProducts', undefined, { missing });
    for (const product of locked.values()) {
      if (!product.archived) await tx.update(products).set({ archived: true, updatedAt: nextStamp(product) }).where(eq(products.id, product.id));
    }
    return { archived: wanted.length };
  });
}
