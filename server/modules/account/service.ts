import { and, asc, count, eq, ne } from 'drizzle-orm';
import type { AccountUpdateRequest, Currency, SelfUpdateRequest, Tariff } from '../../../src/contract/account';
import { hashPassword, verifyPassword } from '../../auth/secrets';
import { requireAdmin, requireSharedSettingsEditor } from '../../auth/rights';
import type { Caller } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { accounts, memberships, tableConfigs, tariffs, tokens, users } from '../../db/schema';
import { WRONG_CURRENT_PASSWORD, requirePassword } from '../auth/service';
import { positionsInUse } from './limits';
import { toAccount, toUser } from './mappers';
import { refusal } from '../../http/refusal';

/** A name as stored: trimmed, and never blank (the schema's minLength counts spaces). */
export function requireName(text: string): string {
  const name = text.trim();
  if (!name) throw refusal(400, 'nameEmpty');
  return name;
}

export function accountConfig(caller: Caller) {
  return { account: toAccount(caller.account), user: toUser(caller.user, caller.membership) };
}

export async function updateAccount(db: Db, caller: Caller, body: AccountUpdateRequest) {
  requireAdmin(caller);
  const changes = {
    ...(body.name !== undefined && { name: requireName(body.name) }),
    // An empty country is no country (the validator may also turn a sent null into '').
    ...(body.country !== undefined && { country: body.country?.trim() || null }),
    ...(body.separate_rights !== undefined && { separateRights: body.separate_rights }),
    ...(body.landing_path !== undefined && { landingPath: body.landing_path || null }),
  };
  // An empty update changes nothing (drizzle refuses an empty SET).
  const [row] = Object.keys(changes).length
    ? await db.update(accounts).set(changes).where(eq(accounts.id, caller.account.id)).returning()
    : await db.select().from(accounts).where(eq(accounts.id, caller.account.id));
  return { account: toAccount(row) };
}

export async function getTableConfig(db: Db, accountId: number, code: string) {
  const [row] = await db.select().from(tableConfigs).where(and(eq(tableConfigs.accountId, accountId), eq(tableConfigs.code, code))).limit(1);
  return { code, value: row?.value ?? null };
}

/**
 * Saves a table configuration; null resets it (the column is NOT NULL, and GET answers null for a missing code).
 * The layout is the whole account's, so a read-only member may not change it.
 */
export async function saveTableConfig(db: Db, caller: Pick<Caller, 'account' | 'membership'>, code: string, value: unknown) {
  requireSharedSettingsEditor(caller);
  const accountId = caller.account.id;
  if (value === null) {
    await db.delete(tableConfigs).where(and(eq(tableConfigs.accountId, accountId), eq(tableConfigs.code, code)));
    return { code, value: null };
  }
  await db
    .insert(tableConfigs)
    .values({ accountId, code, value })
    .onConflictDoUpdate({ target: [tableConfigs.accountId, tableConfigs.code], set: { value, updatedAt: new Date() } });
  return { code, value };
}

/** Currencies a price may carry; RUB and USD are the spec's defaults. */
export const CURRENCIES: readonly Currency[] = [
  { code: 'RUB', name: 'Russian rouble', symbol: '₽' },
  { code: 'USD', name: 'US dollar', symbol: '$' },
  { code: 'EUR', name: 'Euro', symbol: '€' },
  { code: 'KZT', name: 'Kazakhstani tenge', symbol: '₸' },
  { code: 'BYN', name: 'Belarusian rouble', symbol: 'Br' },
  { code: 'UZS', name: 'Uzbekistani som', symbol: 'soʻm' },
];

export async function accountUsers(db: Db, accountId: number) {
  const rows = await db
    .select({ user: users, membership: memberships })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.accountId, accountId))
    .orderBy(asc(memberships.createdAt), asc(users.id));
  return rows.map((row) => toUser(row.user, row.membership));
}

function toTariff(row: typeof tariffs.$inferSelect): Tariff {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    users: row.usersLimit,
    positions: row.positionsLimit,
    contacts_companies: row.contactsLimit,
    orders_per_month: row.ordersPerMonth,
    import_export: row.importExport,
    api: row.api,
    price: Number(row.price),
    period: row.period,
  };
}

export async function accountTariffs(db: Db, caller: Caller) {
  const list = await db.select().from(tariffs).orderBy(asc(tariffs.price), asc(tariffs.id));
  const [{ value: activeUsers }] = await db
    .select({ value: count() })
    .from(memberships)
    .where(and(eq(memberships.accountId, caller.account.id), eq(memberships.status, 'enabled')));
  const current = list.find((tariff) => tariff.id === caller.account.tariffId) ?? null;
  return {
    current: current ? toTariff(current) : null,
    plan_end: (caller.account.paidUntil ?? caller.account.trialEndsAt).toISOString(),
    usage: { users: activeUsers, positions: await positionsInUse(db, caller.account.id) },
    tariffs: list.map(toTariff),
  };
}

/** The signed-in user's own profile; a new password ends the user's other sessions. */
export async function updateSelf(db: Db, caller: Caller, body: SelfUpdateRequest) {
  const name = body.name !== undefined ? requireName(body.name) : undefined;
  let passwordHash: string | undefined;
  if (body.password !== undefined) {
    // A session alone (a borrowed laptop, a stolen token) must not be enough to take the account over.
    requirePassword(body.password, [caller.user.email, caller.user.phone]);
    if (!body.current_password || !(await verifyPassword(body.current_password, caller.user.passwordHash))) {
      throw refusal(422, 'wrongCurrentPassword', undefined, { fields: { current_password: WRONG_CURRENT_PASSWORD } });
    }
    passwordHash = await hashPassword(body.password);
  }
  const changes = {
    ...(name !== undefined && { name }),
    ...(body.lang !== undefined && { lang: body.lang }),
    ...(passwordHash && { passwordHash }),
  };
  if (Object.keys(changes).length) {
    await db.transaction(async (tx) => {
      await tx.update(users).set(changes).where(eq(users.id, caller.user.id));
      if (passwordHash) {
        await tx.delete(tokens).where(and(eq(tokens.userId, caller.user.id), ne(tokens.id, caller.tokenId)));
      }
    });
  }
  const [user] = await db.select().from(users).where(eq(users.id, caller.user.id));
  return { user: toUser(user, caller.membership) };
}
