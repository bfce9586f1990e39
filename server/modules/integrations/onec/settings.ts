import { and, asc, eq, inArray } from 'drizzle-orm';
import type { OneCDocumentSettings, OneCSettings, OneCSettingsUpdate } from '../../../../src/contract/onec';
import type { ComparisonMode } from '../../../../src/contract/integrationSync';
import { FieldType } from '../../../../src/domain/fieldTypes';
import { requireAdmin } from '../../../auth/rights';
import type { Caller } from '../../../auth/sessions';
import type { ServerConfig } from '../../../config';
import type { Db } from '../../../db/client';
import { fields, onecExchange, onecLinks, warehouses } from '../../../db/schema';
import { unprocessable } from '../../../http/errors';
import { logIntegration } from '../log';
import { ACCOUNTING_SOURCE } from '../source';
import { vaultOf } from '../vaultOf';

export type ExchangeRow = typeof onecExchange.$inferSelect;

export const DEFAULT_DOCUMENTS: OneCDocumentSettings = { send_orders: true, only_successful: false };
export const UNKNOWN_WAREHOUSE = 'A mapped warehouse is not one of this account';
export const NOT_A_PRICE_FIELD = 'A mapped price type must fill one of the product price fields';

/** Where 1C's 'site address' points: the account is in the path, the login and password in basic auth. */
export const exchangePath = (accountId: number) => `/exchange/1c/${accountId}`;

export async function exchangeRow(db: Db, accountId: number): Promise<ExchangeRow | null> {
  const [row] = await db.select().from(onecExchange).where(eq(onecExchange.accountId, accountId));
  return row ?? null;
}

function toSettings(accountId: number, row: ExchangeRow | null): OneCSettings {
  return {
    enabled: row?.enabled ?? false,
    exchange_path: exchangePath(accountId),
    login: row?.login || `1c-${accountId}`,
    has_password: Boolean(row?.password),
    warehouses: row?.warehouses ?? {},
    prices: row?.prices ?? {},
    sale_price_type: row?.salePriceType ?? null,
    comparison: (row?.comparison ?? 'name_article') as ComparisonMode,
    documents: { ...DEFAULT_DOCUMENTS, ...(row?.documents as Partial<OneCDocumentSettings> | undefined) },
    sale_confirmed_at: row?.saleConfirmedAt?.toISOString() ?? null,
  };
}

export async function readSettings(db: Db, caller: Caller): Promise<OneCSettings> {
  requireAdmin(caller);
  return toSettings(caller.account.id, await exchangeRow(db, caller.account.id));
}

/** account/genezis-enable and genezis-disable: the flag; the enabling administrator authors the stock documents from 1C. */
export async function setEnabled(db: Db, caller: Caller, enabled: boolean): Promise<OneCSettings> {
  requireAdmin(caller);
  const accountId = caller.account.id;
  const values = { enabled, ...(enabled && { enabledBy: caller.user.id }), updatedAt: new Date() };
  await db
    .insert(onecExchange)
    .values({ accountId, login: `1c-${accountId}`, ...values })
    .onConflictDoUpdate({ target: onecExchange.accountId, set: values });
  await logIntegration(db, { accountId, source: ACCOUNTING_SOURCE, level: 'info', action: enabled ? '1c-enable' : '1c-disable', message: enabled ? 'Exchange with 1C switched on' : 'Exchange with 1C switched off' });
  return readSettings(db, caller);
}

async function checkTargets(db: Db, accountId: number, body: OneCSettingsUpdate): Promise<void> {
  const warehouseIds = [...new Set(Object.values(body.warehouses ?? {}))];
  if (warehouseIds.length) {
    const found = await db.select({ id: warehouses.id }).from(warehouses).where(and(eq(warehouses.accountId, accountId), inArray(warehouses.id, warehouseIds)));
    if (found.length !== warehouseIds.length) throw unprocessable(UNKNOWN_WAREHOUSE);
  }
  const codes = [...new Set(Object.values(body.prices ?? {}))];
  if (codes.length) {
    const found = await db
      .select({ code: fields.code })
      .from(fields)
      .where(and(eq(fields.accountId, accountId), eq(fields.entity, 'product'), eq(fields.type, FieldType.price), inArray(fields.code, codes)));
    if (found.length !== codes.length) throw unprocessable(NOT_A_PRICE_FIELD);
  }
}

/** integrations/1c/settings: the parts given change; the password is sealed before it is stored. */
export async function updateSettings(db: Db, config: ServerConfig, caller: Caller, body: OneCSettingsUpdate): Promise<OneCSettings> {
  requireAdmin(caller);
  const accountId = caller.account.id;
  await checkTargets(db, accountId, body);
  const set: Partial<typeof onecExchange.$inferInsert> = { updatedAt: new Date() };
  if (body.login !== undefined) set.login = body.login;
  if (body.password !== undefined) set.password = vaultOf(config).seal(body.password);
  if (body.warehouses !== undefined) set.warehouses = body.warehouses;
  if (body.prices !== undefined) set.prices = body.prices;
  if (body.sale_price_type !== undefined) set.salePriceType = body.sale_price_type;
  if (body.comparison !== undefined) set.comparison = body.comparison;
  if (body.documents !== undefined) set.documents = body.documents;
  await db
    .insert(onecExchange)
    .values({ accountId, login: `1c-${accountId}`, ...set })
    .onConflictDoUpdate({ target: onecExchange.accountId, set });
  return readSettings(db, caller);
}

/** The 1C warehouses and price types the exchanges named so far, for the screen's mappings. */
export async function seenInExchange(db: Db, caller: Caller): Promise<{ warehouses: { id: string; name: string }[]; price_types: { id: string; name: string }[] }> {
  requireAdmin(caller);
  const rows = await db
    .select()
    .from(onecLinks)
    .where(and(eq(onecLinks.accountId, caller.account.id), inArray(onecLinks.kind, ['warehouse', 'price_type'])))
    .orderBy(asc(onecLinks.target));
  const of = (kind: string) => rows.filter((row) => row.kind === kind).map((row) => ({ id: row.externalId, name: row.target }));
  return { warehouses: of('warehouse'), price_types: of('price_type') };
}
