import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogLinks, categories, products } from '../../../../server/db/schema';
import { TASK_STATUS } from '../../../../src/domain/taskStatus';
import { startFakeAmo, type FakeAmo } from '../../../fakes/amocrmServer';
import { useTestServer, type TestAccount } from '../../harness';
import { until } from '../../support/taskWaits';

/** Spec §5/§7: the CRM catalog and our products, both ways, as tasks, against the fake amoCRM account. */
const server = useTestServer();
let amo: FakeAmo;
beforeAll(async () => {
  amo = await startFakeAmo({ perSecond: 50 });
  amo.redirectUri = 'http://localhost:80/api/integrations/amocrm/oauth';
});
afterAll(() => amo.close());

const db = () => server.database.db;

/** A connected account with its own CRM catalog (a new catalog id per test keeps the tests apart). */
async function connectedAccount(): Promise<{ account: TestAccount; connectionId: number; catalogId: number }> {
  const account = await server.newAccount();
  amo.users.push({ id: 700 + amo.users.length, name: 'Owner', email: account.email });
  const started = await server.call('POST', 'integrations/amocrm/install', { token: account.token, body: { origin: amo.origin, client_id: amo.clientId, client_secret: amo.clientSecret } });
  const state = started.body.state as string;
  await server.app.inject({ method: 'GET', url: `/api/integrations/amocrm/oauth?${new URLSearchParams({ code: amo.issueCode(), state, referer: new URL(amo.origin).host })}` });
  const catalogId = 7100 + amo.catalogs.length;
  amo.catalogs.push({ id: catalogId, name: `Catalog ${catalogId}`, type: 'products' });
  return { account, connectionId: started.body.connection_id, catalogId };
}

async function sync(account: TestAccount, path: 'product/sync-amo-gs' | 'product/sync-gs-amo', query: Record<string, string | number>) {
  const started = await server.call('GET', path, { token: account.token, query });
  expect(started.status).toBe(200);
  return until(async () => {
    const list = (await server.call('GET', 'task/list', { token: account.token })).body as { id: number; status: number; error: string | null; counts: Record<string, number> | null }[];
    return list.find((task) => task.id === started.body.task_id && task.status !== TASK_STATUS.open);
  });
}

const productsOf = (accountId: number) => db().select().from(products).where(eq(products.accountId, accountId)).orderBy(asc(products.id));

describe('catalogue sync amoCRM → warehouse', () => {
  it('rule (mode name): a match updates and links, a new element is added, duplicates are reported not guessed; a second sync adds nothing', async () => {
    const { account, connectionId, catalogId } = await connectedAccount();
    const [bolt] = await db().insert(products).values({ accountId: account.id, name: 'Bolt', article: 'A1' }).returning();
    amo.addElement(catalogId, '  bolt ', { sku: 'A1-new' });
    amo.addElement(catalogId, 'Nut', { sku: 'N1' });
    amo.addElement(catalogId, 'Washer');
    amo.addElement(catalogId, 'washer');
    const task = await sync(account, 'product/sync-amo-gs', { connection_id: connectionId, catalog_id: catalogId, mode: 'name' });
    expect(task).toMatchObject({ status: TASK_STATUS.finished, error: null, counts: { added: 1, updated: 1, duplicates: 1 } });
    const rows = await productsOf(account.id);
    expect(rows.map((row) => [row.name, row.article])).toEqual([
      ['  bolt ', 'A1-new'],
      ['Nut', 'N1'],
    ]);
    expect(rows[0]!.id).toBe(bolt!.id);
    const log = await server.call('GET', 'integrations/log', { token: account.token, query: { kind: 'amocrm', level: 'warning' } });
    expect(JSON.stringify(log.body.data[0].details)).toContain('washer');
    const again = await sync(account, 'product/sync-amo-gs', { connection_id: connectionId, catalog_id: catalogId, mode: 'name' });
    expect(again.counts).toMatchObject({ added: 0, updated: 2 });
    expect(await productsOf(account.id)).toHaveLength(2);
  });

  it('rule (mode none): every element is added, even one whose name a product has', async () => {
    const { account, connectionId, catalogId } = await connectedAccount();
    await db().insert(products).values({ accountId: account.id, name: 'Bolt', article: 'A1' });
    amo.addElement(catalogId, 'Bolt', { sku: 'A1' });
    amo.addElement(catalogId, 'Bolt', { sku: 'A1' });
    const task = await sync(account, 'product/sync-amo-gs', { connection_id: connectionId, catalog_id: catalogId, mode: 'none' });
    expect(task.counts).toMatchObject({ added: 2, updated: 0 });
    expect(await productsOf(account.id)).toHaveLength(3);
  });

  it('rule (modes name_article, name_article_batch): the article must match too', async () => {
    for (const mode of ['name_article', 'name_article_batch'] as const) {
      const { account, connectionId, catalogId } = await connectedAccount();
      await db().insert(products).values([
        { accountId: account.id, name: 'Bolt', article: 'A1' },
        { accountId: account.id, name: 'Nut', article: 'N1' },
      ]);
      amo.addElement(catalogId, 'Bolt', { sku: 'a1' });
      amo.addElement(catalogId, 'Nut', { sku: 'N2' });
      const task = await sync(account, 'product/sync-amo-gs', { connection_id: connectionId, catalog_id: catalogId, mode });
      expect(task.counts, mode).toMatchObject({ added: 1, updated: 1 });
      expect((await productsOf(account.id)).map((row) => row.name)).toEqual(['Bolt', 'Nut', 'Nut']);
    }
  });

  it('rule: the group list must match the category list — checked first, nothing written, the log offers Retry', async () => {
    const { account, connectionId, catalogId } = await connectedAccount();
    await db().insert(categories).values({ accountId: account.id, name: 'Tools' });
    amo.addElement(catalogId, 'Hammer', { group: 'tools' });
    amo.addElement(catalogId, 'Bolt', { group: 'Fasteners' });
    const task = await sync(account, 'product/sync-amo-gs', { connection_id: connectionId, catalog_id: catalogId, mode: 'name' });
    expect(task.error).toMatch(/^The group list must match the category list: Fasteners$/);
    expect(await productsOf(account.id)).toEqual([]);
    const log = await server.call('GET', 'integrations/log', { token: account.token, query: { kind: 'amocrm', level: 'error' } });
    expect(log.body.data[0]).toMatchObject({ action: 'sync-in', can_retry: true });
    await db().insert(categories).values({ accountId: account.id, name: 'Fasteners' });
    const retried = await server.call('POST', 'integrations/log/retry', { token: account.token, body: { id: log.body.data[0].id } });
    expect(retried.status).toBe(200);
    await until(async () => (await productsOf(account.id)).length === 2);
    const hammer = (await productsOf(account.id)).find((row) => row.name === 'Hammer');
    const [tools] = await db().select().from(categories).where(and(eq(categories.accountId, account.id), eq(categories.name, 'Tools')));
    expect(hammer!.categoryId).toBe(tools!.id);
  });
});

describe('catalogue sync warehouse → amoCRM', () => {
  it('rule: products go in batches of at most 250, are linked, and a second sync updates instead of adding', async () => {
    const { account, connectionId, catalogId } = await connectedAccount();
    await db()
      .insert(products)
      .values(Array.from({ length: 300 }, (_, i) => ({ accountId: account.id, name: `Item ${i}`, article: `SKU-${i}` })));
    amo.calls.length = 0;
    const task = await sync(account, 'product/sync-gs-amo', { connection_id: connectionId, catalog_id: catalogId, mode: 'none' });
    expect(task).toMatchObject({ status: TASK_STATUS.finished, counts: { added: 300, updated: 0 } });
    const posts = amo.calls.filter((call) => call.method === 'POST' && call.path === `/api/v4/catalogs/${catalogId}/elements`);
    expect(posts.map((call) => (call.body as unknown[]).length)).toEqual([250, 50]);
    const elements = [...amo.elements.values()].filter((element) => element.catalog_id === catalogId);
    expect(elements).toHaveLength(300);
    expect(elements[5]!.custom_fields_values).toEqual([{ field_id: 8801, field_code: 'SKU', values: [{ value: 'SKU-5' }] }]);
    const links = await db().select().from(catalogLinks).where(eq(catalogLinks.accountId, account.id));
    expect(links).toHaveLength(300);
    await db().update(products).set({ name: 'Item 0 renamed' }).where(and(eq(products.accountId, account.id), eq(products.name, 'Item 0')));
    const again = await sync(account, 'product/sync-gs-amo', { connection_id: connectionId, catalog_id: catalogId, mode: 'none' });
    expect(again.counts).toMatchObject({ added: 0, updated: 300 });
    expect([...amo.elements.values()].filter((element) => element.catalog_id === catalogId)).toHaveLength(300);
    expect(elements[0]!.name).toBe('Item 0 renamed');
  });
});
