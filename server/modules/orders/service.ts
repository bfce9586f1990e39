import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type {
  Order,
  OrderAddRequest,
  OrderClientUpdateRequest,
  OrderUpdateRequest,
  OrderWithPositions,
  StockState,
} from '../../../src/contract/orders';
import { defaultCurrency } from '../../../src/domain/fieldTypes';
import type { Db, Tx } from '../../db/client';
import { oncePerDatabase } from '../../db/oncePerDatabase';
import { companies, contacts, facilities, memberships, orderPositions, orderShares, orders, pipelines, pipelineStatuses, users } from '../../db/schema';
import { refusal } from '../../http/refusal';
import { ordersThisMonth, requireMonthlyOrder } from '../account/limits';
import { coerceEntityValues } from '../fields/values';
import { facilityRefOf, requireChoosableFacility } from '../facilities/service';
import type { Actor, TouchedCount } from './actor';
import { lastChangeBy, lastChangeNames, lastChangeOf, type LastChangeNames } from './lastChange';
import { applyStockState, orderRowOf, requireProductsEditable, settleOrder, stageOf, type OrderRow } from './orderRows';

// The row-level rules live in orderRows.ts; re-exported so callers need one import for the order services.
export { NO_SUCH_ORDER, orderRowOf, productsLocked, requireProductsEditable, type OrderRow } from './orderRows';
import { positionsJson, positionsOfJson, productPrice } from './positionsView';
import { positionFieldValues } from './positionValues';
import { orderChanged } from './changeEvents';
import { orderCrmStatusEntered, orderStageEntered } from './stageEvents';
import { reconcileStock, releaseAboveQuantities, stagesOf, TERMINAL_STATES } from './stockSync';
import { inTransaction } from '../../http/transaction';
import { countText, thousandthsOf } from '../stock/api';

/* ------------------------------------------------------------------ reading */

const orderShape = {
  order: orders,
  statusName: pipelineStatuses.name,
  statusType: pipelineStatuses.type,
  blocks: pipelineStatuses.blocksProducts,
  userName: users.name,
  contactName: contacts.name,
  companyName: companies.name,
  facility: { id: facilities.id, name: facilities.name, address: facilities.address, archived: facilities.archived },
  shared: sql<boolean>`exists (select 1 from ${orderShares} s where s.order_id = ${orders.id})`,
  ...lastChangeNames,
};

type OrderJoined = LastChangeNames & { order: OrderRow; statusName: string | null; statusType: number | null; blocks: boolean | null; userName: string | null; contactName: string | null; companyName: string | null; facility: Pick<typeof facilities.$inferSelect, 'id' | 'name' | 'address' | 'archived'> | null; shared: boolean };

/** Orders with what their answer shows beside the row; `extra` adds columns to the same statement (the list's total). */
export function joined<Extra extends Record<string, SQL.Aliased | SQL>>(db: Db | Tx, accountId: number, extra?: Extra) {
  return db
    .select({ ...orderShape, ...(extra as Extra) })
    .from(orders)
    .leftJoin(pipelineStatuses, and(eq(pipelineStatuses.id, orders.statusId), eq(pipelineStatuses.accountId, accountId)))
    .leftJoin(users, eq(users.id, orders.userId))
    .leftJoin(contacts, and(eq(contacts.id, orders.contactId), eq(contacts.accountId, accountId)))
    .leftJoin(companies, and(eq(companies.id, orders.companyId), eq(companies.accountId, accountId)))
    .leftJoin(facilities, and(eq(facilities.id, orders.facilityId), eq(facilities.accountId, accountId)));
}

export function toOrder(row: OrderJoined, currency: string): Order {
  const { order } = row;
  return {
    id: order.id,
    name: order.name,
    fields: { ...order.values, name: order.name },
    pipeline_id: order.pipelineId,
    status_id: order.statusId,
    status_name: row.statusName,
    status_type: row.statusType === null ? null : row.statusType + 1,
    lead_id: order.leadId,
    status: order.crmStatus,
    user_id: order.userId,
    user_name: row.userName,
    company: order.companyId !== null && row.companyName !== null ? { id: order.companyId, name: row.companyName } : null,
    contacts: order.contactId !== null && row.contactName !== null ? [{ id: order.contactId, name: row.contactName }] : [],
    facility: facilityRefOf(row.facility),
    sum: Number(order.sum),
    budget: Number(order.sum),
    cost_price: Number(order.costPrice),
    profit: Number(order.profit),
    currency,
    tags: order.tags,
    stock_state: order.stockState as StockState,
    products_locked: TERMINAL_STATES.has(order.stockState) || row.blocks === true,
    public: Boolean(row.shared),
    archived: order.archived,
    version: order.version,
    created_at: order.createdAt.toISOString(),
    updated_at: order.updatedAt.toISOString(),
    last_change: lastChangeOf(row),
  };
}

/** getOrder's one statement, built once per database (issue 20 §3: building SQL was a fifth of add to deal's server CPU). */
function buildOrderStatement(db: Db) {
  const account = sql.placeholder('account');
  const id = sql.placeholder('id');
  return db
    .select({ ...orderShape, positions: positionsJson(account, id) })
    .from(orders)
    .leftJoin(pipelineStatuses, and(eq(pipelineStatuses.id, orders.statusId), eq(pipelineStatuses.accountId, account)))
    .leftJoin(users, eq(users.id, orders.userId))
    .leftJoin(contacts, and(eq(contacts.id, orders.contactId), eq(contacts.accountId, account)))
    .leftJoin(companies, and(eq(companies.id, orders.companyId), eq(companies.accountId, account)))
    .leftJoin(facilities, and(eq(facilities.id, orders.facilityId), eq(facilities.accountId, account)))
    .where(and(eq(orders.accountId, account), eq(orders.id, id)))
    .prepare('order_with_positions');
}

const orderStatement = oncePerDatabase(buildOrderStatement);

/** orders/order: one order with its positions (public callers see only public-visible product fields). */
export async function getOrder(db: Db, actor: Actor, id: number): Promise<OrderWithPositions> {
  // The order and its positions in one statement (issue 20 §3: every order write answers with this read).
  const [row] = await orderStatement(db).execute({ account: actor.accountId, id });
  if (!row) throw refusal(404, 'noSuchOrder');
  const positions = await positionsOfJson(db, actor, row.positions);
  return { ...toOrder(row, positions[0]?.currency ?? defaultCurrency({ is_kommo: actor.isKommo })), positions };
}

/* ------------------------------------------------------------------ writing */

/** The advisory-lock namespace of an account's order adds (ASCII 'ordr'): the monthly limit is counted under it. */
const ORDERS_LOCK = 0x6f726472;

/** The tariff's orders per month (spec 2 §9); none (the trial) has no limit. 422, not 402 (the client reads 402 as 'users exceeded'). */
async function requireMonthlyRoom(tx: Tx, accountId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ORDERS_LOCK}::int4, ${accountId}::int4)`);
  await requireMonthlyOrder(tx, accountId, () => ordersThisMonth(tx, accountId));
}

/** A pipeline and stage of the account: the stage must belong to the pipeline; a pipeline alone means its first stage; neither, the system pipeline's first. */
async function placeOf(tx: Db | Tx, accountId: number, pipelineId: number | undefined, statusId: number | undefined): Promise<{ pipelineId: number; statusId: number }> {
  if (statusId !== undefined) {
    const stage = await stageOf(tx, accountId, statusId);
    if (!stage) throw refusal(404, 'noSuchStage');
    if (pipelineId !== undefined && stage.pipelineId !== pipelineId) throw refusal(400, 'stageOfAnotherPipeline');
    return { pipelineId: stage.pipelineId, statusId: stage.id };
  }
  const [pipeline] = await tx
    .select({ id: pipelines.id })
    .from(pipelines)
    .where(and(eq(pipelines.accountId, accountId), pipelineId === undefined ? eq(pipelines.isSystem, true) : eq(pipelines.id, pipelineId)));
  if (!pipeline) throw refusal(404, 'noSuchPipeline');
  const [first] = await stagesOf(tx as Tx, accountId, pipeline.id);
  if (!first) throw refusal(422, 'pipelineWithoutStages');
  return { pipelineId: pipeline.id, statusId: first.id };
}

async function requireCustomer(tx: Db | Tx, accountId: number, kind: 'contact' | 'company', id: number | null | undefined): Promise<void> {
  if (id === null || id === undefined) return;
  const table = kind === 'contact' ? contacts : companies;
  const [row] = await tx.select({ id: table.id }).from(table).where(and(eq(table.accountId, accountId), eq(table.id, id)));
  if (!row) throw refusal(404, kind === 'contact' ? 'noSuchContact' : 'noSuchCompany');
}

async function requireMember(tx: Db | Tx, accountId: number, userId: number | null | undefined): Promise<void> {
  if (userId === null || userId === undefined) return;
  const [row] = await tx.select({ id: memberships.userId }).from(memberships).where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId), eq(memberships.status, 'enabled')));
  if (!row) throw refusal(404, 'noSuchUser');
}

const nameOf = (text: string | undefined) => (text ?? '').trim();

/** orders/add: a local order in a stage (default: the system pipeline's first), or one linked to a CRM deal (one order per deal). */
export async function addOrder(db: Db, actor: Actor & { userId: number }, body: OrderAddRequest): Promise<OrderWithPositions> {
  const values = body.fields ? await coerceEntityValues(db, actor.account, 'order', withoutName(body.fields)) : {};
  const id = await inTransaction(db, async (tx) => {
    await requireMonthlyRoom(tx, actor.accountId);
    await requireCustomer(tx, actor.accountId, 'contact', body.contact_id);
    await requireCustomer(tx, actor.accountId, 'company', body.company_id);
    const crm = body.lead_id !== undefined && body.pipeline_id === undefined && body.status_id === undefined;
    if (body.lead_id !== undefined) {
      const [taken] = await tx.select({ id: orders.id }).from(orders).where(and(eq(orders.accountId, actor.accountId), eq(orders.leadId, body.lead_id)));
      if (taken) throw refusal(409, 'dealHasOrder', undefined, { order_id: taken.id });
    }
    const place = crm ? null : await placeOf(tx, actor.accountId, body.pipeline_id, body.status_id);
    const [row] = await tx
      .insert(orders)
      .values({
        accountId: actor.accountId,
        name: nameOf(body.name ?? (typeof body.fields?.name === 'string' ? body.fields.name : undefined)),
        pipelineId: place?.pipelineId ?? null,
        statusId: place?.statusId ?? null,
        leadId: body.lead_id ?? null,
        crmStatus: body.lead_id !== undefined ? (body.status ?? 0) : null,
        userId: actor.userId,
        contactId: body.contact_id ?? null,
        companyId: body.company_id ?? null,
        values,
        tags: body.tags ?? [],
        ...lastChangeBy(actor),
      })
      .returning();
    return row.id;
  });
  if (body.lead_id !== undefined) await orderCrmStatusEntered({ db, accountId: actor.accountId, orderId: id, leadId: body.lead_id, crmStatus: body.status ?? 0, userId: actor.userId });
  return getOrder(db, actor, id);
}

/** Order field values never hold the name: it has its own column. */
function withoutName(fields: Record<string, unknown>): Record<string, unknown> {
  const { name: _name, ...rest } = fields;
  return rest;
}

/**
 * orders/update: the caller's version must be the stored one (else 409, nothing written). Name, field
 * values, tags, responsible user, stage (status_id, with pipeline_id to move to another pipeline) or
 * CRM status, and position changes; then stock follows the new stage and the totals are recomputed.
 */
export async function updateOrder(db: Db, actor: Actor, body: OrderUpdateRequest): Promise<OrderWithPositions> {
  const current = await orderRowOf(db, actor.accountId, body.id);
  const values = body.fields ? await coerceEntityValues(db, actor.account, 'order', withoutName(body.fields)) : undefined;
  const name = body.name ?? (typeof body.fields?.name === 'string' ? body.fields.name : undefined);
  const positionValues = await positionFieldValues(db, actor.account, body.positions ?? []);
  // The stage the order moved into, told to the listeners once the change is committed.
  let entered: number | null = null;
  let crmEntered: number | null = null;
  await inTransaction(db, async (tx) => {
    entered = null;
    crmEntered = null;
    const order = await orderRowOf(tx, actor.accountId, current.id, true);
    if (order.version !== body.version) throw refusal(409, 'staleOrder', undefined, { version: order.version });
    await requireMember(tx, actor.accountId, body.user_id);
    if (body.facility_id) await requireChoosableFacility(tx, actor.accountId, body.facility_id, order.facilityId);
    const moves = body.pipeline_id !== undefined || body.status_id !== undefined;
    if (moves && order.leadId !== null && order.pipelineId === null) throw refusal(400, 'crmOrderStatus');
    if (body.status !== undefined && order.leadId === null) throw refusal(400, 'localOrderStage');
    const place = moves ? await placeOf(tx, actor.accountId, body.pipeline_id, body.status_id) : null;
    if (body.positions?.length) {
      await requireProductsEditable(tx, order);
      const touched = await changePositions(tx, actor, order, body.positions, positionValues);
      await actor.limitCounts?.(tx, order.id, touched);
    }
    const next: OrderRow = {
      ...order,
      ...(name !== undefined && { name: nameOf(name) }),
      ...(values && { values: { ...order.values, ...values } }),
      ...(body.tags && { tags: body.tags }),
      ...(body.user_id !== undefined && { userId: body.user_id }),
      ...(body.facility_id !== undefined && { facilityId: body.facility_id }),
      ...(place && { pipelineId: place.pipelineId, statusId: place.statusId }),
      ...(body.status !== undefined && { crmStatus: body.status }),
    };
    const stockState = await applyStockState(tx, actor, next);
    await settleOrder(tx, order.id, {
      name: next.name,
      values: next.values,
      tags: next.tags,
      userId: next.userId,
      facilityId: next.facilityId,
      pipelineId: next.pipelineId,
      statusId: next.statusId,
      crmStatus: next.crmStatus,
      stockState,
      ...lastChangeBy(actor),
    });
    if (place && place.statusId !== order.statusId) entered = place.statusId;
    if (body.status !== undefined && body.status !== order.crmStatus) crmEntered = body.status;
  });
  if (entered !== null) await orderStageEntered({ db, accountId: actor.accountId, orderId: current.id, statusId: entered, userId: actor.userId });
  if (crmEntered !== null && current.leadId !== null) await orderCrmStatusEntered({ db, accountId: actor.accountId, orderId: current.id, leadId: current.leadId, crmStatus: crmEntered, userId: actor.userId });
  await orderChanged({ db, accountId: actor.accountId, orderId: current.id, leadId: current.leadId });
  return getOrder(db, actor, current.id);
}

/** Position edits inside an update: quantity, price, price type, VAT and field values of the order's own positions. */
async function changePositions(tx: Tx, actor: Actor, order: OrderRow, changes: NonNullable<OrderUpdateRequest['positions']>, values: ReadonlyMap<number, Record<string, unknown>>): Promise<TouchedCount[]> {
  const ids = changes.map((change) => change.id);
  const rows = await tx.select().from(orderPositions).where(and(eq(orderPositions.orderId, order.id), inArray(orderPositions.id, ids)));
  const missing = ids.filter((id) => !rows.some((row) => row.id === id));
  if (missing.length) throw refusal(404, 'noSuchPositionsInOrder', { ids: missing.join(', ') });
  const held = (row: (typeof rows)[number]) => thousandthsOf(row.reserved) + thousandthsOf(row.writtenOff);
  const lowered = changes.flatMap((change) => {
    const row = rows.find((item) => item.id === change.id)!;
    return change.count !== undefined && thousandthsOf(change.count) < held(row) ? [{ positionId: row.id, quantity: countText(change.count) }] : [];
  });
  await releaseAboveQuantities(tx, { accountId: actor.accountId, userId: actor.userId, order }, lowered);
  for (const change of changes) {
    const row = rows.find((item) => item.id === change.id)!;
    const ownValues = values.has(row.id) ? { ...row.values, ...values.get(row.id) } : null;
    // A new price type prices the position from its own value of that field when it has one, else the product's.
    const price = change.price_field !== undefined && change.price === undefined ? await productPrice(tx, actor, row.productId, change.price_field, ownValues ?? row.values) : null;
    await tx
      .update(orderPositions)
      .set({
        ...(ownValues && { values: ownValues }),
        ...(change.count !== undefined && { quantity: countText(change.count) }),
        ...(change.price !== undefined && { price: change.price.toFixed(2) }),
        ...(change.price_field !== undefined && { priceField: change.price_field }),
        ...(price && { price: price.cost.toFixed(2), currency: price.currency, nds: price.nds.toFixed(2) }),
        ...(change.nds !== undefined && { nds: change.nds.toFixed(2) }),
      })
      .where(eq(orderPositions.id, row.id));
  }
  return changes.filter((change) => change.count !== undefined).map((change) => ({ id: change.id, before: Number(rows.find((row) => row.id === change.id)!.quantity) }));
}

/** orders/client-update: the order's contact and company (null removes one). */
export async function updateOrderClient(db: Db, actor: Actor, body: OrderClientUpdateRequest): Promise<OrderWithPositions> {
  await inTransaction(db, async (tx) => {
    const order = await orderRowOf(tx, actor.accountId, body.id, true);
    await requireCustomer(tx, actor.accountId, 'contact', body.contact_id);
    await requireCustomer(tx, actor.accountId, 'company', body.company_id);
    if (body.facility_id) await requireChoosableFacility(tx, actor.accountId, body.facility_id, order.facilityId);
    await tx
      .update(orders)
      .set({
        ...(body.contact_id !== undefined && { contactId: body.contact_id }),
        ...(body.company_id !== undefined && { companyId: body.company_id }),
        ...(body.facility_id !== undefined && { facilityId: body.facility_id }),
        ...lastChangeBy(actor),
        version: sql`${orders.version} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(orders.id, order.id));
  });
  return getOrder(db, actor, body.id);
}

/** orders/delete: reserved stock goes back first (written-off goods stay written off: the ledger keeps the sale). */
export async function deleteOrder(db: Db, actor: Actor, id: number): Promise<{ success: true }> {
  await inTransaction(db, async (tx) => {
    const order = await orderRowOf(tx, actor.accountId, id, true);
    await reconcileStock(tx, { accountId: actor.accountId, userId: actor.userId, order }, TERMINAL_STATES.has(order.stockState) ? (order.stockState as StockState) : 'none');
    await tx.delete(orders).where(eq(orders.id, order.id));
  });
  return { success: true };
}

/**
 * orders/refund: the goods of a written-off order come back into the batches they left, with 'return'
 * rows in the ledger; the order is then 'refunded'. Refunding twice, or an order whose goods were not
 * written off, is refused and changes nothing.
 */
export async function refundOrder(db: Db, actor: Actor, id: number): Promise<OrderWithPositions> {
  await inTransaction(db, async (tx) => {
    const order = await orderRowOf(tx, actor.accountId, id, true);
    if (order.stockState !== 'written_off') throw refusal(422, 'refundNeedsWriteOff');
    await reconcileStock(tx, { accountId: actor.accountId, userId: actor.userId, order }, 'refunded');
    await settleOrder(tx, order.id, { stockState: 'refunded', ...lastChangeBy(actor) });
  });
  return getOrder(db, actor, id);
}
