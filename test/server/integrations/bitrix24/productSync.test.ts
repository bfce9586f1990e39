import { and, asc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { catalogLinks, categories, products } from '../../../../server/db/schema';
import { TASK_STATUS } from '../../../../src/domain/taskStatus';
import { startFakePortal, type FakePortal } from '../../../fakes/bitrix24';
import { type TestAccount, useTestServer } from '../../harness';
import { until } from '../../support/taskWaits';
import { connectPortal } from './portalSetup';

/**
 * Issue 18 §2 / spec §5: the Bitrix24 catalogue and our products, both ways, with each comparison mode, as tasks,
 * against the fake portal (crm.product.*, crm.productsection.*, pages of 50, batch ≤ 50).
 */
const server = useTestServer();
// A portal per test: each has its own catalogue.
let portal: FakePortal;
beforeEach(async () => {
  portal = await startFakePortal();
});
afterEach(() => portal.close());

const db = () => server.database.db;

async function connected(): Promise<TestAccount> {
  const account = await server.newAccount();
  await connectPortal(server, account, portal);
  return account;
}

type Task = { id: number; status: number; error: string | null; counts: Record<string, number> | null };
async function sync(account: TestAccount, direction: 'in' | 'out', mode: string): Promise<Task> {
  const started = await server.call('POST', 'integrations/bitrix24/sync', { token: account.token, body: { direction, mode } });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  return until(async () => {
    const list = (await server.call('GET', 'task/list', { token: account.token })).body as Task[];
    return list.find((task) => task.id === started.body.task_id && task.status !== TASK_STATUS.open);
  });
}

const ours = async (accountId: number) =>
  (await db().select().from(products).where(eq(products.accountId, accountId)).orderBy(asc(products.id))).map((row) => [row.name, row.article]);
const theirs = () => portal.catalog.list().map((product) => [product.name, product.article]);
const logOf = async (account: TestAccount, level: string) => (await server.call('GET', 'integrations/log', { token: account.token, query: { kind: 'bitrix24', level } })).body.data;

describe('catalogue sync Bitrix24 → warehouse', () => {
  it('rule (mode name): a match updates and links, a new product is added, duplicates are reported not guessed; a repeat sync changes nothing', async () => {
    const account = await connected();
    const [bolt] = await db().insert(products).values({ accountId: account.id, name: 'Bolt', article: 'A1' }).returning();
    portal.catalog.addProduct('  bolt ', { article: 'A1-new' });
    portal.catalog.addProduct('Nut', { article: 'N1' });
    portal.catalog.addProduct('Washer');
    portal.catalog.addProduct('washer');
    const task = await sync(account, 'in', 'name');
    expect(task).toMatchObject({ status: TASK_STATUS.finished, error: null, counts: { added: 1, updated: 1, duplicates: 1 } });
    const after = await ours(account.id);
    expect(after).toEqual([
      ['  bolt ', 'A1-new'],
      ['Nut', 'N1'],
    ]);
    const rows = await db().select().from(products).where(eq(products.accountId, account.id)).orderBy(asc(products.id));
    expect(rows[0]!.id).toBe(bolt!.id);
    expect(JSON.stringify((await logOf(account, 'warning'))[0].details)).toContain('washer');
    const again = await sync(account, 'in', 'name');
    expect(again.counts).toMatchObject({ added: 0, updated: 2, duplicates: 1 });
    expect(await ours(account.id)).toEqual(after);
  });

  it('rule (mode none): every portal product is added, even one whose name and article a product has', async () => {
    const account = await connected();
    await db().insert(products).values({ accountId: account.id, name: 'Bolt', article: 'A1' });
    portal.catalog.addProduct('Bolt', { article: 'A1' });
    portal.catalog.addProduct('Bolt', { article: 'A1' });
    expect((await sync(account, 'in', 'none')).counts).toMatchObject({ added: 2, updated: 0 });
    expect(await ours(account.id)).toHaveLength(3);
    // Linked now: a repeat adds nothing more.
    expect((await sync(account, 'in', 'none')).counts).toMatchObject({ added: 0, updated: 2 });
    expect(await ours(account.id)).toHaveLength(3);
  });

  for (const mode of ['name_article', 'name_article_batch'] as const) {
    it(`rule (mode ${mode}): the article must match too`, async () => {
      const account = await connected();
      await db().insert(products).values([
        { accountId: account.id, name: 'Bolt', article: 'A1' },
        { accountId: account.id, name: 'Nut', article: 'N1' },
      ]);
      portal.catalog.addProduct('Bolt', { article: 'a1' });
      portal.catalog.addProduct('Nut', { article: 'N2' });
      expect((await sync(account, 'in', mode)).counts).toMatchObject({ added: 1, updated: 1 });
      expect(await ours(account.id)).toEqual([
        ['Bolt', 'a1'],
        ['Nut', 'N1'],
        ['Nut', 'N2'],
      ]);
    });
  }

  it('rule: the group (section) list must match the category list — checked first, nothing written, the log offers Retry', async () => {
    const account = await connected();
    await db().insert(categories).values({ accountId: account.id, name: 'Tools' });
    portal.catalog.addProduct('Hammer', { section: 'tools' });
    portal.catalog.addProduct('Bolt', { section: 'Fasteners' });
    const task = await sync(account, 'in', 'name');
    expect(task.error).toBe('The group list must match the category list: Fasteners');
    expect(await ours(account.id)).toEqual([]);
    const [entry] = await logOf(account, 'error');
    expect(entry).toMatchObject({ action: 'sync-in', can_retry: true });
    await db().insert(categories).values({ accountId: account.id, name: 'Fasteners' });
    expect((await server.call('POST', 'integrations/log/retry', { token: account.token, body: { id: entry.id } })).status).toBe(200);
    await until(async () => (await ours(account.id)).length === 2);
    const [hammer] = await db().select().from(products).where(and(eq(products.accountId, account.id), eq(products.name, 'Hammer')));
    const [tools] = await db().select().from(categories).where(and(eq(categories.accountId, account.id), eq(categories.name, 'Tools')));
    expect(hammer!.categoryId).toBe(tools!.id);
  });

  it('rule: the catalogue is read 50 a page — the first page, then the other pages by batch (≤ 50 commands a call)', async () => {
    const account = await connected();
    for (let i = 0; i < 120; i++) portal.catalog.addProduct(`Item ${i}`, { article: `SKU-${i}` });
    const before = portal.calls.length;
    const beforeRequests = portal.requests.length;
    expect((await sync(account, 'in', 'none')).counts).toMatchObject({ added: 120 });
    const lists = portal.requests.slice(beforeRequests).filter((request) => request.method === 'crm.product.list');
    expect(lists.map((request) => Number(request.params.start))).toEqual([0, 50, 100]);
    // property list, section list, the first product page, one batch of the two other pages.
    expect(portal.calls.slice(before).map((call) => call.method)).toEqual(['crm.product.property.list', 'crm.productsection.list', 'crm.product.list', 'batch']);
    expect(await ours(account.id)).toHaveLength(120);
  });
});

describe('catalogue sync warehouse → Bitrix24', () => {
  it('rule: products go by crm.product.add in batches of at most 50, are linked, and a repeat sync updates instead of adding', async () => {
    const account = await connected();
    await db()
      .insert(products)
      .values(Array.from({ length: 120 }, (_, i) => ({ accountId: account.id, name: `Item ${i}`, article: `SKU-${i}` })));
    const before = portal.requests.length;
    expect(await sync(account, 'out', 'none')).toMatchObject({ status: TASK_STATUS.finished, error: null, counts: { added: 120, updated: 0 } });
    const batches = portal.requests.slice(before).filter((request) => request.method === 'batch');
    expect(batches.map((request) => Object.keys(request.params.cmd as object).length)).toEqual([50, 50, 20]);
    expect(theirs()).toHaveLength(120);
    expect(theirs()[5]).toEqual(['Item 5', 'SKU-5']);
    expect(await db().select().from(catalogLinks).where(eq(catalogLinks.accountId, account.id))).toHaveLength(120);
    const snapshot = theirs();
    expect((await sync(account, 'out', 'none')).counts).toMatchObject({ added: 0, updated: 120 });
    expect(theirs()).toEqual(snapshot);
    await db().update(products).set({ name: 'Item 0 renamed' }).where(and(eq(products.accountId, account.id), eq(products.name, 'Item 0')));
    await sync(account, 'out', 'none');
    expect(theirs()[0]).toEqual(['Item 0 renamed', 'SKU-0']);
  });

  it('rule (mode none): every product of ours is added, even one the portal has by name and article', async () => {
    const account = await connected();
    portal.catalog.addProduct('Bolt', { article: 'A1' });
    await db().insert(products).values({ accountId: account.id, name: 'Bolt', article: 'A1' });
    expect((await sync(account, 'out', 'none')).counts).toMatchObject({ added: 1, updated: 0 });
    expect(theirs()).toEqual([
      ['Bolt', 'A1'],
      ['Bolt', 'A1'],
    ]);
  });

  it('rule (mode name): an unlinked portal product of the same name is linked and updated, not duplicated; shared names are reported, never guessed; a repeat changes nothing', async () => {
    const account = await connected();
    portal.catalog.addProduct(' bolt', { article: 'OLD' });
    portal.catalog.addProduct('Washer');
    portal.catalog.addProduct('washer');
    await db().insert(products).values([
      { accountId: account.id, name: 'Bolt', article: 'A1' },
      { accountId: account.id, name: 'Nut', article: 'N1' },
      { accountId: account.id, name: 'Washer', article: 'W1' },
    ]);
    expect((await sync(account, 'out', 'name')).counts).toMatchObject({ added: 1, updated: 1, duplicates: 1 });
    const after = theirs();
    expect(after).toEqual([
      ['Bolt', 'A1'],
      ['Washer', null],
      ['washer', null],
      ['Nut', 'N1'],
    ]);
    const [warning] = await logOf(account, 'warning');
    expect(warning).toMatchObject({ action: 'sync-out' });
    expect(JSON.stringify(warning.details)).toContain('Washer');
    expect((await sync(account, 'out', 'name')).counts).toMatchObject({ added: 0, updated: 2, duplicates: 1 });
    expect(theirs()).toEqual(after);
  });

  for (const mode of ['name_article', 'name_article_batch'] as const) {
    it(`rule (mode ${mode}): the article must match too before a portal product is taken as ours`, async () => {
      const account = await connected();
      portal.catalog.addProduct('Bolt', { article: 'a1' });
      portal.catalog.addProduct('Nut', { article: 'N2' });
      await db().insert(products).values([
        { accountId: account.id, name: 'Bolt', article: 'A1' },
        { accountId: account.id, name: 'Nut', article: 'N1' },
      ]);
      expect((await sync(account, 'out', mode)).counts).toMatchObject({ added: 1, updated: 1 });
      expect(theirs()).toEqual([
        ['Bolt', 'A1'],
        ['Nut', 'N2'],
        ['Nut', 'N1'],
      ]);
    });
  }

  it('rule: our categories missing as sections are added first, so the group list matches the category list', async () => {
    const account = await connected();
    portal.catalog.section('Tools');
    const [tools, fasteners] = await db().insert(categories).values([
      { accountId: account.id, name: 'tools' },
      { accountId: account.id, name: 'Fasteners' },
    ]).returning();
    await db().insert(products).values([
      { accountId: account.id, name: 'Hammer', article: 'H1', categoryId: tools!.id },
      { accountId: account.id, name: 'Bolt', article: 'B1', categoryId: fasteners!.id },
    ]);
    expect((await sync(account, 'out', 'name')).counts).toMatchObject({ added: 2 });
    expect([...portal.catalog.sections.values()].map((section) => section.NAME)).toEqual(['Tools', 'Fasteners']);
    expect(portal.catalog.list().map((product) => [product.name, product.section])).toEqual([
      ['Hammer', 'Tools'],
      ['Bolt', 'Fasteners'],
    ]);
  });
});
