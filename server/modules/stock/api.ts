/**
 * The inventory module's one door: the only code that writes batches, the ledger (movements) and reservations
 * (position_batches and a position's held sums). Other modules import this file only (test/dependency-cruiser.cjs),
 * and test/server/stockWriters.test.ts fails when code elsewhere writes those tables.
 *
 * - receive, writeOff, transfer: the stock screens' operations on batches; each checks the right and runs its own transaction.
 * - receiveGoods, writeOffGoods, moveGoods, endTransit: the same as multi-line documents (documents.ts, transit.ts),
 *   all lines in one transaction; a move may wait in transit until received or cancelled.
 * - reserve, release, consume, adjust: what an order position holds, inside the order's transaction.
 * - addToDealAtOnce: the whole add of a product to a CRM deal in one statement, no transaction (addToDeal.ts).
 * Every writer takes its locks in THE order written down in locks.ts.
 * - recordPriceChanges: a product's new price as a ledger row (no goods move), inside the price writer's transaction.
 * - EVERY_WAREHOUSE, sumsLevel: reading the kept stock sums (stock_sums), which the database keeps with every write
 *   above (keptSums.ts).
 */
export { receive, transfer, writeOff } from './service';
export { adjust, consume, release, reserve, type Holder } from './holdings';
export { addToDealAtOnce, type DealAdd } from './addToDeal';
export { openingStock, toBatch } from './batches';
export { lockPositionProduct, lockProduct, lockProducts } from './locks';
export { countText, roundedQuantity, thousandthsOf } from './quantities';
export { belowWrittenOff, SHORTAGE_CODES } from './errors';
export { checkBatch, endTransit, moveGoods, type ProductMaker, receiveGoods, transitOf, writeOffGoods } from './operations';
export { inTransitOf } from './transit';
export { EVERY_WAREHOUSE, sumsLevel } from './keptSums';
// An arrival document of many lines inside the caller's transaction: an import writes its products and their stock all or nothing.
export type { ReceivedLine } from './documents';
export { receiveManyLines } from './bulkArrival';
export { type PriceChange, recordPriceChanges } from './priceLedger';
// Absolute counts from an outside system of record (1C's rests) as arrival and write-off documents, idempotent by nature.
export { adjustToCounts, type CountAdjustment, type CountLine } from './countAdjustment';
export { ledgerCommentIn, ledgerOrderOf, orderCommentIn } from './ledgerComment';
