import { readdirSync, readFileSync } from 'node:fs';
import { and, asc, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { movements, users } from '../../../server/db/schema';
import { settingUp, type TestAccount, useTestServer } from '../harness';
import { taskFile } from '../support/taskWaits';

const server = useTestServer();
const db = () => server.database.db;

/**
 * The ledger names the order that moved the goods (movements.order_id) and keeps the order's name as the comment,
 * instead of an English "Order 12: Tools": the history tab, the movement report and its export say it in their
 * reader's language, while the API's `comment` stays the English text its clients read.
 */
async function stocked(account: TestAccount) {
  const post = settingUp(server, account.token);
  const main = await post('warehouse/add', { name: 'Main' });
  const product = await post('product/add', { name: 'Hammer drill', article: 'HD-1' });
  await post('product/arrival', { product_id: product.id, warehouse_id: main.id, batch: 'B1', count: 10, cost_price: 40 });
  return { post, main, product };
}

/** A CRM deal's add reserves in one SQL statement (add_to_deal_reserved); deleting the position releases in TypeScript (holdings.ts). */
async function reservedAndReleased(account: TestAccount, name: string) {
  const { post, product } = await stocked(account);
  const order = await post('orders/add', { lead_id: 900_000 + Math.floor(Math.random() * 1_000_000), name });
  await post('orders/product/add', { order_id: order.id, product: String(product.id), quantity: 2 });
  const positions = (await server.call('GET', 'orders/products', { token: account.token, query: { order_id: order.id } })).body as { id: number }[];
  await post('orders/product/delete', { id: positions[0].id, order_id: order.id });
  return { order, product };
}

const orderRows = (productId: number) =>
  db()
    .select({ type: movements.eventType, comment: movements.comment, orderId: movements.orderId })
    .from(movements)
    .where(and(eq(movements.productId, productId), sql`${movements.eventType} in ('reserve', 'release')`))
    .orderBy(asc(movements.id));

async function movementExport(account: TestAccount, lang: 'en' | 'ru', productId: number): Promise<unknown[][]> {
  await db().update(users).set({ lang }).where(eq(users.id, account.ownerId));
  const started = await server.call('POST', 'analytics/movement/export/xlsx', { token: account.token, body: { filter: { product_ids: [productId], event_types: ['reserve', 'release'] } } });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const file = await taskFile(server, account.token, started.body.task_id);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file.bytes as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0].eachRow({ includeEmpty: false }, (row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe("the ledger's order rows", () => {
  it('rule: a reservation (one SQL statement) and a release (TypeScript) name the order by id and keep its name as the comment', async () => {
    const account = await server.newAccount();
    const { order, product } = await reservedAndReleased(account, 'Tools');
    expect(await orderRows(product.id)).toEqual([
      { type: 'reserve', comment: 'Tools', orderId: order.id },
      { type: 'release', comment: 'Tools', orderId: order.id },
    ]);
  });

  it('rule: product/history and the movement report answer the English comment and the order apart; other rows have no order', async () => {
    const account = await server.newAccount();
    const { order, product } = await reservedAndReleased(account, 'Tools');
    const history = await server.call('GET', 'product/history', { token: account.token, query: { id: product.id } });
    expect(history.body.data.map((row: { type: string; comment: string; order: unknown }) => [row.type, row.comment, row.order])).toEqual([
      ['release', `Order ${order.id}: Tools`, { id: order.id, name: 'Tools' }],
      ['reserve', `Order ${order.id}: Tools`, { id: order.id, name: 'Tools' }],
      ['arrival', '', null],
    ]);
    const report = await server.call('POST', 'analytics/movement/products', { token: account.token, body: { filter: { product_ids: [product.id] } } });
    expect(report.status).toBe(200);
    expect(report.body.data.list.map((row: { event_type: string; comment: string; order: unknown }) => [row.event_type, row.comment, row.order])).toEqual([
      ['release', `Order ${order.id}: Tools`, { id: order.id, name: 'Tools' }],
      ['reserve', `Order ${order.id}: Tools`, { id: order.id, name: 'Tools' }],
      ['arrival', '', null],
    ]);
  });

  it('rule: an order without a name reads "Order N" alone', async () => {
    const account = await server.newAccount();
    const { order, product } = await reservedAndReleased(account, '');
    const history = await server.call('GET', 'product/history', { token: account.token, query: { id: product.id } });
    expect(history.body.data[0]).toMatchObject({ comment: `Order ${order.id}`, order: { id: order.id, name: '' } });
  });

  it("rule: the movement export says an order's row in the language of the user who asked: Заказ N for a Russian user, Order N for an English one", async () => {
    const account = await server.newAccount();
    const { order, product } = await reservedAndReleased(account, 'Tools');
    const comments = (rows: unknown[][]) => rows.filter((row) => row[1] === 'reserve' || row[1] === 'release').map((row) => row[11]);
    expect(comments(await movementExport(account, 'ru', product.id))).toEqual([`Заказ ${order.id}: Tools`, `Заказ ${order.id}: Tools`]);
    expect(comments(await movementExport(account, 'en', product.id))).toEqual([`Order ${order.id}: Tools`, `Order ${order.id}: Tools`]);
  });
});

describe('migration movements_order', () => {
  // Found by name: migrations are renumbered when branches merge.
  const folder = new URL('../../../server/db/migrations/', import.meta.url);
  const [file] = readdirSync(folder).filter((name) => name.endsWith('_movements_order.sql'));
  const conversion = readFileSync(new URL(file, folder), 'utf8')
    .split('--> statement-breakpoint')
    .map((text) => text.trim())
    .find((text) => text.includes('UPDATE "movements"'));

  it("rule: old rows saying \"Order <n>\" or \"Order <n>: <name>\" of the account's own order become order_id n with the name; anything else stays", async () => {
    const account = await server.newAccount();
    const other = await server.newAccount();
    const { order, product } = await reservedAndReleased(account, 'Tools');
    const { order: foreign } = await reservedAndReleased(other, 'Theirs');
    const base = { accountId: account.id, productId: product.id, title: 'Hammer drill', quantity: '1' };
    const written = await db()
      .insert(movements)
      .values([
        { ...base, eventType: 'reserve', comment: `Order ${order.id}: Tools: spare` },
        { ...base, eventType: 'sale', comment: `Order ${order.id}` },
        { ...base, eventType: 'arrival', party: `PO-${order.id}`, comment: `Order ${order.id}: Tools` },
        // Not an order's row: another account's order, a kind no order writes, an arrival in another batch, a stock document's line, other words.
        { ...base, eventType: 'reserve', comment: `Order ${foreign.id}: Theirs` },
        { ...base, eventType: 'write_off', comment: `Order ${order.id}` },
        { ...base, eventType: 'arrival', party: 'B7', comment: `Order ${order.id}` },
        { ...base, eventType: 'release', documentId: 1, comment: `Order ${order.id}` },
        { ...base, eventType: 'release', comment: `Order ${order.id}:Tools` },
        { ...base, eventType: 'release', comment: `Order 99999999999: too long` },
        { ...base, eventType: 'release', comment: `Re: Order ${order.id}` },
        // Already converted, of an order whose name looks like the old text: read once, never again.
        { ...base, eventType: 'release', orderId: order.id, comment: `Order ${order.id}` },
      ])
      .returning({ id: movements.id });
    const converted = () =>
      db()
        .select({ comment: movements.comment, orderId: movements.orderId })
        .from(movements)
        .where(sql`${movements.id} in (${sql.join(written.map((row) => sql`${row.id}`), sql`, `)})`)
        .orderBy(asc(movements.id));
    const expected = [
      { comment: 'Tools: spare', orderId: order.id },
      { comment: '', orderId: order.id },
      { comment: 'Tools', orderId: order.id },
      { comment: `Order ${foreign.id}: Theirs`, orderId: null },
      { comment: `Order ${order.id}`, orderId: null },
      { comment: `Order ${order.id}`, orderId: null },
      { comment: `Order ${order.id}`, orderId: null },
      { comment: `Order ${order.id}:Tools`, orderId: null },
      { comment: 'Order 99999999999: too long', orderId: null },
      { comment: `Re: Order ${order.id}`, orderId: null },
      { comment: `Order ${order.id}`, orderId: order.id },
    ];
    await db().execute(sql.raw(conversion ?? 'missing'));
    expect(await converted()).toEqual(expected);
    await db().execute(sql.raw(conversion ?? 'missing'));
    expect(await converted()).toEqual(expected);
    // The rows the app wrote itself are left as they were.
    expect((await orderRows(product.id)).slice(0, 2)).toEqual([
      { type: 'reserve', comment: 'Tools', orderId: order.id },
      { type: 'release', comment: 'Tools', orderId: order.id },
    ]);
  });
});
