import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { catalogLinks, stockDocuments, stockSums, tasks } from '../../../../server/db/schema';
import { importXml, offersXml } from '../../../fakes/onec';
import { useTestServer } from '../../harness';
import { catalogueOf, oneCAccount, stockState } from './setup';

/**
 * Issue 18 §3: rests from 1C are absolute counts, applied through the inventory module as arrival and write-off
 * documents; the settings are an administrator's and never show the password; the home menu's 'stock sync with the
 * accounting system' applies 1C's last rests again as a task; 1C fetches our orders (sale query) until it confirms.
 */
const server = useTestServer();

async function countOf(accountId: number, externalId: string, warehouseId: number): Promise<number> {
  const { db } = server.database;
  const [link] = await db
    .select()
    .from(catalogLinks)
    .where(and(eq(catalogLinks.accountId, accountId), eq(catalogLinks.externalId, externalId)));
  const [sum] = await db
    .select()
    .from(stockSums)
    .where(and(eq(stockSums.accountId, accountId), eq(stockSums.productId, link!.productId), eq(stockSums.warehouseId, warehouseId)));
  return Number(sum?.count ?? 0);
}

describe('1C rests, settings, sync and sale', () => {
  it('rule: new rests raise and lower counts to 1C figures by arrival and write-off documents the ledger names', async () => {
    const setup = await oneCAccount(server);
    const first = catalogueOf(40);
    await setup.client().catalogueExchange({ 'import.xml': Buffer.from(importXml(first)), 'offers.xml': Buffer.from(offersXml(first)) });
    expect(await countOf(setup.account.id, 'p-3', setup.main)).toBe(4);
    const before = await stockState(server, setup.account.id);
    // Product 3 rises by 2 in warehouse A; warehouse B changes for the products 1C now counts differently.
    const second = { ...first, warehouses: [{ ...first.warehouses[0]!, count: (index: number) => (index % 7) + 1 + (index === 3 ? 2 : 0) }, { ...first.warehouses[1]!, count: (index: number) => (index === 4 ? 1 : (index % 5) * 2) }] };
    const answers = await setup.client().catalogueExchange({ 'offers.xml': Buffer.from(offersXml(second)) });
    expect(answers).toEqual({ 'offers.xml': 'success' });
    expect(await countOf(setup.account.id, 'p-3', setup.main)).toBe(6);
    expect(await countOf(setup.account.id, 'p-4', setup.second)).toBe(1);
    const after = await stockState(server, setup.account.id);
    const documents = await server.database.db.select().from(stockDocuments).where(eq(stockDocuments.accountId, setup.account.id));
    const fresh = documents.slice(before.documents);
    expect(fresh.map((document) => [document.kind, document.comment, document.userId])).toEqual(
      expect.arrayContaining([
        ['arrival', 'Rests from 1C', setup.account.ownerId],
        ['write_off', 'Rests from 1C', setup.account.ownerId],
      ]),
    );
    expect(after.ledger).toBe(before.ledger + 2);
  });

  it('rule: the settings are an administrator’s; the password is never answered; another account’s warehouse is refused', async () => {
    const setup = await oneCAccount(server);
    const settings = await server.call('GET', 'integrations/1c/settings', { token: setup.account.token });
    expect(settings.body).toMatchObject({ enabled: true, has_password: true, exchange_path: `/exchange/1c/${setup.account.id}`, warehouses: { 'wh-a': setup.main, 'wh-b': setup.second } });
    expect(JSON.stringify(settings.body)).not.toContain('secret-1c-password');
    const member = await server.newMember(setup.account, { admin: false });
    expect((await server.call('GET', 'integrations/1c/settings', { token: member.token })).status).toBe(422);
    expect((await server.call('GET', 'account/genezis-disable', { token: member.token })).status).toBe(422);
    const other = await oneCAccount(server);
    const refused = await server.call('POST', 'integrations/1c/settings', { token: setup.account.token, body: { warehouses: { 'wh-a': other.main } } });
    expect(refused.status).toBe(422);
    const notPrice = await server.call('POST', 'integrations/1c/settings', { token: setup.account.token, body: { prices: { 'pt-retail': 'name' } } });
    expect(notPrice.status).toBe(422);
  });

  it('rule: the 1C warehouses and price types an exchange named are listed for the mappings', async () => {
    const setup = await oneCAccount(server);
    const catalogue = catalogueOf(3);
    await setup.client().catalogueExchange({ 'import.xml': Buffer.from(importXml(catalogue)), 'offers.xml': Buffer.from(offersXml(catalogue)) });
    const seen = await server.call('GET', 'integrations/1c/seen', { token: setup.account.token });
    expect(seen.body).toEqual({
      warehouses: [
        { id: 'wh-a', name: 'Склад А' },
        { id: 'wh-b', name: 'Склад Б' },
      ],
      price_types: [
        { id: 'pt-opt', name: 'Оптовая' },
        { id: 'pt-retail', name: 'Розничная' },
      ],
    });
  });

  it('rule: stock sync with the accounting system applies 1C’s last rests again as a task: local changes since are brought back', async () => {
    const setup = await oneCAccount(server);
    const none = await server.call('GET', 'account/genezis/sync', { token: setup.account.token });
    expect(none.status).toBe(200);
    const catalogue = catalogueOf(10);
    await setup.client().catalogueExchange({ 'import.xml': Buffer.from(importXml(catalogue)), 'offers.xml': Buffer.from(offersXml(catalogue)) });
    const { db } = server.database;
    const [link] = await db
      .select()
      .from(catalogLinks)
      .where(and(eq(catalogLinks.accountId, setup.account.id), eq(catalogLinks.externalId, 'p-6')));
    const batches = await server.call('GET', 'product/get', { token: setup.account.token, query: { id: link!.productId } });
    const batch = batches.body.batches.find((row: { warehouse_id: number }) => row.warehouse_id === setup.main);
    const off = await server.call('POST', 'product/write-off', { token: setup.account.token, body: { batch_id: batch.id, count: 3, comment: 'Sold at the counter' } });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(await countOf(setup.account.id, 'p-6', setup.main)).toBe(4);
    const started = await server.call('GET', 'account/genezis/sync', { token: setup.account.token });
    expect(started.status).toBe(200);
    const end = Date.now() + 30_000;
    let task: typeof tasks.$inferSelect | undefined;
    while (Date.now() < end) {
      [task] = await db.select().from(tasks).where(eq(tasks.id, started.body.task_id));
      if (task && task.status !== 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(task).toMatchObject({ status: 1, error: null });
    expect(await countOf(setup.account.id, 'p-6', setup.main)).toBe(7);
  });

  it('rule: sale query hands 1C our orders as CommerceML documents until it confirms them with success', async () => {
    const setup = await oneCAccount(server);
    const catalogue = catalogueOf(3);
    await setup.client().catalogueExchange({ 'import.xml': Buffer.from(importXml(catalogue)), 'offers.xml': Buffer.from(offersXml(catalogue)) });
    const { db } = server.database;
    const [link] = await db
      .select()
      .from(catalogLinks)
      .where(and(eq(catalogLinks.accountId, setup.account.id), eq(catalogLinks.externalId, 'p-1')));
    const order = (await server.call('POST', 'orders/add', { token: setup.account.token, body: { name: 'For 1C' } })).body;
    const added = await server.call('POST', 'orders/product/add', { token: setup.account.token, body: { order_id: order.id, product: String(link!.productId), quantity: 2 } });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const client = setup.client();
    await client.checkauth('sale');
    await client.init('sale');
    const xml = await client.saleQuery();
    expect(xml).toContain('<КоммерческаяИнформация');
    expect(xml).toContain(`<Документ><Ид>${order.id}</Ид>`);
    expect(xml).toContain('<Товар><Ид>p-1</Ид><Наименование>Товар 1</Наименование>');
    expect(xml).toContain('<Количество>2</Количество>');
    expect(await client.saleQuery()).toContain(`<Ид>${order.id}</Ид>`);
    expect(await client.saleSuccess()).toBe('success');
    expect(await client.saleQuery()).not.toContain('<Документ>');
  });
});
