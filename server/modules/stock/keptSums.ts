/**
 * Kept stock sums (table stock_sums, issue 13 §2): each product's quantity in stock, reserved, available, cost value
 * and goods in transit, in every warehouse together and in each warehouse, so the stock list sorts and filters on
 * indexed columns instead of summing every batch of the catalogue per request.
 *
 * They are kept by statement triggers on batches, transit_lines and products (migration stock_sums), not by calls in
 * this module's writers: every write to those tables — this module's, a cascade, a seed's bulk insert — updates them
 * in its own transaction, so no writer can forget them. The writers already hold the product's lock (locks.ts), so
 * a product's sums rows are only ever updated by one transaction at a time.
 * test/server/stockSums.test.ts recomputes them from the batches after random operations and concurrent writers.
 * The same trigger function also keeps the stock list's whole-table totals (stock_totals, migration stock_totals) and
 * the search's in-stock levels (product_search): test/server/stock/keptTotals.test.ts.
 */

/** The warehouse id of a product's every-warehouse row (every product has one, at 0 until it is stocked). */
export const EVERY_WAREHOUSE = 0;

/** A warehouse no row is kept for: what the balances of 'main' count when the account has no main warehouse. */
const NO_WAREHOUSE = -1;

/** The stock_sums row level that holds the balances of a warehouse choice (null: every warehouse; 0: none). */
export function sumsLevel(warehouseId: number | null): number {
  if (warehouseId === null) return EVERY_WAREHOUSE;
  return warehouseId > 0 ? warehouseId : NO_WAREHOUSE;
}
