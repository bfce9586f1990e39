import { and, asc, eq, ne } from 'drizzle-orm';
import type { Warehouse, WarehouseAddRequest, WarehouseUpdateRequest } from '../../../src/contract/stock';
import type { Db } from '../../db/client';
import { warehouses } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { codeFromName } from '../fields/service';

type WarehouseRow = typeof warehouses.$inferSelect;
export const toWarehouse = (row: WarehouseRow): Warehouse => ({ id: row.id, name: row.name, code: row.code, is_main: row.isMain });

export async function listWarehouses(db: Db, accountId: number): Promise<Warehouse[]> {
  const rows = await db.select().from(warehouses).where(eq(warehouses.accountId, accountId)).orderBy(asc(warehouses.id));
  return rows.map(toWarehouse);
}

export async function warehouseOf(db: Db, accountId: number, id: number): Promise<WarehouseRow> {
  const [row] = await db.select().from(warehouses).where(and(eq(warehouses.accountId, accountId), eq(warehouses.id, id)));
  if (!row) throw notFound('No such warehouse');
  return row;
}

/** The first warehouse of an account becomes the main one; a new main one replaces the old. */
export async function addWarehouse(db: Db, accountId: number, body: WarehouseAddRequest): Promise<Warehouse> {
  const code = body.code ?? codeFromName(body.name);
  const [taken] = await db.select({ id: warehouses.id }).from(warehouses).where(and(eq(warehouses.accountId, accountId), eq(warehouses.code, code)));
  if (taken) throw conflict(`A warehouse with the code ${code} already exists`);
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.accountId, accountId)).limit(1);
    const isMain = body.is_main === true || !existing;
    if (isMain) await tx.update(warehouses).set({ isMain: false }).where(eq(warehouses.accountId, accountId));
    const [row] = await tx.insert(warehouses).values({ accountId, name: body.name.trim(), code, isMain }).returning();
    return toWarehouse(row);
  });
}

export async function updateWarehouse(db: Db, accountId: number, body: WarehouseUpdateRequest): Promise<Warehouse> {
  const current = await warehouseOf(db, accountId, body.id);
  if (body.name === undefined && !body.is_main) return toWarehouse(current);
  return db.transaction(async (tx) => {
    if (body.is_main) await tx.update(warehouses).set({ isMain: false }).where(and(eq(warehouses.accountId, accountId), ne(warehouses.id, body.id)));
    const [row] = await tx
      .update(warehouses)
      .set({ ...(body.name !== undefined && { name: body.name.trim() }), ...(body.is_main && { isMain: true }) })
      .where(and(eq(warehouses.accountId, accountId), eq(warehouses.id, body.id)))
      .returning();
    return toWarehouse(row);
  });
}
