import Type from 'typebox';
import { Nullable } from './common';
import { ComparisonMode } from './integrationSync';

/** The /integrations/bitrix24 screen's settings (issue 18 §2). crm_status: 0 opened, 1 reserved, 2 success, 3 unsuccessful, 4 deleted. */
export const CrmStatusValue = Type.Integer({ minimum: 0, maximum: 4 });
export const SyncDirection = Type.Union([Type.Literal('crm_to_warehouse'), Type.Literal('warehouse_to_crm')]);
export type SyncDirection = Type.Static<typeof SyncDirection>;

export const Bitrix24SettingsAnswer = Type.Object({
  connection: Nullable(
    Type.Object({ id: Type.Integer(), origin: Type.String(), member_id: Nullable(Type.String()), status: Type.String(), last_error: Nullable(Type.String()), installed: Type.Boolean() }),
  ),
  stages: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })),
  stage_mapping: Type.Record(Type.String(), CrmStatusValue),
  comparison_mode: ComparisonMode,
  direction: SyncDirection,
  /** Where the portal's local application points its handler and installation (ONAPPINSTALL) paths. */
  install_url: Type.String(),
});
export type Bitrix24SettingsAnswer = Type.Static<typeof Bitrix24SettingsAnswer>;

export const Bitrix24SettingsUpdate = Type.Object({
  stage_mapping: Type.Optional(Type.Record(Type.String({ maxLength: 100 }), CrmStatusValue, { maxProperties: 500 })),
  comparison_mode: Type.Optional(ComparisonMode),
  direction: Type.Optional(SyncDirection),
});
export type Bitrix24SettingsUpdate = Type.Static<typeof Bitrix24SettingsUpdate>;

/** Start a catalogue sync (in: Bitrix24 → warehouse, out: warehouse → Bitrix24); mode defaults to the saved one. */
export const Bitrix24SyncRequest = Type.Object({ direction: Type.Union([Type.Literal('in'), Type.Literal('out')]), mode: Type.Optional(ComparisonMode) });
export type Bitrix24SyncRequest = Type.Static<typeof Bitrix24SyncRequest>;
export const Bitrix24SyncStarted = Type.Object({ task_id: Type.Integer() });
export type Bitrix24SyncStarted = Type.Static<typeof Bitrix24SyncStarted>;
