import { timingSafeEqual } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import type { ServerConfig } from '../../../config';
import type { Db } from '../../../db/client';
import { integrationConnections } from '../../../db/schema';
import { HttpError } from '../../../http/errors';
import { bitrixConnectionsAt, type ConnectionRow } from '../../connections/service';
import { askPortal, portalOrigins } from '../../widget/bitrixAuth';
import { startTask, taskTitle } from '../../tasks/api';
import { firstDelivery } from '../events';
import { logIntegration } from '../log';
import { crmSource } from '../source';
import { Bitrix24Client } from './client';
import { openCredentials, storeCredentials } from './credentials';
import { DEAL_SYNC_TASK, type DealSyncPayload } from './dealSync';

/**
 * What a Bitrix24 portal posts to us (form-encoded, PHP brackets): the install event of our local or market application
 * (ONAPPINSTALL, with the tokens in auth[…]) and the CRM events we bound (ONCRMDEALUPDATE). Neither is signed: an
 * install is believed only when the portal itself accepts its access token for our application (app.info), and an
 * event only when it carries the application_token and member_id the install gave us.
 */
export const EVENT_REFUSED = 'This Bitrix24 event does not carry the application token and member_id of a connected portal';
export const INSTALL_REFUSED = 'This Bitrix24 installation does not come from a connected portal (domain and member_id) or its token is not valid for our application';

export type Form = Record<string, string>;

export function formOf(body: unknown): Form {
  const text = typeof body === 'string' ? body : '';
  return Object.fromEntries(new URLSearchParams(text));
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

async function portalConnections(db: Db, form: Form): Promise<ConnectionRow[]> {
  const domain = form['auth[domain]'] ?? form.DOMAIN ?? '';
  const memberId = form['auth[member_id]'] ?? form.member_id ?? '';
  if (!domain || !memberId) return [];
  const rows = await bitrixConnectionsAt(db, portalOrigins(domain));
  return rows.filter((row) => row.memberId === memberId);
}

/** ONAPPINSTALL (or the install page's AUTH_ID/REFRESH_ID form): the tokens, sealed, on every account that connected this portal. */
export async function acceptInstall(db: Db, config: ServerConfig, form: Form, handlerUrl: string): Promise<{ connections: number }> {
  const accessToken = form['auth[access_token]'] ?? form.AUTH_ID ?? '';
  const refreshToken = form['auth[refresh_token]'] ?? form.REFRESH_ID ?? '';
  const expiresIn = Number(form['auth[expires_in]'] ?? form.AUTH_EXPIRES ?? 3600) || 3600;
  const candidates = await portalConnections(db, form);
  if (!candidates.length || !accessToken || !refreshToken) throw new HttpError(401, INSTALL_REFUSED);
  const verdict = await askPortal(candidates[0]!.origin, accessToken, 10_000);
  if (!verdict.ok) throw new HttpError(401, INSTALL_REFUSED);
  const ours = candidates.filter((row) => row.clientId === null || row.clientId === verdict.code);
  if (!ours.length) throw new HttpError(401, INSTALL_REFUSED);
  for (const row of ours) {
    const applicationToken = form['auth[application_token]'] ?? openCredentials(config, row)?.applicationToken ?? null;
    await storeCredentials(db, config, row.id, { accessToken, refreshToken, applicationToken }, expiresIn);
    await logIntegration(db, { accountId: row.accountId, source: crmSource('bitrix24', row.id), level: 'info', action: 'install', message: 'The application was installed on the portal' });
    const [fresh] = await db.select().from(integrationConnections).where(eq(integrationConnections.id, row.id));
    try {
      await new Bitrix24Client(db, config, fresh!).call('event.bind', { event: 'ONCRMDEALUPDATE', handler: handlerUrl });
    } catch (error) {
      await logIntegration(db, { accountId: row.accountId, source: crmSource('bitrix24', row.id), level: 'warning', action: 'install', message: `Deal events were not bound: ${(error as Error).message}` });
    }
  }
  return { connections: ours.length };
}

/** The connections an event is for: same portal, and the application token the install stored. */
async function eventConnections(db: Db, config: ServerConfig, form: Form): Promise<ConnectionRow[]> {
  const token = form['auth[application_token]'] ?? '';
  if (!token) return [];
  const rows = await portalConnections(db, form);
  return rows.filter((row) => {
    const stored = openCredentials(config, row)?.applicationToken;
    return stored ? sameText(stored, token) : false;
  });
}

/** ONCRMDEALUPDATE → a deal-sync task per connection, once per delivery; ONAPPUNINSTALL → revoked. Anything else is ignored. */
export async function acceptEvent(db: Db, config: ServerConfig, form: Form): Promise<{ accepted: number }> {
  const connections = await eventConnections(db, config, form);
  if (!connections.length) throw new HttpError(401, EVENT_REFUSED);
  const event = (form.event ?? '').toUpperCase();
  let accepted = 0;
  for (const row of connections) {
    const source = crmSource('bitrix24', row.id);
    if (event === 'ONAPPUNINSTALL') {
      await db.update(integrationConnections).set({ status: 'revoked', lastError: 'The application was removed from the portal' }).where(and(eq(integrationConnections.id, row.id), ne(integrationConnections.status, 'revoked')));
      await logIntegration(db, { accountId: row.accountId, source, level: 'warning', action: 'install', message: 'The application was removed from the portal' });
      accepted++;
      continue;
    }
    const dealId = Number(form['data[FIELDS][ID]']);
    if (event !== 'ONCRMDEALUPDATE' || !Number.isSafeInteger(dealId) || dealId <= 0) continue;
    // Bitrix24 repeats a delivery it thinks failed with the same ts: one task per (deal, ts).
    if (!(await firstDelivery(db, row.accountId, source, `${event}:${dealId}:${form.ts ?? ''}`))) continue;
    const payload: DealSyncPayload = { connectionId: row.id, dealId };
    await startTask(db, config, { accountId: row.accountId, userId: row.userId, type: DEAL_SYNC_TASK, ...taskTitle('bitrixDeal', { deal: String(dealId) }), payload });
    accepted++;
  }
  return { accepted };
}
