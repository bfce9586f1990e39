import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrationConnections } from '../../../../server/db/schema';
import { startFakeAmo, type FakeAmo } from '../../../fakes/amocrmServer';
import { useTestServer } from '../../harness';
import { connectedAmo } from './amoSetup';

/** Issue 18 §1 / spec §3: the deal field bindings and the stage mapping, saved only when the CRM knows every id. */
const server = useTestServer();
let amo: FakeAmo;
beforeAll(async () => {
  amo = await startFakeAmo({ perSecond: 50 });
  amo.redirectUri = 'http://localhost:80/api/integrations/amocrm/oauth';
});
afterAll(() => amo.close());

const bindings = { products: 9104, product_search: 9105, cost_price: 9101, profit: 9102, budget: null, vat_sum: 9103 };

describe('amoCRM settings', () => {
  it('rule: bindings and the stage mapping are saved for an admin and read back; the webhook address carries a secret stored sealed', async () => {
    const { account, connectionId } = await connectedAmo(server, amo);
    const saved = await server.call('POST', 'integrations/amocrm/settings', { token: account.token, body: { connection_id: connectionId, bindings, stage_mapping: { '40002': 1, '40003': 2 }, create_orders: true } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const read = await server.call('GET', 'integrations/amocrm/settings', { token: account.token, query: { connection_id: connectionId } });
    expect(read.body).toMatchObject({ connection_id: connectionId, bindings, stage_mapping: { '40002': 1, '40003': 2 }, create_orders: true });
    const secret = (read.body.webhook_url as string).split('/').pop()!;
    expect(read.body.webhook_url).toMatch(new RegExp(`/api/integrations/amocrm/webhook/${connectionId}/[A-Za-z0-9_-]{20,}$`));
    const [row] = await server.database.db.select().from(integrationConnections).where(eq(integrationConnections.id, connectionId));
    expect(JSON.stringify(row!.settings)).not.toContain(secret);
    // A partial update keeps what it does not name.
    await server.call('POST', 'integrations/amocrm/settings', { token: account.token, body: { connection_id: connectionId, create_orders: false } });
    const again = await server.call('GET', 'integrations/amocrm/settings', { token: account.token, query: { connection_id: connectionId } });
    expect(again.body).toMatchObject({ bindings, stage_mapping: { '40002': 1, '40003': 2 }, create_orders: false, webhook_url: read.body.webhook_url });
  });

  it('rule: an unknown field or stage id is refused with 400 naming it, and nothing is saved', async () => {
    const { account, connectionId } = await connectedAmo(server, amo);
    await server.call('POST', 'integrations/amocrm/settings', { token: account.token, body: { connection_id: connectionId, bindings, stage_mapping: { '40002': 1 } } });
    const badField = await server.call('POST', 'integrations/amocrm/settings', { token: account.token, body: { connection_id: connectionId, bindings: { ...bindings, profit: 123456 }, stage_mapping: { '40003': 2 } } });
    expect(badField.status).toBe(400);
    expect(badField.body.error).toMatch(/no lead field 123456 \(profit\)/);
    const badStage = await server.call('POST', 'integrations/amocrm/settings', { token: account.token, body: { connection_id: connectionId, stage_mapping: { '40002': 1, '777': 2 } } });
    expect(badStage.status).toBe(400);
    expect(badStage.body.error).toMatch(/no lead stage 777/);
    const read = await server.call('GET', 'integrations/amocrm/settings', { token: account.token, query: { connection_id: connectionId } });
    expect(read.body).toMatchObject({ bindings, stage_mapping: { '40002': 1 } });
  });

  it('rule: only an admin reads or saves the settings (422 noRight), and another account cannot reach the connection', async () => {
    const { account, connectionId } = await connectedAmo(server, amo);
    const member = await server.newMember(account, { admin: false });
    expect((await server.call('GET', 'integrations/amocrm/settings', { token: member.token, query: { connection_id: connectionId } })).status).toBe(422);
    expect((await server.call('POST', 'integrations/amocrm/settings', { token: member.token, body: { connection_id: connectionId, create_orders: true } })).status).toBe(422);
    const stranger = await server.newAccount();
    expect((await server.call('GET', 'integrations/amocrm/settings', { token: stranger.token, query: { connection_id: connectionId } })).status).toBe(404);
  });
});
