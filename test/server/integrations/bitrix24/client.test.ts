import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrationLog } from '../../../../server/db/schema';
import { BATCH_LIMIT, Bitrix24Client, type Bitrix24Error, Bitrix24Revoked } from '../../../../server/modules/integrations/bitrix24/client';
import { startFakePortal, type FakePortal } from '../../../fakes/bitrix24';
import { useTestServer } from '../../harness';
import { connectionRow, connectPortal } from './portalSetup';

/** Issue 18 §2: the Bitrix24 REST client against a fake portal built from the public REST docs (every call we make). */
const server = useTestServer();
let portal: FakePortal;
beforeAll(async () => {
  portal = await startFakePortal();
});
afterAll(() => portal.close());

const clientOf = async (options: { seconds?: number } = {}) => {
  const account = await server.newAccount();
  const connection = await connectPortal(server, account, portal, options);
  return { account, connection, client: new Bitrix24Client(server.database.db, server.app.ctx.config, connection, { backoffMs: 100 }) };
};

describe('Bitrix24 client', () => {
  it('contract: app.info, user.current, deal get/update, stages, product rows, batch and event.bind as the REST docs answer them', async () => {
    const { client } = await clientOf();
    portal.addDeal({ ID: '501', TITLE: 'Shelves', STAGE_ID: 'NEW', OPPORTUNITY: '1200.00' });
    expect(await client.call('app.info')).toMatchObject({ CODE: portal.appCode, INSTALLED: true });
    expect(await client.call('user.current')).toMatchObject({ ID: '1' });
    expect(await client.call('crm.deal.get', { id: 501 })).toMatchObject({ ID: '501', TITLE: 'Shelves', STAGE_ID: 'NEW' });
    expect(await client.call('crm.deal.update', { id: 501, fields: { STAGE_ID: 'EXECUTING' } })).toBe(true);
    expect(portal.deals.get(501)?.STAGE_ID).toBe('EXECUTING');
    await expect(client.call('crm.deal.get', { id: 999 })).rejects.toMatchObject({ status: 400, message: 'crm.deal.get: Not found' });
    const statuses = await client.call<{ STATUS_ID: string; NAME: string }[]>('crm.status.list', { filter: { ENTITY_ID: 'DEAL_STAGE' } });
    expect(statuses.map((stage) => stage.STATUS_ID)).toEqual(['NEW', 'PREPARATION', 'EXECUTING', 'WON', 'LOSE']);
    const stages = await client.call<{ stages: { statusId: string; name: string }[] }>('crm.category.stage.list', { entityTypeId: 2, categoryId: 0 });
    expect(stages.stages.find((stage) => stage.statusId === 'WON')?.name).toBe('Deal won');
    const set = await client.call<{ productRows: { id: number }[] }>('crm.item.productrow.set', { ownerType: 'D', ownerId: 501, productRows: [{ productName: 'Shelf', price: 600, quantity: 2 }] });
    expect(set.productRows).toHaveLength(1);
    const listed = await client.call<{ productRows: { productName: string; quantity: number }[] }>('crm.item.productrow.list', { filter: { '=ownerType': 'D', '=ownerId': 501 } });
    expect(listed.productRows).toMatchObject([{ productName: 'Shelf', price: 600, quantity: 2 }]);
    const batch = await client.batch({ deal: 'crm.deal.get?id=501', missing: 'crm.deal.get?id=999' });
    expect(batch.result.deal).toMatchObject({ STAGE_ID: 'EXECUTING' });
    expect(batch.result_error.missing).toMatchObject({ error_description: 'Not found' });
    expect(await client.call('event.bind', { event: 'ONCRMDEALUPDATE', handler: 'https://stockroom.example/api/integrations/bitrix24/event' })).toBe(true);
    expect(portal.bound.get('ONCRMDEALUPDATE')).toBe('https://stockroom.example/api/integrations/bitrix24/event');
  });

  it(`rule: a batch holds at most ${BATCH_LIMIT} commands (the client refuses more before calling; the portal refuses them too)`, async () => {
    const { client } = await clientOf();
    const commands = Object.fromEntries(Array.from({ length: BATCH_LIMIT + 1 }, (_, i) => [`c${i}`, 'user.current']));
    const before = portal.calls.length;
    await expect(client.batch(commands)).rejects.toThrow(/at most 50/);
    expect(portal.calls.length).toBe(before);
    await expect(client.call('batch', { cmd: commands })).rejects.toMatchObject({ code: 'ERROR_BATCH_LENGTH_EXCEEDED' } satisfies Partial<Bitrix24Error>);
  });

  it('rule: calls keep to 2 per second per portal, and QUERY_LIMIT_EXCEEDED (503) is waited out and retried', async () => {
    const { client, connection } = await clientOf();
    const before = portal.calls.length;
    const started = Date.now();
    await Promise.all(Array.from({ length: 5 }, () => client.call('user.current')));
    expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
    expect(portal.calls.length - before).toBe(5); // none refused, none repeated
    // A portal drained slower than documented (another app shares the bucket): refusals are waited out.
    const patient = new Bitrix24Client(server.database.db, server.app.ctx.config, connection, { backoffMs: 200, retries: 8 });
    const middle = portal.calls.length;
    Object.assign(portal, { rateLimit: 1, burst: 1 });
    try {
      const answers = await Promise.all(Array.from({ length: 3 }, () => patient.call<{ ID: string }>('user.current')));
      expect(answers.map((answer) => answer.ID)).toEqual(['1', '1', '1']);
      expect(portal.calls.length - middle).toBeGreaterThan(3); // refused calls were retried
    } finally {
      Object.assign(portal, { rateLimit: 2, burst: 50 });
    }
  });

  it('rule: an expired access token is refreshed once (refresh_token grant) and the new tokens are stored sealed', async () => {
    const { connection, client } = await clientOf({ seconds: -60 });
    const before = portal.oauth.length;
    expect(await client.call('user.current')).toMatchObject({ ID: '1' });
    expect(portal.oauth.slice(before)).toEqual(['refresh_token']);
    const row = await connectionRow(server, connection.id);
    expect(row.status).toBe('connected');
    expect(row.credentials).not.toBe(connection.credentials);
    expect(row.tokenExpiresAt!.getTime()).toBeGreaterThan(Date.now());
    const calls = portal.calls.filter((call) => call.auth !== null).map((call) => call.auth!);
    expect(row.credentials).not.toContain(calls.at(-1)!);
    // A second client on the stored row does not refresh again.
    await new Bitrix24Client(server.database.db, server.app.ctx.config, row).call('user.current');
    expect(portal.oauth.slice(before)).toEqual(['refresh_token']);
  });

  it('rule: a portal that refuses our refresh token marks the connection revoked, logs it once and is not called again', async () => {
    const second = await startFakePortal();
    try {
      const account = await server.newAccount();
      const connection = await connectPortal(server, account, second, { seconds: -60 });
      second.revoke();
      const client = new Bitrix24Client(server.database.db, server.app.ctx.config, connection, { backoffMs: 100 });
      await expect(client.call('user.current')).rejects.toBeInstanceOf(Bitrix24Revoked);
      expect(second.oauth).toEqual(['refresh_token']);
      const row = await connectionRow(server, connection.id);
      expect(row.status).toBe('revoked');
      const calls = second.calls.length;
      await expect(new Bitrix24Client(server.database.db, server.app.ctx.config, row).call('user.current')).rejects.toBeInstanceOf(Bitrix24Revoked);
      await expect(client.call('user.current')).rejects.toBeInstanceOf(Bitrix24Revoked);
      expect(second.calls.length).toBe(calls);
      expect(second.oauth).toEqual(['refresh_token']);
      const logged = await server.database.db.select().from(integrationLog).where(and(eq(integrationLog.accountId, account.id), eq(integrationLog.source, `bitrix24:${connection.id}`)));
      expect(logged).toMatchObject([{ level: 'error', action: 'auth' }]);
    } finally {
      await second.close();
    }
  });

  it('rule: concurrent refreshes of one connection (other tasks or processes, each its own client) spend the refresh token once', async () => {
    const { connection } = await clientOf({ seconds: -60 });
    const before = portal.oauth.length;
    // Separate clients share nothing in memory, as two processes would not: only the row lock keeps them apart.
    const clients = Array.from({ length: 4 }, () => new Bitrix24Client(server.database.db, server.app.ctx.config, connection, { backoffMs: 100 }));
    // A slow OAuth server: every client has met the expired token before the first refresh answers.
    portal.tokenDelayMs = 2500;
    const answers = await Promise.all(clients.map((client) => client.call<{ ID: string }>('user.current'))).finally(() => {
      portal.tokenDelayMs = 0;
    });
    expect(answers.map((answer) => answer.ID)).toEqual(['1', '1', '1', '1']);
    expect(portal.oauth.slice(before)).toEqual(['refresh_token']);
    expect((await connectionRow(server, connection.id)).status).toBe('connected');
  });
});
