import { and, asc, eq, sql } from 'drizzle-orm';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { accounts, documentSettings, documentTemplates, memberships, users } from '../../../server/db/schema';
import { codeIn, unique, useTestServer } from '../harness';
import { diffSnapshots, snapshotAccount } from '../support/dbSnapshot';

/**
 * The built-in templates are made with the account (registration, and the backfill migration for older accounts),
 * so the template list and the document settings are reads: marked so (answered from cached sessions) and changing
 * nothing.
 */

const server = useTestServer();
const db = () => server.database.db;

async function register(lang: 'en' | 'ru') {
  const email = `${unique('documents')}@example.com`;
  expect((await server.call('GET', 'auth/sign-up', { query: { name: 'Dora', mode: 'email', login: email, lang } })).status).toBe(200);
  const code = codeIn(await server.lastMessage(email));
  expect((await server.call('POST', 'auth/set-account', { body: { mode: 'email', login: email, code } })).status).toBe(200);
  const password = /password: (\S+)/.exec(await server.lastMessage(email))?.[1] ?? '';
  const login = await server.call('POST', 'auth/login', { body: { login: email, password } });
  const [user] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
  const [membership] = await db().select({ accountId: memberships.accountId }).from(memberships).where(eq(memberships.userId, user.id));
  return { token: login.body.access_token as string, userId: user.id, accountId: membership.accountId };
}

const builtinsOf = (accountId: number) =>
  db().select({ name: documentTemplates.name, type: documentTemplates.type, builtin: documentTemplates.builtin }).from(documentTemplates).where(eq(documentTemplates.accountId, accountId)).orderBy(asc(documentTemplates.type));

/** The backfill migration's statements, found by its name (its number changes when branches merge). */
function backfillStatements(): string[] {
  const folder = join(process.cwd(), 'server', 'db', 'migrations');
  const file = readdirSync(folder).find((name) => name.endsWith('_document_builtins_backfill.sql'));
  expect(file, 'the backfill migration').toBeDefined();
  return readFileSync(join(folder, file!), 'utf8')
    .split('--> statement-breakpoint')
    .map((statement) => statement.trim())
    .filter(Boolean);
}

describe('documents made with the account', () => {
  it('rule: registration makes the three built-in templates in the registration language', async () => {
    for (const lang of ['en', 'ru'] as const) {
      const { accountId } = await register(lang);
      const names = lang === 'ru' ? ['Товарная накладная', 'Счёт на оплату', 'Коммерческое предложение'] : ['Delivery note', 'Invoice for payment', 'Quote'];
      expect(await builtinsOf(accountId)).toEqual(
        ['delivery_note', 'invoice', 'quote'].map((type, index) => ({ type, name: names[index], builtin: `${type}.${lang}` })),
      );
      const [settings] = await db().select().from(documentSettings).where(eq(documentSettings.accountId, accountId));
      expect(settings).toMatchObject({ lang, builtinsAdded: true });
    }
  });

  it("rule: document/list(V2, V3) and document/settings are marked 'reads' and change nothing on a new account", async () => {
    const { token, accountId, userId } = await register('en');
    const marked = server.app.apiRoutes.filter((route) => route.reads).map((route) => `${route.method} ${route.url}`);
    for (const route of ['GET /api/document/list', 'GET /api/document/listV2', 'GET /api/document/listV3', 'GET /api/document/settings']) expect(marked).toContain(route);
    const before = await snapshotAccount(db(), accountId, [userId]);
    const [list, listV3, settings] = await Promise.all([
      server.call('GET', 'document/list', { token }),
      server.call('GET', 'document/listV3', { token }),
      server.call('GET', 'document/settings', { token }),
    ]);
    expect(list.body.map((template: { type: string }) => template.type).sort()).toEqual(['delivery_note', 'invoice', 'quote']);
    expect(listV3.body.templates).toHaveLength(3);
    expect(settings.body).toMatchObject({ lang: 'en' });
    expect(diffSnapshots(before, await snapshotAccount(db(), accountId, [userId]))).toEqual([]);
  });

  it('rule: the backfill migration gives an older account its settings and built-ins in its owner’s language, once, and leaves a covered account alone', async () => {
    // An account as made before this change: no document settings, no templates; its owner reads Russian.
    const [older] = await db().insert(accounts).values({ name: unique('Older'), trialEndsAt: new Date(Date.now() + 86_400_000) }).returning();
    const [owner] = await db().insert(users).values({ name: 'Older owner', email: `${unique('older')}@example.com`, passwordHash: 'x', lang: 'ru' }).returning();
    await db().insert(memberships).values({ accountId: older.id, userId: owner.id, isOwner: true, admin: true });
    const covered = await register('en');
    const coveredBefore = await snapshotAccount(db(), covered.accountId, [covered.userId]);

    for (let run = 0; run < 2; run += 1) for (const statement of backfillStatements()) await db().execute(sql.raw(statement));

    expect(await builtinsOf(older.id)).toEqual([
      { type: 'delivery_note', name: 'Товарная накладная', builtin: 'delivery_note.ru' },
      { type: 'invoice', name: 'Счёт на оплату', builtin: 'invoice.ru' },
      { type: 'quote', name: 'Коммерческое предложение', builtin: 'quote.ru' },
    ]);
    const [settings] = await db().select().from(documentSettings).where(eq(documentSettings.accountId, older.id));
    expect(settings).toMatchObject({ lang: 'ru', builtinsAdded: true });
    const [invoice] = await db().select().from(documentTemplates).where(and(eq(documentTemplates.accountId, older.id), eq(documentTemplates.type, 'invoice')));
    expect(invoice).toMatchObject({ downloadType: 'pdf', fileName: 'Счёт на оплату.docx' });
    expect(diffSnapshots(coveredBefore, await snapshotAccount(db(), covered.accountId, [covered.userId]))).toEqual([]);
  });
});
