import type { Tx } from '../../db/client';
import { unprocessable } from '../../http/errors';
import { requireFreePositions } from '../account/limits';
import { createCategoryPaths } from '../categories/paths';
import { type ImportedProduct, insertImportedProducts, updateImportedProducts } from '../products/importRows';
import { type ReceivedLine, receiveManyLines } from '../stock/api';
import type { Catalogue } from './catalogue';
import type { ImportPlan, PlannedProduct } from './plan';

/**
 * Writes a plan inside the run's transaction: categories, new products (the tariff's positions checked for all of
 * them at once), changed products, then the stock as arrival documents, so the ledger shows the import as where the
 * goods came from. Any failure or a cancel rolls all of it back with the transaction.
 */

/** Lines per arrival document: a cancel is noticed between documents. */
const ARRIVAL_LINES = 5000;

export interface WriteContext {
  accountId: number;
  userId: number;
  fileName: string;
  /** Throws when the run is cancelled; called between chunks. */
  checkpoint: (done: number) => Promise<void>;
}

export async function writePlan(tx: Tx, plan: ImportPlan, catalogue: Catalogue, context: WriteContext): Promise<void> {
  const categoryIds = plan.newCategories.size ? await createCategoryPaths(tx, context.accountId, plan.newCategories, catalogue.categoryByPath) : catalogue.categoryByPath;
  const row = (product: PlannedProduct): ImportedProduct => {
    const categoryId = product.category ? categoryIds.get(product.category) : null;
    if (categoryId === undefined) throw unprocessable(`No category ${product.category}`);
    return { name: product.name, article: product.article, unit: product.unit, type: product.type, categoryId, tags: product.tags, values: product.values };
  };
  const added = plan.products.filter((product) => product.id === null);
  const changed = plan.products.filter((product) => product.id !== null);
  await requireFreePositions(tx, context.accountId, catalogue.tariffId, added.length);
  const ids = await insertImportedProducts(tx, context.accountId, added.map(row));
  added.forEach((product, index) => {
    product.id = ids[index];
  });
  await context.checkpoint(added.length);
  await updateImportedProducts(
    tx,
    context.accountId,
    changed.map((product) => ({ ...row(product), id: product.id! })),
  );
  await context.checkpoint(plan.products.length);

  const byWarehouse = new Map<number, ReceivedLine[]>();
  for (const arrival of plan.arrivals) {
    const lines = byWarehouse.get(arrival.warehouseId) ?? [];
    lines.push({ productId: arrival.product.id!, count: arrival.thousandths / 1000, batch: arrival.batch, addToExisting: true, ...(arrival.costPrice !== undefined && { costPrice: arrival.costPrice }) });
    byWarehouse.set(arrival.warehouseId, lines);
  }
  let done = plan.products.length;
  for (const [warehouseId, lines] of byWarehouse) {
    for (let start = 0; start < lines.length; start += ARRIVAL_LINES) {
      const chunk = lines.slice(start, start + ARRIVAL_LINES);
      await receiveManyLines(tx, { accountId: context.accountId, userId: context.userId }, { warehouseId, comment: `Import: ${context.fileName}`, lines: chunk });
      done += chunk.length;
      await context.checkpoint(done);
    }
  }
}
