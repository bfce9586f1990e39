import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { batches, catalogLinks, orders, pipelineStatuses, pipelines, warehouses } from '../../../../server/db/schema';
import { importXml, offersXml, ordersXml, windows1251 } from '../../../fakes/onec';
import { useTestServer } from '../../harness';
import { catalogueOf, oneCAccount, stockState } from './setup';

/**
 * Issue 18 §3 'sale orders from 1C': type=sale&mode=file brings orders.xml, 1C's changes to our orders (CommerceML 2
 * 'Документ' with ЗначенияРеквизитов as 1C writes them). Each known order moves through the orders service — paid or
 * posted to the reserve stage, shipped to write-off, cancelled (deletion mark) to the failure stage; a CRM-linked order
 * to the matching crm_status — and its stock moves with it; unknown orders are logged; the same file again changes
 * nothing; nothing else of an order changes; a broken file or a wrong encoding changes no order.
 */
const server = useTestServer();

async function stagesOf(accountId: number) {
  const rows = await server.database.db
    .select({ id: pipelineStatuses.id, name: pipelineStatuses.name })
    .from(pipelineStatuses)
    .innerJoin(pipelines, eq(pipelines.id, pipelineStatuses.pipelineId))
    .where(and(eq(pipelineStatuses.accountId, accountId), eq(pipelines.isSystem, true)))
    .orderBy(asc(pipelineStatuses.sort));
  return Object.fromEntries(rows.map((row) => [row.name, row.id])) as Record<'New' | 'Reserved' | 'Completed' | 'Cancelled', number>;
}

async function scene() {
  const setup = await oneCAccount(server);
  const catalogue = catalogueOf(7);
  await setup.client().catalogueExchange({ 'import.xml': Buffer.from(importXml(catalogue)), 'offers.xml': Buffer.from(offersXml(catalogue)) });
  const { db } = server.database;
  const [link] = await db
    .select()
    .from(catalogLinks)
    .where(and(eq(catalogLinks.accountId, setup.account.id), eq(catalogLinks.externalId, 'p-6')));
  const productId = link!.productId;
  const token = setup.account.token;
  const [store] = await db.select().from(warehouses).where(eq(warehouses.id, setup.main));
  const order = async (body: Record<string, unknown>, quantity: number) => {
    const added = await server.call('POST', 'orders/add', { token, body });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const position = await server.call('POST', 'orders/product/add', { token, body: { order_id: added.body.id, product: `${productId}%%%${store!.code}`, quantity } });
    expect(position.status, JSON.stringify(position.body)).toBe(200);
    return added.body.id as number;
  };
  const ids = { paid: await order({ name: 'Paid in 1C' }, 1), shipped: await order({ name: 'Shipped by 1C' }, 2), cancelled: await order({ name: 'Cancelled in 1C' }, 1), deal: await order({ lead_id: 7700 + setup.account.id }, 1) };
  const stock = async () => {
    const rows = await db
      .select()
      .from(batches)
      .where(and(eq(batches.productId, productId), eq(batches.warehouseId, setup.main)));
    return { count: rows.reduce((sum, row) => sum + Number(row.count), 0), reserve: rows.reduce((sum, row) => sum + Number(row.reserve), 0) };
  };
  const orderRows = async () => {
    const rows = await db.select().from(orders).where(eq(orders.accountId, setup.account.id)).orderBy(asc(orders.id));
    return rows.map((row) => ({ id: row.id, name: row.name, statusId: row.statusId, crmStatus: row.crmStatus, sum: row.sum, version: row.version, values: row.values, tags: row.tags }));
  };
  return { setup, ids, stock, orderRows, stages: await stagesOf(setup.account.id) };
}

const fileOf = (ids: Record<'paid' | 'shipped' | 'cancelled' | 'deal', number>) =>
  ordersXml([
    { id: String(ids.paid), number: 'ЦБ-000101', requisites: { Проведен: 'true', ПометкаУдаления: 'false', 'Номер оплаты по 1С': 'ЦБ-000055', 'Дата оплаты по 1С': '2026-11-25T12:00:00', 'Статус заказа': '[N] Принят' } },
    { id: String(ids.shipped), number: 'ЦБ-000102', requisites: { Проведен: 'true', ПометкаУдаления: 'false', 'Дата оплаты по 1С': 'T', 'Номер отгрузки по 1С': 'ЦБ-000077', 'Дата отгрузки по 1С': '2026-11-25T15:30:00' } },
    { id: String(ids.cancelled), number: 'ЦБ-000103', requisites: { Проведен: 'false', ПометкаУдаления: 'true' } },
    { id: String(ids.deal), number: 'ЦБ-000104', requisites: { Проведен: 'true', 'Дата отгрузки по 1С': '2026-11-25T16:00:00' } },
    { id: '999999999', number: 'ЦБ-000105', requisites: { Проведен: 'true' } },
    { id: 'site-17', number: 'ЦБ-000106', requisites: { ПометкаУдаления: 'true' } },
  ]);

describe('1C sale changes (orders.xml)', () => {
  it('rule: 1C’s paid, shipped and cancelled orders move through the orders service with their stock; unknown ones are logged; nothing else changes', async () => {
    const { setup, ids, stock, orderRows, stages } = await scene();
    const before = await orderRows();
    const stockBefore = await stock();
    expect(before.map((row) => row.statusId).slice(0, 3)).toEqual([stages.New, stages.New, stages.New]);
    const client = setup.client();
    await client.checkauth('sale');
    expect(await client.init('sale')).toMatch(/^zip=no\n/);
    expect(await client.saleFile('orders.xml', Buffer.from(fileOf(ids)))).toBe('success');
    // A 1C that follows the file with mode=import is answered success; the file was applied once, on arrival.
    expect((await client.raw({ type: 'sale', mode: 'import', filename: 'orders.xml' })).body).toBe('success');

    const after = await orderRows();
    const byId = new Map(after.map((row) => [row.id, row]));
    expect(byId.get(ids.paid)!.statusId).toBe(stages.Reserved);
    expect(byId.get(ids.shipped)!.statusId).toBe(stages.Completed);
    expect(byId.get(ids.cancelled)!.statusId).toBe(stages.Cancelled);
    expect(byId.get(ids.deal)!.crmStatus).toBe(2);
    // Only the stage moved: names, sums, values and tags are the order's own.
    const strip = (row: (typeof after)[number]) => ({ id: row.id, name: row.name, sum: row.sum, values: row.values, tags: row.tags });
    expect(after.map(strip)).toEqual(before.map(strip));
    // Shipped (2) and the deal's success (1) wrote off 3; the paid order's 1 is reserved.
    expect(await stock()).toEqual({ count: stockBefore.count - 3, reserve: 1 });

    const log = await server.call('GET', 'integrations/log', { token: setup.account.token, query: { kind: '1c' } });
    const messages = log.body.data.map((entry: { message: string }) => entry.message);
    expect(messages).toContain('Order from 1C not found here: Ид 999999999, number ЦБ-000105');
    expect(messages).toContain('Order from 1C not found here: Ид site-17, number ЦБ-000106');
    expect(messages).toContain('Orders from 1C (orders.xml): 4 moved, 0 unchanged, 2 unknown, 0 not applied');

    // Staff take the paid order back to New here; then 1C, which did not see 'success', sends the same file again:
    // the state it already told is not applied a second time — no order or stock changes.
    const paid = (await orderRows()).find((row) => row.id === ids.paid)!;
    const back = await server.call('POST', 'orders/update', { token: setup.account.token, body: { id: ids.paid, version: paid.version, status_id: stages.New } });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    const settled = await orderRows();
    const ledger = (await stockState(server, setup.account.id)).ledger;
    await client.checkauth('sale');
    await client.init('sale');
    expect(await client.saleFile('orders.xml', Buffer.from(fileOf(ids)))).toBe('success');
    expect(await orderRows()).toEqual(settled);
    expect((await stockState(server, setup.account.id)).ledger).toBe(ledger);
    expect(await stock()).toEqual({ count: stockBefore.count - 3, reserve: 0 });
  });

  it('rule: an order closed here is not reopened by 1C; the refusal is logged', async () => {
    const { setup, ids, orderRows, stages } = await scene();
    const client = setup.client();
    await client.checkauth('sale');
    await client.init('sale');
    await client.saleFile('orders.xml', Buffer.from(ordersXml([{ id: String(ids.cancelled), number: 'ЦБ-1', requisites: { ПометкаУдаления: 'true' } }])));
    // Later 1C posts and ships the order this account cancelled.
    await client.saleFile('orders-2.xml', Buffer.from(ordersXml([{ id: String(ids.cancelled), number: 'ЦБ-1', requisites: { Проведен: 'true', 'Дата отгрузки по 1С': '2026-11-26T09:00:00' } }])));
    expect((await orderRows()).find((row) => row.id === ids.cancelled)!.statusId).toBe(stages.Cancelled);
    const log = await server.call('GET', 'integrations/log', { token: setup.account.token, query: { kind: '1c', level: 'warning' } });
    expect(log.body.data.map((entry: { message: string }) => entry.message)).toContain(`Order ${ids.cancelled}: the order is closed here (stage Cancelled); 1C's change is not applied`);
  });

  it('rule: a broken orders file or one not in its declared encoding fails with the reason and moves no order', async () => {
    const { setup, ids, orderRows, stock } = await scene();
    const before = { orders: await orderRows(), stock: await stock() };
    const client = setup.client();
    await client.checkauth('sale');
    await client.init('sale');
    const whole = fileOf(ids);
    // The first documents are whole; the file breaks off in the fourth.
    const cut = whole.slice(0, whole.indexOf('ЦБ-000104'));
    expect(await client.saleFile('orders-cut.xml', Buffer.from(`${cut}</Значение></ЗначениеРеквизита></ЗначенияРеквизитов></Документ><Документ><Ид>`))).toMatch(/^failure\nThe XML is broken/);
    expect(await client.saleFile('orders-1251.xml', windows1251(whole))).toBe('failure\nThe file is not valid utf-8 text, though its XML declaration says so');
    expect(await orderRows()).toEqual(before.orders);
    expect(await stock()).toEqual(before.stock);
    const log = await server.call('GET', 'integrations/log', { token: setup.account.token, query: { kind: '1c', level: 'error' } });
    expect(log.body.data.map((entry: { message: string }) => entry.message)).toContain('orders-1251.xml: The file is not valid utf-8 text, though its XML declaration says so');
  });
});
