import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, invoiceRequests, tariffs } from '../../server/db/schema';
import { useTestServer } from './harness';

/**
 * The tariffs screen's server side (issue 17 §6): meters of every limit (used / allowed), 'request an invoice'
 * (recorded, and an invoice file for the plan; no payment is taken). Connecting a free plan: tariffs/connect.test.ts.
 * The limits themselves are in limits.test.ts; the 14-day trial at registration in auth.test.ts.
 */
const server = useTestServer();
const db = () => server.database.db;
const tariffId = async (code: string) => (await db().select().from(tariffs).where(eq(tariffs.code, code)))[0].id;

describe('tariffs/*', () => {
  it('rule: meters count users, positions, contacts and companies, and orders this month against the plan (allowed null in the trial)', async () => {
    const account = await server.newAccount();
    const post = (path: string, body: unknown) => server.call('POST', path, { token: account.token, body });
    await post('product/add', { name: 'One' });
    await post('contact/add', { name: 'Ann' });
    await post('company/add', { name: 'Acme' });
    await post('orders/add', {});
    const trial = await server.call('GET', 'tariffs/meters', { token: account.token });
    expect(trial.body).toEqual({
      users: { used: 1, allowed: null },
      positions: { used: 1, allowed: null },
      contacts_companies: { used: 2, allowed: null },
      orders_per_month: { used: 1, allowed: null },
    });
    await db().update(accounts).set({ tariffId: await tariffId('start') }).where(eq(accounts.id, account.id));
    const start = await server.call('GET', 'tariffs/meters', { token: account.token });
    expect(start.body).toEqual({
      users: { used: 1, allowed: 3 },
      positions: { used: 1, allowed: 1000 },
      contacts_companies: { used: 2, allowed: 500 },
      orders_per_month: { used: 1, allowed: 100 },
    });
  });

  it('rule: request an invoice records it (per-user plans bill the enabled members) and its file is an xlsx naming the plan, the account and the amount', async () => {
    const account = await server.newAccount();
    await server.newMember(account);
    const corporate = await tariffId('corporate');
    const recorded = await server.call('POST', 'tariffs/invoice', { token: account.token, body: { tariff_id: corporate } });
    expect(recorded.status).toBe(200);
    expect(recorded.body).toMatchObject({ tariff_id: corporate, quantity: 2, amount: 98 });
    const rows = await db().select().from(invoiceRequests).where(eq(invoiceRequests.accountId, account.id));
    expect(rows).toHaveLength(1);
    expect((await server.call('GET', 'tariffs/invoices', { token: account.token })).body).toEqual([recorded.body]);

    const file = await server.app.inject({ method: 'GET', url: `/api/tariffs/invoice/file?id=${recorded.body.id}`, headers: { authorization: `Bearer ${account.token}` } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain(`invoice-${recorded.body.id}.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const text = JSON.stringify(workbook.getWorksheet('Invoice')!.getSheetValues());
    expect(text).toContain('Tariff Corporate, per user per year');
    expect(text).toContain(`account ${account.id}`);
    expect(text).toContain('98');
  });

  it("rule: another account's invoice is not found; a member who is not an admin may not request one (422)", async () => {
    const account = await server.newAccount();
    const recorded = await server.call('POST', 'tariffs/invoice', { token: account.token, body: { tariff_id: await tariffId('business') } });
    const other = await server.newAccount();
    expect((await server.app.inject({ method: 'GET', url: `/api/tariffs/invoice/file?id=${recorded.body.id}`, headers: { authorization: `Bearer ${other.token}` } })).statusCode).toBe(404);
    const member = await server.newMember(account);
    expect((await server.call('POST', 'tariffs/invoice', { token: member.token, body: { tariff_id: await tariffId('business') } })).status).toBe(422);
  });

  it('rule: an expired account still reaches the tariffs, requests an invoice and downloads it (the way to pay)', async () => {
    const account = await server.newAccount({ expired: true });
    expect((await server.call('GET', 'tariffs/meters', { token: account.token })).status).toBe(200);
    const recorded = await server.call('POST', 'tariffs/invoice', { token: account.token, body: { tariff_id: await tariffId('business') } });
    expect(recorded.status).toBe(200);
  });

});
