import { and, eq, sql } from 'drizzle-orm';
import { FieldType } from '../../../src/domain/fieldTypes';
import { parseProductIdentifier } from '../../../src/domain/productId';
import type { Db } from '../../db/client';
import { oncePerDatabase } from '../../db/oncePerDatabase';
import { batches, fields, integrationConnections, orders, products, warehouses } from '../../db/schema';
import { refusal } from '../../http/refusal';
import type { Actor } from './actor';
import type { OrderRow } from './orderRows';

/** What a product identifier names (spec 2 §5), as the add reads it. */
export interface PositionTarget {
  order: OrderRow;
  product: { id: number; type: string; values: Record<string, unknown> };
  /** Goods without a warehouse code come from the main warehouse; services have none. */
  warehouseId: number | null;
  /** The account's price fields, first by position: the default price type is the first. */
  priceFields: string[];
  /** The cost price a new position starts with: the oldest batch with stock in its warehouse (the one FIFO takes first), else the newest. */
  startingCost: string;
  /** Whether a CRM connection of the account is connected: only then can anyone listen to the order's change. */
  crmConnected: boolean;
}

const MAX_ID = 2_147_483_647;

type TargetValues = Record<'account' | 'product' | 'order' | 'code', unknown>;

/** The read of the order with everything the add reads besides, its values placeholders (`v`). */
function targetQuery(db: Db, v: TargetValues, coded: boolean) {
  const warehouse = sql`(select w.id from ${warehouses} w where w.account_id = ${v.account} and ${coded ? sql`w.code = ${v.code}` : sql`w.is_main`} limit 1)`;
  return db
    .select({
      order: orders,
      product: sql<string | null>`(select json_build_object('id', p.id, 'type', p.type, 'archived', p.archived, 'values', p.values)::text
        from ${products} p where p.account_id = ${v.account} and p.id = ${v.product})`,
      warehouseId: sql<number | null>`${warehouse}`,
      priceFields: sql<string>`(select coalesce(json_agg(f.code order by f.sort, f.id), '[]')::text from ${fields} f
        where f.account_id = ${v.account} and f.entity = 'product' and f.type = ${FieldType.price})`,
      startingCost: sql<string | null>`(select b.cost_price::text from ${batches} b
        where b.account_id = ${v.account} and b.product_id = ${v.product} and b.warehouse_id = ${warehouse}
        order by b.count > b.reserve desc, case when b.count > b.reserve then b.id else -b.id end limit 1)`,
      crmConnected: sql<boolean>`exists (select 1 from ${integrationConnections} c where c.account_id = ${v.account} and c.status = 'connected')`,
    })
    .from(orders)
    .where(and(eq(orders.accountId, v.account as number), eq(orders.id, v.order as number)));
}

/**
 * The unlocked read built once per database (issue 20 §3: building the SQL was a fifth of add to deal's server CPU),
 * one statement for the main warehouse and one for a warehouse code.
 */
const placeholders: TargetValues = { account: sql.placeholder('account'), product: sql.placeholder('product'), order: sql.placeholder('order'), code: sql.placeholder('code') };
const preparedTargets = oncePerDatabase((db) => ({
  main: targetQuery(db, placeholders, false).prepare('add_to_deal_target'),
  coded: targetQuery(db, placeholders, true).prepare('add_to_deal_target_coded'),
}));

/**
 * The order with everything the add reads besides, in ONE statement (issue 20 §3: these were six round trips), read
 * without a lock and outside any transaction: a CRM deal's add then locks the order in its one statement
 * (stock/addToDeal.ts), any other add in its transaction (orderRows.ts lockOrderAndStages). The product, warehouse,
 * fields and batches are read, not locked, as before; the product is locked later with the position (rule 2 of
 * stock/locks.ts). Refusals keep their order: the order first, then the identifier, the product, the warehouse.
 */
export async function positionTarget(db: Db, actor: Actor, orderId: number, identifier: string | number): Promise<PositionTarget> {
  const parsed = parseProductIdentifier(identifier);
  const validId = /^\d{1,10}$/.test(parsed.id.trim()) && Number(parsed.id) >= 1 && Number(parsed.id) <= MAX_ID;
  const values = { account: actor.accountId, product: validId ? Number(parsed.id) : 0, order: orderId, code: parsed.warehouseCode ?? '' };
  const [row] = await preparedTargets(db)[parsed.warehouseCode !== null ? 'coded' : 'main'].execute(values);
  if (!row) throw refusal(404, 'noSuchOrder');
  if (!validId) throw refusal(400, 'badProductIdentifier');
  if (row.product === null) throw refusal(404, 'noSuchProduct');
  const product = JSON.parse(row.product) as PositionTarget['product'] & { archived: boolean };
  if (product.archived) throw refusal(400, 'productArchived');
  const service = product.type === 'service';
  const warehouseId = service || row.warehouseId === null ? null : Number(row.warehouseId);
  if (!service && warehouseId === null) throw refusal(404, parsed.warehouseCode === null ? 'noMainWarehouse' : 'noSuchWarehouse');
  return {
    order: row.order,
    product: { id: product.id, type: product.type, values: product.values ?? {} },
    warehouseId,
    priceFields: JSON.parse(row.priceFields) as string[],
    startingCost: service || row.startingCost === null ? '0' : row.startingCost,
    crmConnected: Boolean(row.crmConnected),
  };
}
