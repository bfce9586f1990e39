import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crmDeals, integrationConnections, integrationEvents, orders, tasks } from '../../../../server/db/schema';
import { startFakeAmo, type FakeAmo } from '../../../fakes/amocrmServer';
import { useTestServer } from '../../harness';
import { balance, connectedAmo, ledger, stockedProduct, tasksSettled } from './amoSetup';

/** Issue 18 §1: amoCRM's lead status webhook moves the linked order's stock once, and refuses what it cannot trust. */
const server = useTestServer();
let amo: FakeAmo;
beforeAll(async () => {
  amo = await startFakeAmo({ perSecond: 50 });
  amo.redirectUri = 'http://localhost:80/api/integrations/amocrm/oauth';
});
afterAll(() => amo.close());

const db = () => server.database.db;

async function setUp(settings: { create_orders?: boolean } = {}) {
  const { account, connectionId } = await connectedAmo(server, amo);
  const saved = await server.call('POST', 'integrations/amocrm/settings', { token: account.token, body: { connection_id: connectionId, stage_mapping: { '40002': 1 }, ...settings } });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const path = new URL(saved.body.webhook_url as string).pathname;
  return { account, connectionId, path };
}

const deliver = async (path: string, form: string) => {
  const response = await server.app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: form });
  return { status: response.statusCode, body: JSON.parse(response.body) };
};

const dealOf = async (accountId: number, leadId: number) => (await db().select().from(crmDeals).where(and(eq(crmDeals.accountId, accountId), eq(crmDeals.externalId, String(leadId)))))[0];

describe('amoCRM lead status webhook', () => {
  it('rule: a mapped stage reserves, then won (142) writes off exactly once — repeated deliveries change nothing more', async () => {
    const { account, connectionId, path } = await setUp();
    const lead = amo.addLead({ name: 'Drills for Acme', price: 3000 });
    const { product, order } = await stockedProduct(server, account, lead.id);
    const reserved = amo.moveLead(lead.id, 40002);
    expect(await deliver(path, reserved)).toEqual({ status: 200, body: { accepted: 1 } });
    expect(await deliver(path, reserved)).toEqual({ status: 200, body: { accepted: 0 } });
    await tasksSettled(server, account.id);
    expect(await balance(server, product.id)).toEqual({ count: 10, reserve: 3 });
    expect(await dealOf(account.id, lead.id)).toMatchObject({ source: `amocrm:${connectionId}`, orderId: order.id, name: 'Drills for Acme', stage: '40002', stageName: 'Reserved', sum: '3000.00', problem: null });

    const won = amo.moveLead(lead.id, 142);
    await Promise.all([deliver(path, won), deliver(path, won), deliver(path, won)]);
    const settled = await tasksSettled(server, account.id);
    expect(settled.every((task) => task.status === 1)).toBe(true);
    expect(await balance(server, product.id)).toEqual({ count: 7, reserve: 0 });
    expect(await ledger(server, product.id)).toEqual(['arrival 10', 'reserve 3', 'sale 3']);
    // A late delivery of the old stage reads the lead as it is now (won): nothing moves back.
    await deliver(path, reserved.replace(/last_modified%5D=\d+/, 'last_modified%5D=1'));
    await tasksSettled(server, account.id);
    expect(await ledger(server, product.id)).toEqual(['arrival 10', 'reserve 3', 'sale 3']);
    expect(await dealOf(account.id, lead.id)).toMatchObject({ stage: '142', stageName: 'Won' });
  });

  it('rule: with create_orders on, a new lead in a mapped stage gets its order (once, however often amoCRM repeats itself)', async () => {
    const { account, path } = await setUp({ create_orders: true });
    const lead = amo.addLead({ name: 'New lead' });
    const form = amo.moveLead(lead.id, 40002);
    await Promise.all([deliver(path, form), deliver(path, form)]);
    await tasksSettled(server, account.id);
    const made = await db().select().from(orders).where(and(eq(orders.accountId, account.id), eq(orders.leadId, lead.id)));
    expect(made).toHaveLength(1);
    expect(made[0]!.crmStatus).toBe(1);
    expect(await dealOf(account.id, lead.id)).toMatchObject({ orderId: made[0]!.id, problem: null });
  });

  it('rule: a wrong secret, another account or subdomain is refused 401, a malformed body 400; each is logged and nothing starts', async () => {
    const { account, connectionId, path } = await setUp();
    const lead = amo.addLead({ name: 'Forged' });
    const form = amo.moveLead(lead.id, 40002);
    const forged = [
      [path.replace(/[^/]+$/, 'guessed-secret-guessed-secret-xx'), form],
      [path.replace(`/webhook/${connectionId}/`, `/webhook/${connectionId + 100000}/`), form],
      [path, form.replace(`account%5Bsubdomain%5D=${amo.subdomain}`, 'account%5Bsubdomain%5D=evil')],
      [path, form.replace(`account%5Bid%5D=${amo.accountId}`, 'account%5Bid%5D=1')],
    ] as const;
    for (const [url, body] of forged) expect((await deliver(url, body)).status, url).toBe(401);
    const malformed = [form.replace(/leads%5Bstatus%5D%5B0%5D%5Bstatus_id%5D=\d+&/, ''), form.replace(/leads%5Bstatus%5D%5B0%5D%5Bid%5D=\d+/, 'leads%5Bstatus%5D%5B0%5D%5Bid%5D=abc'), `account%5Bsubdomain%5D=${amo.subdomain}&account%5Bid%5D=${amo.accountId}`];
    for (const body of malformed) expect((await deliver(path, body)).status, body).toBe(400);
    expect(await db().select().from(tasks).where(eq(tasks.accountId, account.id))).toEqual([]);
    expect(await db().select().from(integrationEvents).where(and(eq(integrationEvents.accountId, account.id), eq(integrationEvents.source, `amocrm:${connectionId}`))).then((rows) => rows.filter((row) => row.key.startsWith('lead-status')))).toEqual([]);
    const log = await server.call('GET', 'integrations/log', { token: account.token, query: { kind: 'amocrm', level: 'warning' } });
    expect(log.body.data.filter((entry: { action: string }) => entry.action === 'webhook')).toHaveLength(6);
  });

  it('rule: a secret sealed under another key (INTEGRATION_KEY changed) matches nothing: the delivery is refused 401 and logged, never a 500', async () => {
    const { account, connectionId, path } = await setUp();
    const [row] = await db().select().from(integrationConnections).where(eq(integrationConnections.id, connectionId));
    const settings = row.settings as Record<string, unknown>;
    await db().update(integrationConnections).set({ settings: { ...settings, webhookSecret: 'v1:sealed-by-another-key' } }).where(eq(integrationConnections.id, connectionId));
    const lead = amo.addLead({ name: 'Other key' });
    expect((await deliver(path, amo.moveLead(lead.id, 40002))).status).toBe(401);
    expect(await db().select().from(tasks).where(eq(tasks.accountId, account.id))).toEqual([]);
  });

  it('rule: a lead amoCRM no longer has shows its problem on the Deals row and touches no order; a revoked connection fails the task, logged without a Retry', async () => {
    const { account, path } = await setUp();
    const lead = amo.addLead({ name: 'Gone' });
    const form = amo.moveLead(lead.id, 40002);
    amo.leads.delete(lead.id);
    expect((await deliver(path, form)).body).toEqual({ accepted: 1 });
    await tasksSettled(server, account.id);
    expect(await dealOf(account.id, lead.id)).toMatchObject({ orderId: null, problem: 'The lead no longer exists in amoCRM' });
    const failing = amo.addLead({ name: 'Fails' });
    const failForm = amo.moveLead(failing.id, 40002);
    amo.revoke();
    expect((await deliver(path, failForm)).body).toEqual({ accepted: 1 });
    const [, task] = await tasksSettled(server, account.id);
    expect(task!.error).toMatch(/connect the integration again/);
    const log = await server.call('GET', 'integrations/log', { token: account.token, query: { kind: 'amocrm', level: 'error' } });
    expect(log.body.data.find((entry: { action: string }) => entry.action === 'lead-sync')).toMatchObject({ can_retry: false });
  });
});
