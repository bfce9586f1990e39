import type { Product } from '../../../src/contract/stock';
import type { Caller } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { products } from '../../db/schema';
import { requireFreePositions } from '../account/limits';
import { lockCatalogue } from '../categories/service';
import { copyImages } from './images';
import { getProduct, productOf } from './service';

const COPY_SUFFIX = ' (copy)';
const NAME_LIMIT = 300;

/** The name a duplicate gets: the original's with ' (copy)', cut so it stays within the name's limit. */
export function copyName(name: string): string {
  return `${name.slice(0, NAME_LIMIT - COPY_SUFFIX.length)}${COPY_SUFFIX}`;
}

/**
 * product/duplicate: a new product with the original's description, category, field values and tags and
 * name '… (copy)'; never its stock (batches and ledger stay the original's) and never archived. It takes
 * a position of the tariff like any new product. Its images are copies of the original's.
 */
export async function duplicateProduct(db: Db, caller: Caller, id: number): Promise<Product> {
  const accountId = caller.account.id;
  const inserted = await db.transaction(async (tx) => {
    await lockCatalogue(tx, accountId);
    const original = await productOf(tx, accountId, id);
    await requireFreePositions(tx, accountId, caller.account.tariffId, 1);
    const [row] = await tx
      .insert(products)
      .values({
        accountId,
        type: original.type,
        name: copyName(original.name),
        article: original.article,
        description: original.description,
        unit: original.unit,
        categoryId: original.categoryId,
        values: original.values,
        tags: original.tags,
      })
      .returning({ id: products.id });
    await copyImages(tx, accountId, original.id, row.id);
    return row;
  });
  return getProduct(db, accountId, inserted.id);
}
