import type { Tx } from '../../db/client';
import { refreshStatistics } from '../../db/tableStatistics';
import { refusal } from '../../http/refusal';
import { requireFreePositions } from '../account/limits';
import { createCategoryPaths } from '../categories/paths';
import { type ImportedProduct, insertImportedProducts, updateImportedProducts } from '../products/importRows';
import { type ReceivedLine, receiveManyLines } from '../stock/api';
import type { Catalogue } from './catalogue';
import { timed } from './phases';
import type { PlanChunk, PlannedProduct } from './plan';

/**
 * Writes the plan slice by slice inside the run's transaction: categories, new products (the tariff's positions
 * checked for each slice against what is already stored, earlier slices included), changed products, then the
 * stock as arrival documents, so the ledger shows the import as where the goods came from. Any failure or a cancel
 * rolls all of it back with the transaction.
 */

/** Lines per arrival document. */
const ARRIVAL_LINES = 5000;

export interface WriteContext {
  accountId: number;
  userId: number;
  fileName: string;
}

export type PlanWriter = (chunk: PlanChunk) => Promise<void>;

export function planWriter(tx: Tx, catalogue: Catalogue, context: WriteContext): PlanWriter {
  let categoryIds = catalogue.categoryByPath;
  return async (chunk) => {
    if (chunk.newCategories.size) categoryIds = await timed('categories', () => createCategoryPaths(tx, context.accountId, chunk.newCategories, categoryIds));
    const row = (product: PlannedProduct): ImportedProduct => {
      const categoryId = product.category ? categoryIds.get(product.category) : null;
      if (categoryId === undefined) throw refusal(422, 'importNoCategory', { name: product.category ?? '' });
      return { name: product.name, article: product.article, unit: product.unit, type: product.type, categoryId, tags: product.tags, values: product.values };
    };
    await timed('limits', () => requireFreePositions(tx, context.accountId, catalogue.tariffId, chunk.added.length));
    const ids = await timed('insert', () => insertImportedProducts(tx, context.accountId, chunk.added.map(row)));
    chunk.added.forEach((product, index) => {
      product.id = ids[index];
    });
    await timed('update', () =>
      updateImportedProducts(
        tx,
        context.accountId,
        chunk.changed.map((product) => ({ ...row(product), id: product.id! })),
      ),
    );

    const byWarehouse = new Map<number, ReceivedLine[]>();
    for (const arrival of chunk.arrivals) {
      const lines = byWarehouse.get(arrival.warehouseId) ?? [];
      lines.push({ productId: arrival.product.id!, count: arrival.thousandths / 1000, batch: arrival.batch, addToExisting: true, ...(arrival.costPrice !== undefined && { costPrice: arrival.costPrice }) });
      byWarehouse.set(arrival.warehouseId, lines);
    }
    for (const [warehouseId, lines] of byWarehouse) {
      for (let start = 0; start < lines.length; start += ARRIVAL_LINES) {
        const body = { warehouseId, comment: `Import: ${context.fileName}`, lines: lines.slice(start, start + ARRIVAL_LINES), kind: 'import' as const };
        await timed('arrivals', () => receiveManyLines(tx, { accountId: context.accountId, userId: context.userId }, body));
      }
    }
    // The next slices are planned for the tables as this transaction has grown them (tableStatistics.ts).
    await timed('statistics', () => refreshStatistics(tx));
  };
}
