import { and, eq } from 'drizzle-orm';
import { hashPassword, sha256 } from '../../server/auth/secrets';
import type { Db } from '../../server/db/client';
import { accounts, memberships, publicCustomers, tariffs, tokens, users } from '../../server/db/schema';
import { addAccountDocuments } from '../../server/modules/accountDefaults/documents';
import { seedCatalogue } from '../../server/seeds/seedCatalogue';
import { DEMO_CUSTOMER, seedOrders } from '../../server/seeds/seedOrders';

export const EXPIRED_TOKEN = 'e2e-expired-token';
export const FIXED_LOGIN_TOKEN = 'e2e-fixed-login-token';

/** People with a password and no account at all: an admin's invitation is their only way in (invitations.e2e.ts). */
export const INVITEE = { email: 'invitee@e2e.local', password: 'invitee-password' };
export const SEATLESS_INVITEE = { email: 'seatless@e2e.local', password: 'seatless-password' };
/** An account on the 'start' tariff (3 users) with all three seats taken, and its admin's token. */
export const FULL_ACCOUNT = { name: 'Full team', token: 'e2e-full-account-token' };

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);

async function accountWithToken(db: Db, token: string, values: Partial<typeof accounts.$inferInsert>, email: string): Promise<number> {
  const [account] = await db.insert(accounts).values({ name: email, trialEndsAt: inDays(14), ...values }).returning({ id: accounts.id });
  const [user] = await db.insert(users).values({ name: email, email, passwordHash: 'x' }).returning({ id: users.id });
  await db.insert(memberships).values({ accountId: account.id, userId: user.id, isOwner: true, admin: true });
  await db.insert(tokens).values({ tokenHash: sha256(token), userId: user.id, accountId: account.id, expiresAt: inDays(1) });
  return account.id;
}

async function usersWithoutAccount(db: Db, people: readonly { email: string; password: string }[]): Promise<void> {
  const rows = await Promise.all(people.map(async ({ email, password }) => ({ name: email, email, passwordHash: await hashPassword(password) })));
  await db.insert(users).values(rows);
}

async function fullAccount(db: Db): Promise<void> {
  const [start] = await db.select({ id: tariffs.id }).from(tariffs).where(eq(tariffs.code, 'start'));
  const accountId = await accountWithToken(db, FULL_ACCOUNT.token, { name: FULL_ACCOUNT.name, tariffId: start.id }, 'full-owner@e2e.local');
  const members = await db
    .insert(users)
    .values(['full-member-1@e2e.local', 'full-member-2@e2e.local'].map((email) => ({ name: email, email, passwordHash: 'x' })))
    .returning({ id: users.id });
  await db.insert(memberships).values(members.map((member) => ({ accountId, userId: member.id })));
}

/**
 * Sessions no test file changes: an expired account and a login-fixed one with their tokens; two users
 * without any account wait for invitations, one of them from an account with no free seat.
 */
export async function addBrowserFixtures(db: Db): Promise<void> {
  await accountWithToken(db, EXPIRED_TOKEN, { trialEndsAt: inDays(-1) }, 'expired@e2e.local');
  await accountWithToken(db, FIXED_LOGIN_TOKEN, { loginFixed: true }, 'fixed@e2e.local');
  await usersWithoutAccount(db, [INVITEE, SEATLESS_INVITEE]);
  await fullAccount(db);
}

/** What a browser test file gets for its own account (see test/e2e/account.ts). */
export interface TestAccount {
  id: number;
  name: string;
  /** The admin (and owner) of the account, with a password to sign in by the form. */
  email: string;
  password: string;
  /** A session of that admin, ready to put in the address or an Authorization header. */
  token: string;
  /** The account's public customer (with the demo data only): two orders are shared with them. */
  customer: { email: string; password: string } | null;
}

let made = 0;

/**
 * An account of one browser test file, so no file sees another's changes: its admin with a known password
 * and session, and with `demo` the demo catalogue and orders (the same seed functions a fresh database gets),
 * whose public customer gets an address of this account's own.
 */
export async function createTestAccount(db: Db, label: string, demo: boolean): Promise<TestAccount> {
  made += 1;
  const slug = `${label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${made}`;
  const name = `E2E ${label} ${made}`;
  const email = `${slug}@e2e.local`;
  const password = `${slug}-password`;
  const token = `e2e-${slug}-token`;
  const customer = demo ? { email: `customer-${slug}@e2e.local`, password: DEMO_CUSTOMER.password } : null;
  const [passwordHash, customerHash] = await Promise.all([hashPassword(password), hashPassword(DEMO_CUSTOMER.password)]);
  const id = await db.transaction(async (tx) => {
    const [business] = await tx.select({ id: tariffs.id }).from(tariffs).where(eq(tariffs.code, 'business'));
    const [account] = await tx
      .insert(accounts)
      .values({ name, separateRights: true, tariffId: business.id, trialEndsAt: inDays(14), paidUntil: inDays(3650) })
      .returning({ id: accounts.id });
    const [admin] = await tx.insert(users).values({ name: `Admin of ${name}`, email, passwordHash }).returning({ id: users.id });
    await tx.insert(memberships).values({ accountId: account.id, userId: admin.id, isOwner: true, admin: true, editingRemains: true, changeRemains: true });
    await tx.insert(tokens).values({ tokenHash: sha256(token), userId: admin.id, accountId: account.id, expiresAt: inDays(1) });
    // What registration makes with an account (the built-in document templates).
    await addAccountDocuments(tx, account.id, 'en');
    if (customer) {
      await seedCatalogue(tx, account.id, admin.id);
      await seedOrders(tx, account.id, admin.id, customerHash);
      await tx.update(publicCustomers).set({ email: customer.email }).where(and(eq(publicCustomers.accountId, account.id), eq(publicCustomers.email, DEMO_CUSTOMER.email)));
    }
    return account.id;
  });
  return { id, name, email, password, token, customer };
}
