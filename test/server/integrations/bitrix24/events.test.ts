import { and, asc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { batches, crmDeals, integrationConnections, integrationEvents, movements, tasks } from '../../../../server/db/schema';
import { openCredentials, storeCredentials } from '../../../../server/modules/integrations/bitrix24/credentials';
import { DEAL_PRODUCTS_TASK } from '../../../../server/modules/integrations/bitrix24/dealProducts';
import { DEAL_SYNC_TASK } from '../../../../server/modules/integrations/bitrix24/dealSync';
import { startFakePortal, type FakePortal } from '../../../fakes/bitrix24';
import { type TestAccount, useTestServer } from '../../harness';
import { connectionRow, connectPortal } from './portalSetup';

/** Issue 18 §2: the install event, ONCRMDEALUPDATE deliveries and the stage sync that moves the linked order's stock. */
const server = useTestServer();
// A portal per test: every account that connected a portal hears its events.
let portal: FakePortal;
beforeEach(async () => {
  portal = await startFakePortal();
});
afterEach(() => portal.close());

const post = async (path: string, form: Record<string, string>) => {
  const response = await server.app.inject({ method: 'POST', url: `/api/integrations/bitrix24/${path}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(form).toString() });
  return { status: response.statusCode, body: JSON.parse(response.body) };
};

const dealEvent = (dealId: number, ts: string, overrides: Record<string, string> = {}) => ({
  event: 'ONCRMDEALUPDATE',
  'data[FIELDS][ID]': String(dealId),
  ts,
  'auth[domain]': portal.domain,
  'auth[client_endpoint]': `${portal.origin}/rest/`,
  'auth[member_id]': portal.memberId,
  'auth[application_token]': portal.applicationToken,
  ...overrides,
});

async function tasksSettled(accountId: number) {
  for (let i = 0; i < 200; i++) {
    const rows = await server.database.db.select().from(tasks).where(eq(tasks.accountId, accountId)).orderBy(asc(tasks.id));
    if (rows.every((row) => row.status !== 0)) return rows;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('tasks did not finish');
}

async function stockedOrder(account: TestAccount, dealId: number) {
  const call = async (path: string, body: unknown) => {
    const answer = await server.call('POST', path, { token: account.token, body });
    expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
    return answer.body;
  };
  const main = await call('warehouse/add', { name: 'Main' });
  const product = await call('product/add', { name: 'Drill', article: 'D-1' });
  await call('product/arrival', { product_id: product.id, warehouse_id: main.id, batch: 'B1', count: 10, cost_price: 40 });
  // An order of a lost deal holds nothing until the deal comes back.
  const order = await call('orders/add', { lead_id: dealId, status: 3 });
  await call('orders/product/add', { order_id: order.id, product: String(product.id), quantity: 3 });
  return { product, order };
}

async function balance(productId: number) {
  const rows = await server.database.db.select().from(batches).where(eq(batches.productId, productId));
  return { count: rows.reduce((sum, row) => sum + Number(row.count), 0), reserve: rows.reduce((sum, row) => sum + Number(row.reserve), 0) };
}
const ledger = async (productId: number) => (await server.database.db.select().from(movements).where(eq(movements.productId, productId)).orderBy(asc(movements.id))).map((row) => `${row.eventType} ${Number(row.quantity)}`);

describe('Bitrix24 install and deal events', () => {
  it('rule: ONAPPINSTALL from the connected portal stores its tokens sealed and binds ONCRMDEALUPDATE; a forged install is refused', async () => {
    const account = await server.newAccount();
    const connection = await connectPortal(server, account, portal, { installed: false });
    const grant = portal.install();
    const form = {
      event: 'ONAPPINSTALL',
      'data[VERSION]': '1',
      'data[LANGUAGE_ID]': 'ru',
      'auth[access_token]': grant.access_token,
      'auth[expires_in]': '3600',
      'auth[domain]': portal.domain,
      'auth[member_id]': portal.memberId,
      'auth[refresh_token]': grant.refresh_token,
      'auth[application_token]': grant.application_token,
    };
    const forged = await post('install', { ...form, 'auth[access_token]': 'made-up' });
    expect(forged.status).toBe(401);
    expect((await post('install', { ...form, 'auth[member_id]': 'another-portal' })).status).toBe(401);
    expect((await connectionRow(server, connection.id)).credentials).toBeNull();
    const installed = await post('install', form);
    expect(installed).toMatchObject({ status: 200, body: { connections: 1 } });
    const row = await connectionRow(server, connection.id);
    expect(row.status).toBe('connected');
    expect(row.credentials).not.toContain(grant.access_token);
    expect(row.credentials).not.toContain(grant.refresh_token);
    expect(openCredentials(server.app.ctx.config, row)).toEqual({ accessToken: grant.access_token, refreshToken: grant.refresh_token, applicationToken: grant.application_token });
    expect(portal.bound.get('ONCRMDEALUPDATE')).toMatch(/\/api\/integrations\/bitrix24\/event$/);
  });

  it('rule: an event without the application token and member_id of a connected portal is refused and starts nothing', async () => {
    const account = await server.newAccount();
    await connectPortal(server, account, portal);
    portal.addDeal({ ID: '701' });
    const forgeries: Record<string, string>[] = [{ 'auth[application_token]': 'guessed' }, { 'auth[application_token]': '' }, { 'auth[member_id]': 'other' }, { 'auth[domain]': 'evil.example' }];
    for (const forged of forgeries) {
      expect((await post('event', dealEvent(701, '1', forged))).status, JSON.stringify(forged)).toBe(401);
    }
    expect(await server.database.db.select().from(tasks).where(eq(tasks.accountId, account.id))).toEqual([]);
    expect(await server.database.db.select().from(integrationEvents).where(eq(integrationEvents.accountId, account.id))).toEqual([]);
  });

  it('rule: a stage change reserves, then a won deal writes off exactly once — repeated and later events change nothing more', async () => {
    const account = await server.newAccount();
    const connection = await connectPortal(server, account, portal);
    const settings = { stageMapping: { EXECUTING: 1 }, stageNames: { EXECUTING: 'In progress', WON: 'Deal won' } };
    await server.database.db.update(integrationConnections).set({ settings }).where(eq(integrationConnections.id, connection.id));
    const dealId = 800_000 + Math.floor(Math.random() * 100_000);
    portal.addDeal({ ID: String(dealId), TITLE: 'Drills for Acme', STAGE_ID: 'EXECUTING', OPPORTUNITY: '3000.00' });
    const { product, order } = await stockedOrder(account, dealId);
    expect(await balance(product.id)).toEqual({ count: 10, reserve: 0 });

    expect((await post('event', dealEvent(dealId, '100'))).body).toEqual({ accepted: 1 });
    expect((await post('event', dealEvent(dealId, '100'))).body).toEqual({ accepted: 0 }); // the same delivery again
    await tasksSettled(account.id);
    expect(await balance(product.id)).toEqual({ count: 10, reserve: 3 });
    const [deal] = await server.database.db.select().from(crmDeals).where(and(eq(crmDeals.accountId, account.id), eq(crmDeals.externalId, String(dealId))));
    expect(deal).toMatchObject({ source: `bitrix24:${connection.id}`, orderId: order.id, name: 'Drills for Acme', stage: 'EXECUTING', stageName: 'In progress', sum: '3000.00', problem: null });

    portal.deals.get(dealId)!.STAGE_ID = 'WON';
    await Promise.all([post('event', dealEvent(dealId, '200')), post('event', dealEvent(dealId, '200')), post('event', dealEvent(dealId, '201'))]);
    const settled = await tasksSettled(account.id);
    expect(settled.filter((task) => task.type === DEAL_SYNC_TASK).map((task) => task.status)).toEqual([1, 1, 1]);
    // The order's moves are told back to the deal as product-row pushes (dealProducts.test.ts), which all succeed.
    expect(settled.filter((task) => task.type !== DEAL_SYNC_TASK).map((task) => [task.type, task.error])).toEqual(settled.filter((task) => task.type !== DEAL_SYNC_TASK).map(() => [DEAL_PRODUCTS_TASK, null]));
    expect(await balance(product.id)).toEqual({ count: 7, reserve: 0 });
    expect(await ledger(product.id)).toEqual(['arrival 10', 'reserve 3', 'sale 3']);
    const [won] = await server.database.db.select().from(crmDeals).where(and(eq(crmDeals.accountId, account.id), eq(crmDeals.externalId, String(dealId))));
    expect(won).toMatchObject({ stage: 'WON', stageName: 'Deal won' });
  });

  it('rule: a deal the portal no longer has is logged as an error with a Retry, and the order is not touched', async () => {
    const account = await server.newAccount();
    await connectPortal(server, account, portal);
    expect((await post('event', dealEvent(999_999_001, '5'))).body).toEqual({ accepted: 1 });
    const [task] = await tasksSettled(account.id);
    expect(task!.error).toMatch(/Not found/);
    const log = await server.call('GET', 'integrations/log', { token: account.token, query: { kind: 'bitrix24' } });
    expect(log.body.data[0]).toMatchObject({ level: 'error', action: 'deal-sync', can_retry: true });
  });

  it('rule: a portal connected by several accounts: an event goes to every account whose connection has its member_id AND the application token it carries', async () => {
    const [first, second, otherApp, otherMember] = await Promise.all([server.newAccount(), server.newAccount(), server.newAccount(), server.newAccount()]);
    await connectPortal(server, first, portal);
    await connectPortal(server, second, portal);
    // Same portal and member_id, but another application installed there (its own application token).
    const foreign = await connectPortal(server, otherApp, portal, { installed: false });
    await storeCredentials(server.database.db, server.app.ctx.config, foreign.id, { accessToken: 'a', refreshToken: 'r', applicationToken: 'another-application-token' }, 3600);
    // Same address and application token, but another member_id (a connection made for another portal at this address).
    const moved = await connectPortal(server, otherMember, portal);
    await server.database.db.update(integrationConnections).set({ memberId: 'another-member-id' }).where(eq(integrationConnections.id, moved.id));
    portal.addDeal({ ID: '9901', STAGE_ID: 'NEW' });
    expect((await post('event', dealEvent(9901, '1'))).body).toEqual({ accepted: 2 });
    const started = async (account: TestAccount) => (await tasksSettled(account.id)).filter((task) => task.type === DEAL_SYNC_TASK).map((task) => task.payload);
    expect(await started(first)).toEqual([{ connectionId: expect.any(Number), dealId: 9901 }]);
    expect(await started(second)).toEqual([{ connectionId: expect.any(Number), dealId: 9901 }]);
    expect(await started(otherApp)).toEqual([]);
    expect(await started(otherMember)).toEqual([]);
    // The other application's token reaches only its own account.
    expect((await post('event', dealEvent(9901, '2', { 'auth[application_token]': 'another-application-token' }))).body).toEqual({ accepted: 1 });
    expect(await started(otherApp)).toEqual([{ connectionId: foreign.id, dealId: 9901 }]);
    expect(await started(first)).toHaveLength(1);
  });
});
