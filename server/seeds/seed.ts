import { count, eq } from 'drizzle-orm';
import { hashPassword, newToken } from '../auth/secrets';
import type { Db } from '../db/client';
import { accounts, integrationConnections, memberships, tariffs, users } from '../db/schema';
import { seedCatalogue } from './seedCatalogue';
import { localiseSystemPipeline, type DemoLang } from '../modules/demo/defaultNames';
import { DEMO_DATA } from './demoData';
import { addAccountDocuments } from '../modules/accountDefaults/documents';
import { DEMO_CUSTOMER, seedOrders } from './seedOrders';

/** The demo's sign-ins; the users' names are in the demo's language (demoData.*.ts). */
export const DEMO_ADMIN = { email: 'demo@stockroom.local', password: 'demo-password' } as const;
export const DEMO_STOREKEEPER = { email: 'storekeeper@stockroom.local', password: 'storekeeper-password' } as const;

/** The plans (spec 2 §9 dimensions); 'start' is what a new registration gets. */
export const TARIFFS = [
  { code: 'start', name: 'Start', usersLimit: 3, positionsLimit: 1000, contactsLimit: 500, ordersPerMonth: 100, importExport: false, api: false, price: '0', period: 'year' },
  { code: 'business', name: 'Business', usersLimit: 10, positionsLimit: 20000, contactsLimit: 10000, ordersPerMonth: 2000, importExport: true, api: true, price: '490', period: 'year' },
  { code: 'corporate', name: 'Corporate', usersLimit: 100, positionsLimit: 200000, contactsLimit: 100000, ordersPerMonth: 50000, importExport: true, api: true, price: '49', period: 'user' },
] as const;

/** Tariffs exist on every database (registration needs them); inserted once. */
export async function ensureTariffs(db: Db): Promise<void> {
  await db.insert(tariffs).values([...TARIFFS]).onConflictDoNothing({ target: tariffs.code });
}

/**
 * The demo account of a fresh embedded database: an admin and a storekeeper with fewer rights
 * ('Separate rights' on), the demo catalogue with stock, and orders with customers (seedOrders). Runs only when there is no account
 * at all, so it is idempotent.
 */
/**
 * `demoHostOrigins`: the origins of the demo CRM page (/demo/host.html opened under another loopback
 * name, or a test's CRM page), connected to the demo account as an amoCRM integration so they may
 * frame the app (/?account=<id>) and call /integration/*. Its secret is random: nothing signs with it.
 */
export async function seedDemo(db: Db, demoHostOrigins: readonly string[] = [], lang: DemoLang = 'en'): Promise<boolean> {
  const [{ value }] = await db.select({ value: count() }).from(accounts);
  if (value > 0) return false;
  // The three scrypt hashes (tens of ms each, on libuv's threads) run while the demo is written on this thread:
  // the users get theirs at the end of the same transaction, so no one ever sees them without.
  const hashes = Promise.all([hashPassword(DEMO_ADMIN.password), hashPassword(DEMO_STOREKEEPER.password), hashPassword(DEMO_CUSTOMER.password)]);
  hashes.catch(() => {});
  const texts = DEMO_DATA[lang];
  await db.transaction(async (tx) => {
    const [business] = await tx.select({ id: tariffs.id }).from(tariffs).where(eq(tariffs.code, 'business'));
    const [account] = await tx
      .insert(accounts)
      .values({
        name: texts.account,
        separateRights: true,
        tariffId: business?.id ?? null,
        trialEndsAt: new Date(Date.now() + 14 * 86_400_000),
        // The demo never expires on a developer's machine.
        paidUntil: new Date(Date.now() + 10 * 365 * 86_400_000),
      })
      .returning({ id: accounts.id });
    const [admin, keeper] = await tx
      .insert(users)
      .values([
        { name: texts.users.admin, email: DEMO_ADMIN.email, passwordHash: '', lang },
        { name: texts.users.storekeeper, email: DEMO_STOREKEEPER.email, passwordHash: '', lang },
      ])
      .returning({ id: users.id });
    await tx.insert(memberships).values([
      { accountId: account.id, userId: admin.id, isOwner: true, admin: true, editingRemains: true, changeRemains: true },
      { accountId: account.id, userId: keeper.id, editingRemains: false, changeRemains: true },
    ]);
    await localiseSystemPipeline(tx, account.id, lang);
    await addAccountDocuments(tx, account.id, lang);
    await seedCatalogue(tx, account.id, admin.id, undefined, lang);
    await seedOrders(tx, account.id, admin.id, hashes.then(([, , customer]) => customer), lang);
    const [adminHash, keeperHash] = await hashes;
    await tx.update(users).set({ passwordHash: adminHash }).where(eq(users.id, admin.id));
    await tx.update(users).set({ passwordHash: keeperHash }).where(eq(users.id, keeper.id));
    for (const origin of demoHostOrigins) {
      await tx.insert(integrationConnections).values({ accountId: account.id, kind: 'amocrm', origin, clientId: 'stockroom-demo', clientSecret: newToken(), widgetKey: newToken(), userId: admin.id });
    }
  });
  return true;
}
