import { and, eq } from 'drizzle-orm';
import type { Bitrix24SettingsAnswer, Bitrix24SettingsUpdate } from '../../../../src/contract/bitrix24';
import type { Caller } from '../../../auth/sessions';
import { requireAdmin } from '../../../auth/rights';
import type { ServerConfig } from '../../../config';
import type { Db } from '../../../db/client';
import { integrationConnections } from '../../../db/schema';
import { notFound } from '../../../http/errors';
import { Bitrix24Client } from './client';
import type { Bitrix24Settings } from './stageMapping';

/** The screen's settings live in the connection's settings jsonb (stage mapping, comparison mode, sync direction). */
type Stored = Bitrix24Settings & Partial<Pick<Bitrix24SettingsAnswer, 'comparison_mode' | 'direction'>>;

async function connectionOf(db: Db, caller: Caller) {
  const [row] = await db
    .select()
    .from(integrationConnections)
    .where(and(eq(integrationConnections.accountId, caller.account.id), eq(integrationConnections.kind, 'bitrix24')))
    .orderBy(integrationConnections.id)
    .limit(1);
  return row ?? null;
}

export async function bitrix24Settings(db: Db, caller: Caller): Promise<Omit<Bitrix24SettingsAnswer, 'install_url'>> {
  requireAdmin(caller);
  const row = await connectionOf(db, caller);
  const settings = (row?.settings ?? {}) as Stored;
  return {
    connection: row ? { id: row.id, origin: row.origin, member_id: row.memberId, status: row.status, last_error: row.lastError, installed: row.credentials !== null } : null,
    stages: settings.stageList ?? [],
    stage_mapping: settings.stageMapping ?? {},
    comparison_mode: settings.comparison_mode ?? 'name',
    direction: settings.direction ?? 'crm_to_warehouse',
  };
}

export async function updateBitrix24Settings(db: Db, caller: Caller, update: Bitrix24SettingsUpdate): Promise<Omit<Bitrix24SettingsAnswer, 'install_url'>> {
  requireAdmin(caller);
  const row = await connectionOf(db, caller);
  if (!row) throw notFound('Connect a Bitrix24 portal first');
  const settings = { ...(row.settings as Stored) };
  if (update.stage_mapping) settings.stageMapping = update.stage_mapping as Stored['stageMapping'];
  if (update.comparison_mode) settings.comparison_mode = update.comparison_mode;
  if (update.direction) settings.direction = update.direction;
  await db.update(integrationConnections).set({ settings }).where(eq(integrationConnections.id, row.id));
  return bitrix24Settings(db, caller);
}

/** Reads the portal's deal stages (crm.status.list DEAL_STAGE, the main pipeline) into the settings, for the mapping table. */
export async function loadBitrix24Stages(db: Db, config: ServerConfig, caller: Caller): Promise<Omit<Bitrix24SettingsAnswer, 'install_url'>> {
  requireAdmin(caller);
  const row = await connectionOf(db, caller);
  if (!row) throw notFound('Connect a Bitrix24 portal first');
  const stages = await new Bitrix24Client(db, config, row).call<{ STATUS_ID: string; NAME: string }[]>('crm.status.list', { filter: { ENTITY_ID: 'DEAL_STAGE' }, order: { SORT: 'ASC' } });
  const settings = { ...(row.settings as Stored), stageNames: Object.fromEntries(stages.map((stage) => [stage.STATUS_ID, stage.NAME])), stageList: stages.map((stage) => ({ id: stage.STATUS_ID, name: stage.NAME })) };
  await db.update(integrationConnections).set({ settings }).where(eq(integrationConnections.id, row.id));
  return bitrix24Settings(db, caller);
}
