import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAmo, type FakeAmo } from '../../../fakes/amocrmServer';
import { useTestServer } from '../../harness';
import { connectedAmo, stockedProduct, tasksSettled } from './amoSetup';

/** Issue 18 §1: our changes to a linked lead's order go back to the lead (budget and the bound total fields). */
const server = useTestServer();
let amo: FakeAmo;
beforeAll(async () => {
  amo = await startFakeAmo({ perSecond: 7 });
  amo.redirectUri = 'http://localhost:80/api/integrations/amocrm/oauth';
});
afterAll(() => amo.close());

const bindings = { products: null, product_search: null, cost_price: 9101, profit: 9102, budget: null, vat_sum: 9103 };
const fieldOf = (leadId: number, fieldId: number) => amo.leads.get(leadId)!.custom_fields_values?.find((value) => value.field_id === fieldId)?.values[0]?.value;

describe('amoCRM: order changes to the lead', () => {
  it('rule: after positions and the stage change, the lead carries the order sum as its price and the bound cost price, profit and VAT sum', async () => {
    const { account, connectionId } = await connectedAmo(server, amo);
    expect((await server.call('POST', 'integrations/amocrm/settings', { token: account.token, body: { connection_id: connectionId, bindings } })).status).toBe(200);
    const lead = amo.addLead({ name: 'Drills' });
    const { order } = await stockedProduct(server, account, lead.id);
    const full = await server.call('GET', 'orders/order', { token: account.token, query: { order_id: order.id } });
    const position = full.body.positions[0];
    const updated = await server.call('POST', 'orders/update', { token: account.token, body: { id: order.id, version: full.body.version, status: 1, positions: [{ id: position.id, price: 120.5, nds: 20 }] } });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    await tasksSettled(server, account.id);
    // 3 × 120.50 = 361.50 (price rounded to whole units), cost 3 × 40 = 120, profit 241.50, VAT inside 20 %: 60.25.
    expect(amo.leads.get(lead.id)!.price).toBe(362);
    expect([fieldOf(lead.id, 9101), fieldOf(lead.id, 9102), fieldOf(lead.id, 9103)]).toEqual([120, 241.5, 60.25]);
    const removed = await server.call('POST', 'orders/product/delete', { token: account.token, body: { id: position.id } });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    await tasksSettled(server, account.id);
    expect(amo.leads.get(lead.id)!.price).toBe(0);
    expect([fieldOf(lead.id, 9101), fieldOf(lead.id, 9102), fieldOf(lead.id, 9103)]).toEqual([0, 0, 0]);
  });

  it('rule: without saved bindings nothing is written to the lead', async () => {
    const { account } = await connectedAmo(server, amo);
    const lead = amo.addLead({ name: 'Untouched', price: 5 });
    const before = amo.calls.length;
    const { order } = await stockedProduct(server, account, lead.id);
    await tasksSettled(server, account.id);
    expect(order).not.toBeNull();
    expect(amo.leads.get(lead.id)!.price).toBe(5);
    expect(amo.calls.slice(before).filter((call) => call.method === 'PATCH')).toEqual([]);
  });

  it('rule: a burst of edits stays within 7 requests per second and the lead ends with the last state', async () => {
    const { account, connectionId } = await connectedAmo(server, amo);
    await server.call('POST', 'integrations/amocrm/settings', { token: account.token, body: { connection_id: connectionId, bindings } });
    const lead = amo.addLead({ name: 'Busy' });
    const { order } = await stockedProduct(server, account, lead.id);
    let current = (await server.call('GET', 'orders/order', { token: account.token, query: { order_id: order.id } })).body;
    for (let price = 101; price <= 110; price++) {
      current = (await server.call('POST', 'orders/update', { token: account.token, body: { id: order.id, version: current.version, positions: [{ id: current.positions[0].id, price }] } })).body;
    }
    await tasksSettled(server, account.id);
    expect(amo.leads.get(lead.id)!.price).toBe(330);
    const patches = amo.calls.filter((call) => call.method === 'PATCH' && call.path === '/api/v4/leads').map((call) => call.at);
    const busiest = Math.max(...amo.calls.map((call) => amo.calls.filter((other) => other.at >= call.at && other.at < call.at + 1000).length));
    expect(patches.length).toBeGreaterThanOrEqual(1);
    expect(busiest).toBeLessThanOrEqual(7);
    expect(amo.calls.some((call) => call.status === 429)).toBe(false);
  });

  it("rule: the lead push's task is named by code — task/list answers the English title API clients read, and the code and params the task center says it with", async () => {
    const { account, connectionId } = await connectedAmo(server, amo);
    await server.call('POST', 'integrations/amocrm/settings', { token: account.token, body: { connection_id: connectionId, bindings } });
    const lead = amo.addLead({ name: 'Named' });
    const { order } = await stockedProduct(server, account, lead.id);
    await tasksSettled(server, account.id);
    const listed = (await server.call('GET', 'task/list', { token: account.token })).body as { type: string; title: string; title_code: string | null; title_params: unknown }[];
    const pushes = listed.filter((task) => task.title_code === 'leadPush');
    expect(pushes.length).toBeGreaterThanOrEqual(1);
    for (const task of pushes) expect(task).toMatchObject({ title: `Order ${order.id} → amoCRM`, title_params: { order: String(order.id) } });
  });
});
