import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type {
  Pipeline,
  PipelineAddRequest,
  PipelineSettings,
  PipelineStageInput,
  PipelineStatus,
  PipelineStatusAddRequest,
  PipelineStatusUpdateRequest,
  PipelineUpdateRequest,
} from '../../../src/contract/pipelines';
import type { Db } from '../../db/client';
import { orders, pipelines, pipelineStatuses } from '../../db/schema';
import { requireName } from '../account/service';
import { refusal, type RefusalCode } from '../../http/refusal';

/** The texts of the spec's error catalogue (spec 2 §8) and the refusals of this module. */
export const SAME_STAGE = 'The same stage is selected for different operations within one pipeline. Please choose different stages.';
export const ORDERS_IN_PIPELINE = 'There are orders in this pipeline.';
export const ORDERS_IN_STAGE = 'There are orders in this stage.';
export const LAST_STAGE = 'A pipeline must keep at least one stage.';
export const SYSTEM_PIPELINE_KEPT = 'The system pipeline cannot be deleted.';

type PipelineRow = typeof pipelines.$inferSelect;
type StageRow = typeof pipelineStatuses.$inferSelect;

/** The stages a new pipeline gets when none are given: the system pipeline's (migration 0006). */
const DEFAULT_STAGES: readonly PipelineStageInput[] = [
  { name: 'New', color: '#99ccff', type: 0 },
  { name: 'Reserved', color: '#ffcc66', type: 0, is_reserve: true },
  { name: 'Completed', color: '#66cc99', type: 1, is_write_off: true },
  { name: 'Cancelled', color: '#ff9999', type: 2 },
];

// ---------------------------------------------------------------------------------------------
// Pure rules
// ---------------------------------------------------------------------------------------------

/** Stages in pipeline order: by position, then by id (ties only in rows written elsewhere). */
const inStageOrder = <T extends { sort: number; id: number }>(rows: readonly T[]): T[] => [...rows].sort((a, b) => a.sort - b.sort || a.id - b.id);

export const toStatus = (row: StageRow): PipelineStatus => ({
  id: row.id,
  pipeline_id: row.pipelineId,
  name: row.name,
  type: row.type,
  order_status_type: row.type + 1,
  color: row.color,
  sort: row.sort,
  is_reserve: row.isReserve,
  is_write_off: row.isWriteOff,
  is_stocking: row.isStocking,
  blocks_products: row.blocksProducts,
});

const toPipeline = (row: PipelineRow, stages: readonly StageRow[]): Pipeline => ({
  id: row.id,
  name: row.name,
  value: row.id,
  is_system: row.isSystem,
  sort: row.sort,
  statuses: inStageOrder(stages).map(toStatus),
});

/** The operation flags of a stage in a draft. */
interface Flags {
  isReserve: boolean;
  isWriteOff: boolean;
  isStocking: boolean;
}

/**
 * Refuses (422, spec 2 §5) stages, in their final order, where one stage serves two operations, an operation
 * sits on two stages, or the reservation stage does not come before the write-off stage.
 */
export function checkOperations(stages: readonly Flags[]): void {
  if (stages.some((stage) => Number(stage.isReserve) + Number(stage.isWriteOff) + Number(stage.isStocking) > 1)) throw refusal(422, 'sameStage');
  for (const flag of ['isReserve', 'isWriteOff', 'isStocking'] as const) {
    if (stages.filter((stage) => stage[flag]).length > 1) throw refusal(422, 'sameStage');
  }
  const reserve = stages.findIndex((stage) => stage.isReserve);
  const writeOff = stages.findIndex((stage) => stage.isWriteOff);
  if (reserve >= 0 && writeOff >= 0 && reserve >= writeOff) throw refusal(422, 'sameStage');
}

// ---------------------------------------------------------------------------------------------
// Reads
// ---------------------------------------------------------------------------------------------

const pipelineOrder = [desc(pipelines.isSystem), asc(pipelines.sort), asc(pipelines.id)];

/** orders/pipelines/list (and public-order/pipelines): the account's pipelines, the system one first, each with its stages in order. */
export async function listPipelines(db: Db, accountId: number): Promise<Pipeline[]> {
  const rows = await db.select().from(pipelines).where(eq(pipelines.accountId, accountId)).orderBy(...pipelineOrder);
  const stages = await db.select().from(pipelineStatuses).where(eq(pipelineStatuses.accountId, accountId));
  return rows.map((row) => toPipeline(row, stages.filter((stage) => stage.pipelineId === row.id)));
}

/** account/pipelinesV2: each pipeline with the stage chosen for each operation. */
export async function pipelineSettings(db: Db, accountId: number): Promise<PipelineSettings[]> {
  return (await listPipelines(db, accountId)).map((pipeline) => {
    const stageWith = (flag: 'is_reserve' | 'is_write_off' | 'is_stocking') => pipeline.statuses.find((stage) => stage[flag])?.id ?? null;
    return {
      id: pipeline.id,
      name: pipeline.name,
      value: pipeline.value,
      is_system: pipeline.is_system === true,
      sort: pipeline.sort ?? 0,
      statuses: pipeline.statuses,
      reserve_status_id: stageWith('is_reserve'),
      write_off_status_id: stageWith('is_write_off'),
      stocking_status_id: stageWith('is_stocking'),
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Locks and database errors
// ---------------------------------------------------------------------------------------------

/** The advisory-lock namespace of an account's set of pipelines (ASCII 'pipl'). */
const PIPELINES_LOCK = 0x7069706c;

/**
 * Serialises changes to the set of an account's pipelines (add, move, delete) until the transaction ends, so
 * two moves renumber from what the other committed. Taken before any pipeline row lock (one order: no deadlock).
 */
async function lockPipelineSet(tx: Db, accountId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${PIPELINES_LOCK}::int4, ${accountId}::int4)`);
}

/**
 * The pipeline row, locked for update until the transaction ends: every change to a pipeline's stages checks the
 * operation rules under it, so two concurrent changes cannot together break them. It also waits for (and then
 * sees) an order being inserted into the pipeline, whose foreign key holds the row. 404 for another account's.
 */
async function lockPipeline(tx: Db, accountId: number, id: number): Promise<PipelineRow> {
  const [row] = await tx.select().from(pipelines).where(and(eq(pipelines.accountId, accountId), eq(pipelines.id, id))).for('update');
  if (!row) throw refusal(404, 'noSuchPipeline');
  return row;
}

async function stagesOf(tx: Db, accountId: number, pipelineId: number): Promise<StageRow[]> {
  const rows = await tx.select().from(pipelineStatuses).where(and(eq(pipelineStatuses.accountId, accountId), eq(pipelineStatuses.pipelineId, pipelineId)));
  return inStageOrder(rows);
}

/** The pipeline a stage of the account belongs to, or 404. */
async function pipelineOfStage(db: Db, accountId: number, statusId: number): Promise<number> {
  const [row] = await db.select({ pipelineId: pipelineStatuses.pipelineId }).from(pipelineStatuses).where(and(eq(pipelineStatuses.accountId, accountId), eq(pipelineStatuses.id, statusId)));
  if (!row) throw refusal(404, 'noSuchStage');
  return row.pipelineId;
}

/** The SQLSTATE of a PostgreSQL error, wherever drizzle wrapped the driver's error. */
function sqlStateOf(error: unknown): string | null {
  for (let current = error, depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/**
 * The database's own guards, met only if a writer elsewhere skipped the locks: the one-stage-per-operation
 * indexes and check (23505, 23514) and an order's reference to a stage or pipeline being deleted (23503).
 */
async function guarded<T>(work: () => Promise<T>, referenced: RefusalCode): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const state = sqlStateOf(error);
    if (state === '23505' || state === '23514') throw refusal(422, 'sameStage');
    if (state === '23503') throw refusal(422, referenced);
    throw error;
  }
}

async function ordersIn(tx: Db, accountId: number, where: SQL | undefined): Promise<number> {
  const [{ total }] = await tx.select({ total: count() }).from(orders).where(and(eq(orders.accountId, accountId), where));
  return Number(total);
}

// ---------------------------------------------------------------------------------------------
// Writing a pipeline's stages
// ---------------------------------------------------------------------------------------------

/** A stage as it will be: an existing row (id) or a new one (no id); its position is its index in the draft. */
interface StageDraft extends Flags {
  id?: number;
  name: string;
  color: string;
  type: number;
  blocksProducts: boolean;
}

const draftOf = (row: StageRow): StageDraft => ({
  id: row.id,
  name: row.name,
  color: row.color,
  type: row.type,
  isReserve: row.isReserve,
  isWriteOff: row.isWriteOff,
  isStocking: row.isStocking,
  blocksProducts: row.blocksProducts,
});

function newDraft(input: PipelineStageInput): StageDraft {
  return {
    name: requireName(input.name),
    color: input.color ?? '',
    type: input.type ?? 0,
    isReserve: input.is_reserve === true,
    isWriteOff: input.is_write_off === true,
    isStocking: input.is_stocking === true,
    blocksProducts: input.blocks_products === true,
  };
}

const sameFlags = (a: Flags, b: Flags) => a.isReserve === b.isReserve && a.isWriteOff === b.isWriteOff && a.isStocking === b.isStocking;

/** Moves one element of a list to a position (clamped to the list). */
function moved<T>(list: readonly T[], item: T, position: number): T[] {
  const rest = list.filter((other) => other !== item);
  rest.splice(Math.max(0, Math.min(position, rest.length)), 0, item);
  return rest;
}

/**
 * Writes a pipeline's stages as the draft says (positions 0, 1, 2… in draft order) after checking the
 * operation rules; stages of `before` missing from the draft are deleted. Flags that change are first cleared,
 * then set, so the one-stage-per-operation indexes never see two stages at once.
 */
async function saveStages(tx: Db, accountId: number, pipelineId: number, before: readonly StageRow[], draft: readonly StageDraft[]): Promise<void> {
  if (!draft.length) throw refusal(422, 'lastStage');
  checkOperations(draft);
  const byId = new Map(before.map((row) => [row.id, row]));
  const kept = new Set(draft.flatMap((stage) => (stage.id === undefined ? [] : [stage.id])));
  const removed = before.filter((row) => !kept.has(row.id)).map((row) => row.id);
  if (removed.length) await tx.delete(pipelineStatuses).where(and(eq(pipelineStatuses.accountId, accountId), inArray(pipelineStatuses.id, removed)));
  const flagsMove = draft.filter((stage) => stage.id !== undefined && !sameFlags(stage, byId.get(stage.id)!)).map((stage) => stage.id!);
  if (flagsMove.length) {
    await tx.update(pipelineStatuses).set({ isReserve: false, isWriteOff: false, isStocking: false }).where(and(eq(pipelineStatuses.accountId, accountId), inArray(pipelineStatuses.id, flagsMove)));
  }
  for (const [sort, stage] of draft.entries()) {
    const values = { name: stage.name, color: stage.color, type: stage.type, sort, isReserve: stage.isReserve, isWriteOff: stage.isWriteOff, isStocking: stage.isStocking, blocksProducts: stage.blocksProducts };
    if (stage.id === undefined) {
      await tx.insert(pipelineStatuses).values({ accountId, pipelineId, ...values });
      continue;
    }
    const row = byId.get(stage.id)!;
    const unchanged =
      !flagsMove.includes(stage.id) && row.name === values.name && row.color === values.color && row.type === values.type && row.sort === sort && row.blocksProducts === values.blocksProducts;
    if (!unchanged) await tx.update(pipelineStatuses).set(values).where(and(eq(pipelineStatuses.accountId, accountId), eq(pipelineStatuses.id, stage.id)));
  }
}

/** The pipeline as it now is, read inside the transaction that changed it. */
async function pipelineNow(tx: Db, accountId: number, id: number): Promise<Pipeline> {
  const [row] = await tx.select().from(pipelines).where(and(eq(pipelines.accountId, accountId), eq(pipelines.id, id)));
  return toPipeline(row, await stagesOf(tx, accountId, id));
}

/** Renumbers the account's pipelines 0, 1, 2… in the given order (only the rows whose position changes). */
async function renumberPipelines(tx: Db, accountId: number, ordered: readonly PipelineRow[]): Promise<void> {
  for (const [sort, row] of ordered.entries()) {
    if (row.sort !== sort) await tx.update(pipelines).set({ sort }).where(and(eq(pipelines.accountId, accountId), eq(pipelines.id, row.id)));
  }
}

// ---------------------------------------------------------------------------------------------
// Pipelines
// ---------------------------------------------------------------------------------------------

/** orders/pipelines/add: a pipeline after the others, with the given stages or the default ones. */
export async function addPipeline(db: Db, accountId: number, body: PipelineAddRequest): Promise<Pipeline> {
  const name = requireName(body.name);
  const draft = (body.statuses ?? DEFAULT_STAGES).map(newDraft);
  checkOperations(draft);
  return db.transaction(async (tx) => {
    await lockPipelineSet(tx, accountId);
    const [{ next }] = await tx
      .select({ next: sql<number>`coalesce(max(${pipelines.sort}), -1) + 1` })
      .from(pipelines)
      .where(eq(pipelines.accountId, accountId));
    const [row] = await tx.insert(pipelines).values({ accountId, name, sort: Number(next) }).returning();
    await guarded(() => saveStages(tx, accountId, row.id, [], draft), 'sameStage');
    return pipelineNow(tx, accountId, row.id);
  });
}

/**
 * orders/pipelines/update: rename; move among the pipelines (the system one stays first); reorder the stages;
 * choose the stage of each operation. All in one transaction under the pipeline's lock, checked as a whole.
 */
export async function updatePipeline(db: Db, accountId: number, body: PipelineUpdateRequest): Promise<Pipeline> {
  const name = body.name === undefined ? undefined : requireName(body.name);
  return db.transaction(async (tx) => {
    if (body.sort !== undefined) await lockPipelineSet(tx, accountId);
    const pipeline = await lockPipeline(tx, accountId, body.id);
    const before = await stagesOf(tx, accountId, pipeline.id);
    let draft = before.map(draftOf);
    if (body.status_ids !== undefined) {
      const byId = new Map(draft.map((stage) => [stage.id!, stage]));
      if (body.status_ids.some((id) => !byId.has(id))) throw refusal(404, 'noSuchStageInPipeline');
      if (body.status_ids.length !== draft.length) throw refusal(400, 'stageOrderIncomplete');
      draft = body.status_ids.map((id) => byId.get(id)!);
    }
    const operations = [
      ['isReserve', body.reserve_status_id],
      ['isWriteOff', body.write_off_status_id],
      ['isStocking', body.stocking_status_id],
    ] as const;
    for (const [flag, chosen] of operations) {
      if (chosen === undefined) continue;
      if (chosen !== null && !draft.some((stage) => stage.id === chosen)) throw refusal(404, 'noSuchStageInPipeline');
      draft = draft.map((stage) => ({ ...stage, [flag]: stage.id === chosen }));
    }
    await guarded(() => saveStages(tx, accountId, pipeline.id, before, draft), 'sameStage');
    if (name !== undefined && name !== pipeline.name) await tx.update(pipelines).set({ name }).where(and(eq(pipelines.accountId, accountId), eq(pipelines.id, pipeline.id)));
    if (body.sort !== undefined) {
      const all = await tx.select().from(pipelines).where(eq(pipelines.accountId, accountId)).orderBy(...pipelineOrder);
      const target = all.find((row) => row.id === pipeline.id)!;
      const first = pipeline.isSystem ? 0 : all.some((row) => row.isSystem) ? 1 : 0;
      await renumberPipelines(tx, accountId, moved(all, target, pipeline.isSystem ? 0 : Math.max(first, body.sort)));
    }
    return pipelineNow(tx, accountId, pipeline.id);
  });
}

/** orders/pipelines/delete: not the system pipeline, and not one that holds orders (archived ones too). */
export async function deletePipeline(db: Db, accountId: number, id: number): Promise<{ success: true }> {
  await db.transaction(async (tx) => {
    await lockPipelineSet(tx, accountId);
    const pipeline = await lockPipeline(tx, accountId, id);
    if (pipeline.isSystem) throw refusal(422, 'systemPipelineKept');
    const stageIds = tx.select({ id: pipelineStatuses.id }).from(pipelineStatuses).where(eq(pipelineStatuses.pipelineId, id));
    if (await ordersIn(tx, accountId, or(eq(orders.pipelineId, id), inArray(orders.statusId, stageIds)))) throw refusal(422, 'ordersInPipeline');
    await guarded(() => tx.delete(pipelines).where(and(eq(pipelines.accountId, accountId), eq(pipelines.id, id))), 'ordersInPipeline');
  });
  return { success: true };
}

// ---------------------------------------------------------------------------------------------
// Stages
// ---------------------------------------------------------------------------------------------

/** orders/pipelines/statuses/add: a stage at a position (default last); an operation another stage has is refused. */
export async function addStage(db: Db, accountId: number, body: PipelineStatusAddRequest): Promise<Pipeline> {
  const stage = newDraft(body);
  return db.transaction(async (tx) => {
    const pipeline = await lockPipeline(tx, accountId, body.pipeline_id);
    const before = await stagesOf(tx, accountId, pipeline.id);
    const current = before.map(draftOf);
    const draft = moved([...current, stage], stage, body.sort ?? current.length);
    await guarded(() => saveStages(tx, accountId, pipeline.id, before, draft), 'sameStage');
    return pipelineNow(tx, accountId, pipeline.id);
  });
}

/** orders/pipelines/statuses/update: a partial change of one stage; sort moves it. */
export async function updateStage(db: Db, accountId: number, body: PipelineStatusUpdateRequest): Promise<Pipeline> {
  const name = body.name === undefined ? undefined : requireName(body.name);
  const pipelineId = await pipelineOfStage(db, accountId, body.id);
  return db.transaction(async (tx) => {
    const pipeline = await lockPipeline(tx, accountId, pipelineId);
    const before = await stagesOf(tx, accountId, pipeline.id);
    const current = before.map(draftOf);
    const stage = current.find((row) => row.id === body.id);
    // Moved to another pipeline or deleted between the look-up and the lock.
    if (!stage) throw refusal(404, 'noSuchStage');
    const changed: StageDraft = {
      ...stage,
      ...(name !== undefined && { name }),
      ...(body.color !== undefined && { color: body.color }),
      ...(body.type !== undefined && { type: body.type }),
      ...(body.is_reserve !== undefined && { isReserve: body.is_reserve }),
      ...(body.is_write_off !== undefined && { isWriteOff: body.is_write_off }),
      ...(body.is_stocking !== undefined && { isStocking: body.is_stocking }),
      ...(body.blocks_products !== undefined && { blocksProducts: body.blocks_products }),
    };
    const replaced = current.map((row) => (row === stage ? changed : row));
    const draft = body.sort === undefined ? replaced : moved(replaced, changed, body.sort);
    await guarded(() => saveStages(tx, accountId, pipeline.id, before, draft), 'sameStage');
    return pipelineNow(tx, accountId, pipeline.id);
  });
}

/** orders/pipelines/statuses/delete: not a stage that holds orders, and not a pipeline's last stage. */
export async function deleteStage(db: Db, accountId: number, id: number): Promise<Pipeline> {
  const pipelineId = await pipelineOfStage(db, accountId, id);
  return db.transaction(async (tx) => {
    const pipeline = await lockPipeline(tx, accountId, pipelineId);
    const before = await stagesOf(tx, accountId, pipeline.id);
    if (!before.some((row) => row.id === id)) throw refusal(404, 'noSuchStage');
    if (await ordersIn(tx, accountId, eq(orders.statusId, id))) throw refusal(422, 'ordersInStage');
    if (before.length === 1) throw refusal(422, 'lastStage');
    const draft = before.filter((row) => row.id !== id).map(draftOf);
    await guarded(() => saveStages(tx, accountId, pipeline.id, before, draft), 'ordersInStage');
    return pipelineNow(tx, accountId, pipeline.id);
  });
}
