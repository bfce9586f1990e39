import Type from 'typebox';
import { Nullable } from './common';
import { Id } from './catalogue';

/** Stage type: 0 in progress, 1 success (final), 2 unsuccessful (final: releases reservations). */
export const PipelineStatusType = Type.Integer({ minimum: 0, maximum: 2 });

const StageName = Type.String({ minLength: 1, maxLength: 120 });
const StageColor = Type.String({ maxLength: 40 });
/** A stage's position in its pipeline (0 first); a larger one means last. */
const Position = Type.Integer({ minimum: 0, maximum: 10_000 });

export const PipelineStatus = Type.Object({
  id: Type.Integer(),
  pipeline_id: Type.Integer(),
  name: Type.String(),
  /** 0 in progress, 1 success, 2 unsuccessful. */
  type: Type.Integer(),
  /** The order status type of an order in this stage: type plus one (spec 1 §3). */
  order_status_type: Type.Integer(),
  color: Type.String(),
  sort: Type.Integer(),
  /** Entering this stage reserves the order's positions. */
  is_reserve: Type.Boolean(),
  /** Entering this stage writes the positions off into the movement ledger. */
  is_write_off: Type.Boolean(),
  /** Entering this stage adds the positions to stock (a purchase). */
  is_stocking: Type.Boolean(),
  /** Product changes are refused while an order is in this stage. */
  blocks_products: Type.Boolean(),
});
export type PipelineStatus = Type.Static<typeof PipelineStatus>;

/**
 * A pipeline with its stages in order. The client's synthetic 'All' entry (id and value -1, no
 * stages) has the same type, so the fields it lacks are optional here; the server always sends them.
 */
export const Pipeline = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** Equals id; the synthetic 'All' entry has -1. */
  value: Type.Integer(),
  statuses: Type.Array(PipelineStatus),
  is_system: Type.Optional(Type.Boolean()),
  sort: Type.Optional(Type.Integer()),
});
export type Pipeline = Type.Static<typeof Pipeline>;

/** account/pipelinesV2: each pipeline with the stage chosen for each operation (null: none chosen). */
export const PipelineSettings = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  value: Type.Integer(),
  is_system: Type.Boolean(),
  sort: Type.Integer(),
  statuses: Type.Array(PipelineStatus),
  reserve_status_id: Nullable(Type.Integer()),
  write_off_status_id: Nullable(Type.Integer()),
  stocking_status_id: Nullable(Type.Integer()),
});
export type PipelineSettings = Type.Static<typeof PipelineSettings>;

/** What a stage write may set besides its name: type, colour, position and the operation flags. */
const stageProperties = {
  type: Type.Optional(PipelineStatusType),
  color: Type.Optional(StageColor),
  sort: Type.Optional(Position),
  is_reserve: Type.Optional(Type.Boolean()),
  is_write_off: Type.Optional(Type.Boolean()),
  is_stocking: Type.Optional(Type.Boolean()),
  blocks_products: Type.Optional(Type.Boolean()),
};
const { sort: _sort, ...stageInputProperties } = stageProperties;

/** A stage as given to pipelines/add (at most one operation flag; see the operation rules); its position is its place in the list. */
export const PipelineStageInput = Type.Object({ name: StageName, ...stageInputProperties }, { additionalProperties: false });
export type PipelineStageInput = Type.Static<typeof PipelineStageInput>;

/** orders/pipelines/add: a name and, optionally, the stages (else the default stages). */
export const PipelineAddRequest = Type.Object(
  { name: StageName, statuses: Type.Optional(Type.Array(PipelineStageInput, { minItems: 1, maxItems: 100 })) },
  { additionalProperties: false },
);
export type PipelineAddRequest = Type.Static<typeof PipelineAddRequest>;

/**
 * orders/pipelines/update: rename, move among pipelines (the system pipeline stays first), reorder the
 * stages (status_ids: all of the pipeline's stage ids in their new order), and choose the stage of each
 * operation (null: none; an absent key keeps the current choice). One stage cannot serve two operations,
 * and the reservation stage must come before the write-off stage (422 otherwise).
 */
export const PipelineUpdateRequest = Type.Object(
  {
    id: Id,
    name: Type.Optional(StageName),
    sort: Type.Optional(Position),
    status_ids: Type.Optional(Type.Array(Id, { minItems: 1, maxItems: 100, uniqueItems: true })),
    reserve_status_id: Type.Optional(Nullable(Id)),
    write_off_status_id: Type.Optional(Nullable(Id)),
    stocking_status_id: Type.Optional(Nullable(Id)),
  },
  { additionalProperties: false },
);
export type PipelineUpdateRequest = Type.Static<typeof PipelineUpdateRequest>;

/**
 * orders/pipelines/statuses/add: a stage at a position (default: last). An operation flag another stage
 * of the pipeline already carries is refused (422), never moved. Stage writes answer the whole pipeline.
 */
export const PipelineStatusAddRequest = Type.Object({ pipeline_id: Id, name: StageName, ...stageProperties }, { additionalProperties: false });
export type PipelineStatusAddRequest = Type.Static<typeof PipelineStatusAddRequest>;

/**
 * orders/pipelines/statuses/update: a partial change; sort moves the stage to that position. Setting an
 * operation flag that another stage of the pipeline carries is refused (422 with the same-stage text),
 * never silently moved: clear it there first, or choose the stages with orders/pipelines/update.
 */
export const PipelineStatusUpdateRequest = Type.Object({ id: Id, name: Type.Optional(StageName), ...stageProperties }, { additionalProperties: false });
export type PipelineStatusUpdateRequest = Type.Static<typeof PipelineStatusUpdateRequest>;
