import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { orders, pipelines, pipelineStatuses } from '../../server/db/schema';
import { type TestAccount, useTestServer } from './harness';
import { taskFile } from './support/taskWaits';

/**
 * orders/export follows the stock export's rule (issue 14 §4): at most config.exportDirectRows matching orders
 * (EXPORT_DIRECT_ROWS) come back as the file at once; more answer 202 with a task whose result, downloaded from the
 * task center (task/file), is the same file — the list's filter and sort, every matching order, only the caller's.
 */
const server = useTestServer();
const config = () => server.app.ctx.config;
let configured = 0;
beforeAll(() => {
  configured = config().exportDirectRows;
});
afterEach(() => {
  config().exportDirectRows = configured;
});

const exportOrders = (account: { token: string }, body: object) =>
  server.app.inject({ method: 'POST', url: '/api/orders/export', headers: { authorization: `Bearer ${account.token}` }, payload: body });

async function sheetNames(bytes: Buffer): Promise<unknown[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as never);
  return workbook.worksheets[0].getSheetValues().slice(2).map((row) => (row as unknown[])[2]);
}

/** An account with `count` orders named Order 01… and one named Other; another account with an order of its own. */
async function withOrders(count: number): Promise<TestAccount> {
  const account = await server.newAccount();
  const { db } = server.database;
  const [system] = await db.select().from(pipelines).where(and(eq(pipelines.accountId, account.id), eq(pipelines.isSystem, true)));
  const [stage] = await db.select().from(pipelineStatuses).where(eq(pipelineStatuses.pipelineId, system.id)).orderBy(pipelineStatuses.sort).limit(1);
  const row = (name: string) => ({ accountId: account.id, name, pipelineId: system.id, statusId: stage.id });
  await db.insert(orders).values([...Array.from({ length: count }, (_, index) => row(`Order ${String(index + 1).padStart(2, '0')}`)), row('Other')]);
  const other = await server.newAccount();
  await server.call('POST', 'orders/add', { token: other.token, body: { name: 'Order of another account' } });
  return account;
}

describe('orders/export answers at most EXPORT_DIRECT_ROWS orders at once, more as a task', () => {
  it('the matching orders are counted: up to the setting the file comes at once, one more and it is a task whose file is the same', async () => {
    const account = await withOrders(6);
    const body = { filter: { search: 'Order' }, sort: { field: 'name', order: 'desc' }, page: 2, per_page: 1 };
    const names = ['Order 06', 'Order 05', 'Order 04', 'Order 03', 'Order 02', 'Order 01'];

    config().exportDirectRows = 6;
    const direct = await exportOrders(account, body);
    expect(direct.statusCode).toBe(200);
    expect(direct.headers['content-type']).toMatch(/spreadsheetml/);
    expect(await sheetNames(direct.rawPayload)).toEqual(names);

    config().exportDirectRows = 5;
    const started = await exportOrders(account, body);
    expect(started.statusCode).toBe(202);
    const { task_id } = started.json() as { task_id: number };
    expect(task_id).toBeGreaterThan(0);
    const file = await taskFile(server, account.token, task_id);
    expect(file.name).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(await sheetNames(file.bytes)).toEqual(names);

    // The task is the caller's: another member of the account does not get its file.
    const member = await server.newMember(account);
    expect((await server.call('GET', 'task/file', { token: member.token, query: { id: task_id } })).status).toBe(404);
  }, 120_000);

  it('with no filter every order of the account is counted (7 > 6): a task; the tariff without export is still refused first', async () => {
    const account = await withOrders(6);
    config().exportDirectRows = 6;
    const started = await exportOrders(account, {});
    expect(started.statusCode).toBe(202);
    const file = await taskFile(server, account.token, (started.json() as { task_id: number }).task_id);
    expect((await sheetNames(file.bytes)).sort()).toEqual(['Order 01', 'Order 02', 'Order 03', 'Order 04', 'Order 05', 'Order 06', 'Other']);

    const start = await server.newAccount({ tariff: 'start' });
    config().exportDirectRows = 0;
    const refused = await exportOrders(start, {});
    expect(refused.statusCode).toBe(422);
  }, 120_000);
});
