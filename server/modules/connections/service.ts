import { and, eq, inArray } from 'drizzle-orm';
import type { IntegrationConnection, IntegrationConnectRequest, IntegrationKind } from '../../../src/contract/integrations';
import type { Caller } from '../../auth/sessions';
import { newToken } from '../../auth/secrets';
import type { Db } from '../../db/client';
import { integrationConnections, memberships } from '../../db/schema';
import { badRequest, notFound, unprocessable } from '../../http/errors';
import { requireAdmin } from '../../auth/rights';

export type ConnectionRow = typeof integrationConnections.$inferSelect;

const LOOPBACK = /^(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/;

/**
 * The origin as browsers send it (lower case, no path, no default port). https only, but for loopback
 * hosts (the demo CRM page and tests): an http CRM page could be changed by anyone on its network.
 */
export function normalizeOrigin(text: string): string {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw badRequest('The CRM address must be an origin such as https://acme.amocrm.ru');
  }
  if (url.origin === 'null' || text.includes('*') || `${url.origin}` !== text.trim().toLowerCase().replace(/\/$/, '')) throw badRequest('The CRM address must be an origin such as https://acme.amocrm.ru (no path, no wildcard)');
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.test(url.host))) throw badRequest('The CRM address must use https');
  return url.origin;
}

const toConnection = (row: ConnectionRow): IntegrationConnection => ({
  id: row.id,
  kind: row.kind as IntegrationKind,
  origin: row.origin,
  client_id: row.clientId,
  has_client_secret: row.clientSecret !== null,
  crm_account_id: row.crmAccountId,
  member_id: row.memberId,
  widget_key: row.widgetKey,
  user_id: row.userId,
});

export async function listConnections(db: Db, caller: Caller): Promise<IntegrationConnection[]> {
  requireAdmin(caller);
  const rows = await db.select().from(integrationConnections).where(eq(integrationConnections.accountId, caller.account.id)).orderBy(integrationConnections.id);
  return rows.map(toConnection);
}

/**
 * Connects (or, for an origin already connected, updates) a CRM. A new connection gets a fresh widget
 * key; an update keeps it, and keeps a secret not sent again. amoCRM/Kommo need the client id and
 * secret (nothing else can check their disposable tokens); Bitrix24 its member_id.
 */
export async function connectIntegration(db: Db, caller: Caller, request: IntegrationConnectRequest): Promise<IntegrationConnection> {
  requireAdmin(caller);
  const origin = normalizeOrigin(request.origin);
  const userId = request.user_id ?? caller.user.id;
  const [member] = await db
    .select({ status: memberships.status })
    .from(memberships)
    .where(and(eq(memberships.accountId, caller.account.id), eq(memberships.userId, userId)));
  if (member?.status !== 'enabled') throw unprocessable('The CRM must act as an active member of this account');
  const [existing] = await db
    .select()
    .from(integrationConnections)
    .where(and(eq(integrationConnections.accountId, caller.account.id), eq(integrationConnections.origin, origin)));
  const clientSecret = request.client_secret ?? existing?.clientSecret ?? null;
  const amo = request.kind === 'amocrm' || request.kind === 'kommo';
  if (amo && (!(request.client_id ?? existing?.clientId) || !clientSecret)) throw badRequest('An amoCRM/Kommo connection needs the integration’s client_id and client_secret');
  if (request.kind === 'bitrix24' && !(request.member_id ?? existing?.memberId)) throw badRequest('A Bitrix24 connection needs the portal’s member_id');
  const values = {
    kind: request.kind,
    clientId: request.client_id ?? existing?.clientId ?? null,
    clientSecret,
    crmAccountId: request.crm_account_id ?? existing?.crmAccountId ?? null,
    memberId: request.member_id ?? existing?.memberId ?? null,
    userId,
  };
  const [row] = existing
    ? await db.update(integrationConnections).set(values).where(eq(integrationConnections.id, existing.id)).returning()
    : await db.insert(integrationConnections).values({ ...values, accountId: caller.account.id, origin, widgetKey: newToken() }).returning();
  return toConnection(row);
}

export async function disconnectIntegration(db: Db, caller: Caller, id: number): Promise<{ success: true }> {
  requireAdmin(caller);
  const removed = await db
    .delete(integrationConnections)
    .where(and(eq(integrationConnections.accountId, caller.account.id), eq(integrationConnections.id, id)))
    .returning({ id: integrationConnections.id });
  if (!removed.length) throw notFound('No such connection');
  return { success: true };
}

/** The CRM origins an account has connected (of one kind, when given): who may frame its pages. */
export async function connectedOrigins(db: Db, accountId: number, kind?: IntegrationKind): Promise<string[]> {
  const rows = await db
    .select({ origin: integrationConnections.origin })
    .from(integrationConnections)
    .where(kind ? and(eq(integrationConnections.accountId, accountId), eq(integrationConnections.kind, kind)) : eq(integrationConnections.accountId, accountId))
    // In the order they were connected: the page's policy stays the same from one answer to the next.
    .orderBy(integrationConnections.id);
  return rows.map((row) => row.origin);
}

/** Whether any account connected this origin: CORS on /integration/* answers it. */
export async function isConnectedOrigin(db: Db, origin: string): Promise<boolean> {
  const [row] = await db.select({ id: integrationConnections.id }).from(integrationConnections).where(eq(integrationConnections.origin, origin)).limit(1);
  return row !== undefined;
}

/** The connections of an account (all kinds), for checking a widget request's proof. */
export function connectionsOf(db: Db, accountId: number): Promise<ConnectionRow[]> {
  return db.select().from(integrationConnections).where(eq(integrationConnections.accountId, accountId));
}

/** Bitrix24 connections at one of the given origins: a placement's auth names its portal by host (DOMAIN). */
export function bitrixConnectionsAt(db: Db, origins: readonly string[]): Promise<ConnectionRow[]> {
  if (!origins.length) return Promise.resolve([]);
  return db
    .select()
    .from(integrationConnections)
    .where(and(eq(integrationConnections.kind, 'bitrix24'), inArray(integrationConnections.origin, [...origins])))
    .orderBy(integrationConnections.id);
}

/** amoCRM/Kommo connections whose origin is a given one: a disposable token names its account by origin (iss/subdomain). */
export function amoConnectionsAt(db: Db, origin: string): Promise<ConnectionRow[]> {
  return db.select().from(integrationConnections).where(eq(integrationConnections.origin, origin));
}
