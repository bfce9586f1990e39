import Type from 'typebox';
import { Nullable } from './common';

/** The 'Deals' screen (issue 18 §4): the CRM deals we know, with their linked orders. */
export const DealCrm = Type.Union([Type.Literal('amocrm'), Type.Literal('bitrix24')]);
export type DealCrm = Type.Static<typeof DealCrm>;

export const DealListQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  /** Part of the deal's name or its id in the CRM. */
  search: Type.Optional(Type.String({ maxLength: 200 })),
  crm: Type.Optional(DealCrm),
  /** Only deals whose last sync left a problem. */
  problems: Type.Optional(Type.Boolean()),
});
export type DealListQuery = Type.Static<typeof DealListQuery>;

export const DealRow = Type.Object({
  id: Type.Integer(),
  crm: DealCrm,
  external_id: Type.String(),
  name: Type.String(),
  stage: Nullable(Type.String()),
  stage_name: Nullable(Type.String()),
  order_id: Nullable(Type.Integer()),
  order_name: Nullable(Type.String()),
  sum: Nullable(Type.Number()),
  last_sync_at: Nullable(Type.String()),
  problem: Nullable(Type.String()),
});
export type DealRow = Type.Static<typeof DealRow>;

export const DealPage = Type.Object({
  data: Type.Array(DealRow),
  meta: Type.Object({ current_page: Type.Integer(), last_page: Type.Integer(), per_page: Type.Integer(), total: Type.Integer() }),
});
export type DealPage = Type.Static<typeof DealPage>;
