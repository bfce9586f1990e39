import { and, eq } from 'drizzle-orm';
import type { ArrivalRequest, Batch, TransferRequest, WriteOffRequest } from '../../../src/contract/stock';
import { requireStockMover as requireStockRight } from '../../auth/rights';
import type { Caller } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { products } from '../../db/schema';
import { inTransaction } from '../../http/transaction';
import { requireChoosableFacility } from '../facilities/service';
import { warehouseOf } from '../warehouses/service';
import { arrive, lockBatch, putInto, requireAvailable, takeOut, toBatch } from './batches';
import { alreadyInThatWarehouse, noSuchProduct, servicesHaveNoStock } from './errors';
import { writeLedger } from './ledger';
import { lockProduct } from './locks';
import { moneyText, thousandthsOf } from './quantities';

/** The stock screens' operations: each checks the right, then runs in one transaction taking locks in THE order (locks.ts). */

/** Arrival of goods into a batch of a warehouse; a new batch number that already exists is flagged. */
export async function receive(db: Db, caller: Caller, body: ArrivalRequest): Promise<Batch> {
  requireStockRight(caller);
  const accountId = caller.account.id;
  const [checked] = await db.select().from(products).where(and(eq(products.accountId, accountId), eq(products.id, body.product_id)));
  if (!checked) throw noSuchProduct();
  if (checked.type === 'service') throw servicesHaveNoStock();
  await warehouseOf(db, accountId, body.warehouse_id);
  const number = body.batch?.trim() ?? '';
  return inTransaction(db, async (tx) => {
    const product = await lockProduct(tx, accountId, checked.id);
    const row = await arrive(tx, {
      accountId,
      userId: caller.user.id,
      product,
      warehouseId: body.warehouse_id,
      number,
      thousandths: thousandthsOf(body.count),
      ...(body.cost_price !== undefined && { costPrice: moneyText(body.cost_price) }),
      newBatchCost: moneyText(0),
      // The batch without a number is everyone's default: arrivals always add to it.
      addToExisting: !number || Boolean(body.add_to_existing),
      comment: body.comment ?? '',
    });
    return toBatch(row);
  });
}

/**
 * Write-off: the batch row is locked, the available quantity (count − reserve) checked, then
 * lowered, and the ledger row written — all in one transaction, so concurrent write-offs queue on
 * the lock and stock never goes below zero.
 */
export async function writeOff(db: Db, caller: Caller, body: WriteOffRequest): Promise<Batch> {
  requireStockRight(caller);
  const accountId = caller.account.id;
  // Checked before the locks: a facility is never deleted, and the ledger's key with the account refuses another account's.
  if (body.facility_id !== undefined) await requireChoosableFacility(db, accountId, body.facility_id);
  return inTransaction(db, async (tx) => {
    const { batch, product } = await lockBatch(tx, accountId, body.batch_id);
    requireAvailable(batch, body.count);
    const thousandths = thousandthsOf(body.count);
    const row = await takeOut(tx, batch, thousandths);
    await writeLedger(tx, [
      { accountId, kind: 'write_off', product, batch, thousandths, from: batch.warehouseId, to: null, userId: caller.user.id, comment: body.comment ?? '', facilityId: body.facility_id ?? null },
    ]);
    return toBatch(row);
  });
}

/** product/transfer: part of a batch moves to another warehouse (same batch number and cost there). */
export async function transfer(db: Db, caller: Caller, body: TransferRequest): Promise<{ from: Batch; to: Batch }> {
  requireStockRight(caller);
  const accountId = caller.account.id;
  await warehouseOf(db, accountId, body.warehouse_id);
  return inTransaction(db, async (tx) => {
    const { batch, product } = await lockBatch(tx, accountId, body.batch_id);
    if (batch.warehouseId === body.warehouse_id) throw alreadyInThatWarehouse();
    requireAvailable(batch, body.count);
    const thousandths = thousandthsOf(body.count);
    const from = await takeOut(tx, batch, thousandths);
    const to = await putInto(tx, batch, body.warehouse_id, thousandths);
    await writeLedger(tx, [
      { accountId, kind: 'move', product, batch, thousandths, from: batch.warehouseId, to: body.warehouse_id, userId: caller.user.id, comment: body.comment ?? '' },
    ]);
    return { from: toBatch(from), to: toBatch(to) };
  });
}
