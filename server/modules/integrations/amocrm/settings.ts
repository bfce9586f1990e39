import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AmoBindings, AmoSettings, AmoSettingsUpdate, AmoStageMapping } from '../../../../src/contract/amocrm';
import type { Caller } from '../../../auth/sessions';
import { requireAdmin } from '../../../auth/rights';
import type { ServerConfig } from '../../../config';
import type { Db } from '../../../db/client';
import { integrationConnections } from '../../../db/schema';
import { badRequest } from '../../../http/errors';
import type { CrmStatus } from '../crmOrders';
import { vaultOf } from '../vaultOf';
import { amoClientOf, amoConnection, type AmoConnectionRow } from './connection';

/**
 * The General panel's settings of one amoCRM connection, kept in its settings jsonb: the spec §3 deal field bindings,
 * the lead stage → crm_status mapping, whether a stage change makes an order for a lead without one, and the sealed
 * secret of the connection's webhook address. Bindings and stages are checked against what the CRM lists now, so a
 * mistyped id is refused rather than silently never matching.
 */
export type AmoStoredSettings = {
  bindings?: AmoBindings;
  stageMapping?: AmoStageMapping;
  createOrders?: boolean;
  /** Sealed: amoCRM signs no webhook, so the secret in the address is the only proof a delivery comes from it. */
  webhookSecret?: string;
  /** The CRM's account subdomain, learnt at install; a delivery must name it. */
  subdomain?: string;
};

export const NO_BINDINGS: AmoBindings = { products: null, product_search: null, cost_price: null, profit: null, budget: null, vat_sum: null };

/** amoCRM's own final stages, the same ids in every pipeline. */
const WON = 142;
const LOST = 143;

export const storedOf = (row: AmoConnectionRow) => (row.settings ?? {}) as AmoStoredSettings;

export function crmStatusOfLeadStage(statusId: number, mapping: AmoStageMapping = {}): CrmStatus | null {
  const mapped = mapping[String(statusId)];
  if (mapped !== undefined) return mapped;
  if (statusId === WON) return 2;
  if (statusId === LOST) return 3;
  return null;
}

/** The connection's webhook secret, made (and sealed into its settings) the first time the address is asked for. */
export async function webhookSecretOf(db: Db, config: ServerConfig, row: AmoConnectionRow): Promise<string> {
  const stored = storedOf(row);
  if (stored.webhookSecret) return vaultOf(config).open<string>(stored.webhookSecret);
  const secret = randomBytes(24).toString('base64url');
  await db
    .update(integrationConnections)
    .set({ settings: { ...stored, webhookSecret: vaultOf(config).seal(secret) } })
    .where(eq(integrationConnections.id, row.id));
  return secret;
}

export const webhookPath = (connectionId: number, secret: string) => `/api/integrations/amocrm/webhook/${connectionId}/${secret}`;

export async function amoSettings(db: Db, config: ServerConfig, caller: Caller, connectionId: number, publicBase: string): Promise<AmoSettings> {
  requireAdmin(caller);
  const row = await amoConnection(db, caller.account.id, connectionId);
  const secret = await webhookSecretOf(db, config, row);
  const stored = storedOf((await amoConnection(db, caller.account.id, connectionId)));
  return {
    connection_id: row.id,
    bindings: { ...NO_BINDINGS, ...stored.bindings },
    stage_mapping: stored.stageMapping ?? {},
    create_orders: stored.createOrders ?? false,
    webhook_url: `${publicBase}${webhookPath(row.id, secret)}`,
  };
}

/** Saves what the update names, after checking every field and stage id against the CRM; one unknown id saves nothing. */
export async function updateAmoSettings(db: Db, config: ServerConfig, caller: Caller, update: AmoSettingsUpdate, publicBase: string): Promise<AmoSettings> {
  requireAdmin(caller);
  const row = await amoConnection(db, caller.account.id, update.connection_id);
  const client = amoClientOf(db, config, row);
  if (update.bindings) {
    const fields = new Set((await client.leadFields()).map((field) => field.id));
    const unknown = Object.entries(update.bindings).filter(([, id]) => id !== null && !fields.has(id));
    if (unknown.length) throw badRequest(`amoCRM has no lead field ${unknown.map(([name, id]) => `${id} (${name})`).join(', ')}: reload the fields and choose again`, { unknown: Object.fromEntries(unknown) });
  }
  if (update.stage_mapping) {
    const stages = new Set((await client.pipelines()).flatMap((pipeline) => pipeline._embedded.statuses.map((status) => String(status.id))));
    const unknown = Object.keys(update.stage_mapping).filter((id) => !stages.has(id));
    if (unknown.length) throw badRequest(`amoCRM has no lead stage ${unknown.join(', ')}: reload the pipelines and map again`, { unknown });
  }
  // Read again: the token refresh above may have rewritten the row.
  const fresh = storedOf(await amoConnection(db, caller.account.id, row.id));
  const settings: AmoStoredSettings = {
    ...fresh,
    ...(update.bindings ? { bindings: update.bindings } : {}),
    ...(update.stage_mapping ? { stageMapping: update.stage_mapping } : {}),
    ...(update.create_orders !== undefined ? { createOrders: update.create_orders } : {}),
  };
  await db.update(integrationConnections).set({ settings }).where(eq(integrationConnections.id, row.id));
  return amoSettings(db, config, caller, row.id, publicBase);
}
