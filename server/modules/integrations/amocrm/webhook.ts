import { timingSafeEqual } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { ServerConfig } from '../../../config';
import type { Db } from '../../../db/client';
import { integrationConnections } from '../../../db/schema';
import { badRequest, HttpError } from '../../../http/errors';
import { startTask, taskTitle } from '../../tasks/api';
import { firstDelivery } from '../events';
import { logIntegration } from '../log';
import { crmSource } from '../source';
import { vaultOf } from '../vaultOf';
import { AMO_KINDS } from './connection';
import { LEAD_SYNC_TASK, type LeadSyncPayload } from './leadSync';
import { storedOf } from './settings';

/**
 * amoCRM's lead status webhook (form-encoded, PHP brackets: leads[status][i][id|status_id|pipeline_id|old_status_id|
 * last_modified], account[subdomain|id]). amoCRM signs nothing, so a delivery is believed only when its address
 * carries the connection's secret (compared in constant time) and it names the connected CRM account. Each
 * (lead, stage, last_modified) starts one task, however often amoCRM repeats it.
 */
export const WEBHOOK_REFUSED = 'This amoCRM delivery does not carry the secret and account of a connected amoCRM account';

export type Form = Record<string, string>;

export function formOf(body: unknown): Form {
  return Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : ''));
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

const positive = (text: string | undefined) => (text !== undefined && /^[0-9]{1,15}$/.test(text) && Number(text) > 0 ? Number(text) : null);

interface LeadStatus {
  leadId: number;
  statusId: number;
  pipelineId: number;
  lastModified: string;
}

/** Every leads[status][i] of the form; null when one is incomplete (the whole delivery is refused). */
function leadStatusesOf(form: Form): LeadStatus[] | null {
  const indices = new Set<string>();
  for (const key of Object.keys(form)) {
    const match = /^leads\[status\]\[(\d+)\]\[/.exec(key);
    if (match) indices.add(match[1]!);
  }
  const out: LeadStatus[] = [];
  for (const index of indices) {
    const field = (name: string) => form[`leads[status][${index}][${name}]`];
    const leadId = positive(field('id'));
    const statusId = positive(field('status_id'));
    const pipelineId = positive(field('pipeline_id'));
    if (leadId === null || statusId === null || pipelineId === null) return null;
    out.push({ leadId, statusId, pipelineId, lastModified: field('last_modified') ?? '' });
  }
  return out.length ? out : null;
}

export async function acceptLeadStatus(db: Db, config: ServerConfig, connectionId: number, secret: string, form: Form): Promise<{ accepted: number }> {
  const [row] = await db
    .select()
    .from(integrationConnections)
    .where(and(eq(integrationConnections.id, connectionId), inArray(integrationConnections.kind, [...AMO_KINDS])));
  if (!row) throw new HttpError(401, WEBHOOK_REFUSED);
  const source = crmSource('amocrm', row.id);
  const stored = storedOf(row);
  // A secret sealed under another key (INTEGRATION_KEY changed, or a row another deployment wrote) matches nothing:
  // the delivery is refused and logged like a wrong secret, never answered with a 500.
  const expected = stored.webhookSecret ? vaultOf(config).openOrNull<string>(stored.webhookSecret) : null;
  const known = expected !== null && sameText(expected, secret);
  const sameAccount = known && row.status === 'connected' && form['account[subdomain]'] === stored.subdomain && positive(form['account[id]']) === row.crmAccountId;
  if (!sameAccount) {
    await logIntegration(db, { accountId: row.accountId, source, level: 'warning', action: 'webhook', message: WEBHOOK_REFUSED, details: { subdomain: form['account[subdomain]'] ?? null, secret_matched: known } });
    throw new HttpError(401, WEBHOOK_REFUSED);
  }
  const statuses = leadStatusesOf(form);
  if (!statuses) {
    const message = 'This amoCRM delivery has no complete leads[status] entry (id, status_id, pipeline_id)';
    await logIntegration(db, { accountId: row.accountId, source, level: 'warning', action: 'webhook', message, details: { keys: Object.keys(form).slice(0, 20) } });
    throw badRequest(message);
  }
  let accepted = 0;
  for (const status of statuses) {
    if (!(await firstDelivery(db, row.accountId, source, `lead-status:${status.leadId}:${status.statusId}:${status.lastModified}`))) continue;
    const payload: LeadSyncPayload = { connectionId: row.id, leadId: status.leadId };
    await startTask(db, config, { accountId: row.accountId, userId: row.userId, type: LEAD_SYNC_TASK, ...taskTitle('amoLead', { lead: String(status.leadId) }), payload });
    accepted++;
  }
  return { accepted };
}
