import { and, asc, eq, ne } from 'drizzle-orm';
import type { Warehouse, WarehouseAddRequest, WarehouseUpdateRequest } from '../../../src/contract/stock';
import type { Db, Tx } from '../../db/client';
import { accounts, warehouses } from '../../db/schema';
import { refusal } from '../../http/refusal';
import { requireName } from '../account/service';
import { codeFromName } from '../fields/service';

type WarehouseRow = typeof warehouses.$inferSelect;
export const toWarehouse = (row: WarehouseRow): Warehouse => ({ id: row.id, name: row.name, code: row.code, is_main: row.isMain });

export async function listWarehouses(db: Db, accountId: number): Promise<Warehouse[]> {
  const rows = await db.select().from(warehouses).where(eq(warehouses.accountId, accountId)).orderBy(asc(warehouses.id));
  return rows.map(toWarehouse);
}

export async function warehouseOf(db: Db, accountId: number, id: number): Promise<WarehouseRow> {
  const [row] = await db.select().from(warehouses).where(and(eq(warehouses.accountId, accountId), eq(warehouses.id, id)));
  if (!row) throw refusal(404, 'noSuchWarehouse');
  return row;
}

/**
 * Changes to an account's set of warehouses queue on its account row: which one is main and which
 * codes are free are decided from what the others committed, so two concurrent adds never both
 * become main nor both take a code (the unique indexes would otherwise answer a 500).
 */
async function lockWarehousesOf(tx: Tx, accountId: number): Promise<void> {
  await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for('update');
}

/** A code made from the name that no warehouse of the account has: 'store', then 'store_2', 'store_3'… */
function freeCode(base: string, taken: Set<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}_${n}`)) return `${base}_${n}`;
}

/** The first warehouse of an account becomes the main one; a new main one replaces the old. */
export async function addWarehouse(db: Db, accountId: number, body: WarehouseAddRequest): Promise<Warehouse> {
  const name = requireName(body.name);
  return db.transaction(async (tx) => {
    await lockWarehousesOf(tx, accountId);
    const existing = await tx.select({ code: warehouses.code }).from(warehouses).where(eq(warehouses.accountId, accountId));
    const taken = new Set(existing.map((row) => row.code));
    // A code the user chose must be free; one made from the name is made free.
    if (body.code !== undefined && taken.has(body.code)) throw refusal(409, 'warehouseCodeTaken', { code: body.code });
    const code = body.code ?? freeCode(codeFromName(name), taken);
    const isMain = body.is_main === true || !existing.length;
    if (isMain) await tx.update(warehouses).set({ isMain: false }).where(and(eq(warehouses.accountId, accountId), eq(warehouses.isMain, true)));
    const [row] = await tx.insert(warehouses).values({ accountId, name, code, isMain }).returning();
    return toWarehouse(row);
  });
}

/** Renames a warehouse or makes it the main one (the flag moves; it is never simply taken away). */
export async function updateWarehouse(db: Db, accountId: number, body: WarehouseUpdateRequest): Promise<Warehouse> {
  const name = body.name === undefined ? undefined : requireName(body.name);
  const current = await warehouseOf(db, accountId, body.id);
  if (name === undefined && !body.is_main) return toWarehouse(current);
  return db.transaction(async (tx) => {
    await lockWarehousesOf(tx, accountId);
    if (body.is_main) await tx.update(warehouses).set({ isMain: false }).where(and(eq(warehouses.accountId, accountId), ne(warehouses.id, body.id), eq(warehouses.isMain, true)));
    const [row] = await tx
      .update(warehouses)
      .set({ ...(name !== undefined && { name }), ...(body.is_main && { isMain: true }) })
      .where(and(eq(warehouses.accountId, accountId), eq(warehouses.id, body.id)))
      .returning();
    if (!row) throw refusal(404, 'noSuchWarehouse');
    return toWarehouse(row);
  });
}
